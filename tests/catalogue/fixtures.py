"""A small hand-made catalogue with known answers, loaded through the real seed loader."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from larder.catalogue.seed import load_catalogue
from larder.core.base.settings import Settings
from tests.support import run_db


def ingredient(name: str, category: str, unit: str = "g", allergens: tuple[str, ...] = (), **flags: bool) -> dict:
    base = {"vegan": True, "vegetarian": True, "gluten_free": True, "sugar_free": True, "dairy_free": True}
    base.update(flags)
    return {
        "name": name,
        "category": category,
        "default_unit": unit,
        "storage": "pantry",
        "allergens": list(allergens),
        "diabetes_ok": base["sugar_free"],
        "estimated_expiry_days": 30,
        **base,
    }


INGREDIENTS = [
    ingredient("Tomato", "veg", "unit(s)"),
    ingredient("Basil", "veg"),
    ingredient("Pasta", "grains", allergens=("gluten",), gluten_free=False),
    ingredient("Parmesan", "dairy", allergens=("milk",), vegan=False, dairy_free=False),
    ingredient("Sugar", "baking", sugar_free=False),
    ingredient("Crème fraîche", "dairy", "ml", allergens=("milk",), vegan=False, dairy_free=False),
    ingredient("Rice", "grains"),
    ingredient("Tofu", "veg", allergens=("soy",)),
    ingredient("Peanut butter", "baking", allergens=("peanuts",)),
]


def recipe(name: str, category: str, ingredients: list[str], description: str = "") -> dict:
    return {
        "name": name,
        "category": category,
        "description": description or f"A simple {name.lower()}.",
        "serves": 2,
        "ingredients": [{"ingredient": i, "quantity": 1, "measurement": "g", "treatment": None} for i in ingredients],
        "steps": [
            {"title": "Prepare", "description": "Get everything ready.", "timer": None, "ingredients": [0]},
            {"title": "Cook", "description": "Cook it through.", "timer": "00:10:00", "ingredients": []},
        ],
    }


RECIPES = [
    recipe("Tomato basil pasta", "mains", ["Tomato", "Basil", "Pasta"], "Summer pasta with fresh tomatoes."),
    recipe("Parmesan risotto", "mains", ["Rice", "Parmesan"], "Creamy rice, slowly stirred."),
    recipe("Sweet tofu bowl", "mains", ["Tofu", "Rice", "Sugar"]),
    recipe("Crème brûlée", "desserts", ["Crème fraîche", "Sugar"], "Custard under burnt sugar."),
    recipe("Peanut noodles", "mains", ["Pasta", "Peanut butter", "Tofu"]),
]


def write_catalogue(folder: Path, recipes: list[dict[str, Any]] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "images").mkdir(exist_ok=True)
    (folder / "images" / "mains.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    files = {
        "ingredient_categories.json": [{"key": k, "name": k.title()} for k in ("veg", "grains", "dairy", "baking")],
        "recipe_categories.json": [
            {"key": "mains", "name": "Mains", "image": "mains.svg"},
            {"key": "desserts", "name": "Desserts", "image": None},
        ],
        "ingredients.json": INGREDIENTS,
        "recipes.json": RECIPES if recipes is None else recipes,
    }
    for name, content in files.items():
        (folder / name).write_text(json.dumps(content), encoding="utf-8")
    return folder


def seed(settings: Settings, folder: Path) -> Any:
    return run_db(settings, lambda session: load_catalogue(session, settings.uploads_dir, folder))
