"""The shipped starter catalogue (src/larder/data/catalogue): schema, consistency and coverage."""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from larder.catalogue.schemas import TREATMENTS
from larder.catalogue.service import derive_tags
from larder.kitchen.units import UNITS

REPO = Path(__file__).parents[2]
CATALOGUE = REPO / "src" / "larder" / "data" / "catalogue"
IMAGES = CATALOGUE / "images"
EXPIRY_TOOL = REPO / "tools" / "build_catalogue_expiry.py"
FOODKEEPER_CSV = Path(__file__).parents[2].parent / "shared" / "data" / "foodkeeper_days.csv"

ALLERGENS = {
    "celery",
    "gluten",
    "crustaceans",
    "eggs",
    "fish",
    "lupin",
    "milk",
    "molluscs",
    "mustard",
    "tree_nuts",
    "peanuts",
    "sesame",
    "soy",
    "sulphites",
}
STORAGES = {"pantry", "fridge", "freezer"}
FLAGS = ("vegan", "vegetarian", "gluten_free", "dairy_free", "sugar_free", "diabetes_ok")
PREFERENCE_MINIMUMS = {"vegan": 6, "vegetarian": 10, "gluten_free": 10, "sugar_free": 10, "dairy_free": 10}
REQUIRED_ALLERGENS = (
    "gluten",
    "milk",
    "eggs",
    "tree_nuts",
    "peanuts",
    "fish",
    "crustaceans",
    "sesame",
    "soy",
    "mustard",
    "celery",
)
INGREDIENT_KEYS = [
    "name",
    "category",
    "default_unit",
    "storage",
    "allergens",
    *FLAGS,
    "estimated_expiry_days",
    "foodkeeper",
]
RECIPE_KEYS = ["name", "category", "description", "serves", "ingredients", "steps"]
LINE_KEYS = ["ingredient", "quantity", "measurement", "treatment"]
STEP_KEYS = ["title", "description", "timer", "ingredients"]
TIMER = re.compile(r"^\d{2}:\d{2}:\d{2}$")
KEY = re.compile(r"^[a-z]+(-[a-z]+)*$")
# Column sizes in larder.catalogue.models.
MAX_CATEGORY_NAME, MAX_INGREDIENT_NAME, MAX_RECIPE_NAME, MAX_STEP_TITLE = 100, 100, 200, 200
# Obviously sweet things: must never be flagged sugar free or fine for diabetics.
SWEET = ("Caster sugar", "Icing sugar", "Honey", "Maple syrup", "Golden syrup", "Strawberry jam", "Dark chocolate")


def _load(name: str) -> Any:
    return json.loads((CATALOGUE / name).read_text(encoding="utf-8"))


@cache
def ingredient_categories() -> list[dict[str, Any]]:
    return _load("ingredient_categories.json")


@cache
def recipe_categories() -> list[dict[str, Any]]:
    return _load("recipe_categories.json")


@cache
def ingredients() -> list[dict[str, Any]]:
    return _load("ingredients.json")


@cache
def recipes() -> list[dict[str, Any]]:
    return _load("recipes.json")


@cache
def ingredients_by_name() -> dict[str, dict[str, Any]]:
    return {item["name"]: item for item in ingredients()}


def recipe_tags(recipe: dict[str, Any]) -> dict[str, Any]:
    """Tags by the app's own rule (derive_tags), fed with the recipe's catalogue ingredients."""
    by_name = ingredients_by_name()
    items = []
    for line in recipe["ingredients"]:
        item = by_name[line["ingredient"]]
        items.append(
            SimpleNamespace(
                **{key: item[key] for key in FLAGS}, allergens=item["allergens"], allergen=bool(item["allergens"])
            )
        )
    return derive_tags(items)


def expiry_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_catalogue_expiry", EXPIRY_TOOL)
    assert spec is not None and spec.loader is not None, f"cannot import {EXPIRY_TOOL}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --------------------------------------------------------------------------- files


@pytest.mark.parametrize(
    "name", ["ingredient_categories.json", "recipe_categories.json", "ingredients.json", "recipes.json"]
)
def test_json_files_are_utf8_with_two_space_indent(name: str) -> None:
    text = (CATALOGUE / name).read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"


def test_counts() -> None:
    assert len(ingredients()) >= 300
    assert 12 <= len(ingredient_categories()) <= 18
    assert len(recipe_categories()) >= 10
    assert len(recipes()) >= 40


# --------------------------------------------------------------------------- categories


def test_ingredient_categories() -> None:
    keys = [category["key"] for category in ingredient_categories()]
    assert len(keys) == len(set(keys))
    for category in ingredient_categories():
        assert list(category) == ["key", "name"]
        assert KEY.match(category["key"]), category
        assert 0 < len(category["name"]) <= MAX_CATEGORY_NAME
    used = {item["category"] for item in ingredients()}
    assert used == set(keys), "every ingredient category is used, and only those exist"


def test_recipe_categories_have_images() -> None:
    keys = [category["key"] for category in recipe_categories()]
    assert len(keys) == len(set(keys))
    for category in recipe_categories():
        assert list(category) == ["key", "name", "image"]
        assert KEY.match(category["key"]), category
        assert 0 < len(category["name"]) <= MAX_CATEGORY_NAME
        assert category["image"] == f"{category['key']}.svg"
        assert (IMAGES / category["image"]).is_file(), category


@pytest.mark.parametrize("path", sorted(IMAGES.glob("*.svg")), ids=lambda path: path.name)
def test_images_are_small_self_contained_16_9_svgs(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert path.stat().st_size < 8 * 1024
    assert text.startswith("<svg ") and text.rstrip().endswith("</svg>")
    match = re.search(r'viewBox="0 0 (\d+) (\d+)"', text)
    assert match, "needs a viewBox"
    width, height = int(match[1]), int(match[2])
    assert width * 9 == height * 16, "16:9"
    lowered = text.lower()
    for forbidden in ("<script", "javascript:", "href", "<image", "<text", "font", "@import", "url("):
        assert forbidden not in lowered, forbidden


def test_images_are_the_category_illustrations() -> None:
    # The placeholder of a recipe without a picture ships with the web app, not as a catalogue image.
    expected = {category["image"] for category in recipe_categories()}
    assert {path.name for path in IMAGES.glob("*.svg")} == expected


# Recipes shown with a drawing: each is a drawing of that very dish. Every other recipe has none,
# so the app shows its neutral placeholder rather than another dish (a category's illustration).
RECIPES_WITH_A_DRAWING = {
    "Carrot and coriander soup": "soups.svg",
    "Spiced butternut squash soup": "soups.svg",
    "Crispy roast potatoes": "sides.svg",
    "Guacamole": "snacks.svg",
}


def test_a_recipe_is_drawn_only_by_a_drawing_of_that_dish() -> None:
    drawn = {recipe["name"]: recipe["image"] for recipe in recipes() if "image" in recipe}
    assert drawn == RECIPES_WITH_A_DRAWING
    for image in drawn.values():
        assert (IMAGES / image).is_file(), image


# --------------------------------------------------------------------------- ingredients


def test_ingredient_schema() -> None:
    categories = {category["key"] for category in ingredient_categories()}
    for item in ingredients():
        name = item.get("name")
        assert list(item) == INGREDIENT_KEYS, name
        assert isinstance(name, str) and name == name.strip() and 0 < len(name) <= MAX_INGREDIENT_NAME, name
        assert item["category"] in categories, name
        assert item["default_unit"] in UNITS, name
        assert item["storage"] in STORAGES, name
        assert isinstance(item["allergens"], list) and set(item["allergens"]) <= ALLERGENS, name
        assert item["allergens"] == sorted(set(item["allergens"])), name
        for flag in FLAGS:
            assert isinstance(item[flag], bool), (name, flag)
        assert item["foodkeeper"] is None or isinstance(item["foodkeeper"], str), name


def test_ingredient_names_unique_case_insensitive() -> None:
    names = Counter(item["name"].casefold() for item in ingredients())
    assert [name for name, count in names.items() if count > 1] == []


def test_ingredient_flags_consistent() -> None:
    for item in ingredients():
        name, allergens = item["name"], set(item["allergens"])
        if item["vegan"]:
            assert item["vegetarian"], name
            assert not allergens & {"milk", "eggs", "fish", "crustaceans", "molluscs"}, name
        if allergens & {"fish", "crustaceans", "molluscs"}:
            assert not item["vegetarian"], name
        assert item["dairy_free"] == ("milk" not in allergens), name
        assert item["gluten_free"] == ("gluten" not in allergens), name


def test_some_well_known_ingredients_are_honest() -> None:
    by_name = ingredients_by_name()
    assert by_name["Honey"]["vegetarian"] and not by_name["Honey"]["vegan"]
    assert set(by_name["Soy sauce"]["allergens"]) >= {"soy", "gluten"}
    assert set(by_name["Green pesto"]["allergens"]) >= {"milk", "tree_nuts"}
    assert "gluten" in by_name["Plain flour"]["allergens"]
    assert "milk" in by_name["Unsalted butter"]["allergens"]
    assert by_name["Egg"]["allergens"] == ["eggs"]
    assert by_name["Streaky bacon"]["default_unit"] == "rasher(s)"
    for name in SWEET:
        assert not by_name[name]["sugar_free"], name
        assert not by_name[name]["diabetes_ok"], name


def test_expiry_days_are_positive_ints() -> None:
    for item in ingredients():
        days = item["estimated_expiry_days"]
        assert isinstance(days, int) and not isinstance(days, bool) and days > 0, item["name"]
        if item["foodkeeper"] is None:
            assert days == 14, item["name"]


def test_expiry_days_match_the_foodkeeper_derivation() -> None:
    if not FOODKEEPER_CSV.is_file():
        pytest.fail(f"FoodKeeper table missing: expected {FOODKEEPER_CSV} (the shared reference data)")
    derived = expiry_tool().derive_expiry_days(ingredients(), FOODKEEPER_CSV)
    stale = {
        item["name"]: (item["estimated_expiry_days"], derived[item["name"]])
        for item in ingredients()
        if item["estimated_expiry_days"] != derived[item["name"]]
    }
    assert stale == {}, "run tools/build_catalogue_expiry.py: (stored, derived) differ"
    assert sum(1 for item in ingredients() if item["foodkeeper"]) >= 0.8 * len(ingredients())


# --------------------------------------------------------------------------- recipes


def test_recipe_schema() -> None:
    categories = {category["key"] for category in recipe_categories()}
    by_name = ingredients_by_name()
    for recipe in recipes():
        name = recipe.get("name")
        assert list(recipe) in (RECIPE_KEYS, [*RECIPE_KEYS, "image"]), name
        assert isinstance(name, str) and 0 < len(name) <= MAX_RECIPE_NAME, name
        assert recipe["category"] in categories, name
        assert isinstance(recipe["description"], str) and 20 <= len(recipe["description"]) <= 300, name
        assert isinstance(recipe["serves"], int) and 1 <= recipe["serves"] <= 24, name
        assert 5 <= len(recipe["ingredients"]) <= 15, name
        for line in recipe["ingredients"]:
            assert list(line) == LINE_KEYS, name
            assert line["ingredient"] in by_name, (name, line["ingredient"])
            quantity = line["quantity"]
            assert isinstance(quantity, int | float) and not isinstance(quantity, bool) and quantity > 0, (name, line)
            assert line["measurement"] in UNITS, (name, line)
            assert line["treatment"] is None or line["treatment"] in TREATMENTS, (name, line)
        listed = [line["ingredient"] for line in recipe["ingredients"]]
        assert len(listed) == len(set(listed)), f"{name}: an ingredient is listed twice"


def test_recipe_names_unique_case_insensitive() -> None:
    names = Counter(recipe["name"].casefold() for recipe in recipes())
    assert [name for name, count in names.items() if count > 1] == []


def test_recipe_steps() -> None:
    for recipe in recipes():
        name, count = recipe["name"], len(recipe["ingredients"])
        assert 3 <= len(recipe["steps"]) <= 10, name
        used: set[int] = set()
        for step in recipe["steps"]:
            assert list(step) == STEP_KEYS, name
            assert isinstance(step["title"], str) and 0 < len(step["title"]) <= MAX_STEP_TITLE, name
            assert isinstance(step["description"], str) and step["description"], name
            timer = step["timer"]
            assert timer is None or (isinstance(timer, str) and TIMER.match(timer)), (name, timer)
            if timer is not None:
                _, minutes, seconds = (int(part) for part in timer.split(":"))
                assert minutes < 60 and seconds < 60 and timer != "00:00:00", (name, timer)
            indexes = step["ingredients"]
            assert all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < count for i in indexes), (
                name,
                indexes,
            )
            assert len(indexes) == len(set(indexes)), (name, step["title"])
            used.update(indexes)
        assert used == set(range(count)), f"{name}: ingredients no step uses: {set(range(count)) - used}"


def test_recipes_carry_no_tags() -> None:
    for recipe in recipes():
        assert not {"tags", "vegan", "vegetarian", "gluten_free", "sugar_free", "dairy_free", "allergens"} & set(recipe)


@pytest.mark.parametrize(("preference", "minimum"), sorted(PREFERENCE_MINIMUMS.items()))
def test_preference_coverage(preference: str, minimum: int) -> None:
    tagged = [recipe["name"] for recipe in recipes() if recipe_tags(recipe)[f"tag_{preference}"]]
    assert len(tagged) >= minimum, tagged


@pytest.mark.parametrize("allergen", REQUIRED_ALLERGENS)
def test_allergen_coverage(allergen: str) -> None:
    assert any(allergen in recipe_tags(recipe)["allergens"] for recipe in recipes())


def test_recipes_with_several_allergens() -> None:
    assert max(len(recipe_tags(recipe)["allergens"]) for recipe in recipes()) >= 4


def test_every_category_has_at_least_two_recipes() -> None:
    per_category = Counter(recipe["category"] for recipe in recipes())
    for category in recipe_categories():
        assert per_category[category["key"]] >= 2, category["key"]
