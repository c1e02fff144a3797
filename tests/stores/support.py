"""A small catalogue with known FoodKeeper figures, loaded through the real seed loader."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from larder.catalogue.seed import load_catalogue
from larder.core.settings import Settings
from tests.support import run_db, sql

STORES = "/api/pwa/stores"
LISTS = "/api/pwa/user-shoppinglists"


def _ingredient(name: str, category: str, unit: str, storage: str, usual: int, **days: int | None) -> dict[str, Any]:
    return {
        "name": name,
        "category": category,
        "default_unit": unit,
        "storage": storage,
        "allergens": [],
        "vegan": False,
        "vegetarian": False,
        "gluten_free": True,
        "sugar_free": True,
        "dairy_free": True,
        "diabetes_ok": True,
        "estimated_expiry_days": usual,
        "pantry_days": days.get("pantry"),
        "fridge_days": days.get("fridge"),
        "freezer_days": days.get("freezer"),
    }


INGREDIENTS = [
    _ingredient("Chicken breast", "meat", "g", "fridge", 2, fridge=2, freezer=270),
    _ingredient("Milk", "dairy", "ml", "fridge", 7, fridge=7, freezer=90),
    _ingredient("Flour", "baking", "g", "pantry", 240, pantry=240),
    _ingredient("Egg", "dairy", "unit(s)", "fridge", 35, fridge=35),
    _ingredient("Bacon", "meat", "rasher(s)", "fridge", 7, fridge=7, freezer=30),
]


def write_kitchen_catalogue(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "images").mkdir(exist_ok=True)
    files = {
        "ingredient_categories.json": [{"key": k, "name": k.title()} for k in ("meat", "dairy", "baking")],
        "recipe_categories.json": [],
        "ingredients.json": INGREDIENTS,
        "recipes.json": [],
    }
    for name, content in files.items():
        (folder / name).write_text(json.dumps(content), encoding="utf-8")
    return folder


class Kitchen:
    """Ingredient and category ids of the seeded kitchen catalogue, by name."""

    def __init__(self, ingredients: dict[str, int], categories: dict[str, int]) -> None:
        self.ingredients = ingredients
        self.categories = categories

    def value(self, name: str) -> str:
        return str(self.ingredients[name])


@pytest.fixture
def kitchen(settings: Settings, tmp_path: Path) -> Kitchen:
    folder = write_kitchen_catalogue(tmp_path / "kitchen-catalogue")
    run_db(settings, lambda session: load_catalogue(session, settings.uploads_dir, folder))
    ingredients = {row[1]: row[0] for row in sql(settings, "select id, name from ingredient")}
    categories = {row[1]: row[0] for row in sql(settings, "select id, name from category")}
    return Kitchen(ingredients, categories)
