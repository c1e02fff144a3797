"""Load the shipped starter catalogue (src/larder/data/catalogue) into the database. Idempotent:
categories by key, ingredients by name and recipes by name are only added when missing."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.catalogue.models import (
    KIND_INGREDIENT,
    KIND_RECIPE,
    Category,
    Ingredient,
    Recipe,
    RecipeIngredient,
    RecipeStep,
)
from larder.catalogue.service import CatalogueService
from larder.core.base.paths import seed_data_dir

IMAGE_PREFIX = "catalogue-"


@dataclass
class SeedReport:
    categories: int = 0
    ingredients: int = 0
    recipes: int = 0
    images: int = 0


def _read(folder: Path, name: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads((folder / name).read_text(encoding="utf-8"))
    return rows


def copy_images(folder: Path, uploads: Path) -> int:
    """Shipped illustrations are served like uploads: /uploads/catalogue-<name>."""
    uploads.mkdir(parents=True, exist_ok=True)
    copied = 0
    for image in sorted((folder / "images").glob("*.svg")):
        target = uploads / f"{IMAGE_PREFIX}{image.name}"
        if not target.exists():
            shutil.copyfile(image, target)
            copied += 1
    return copied


async def load_catalogue(session: AsyncSession, uploads: Path, folder: Path | None = None) -> SeedReport:
    folder = folder or seed_data_dir() / "catalogue"
    report = SeedReport(images=copy_images(folder, uploads))
    categories = await _load_categories(session, folder, report)
    ingredients = await _load_ingredients(session, folder, categories, report)
    await _load_recipes(session, uploads, folder, categories, ingredients, report)
    return report


async def _load_categories(session: AsyncSession, folder: Path, report: SeedReport) -> dict[str, Category]:
    """Every category by `kind:key`, the missing ones added."""
    categories: dict[str, Category] = {c.key: c for c in await session.scalars(select(Category))}
    for kind, file in ((KIND_INGREDIENT, "ingredient_categories.json"), (KIND_RECIPE, "recipe_categories.json")):
        for entry in _read(folder, file):
            key = f"{kind}:{entry['key']}"
            if key not in categories:
                image = f"{IMAGE_PREFIX}{entry['image']}" if entry.get("image") else None
                categories[key] = Category(key=key, name=entry["name"], kind=kind, image=image)
                session.add(categories[key])
                report.categories += 1
    await session.flush()
    return categories


async def _load_ingredients(
    session: AsyncSession, folder: Path, categories: dict[str, Category], report: SeedReport
) -> dict[str, Ingredient]:
    """Every ingredient by lower-case name, the missing ones added."""
    ingredients = {i.name.lower(): i for i in await session.scalars(select(Ingredient))}
    for entry in _read(folder, "ingredients.json"):
        if entry["name"].lower() in ingredients:
            continue
        category = categories.get(f"{KIND_INGREDIENT}:{entry['category']}")
        allergens = sorted(entry.get("allergens") or [])
        ingredient = Ingredient(
            name=entry["name"],
            category_id=category.id if category else None,
            default_unit=entry["default_unit"],
            buy_unit=entry.get("buy_unit"),
            buy_step=entry.get("buy_step"),
            storage=entry.get("storage", "pantry"),
            allergens=allergens,
            allergen=bool(allergens),
            vegan=entry["vegan"],
            vegetarian=entry["vegetarian"],
            diabetes_ok=entry.get("diabetes_ok", False),
            sugar_free=entry["sugar_free"],
            gluten_free=entry["gluten_free"],
            dairy_free=entry["dairy_free"],
            estimated_expiry_days=entry.get("estimated_expiry_days") or 14,
            pantry_days=entry.get("pantry_days"),
            fridge_days=entry.get("fridge_days"),
            freezer_days=entry.get("freezer_days"),
        )
        session.add(ingredient)
        ingredients[entry["name"].lower()] = ingredient
        report.ingredients += 1
    await session.flush()
    return ingredients


async def _load_recipes(
    session: AsyncSession,
    uploads: Path,
    folder: Path,
    categories: dict[str, Category],
    ingredients: dict[str, Ingredient],
    report: SeedReport,
) -> None:
    """The missing recipes added, each with its lines and steps, tagged and indexed."""
    existing = {n.lower() for n in await session.scalars(select(func.lower(Recipe.name)))}
    catalogue = CatalogueService(session=session, uploads_dir=uploads)
    for entry in _read(folder, "recipes.json"):
        if entry["name"].lower() in existing:
            continue
        recipe = await _add_recipe(session, entry, categories, ingredients)
        used = [ingredients[line["ingredient"].lower()] for line in entry["ingredients"]]
        await catalogue.index_recipe(recipe, used, is_new=True)
        existing.add(entry["name"].lower())
        report.recipes += 1
    await session.flush()


async def _add_recipe(
    session: AsyncSession, entry: dict[str, Any], categories: dict[str, Category], ingredients: dict[str, Ingredient]
) -> Recipe:
    """A recipe of the shipped file with its ingredient lines and steps (the steps not flushed yet)."""
    category = categories.get(f"{KIND_RECIPE}:{entry['category']}")
    recipe = Recipe(
        name=entry["name"],
        description=entry.get("description", ""),
        serves=entry.get("serves") or 1,
        category_id=category.id if category else None,
        # Only a drawing of this very dish: a category's illustration shows other dishes
        # (masala chai would get the lemonade of "Drinks"); without one the app shows its
        # neutral placeholder.
        image=f"{IMAGE_PREFIX}{entry['image']}" if entry.get("image") else None,
        verified=True,
        comments=entry.get("comments"),
    )
    session.add(recipe)
    await session.flush()
    lines = [
        RecipeIngredient(
            recipe_id=recipe.id,
            ingredient_id=ingredients[line["ingredient"].lower()].id,
            position=position,
            quantity=line.get("quantity") or 1,
            measurement=line["measurement"],
            treatment=line.get("treatment"),
        )
        for position, line in enumerate(entry["ingredients"])
    ]
    session.add_all(lines)
    await session.flush()
    session.add_all(
        RecipeStep(
            recipe_id=recipe.id,
            step_order=order,
            title=step["title"],
            description=step.get("description", ""),
            timer=step.get("timer"),
            ingredients=[lines[i].id for i in step.get("ingredients", [])],
        )
        for order, step in enumerate(entry["steps"], start=1)
    )
    return recipe
