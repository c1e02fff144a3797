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
FOODKEEPER_CSV = REPO / "tools" / "data" / "foodkeeper_days.csv"

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
    "pantry_days",
    "fridge_days",
    "freezer_days",
    "foodkeeper",
    "buy_unit",
    "buy_step",
]
STORAGE_DAYS = ("pantry_days", "fridge_days", "freezer_days")
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
        assert item["buy_unit"] in UNITS and isinstance(item["buy_step"], float) and item["buy_step"] > 0, name


def test_items_added_without_an_amount_come_at_buying_scale() -> None:
    """1 l of milk, not 1 ml; 1 kg of flour; half a kilo more mince; eggs by 6; a pack of feta."""
    by_name = {item["name"]: item for item in ingredients()}
    assert (by_name["Whole milk"]["buy_unit"], by_name["Whole milk"]["buy_step"]) == ("l", 1.0)
    assert (by_name["Plain flour"]["buy_unit"], by_name["Plain flour"]["buy_step"]) == ("kg", 1.0)
    assert (by_name["Chicken thigh"]["buy_unit"], by_name["Chicken thigh"]["buy_step"]) == ("kg", 0.5)
    assert (by_name["Beef mince"]["buy_unit"], by_name["Beef mince"]["buy_step"]) == ("kg", 0.5)
    assert (by_name["Egg"]["buy_unit"], by_name["Egg"]["buy_step"]) == ("unit(s)", 6.0)
    assert by_name["Feta"]["buy_unit"] == "unit(s)"
    # nothing is bought by the teaspoon, the millilitre or the gram
    assert {item["buy_unit"] for item in ingredients()} <= {"kg", "l", "unit(s)", "rasher(s)"}


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


def test_storage_days_are_positive_ints_or_null() -> None:
    for item in ingredients():
        name = item["name"]
        for key in STORAGE_DAYS:
            days = item[key]
            assert days is None or (isinstance(days, int) and not isinstance(days, bool) and days > 0), (name, key)
        if item["foodkeeper"] is None:
            assert [item[key] for key in STORAGE_DAYS] == [None, None, None], name
        else:
            # The figure for the ingredient's own storage is its estimated expiry.
            assert item[f"{item['storage']}_days"] == item["estimated_expiry_days"], name


def foodkeeper_csv() -> Path:
    if not FOODKEEPER_CSV.is_file():
        pytest.fail(f"FoodKeeper table missing: expected {FOODKEEPER_CSV} (tools/data, kept in the repository)")
    return FOODKEEPER_CSV


def test_expiry_days_match_the_foodkeeper_derivation() -> None:
    derived = expiry_tool().derive_storage_times(ingredients(), foodkeeper_csv())
    stale = {
        (item["name"], key): (item[key], derived[item["name"]][key])
        for item in ingredients()
        for key in ("estimated_expiry_days", *STORAGE_DAYS)
        if item[key] != derived[item["name"]][key]
    }
    assert stale == {}, "run tools/build_catalogue_expiry.py: (stored, derived) differ"
    assert sum(1 for item in ingredients() if item["foodkeeper"]) >= 0.8 * len(ingredients())
    for key in STORAGE_DAYS:
        assert sum(1 for item in ingredients() if item[key] is not None) >= 50, f"{key} is rarely known"


def csv_row(label: str) -> dict[str, str]:
    return expiry_tool().load_foodkeeper(foodkeeper_csv())[label]


def test_storage_days_of_well_known_ingredients_follow_the_csv() -> None:
    by_name = ingredients_by_name()
    chicken = by_name["Chicken breast"]
    row = csv_row(chicken["foodkeeper"])
    assert (row["fridge_from_purchase_max_days"], row["freezer_from_purchase_max_days"]) == ("2", "270")
    assert (chicken["pantry_days"], chicken["fridge_days"], chicken["freezer_days"]) == (None, 2, 270)
    # Eggs in their shell: "Not Recommended" in the freezer.
    egg = by_name["Egg"]
    assert csv_row(egg["foodkeeper"])["freezer_min_days"] == "Not Recommended"
    assert (egg["pantry_days"], egg["fridge_days"], egg["freezer_days"]) == (None, 35, None)
    # "Indefinitely" in the pantry counts as two years.
    salt = by_name["Salt"]
    assert csv_row(salt["foodkeeper"])["pantry_min_days"] == "Indefinitely"
    assert salt["pantry_days"] == 730
    onion = by_name["Onion"]
    assert (onion["pantry_days"], onion["fridge_days"], onion["freezer_days"]) == (30, 60, 360)


# --------------------------------------------------------------------------- the storage-times tool

TOOL_CSV_COLUMNS = "id,name,subtitle,category,subcategory,keywords," + ",".join(
    f"{storage}_{part}_days"
    for storage in ("pantry", "fridge", "freezer")
    for part in (
        ("min", "max", "from_purchase_min", "from_purchase_max", "after_opening_min", "after_opening_max")
        if storage != "freezer"
        else ("min", "max", "from_purchase_min", "from_purchase_max")
    )
)


def tool_csv(tmp_path: Path, rows: dict[str, dict[str, str]]) -> Path:
    header = TOOL_CSV_COLUMNS.split(",")
    lines = [TOOL_CSV_COLUMNS]
    for number, (name, values) in enumerate(rows.items(), start=1):
        row = {"id": str(number), "name": name, "category": "Test", **values}
        lines.append(",".join(row.get(column, "") for column in header))
    path = tmp_path / "foodkeeper.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


TOOL_ROWS = {
    # from purchase wins over the plain period; after opening is never used
    "Split": {
        "fridge_min_days": "3",
        "fridge_max_days": "4",
        "fridge_from_purchase_min_days": "10",
        "fridge_from_purchase_max_days": "20",
        "pantry_after_opening_min_days": "5",
        "pantry_after_opening_max_days": "6",
        "freezer_max_days": "90",
    },
    "Forever": {"pantry_min_days": "Indefinitely", "fridge_min_days": "Not Recommended"},
    "Fridge only": {"fridge_max_days": "7", "freezer_min_days": "Not Recommended", "pantry_min_days": "When Ripe"},
}


def tool_item(name: str, storage: str, foodkeeper: str | None) -> dict[str, Any]:
    return {"name": name, "storage": storage, "foodkeeper": foodkeeper}


def test_tool_derives_each_storage_column_by_the_same_rule(tmp_path: Path) -> None:
    tool = expiry_tool()
    csv_path = tool_csv(tmp_path, TOOL_ROWS)
    derived = tool.derive_storage_times(
        [
            tool_item("a", "fridge", "Split"),
            tool_item("b", "pantry", "Forever"),
            tool_item("c", "fridge", "Fridge only"),
            tool_item("d", "freezer", None),
        ],
        csv_path,
    )
    keys = ("estimated_expiry_days", *STORAGE_DAYS)
    assert {name: tuple(values[key] for key in keys) for name, values in derived.items()} == {
        "a": (20, None, 20, 90),
        "b": (730, 730, None, None),
        "c": (7, None, 7, None),
        "d": (14, None, None, None),
    }


def test_tool_refuses_a_mapping_the_table_cannot_answer(tmp_path: Path) -> None:
    tool = expiry_tool()
    csv_path = tool_csv(tmp_path, TOOL_ROWS)
    with pytest.raises(tool.FoodKeeperError, match="no freezer storage time"):
        tool.derive_storage_times([tool_item("c", "freezer", "Fridge only")], csv_path)
    with pytest.raises(tool.FoodKeeperError, match="not in the table"):
        tool.derive_storage_times([tool_item("e", "pantry", "Missing")], csv_path)


def test_tool_rewrites_the_file_and_check_reports_staleness(tmp_path: Path) -> None:
    tool = expiry_tool()
    csv_path = tool_csv(tmp_path, TOOL_ROWS)
    stale = {"name": "a", "storage": "fridge", "vegan": True, "estimated_expiry_days": 20, "foodkeeper": "Split"}
    path = tmp_path / "ingredients.json"
    path.write_text(json.dumps([stale]), encoding="utf-8")
    assert tool.main([str(csv_path), "--ingredients", str(path), "--check"]) == 1
    assert json.loads(path.read_text(encoding="utf-8")) == [stale], "--check never writes"
    assert tool.main([str(csv_path), "--ingredients", str(path)]) == 0
    (item,) = json.loads(path.read_text(encoding="utf-8"))
    assert list(item) == ["name", "storage", "vegan", *("estimated_expiry_days", *STORAGE_DAYS), "foodkeeper"]
    assert (item["pantry_days"], item["fridge_days"], item["freezer_days"]) == (None, 20, 90)
    assert tool.main([str(csv_path), "--ingredients", str(path), "--check"]) == 0
    # A hand-edited figure is out of date again.
    path.write_text(json.dumps([{**item, "freezer_days": 30}]), encoding="utf-8")
    assert tool.main([str(csv_path), "--ingredients", str(path), "--check"]) == 1


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
