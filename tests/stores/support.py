"""A small catalogue with known FoodKeeper figures, loaded through the real seed loader."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from larder.catalogue.seed import load_catalogue
from larder.core.base.clock import today
from larder.core.base.settings import Settings
from larder.core.db.engine import standalone_session
from larder.core.db.uow import Scope, WriteTurns
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


def write_kitchen_catalogue(folder: Path, extra: int = 0) -> Path:
    """The five ingredients above, and `extra` more pantry goods named "Staple 01", "Staple 02"..."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "images").mkdir(exist_ok=True)
    staples = [_ingredient(f"Staple {n:02d}", "baking", "g", "pantry", 180, pantry=180) for n in range(1, extra + 1)]
    files = {
        "ingredient_categories.json": [{"key": k, "name": k.title()} for k in ("meat", "dairy", "baking")],
        "recipe_categories.json": [],
        "ingredients.json": INGREDIENTS + staples,
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


def seed_kitchen(settings: Settings, tmp_path: Path, extra: int = 0) -> Kitchen:
    folder = write_kitchen_catalogue(tmp_path / "kitchen-catalogue", extra)
    run_db(settings, lambda session: load_catalogue(session, settings.uploads_dir, folder))
    ingredients = {row[1]: row[0] for row in sql(settings, "select id, name from ingredient")}
    categories = {row[1]: row[0] for row in sql(settings, "select id, name from category")}
    return Kitchen(ingredients, categories)


@pytest.fixture
def kitchen(settings: Settings, tmp_path: Path) -> Kitchen:
    return seed_kitchen(settings, tmp_path)


# -- calls and clocks shared by the list, store and notification tests ---------------------------


def new_store(
    client: Any, member: Any, name: str = "Pantry", description: str = "Kitchen shelves", **fields: Any
) -> dict[str, Any]:
    response = client.post(STORES, json={"name": name, "description": description, **fields}, headers=member.headers)
    assert response.status_code == 201, response.text
    return response.json()["data"]


def new_list(
    client: Any, member: Any, name: str = "Weekly shop", ingredients: list[Any] | None = None
) -> dict[str, Any]:
    response = client.post(LISTS, json={"name": name, "ingredients": ingredients or []}, headers=member.headers)
    assert response.status_code == 201, response.text
    return response.json()["data"]


def get_store(client: Any, member: Any, store_id: int) -> dict[str, Any]:
    response = client.get(f"{STORES}/{store_id}", headers=member.headers)
    assert response.status_code == 200, response.text
    return response.json()["data"]


def get_list(client: Any, member: Any, list_id: int) -> dict[str, Any]:
    response = client.get(f"{LISTS}/{list_id}", headers=member.headers)
    assert response.status_code == 200, response.text
    return response.json()["shopping_list"]


def receive(client: Any, member: Any, store_id: int, items: list[dict[str, Any]]) -> dict[str, Any]:
    response = client.post(f"{STORES}/{store_id}/items", json={"items": items}, headers=member.headers)
    assert response.status_code == 200, response.text
    return response.json()["data"]


def local_today(settings: Settings) -> date:
    """Today in the instance's time zone, as the server counts it."""
    return today(settings.timezone)


def added_on(day: date) -> str:
    """A date_added the server reads as `day`: noon, without a zone, so in the instance's zone."""
    return f"{day.isoformat()}T12:00:00"


def items_by_name(container: dict[str, Any], key: str = "items") -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for item in container[key]:
        assert item["name"] not in found, f"two entries for {item['name']}"
        found[item["name"]] = item
    return found


def snapshot(settings: Settings) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the tables lists, stores and completed shops live in."""
    tables = ("food_store", "store_item", "default_store", "shopping_list", "shopping_list_item", "shop_completion")
    return {table: sql(settings, f"select * from {table} order by id") for table in tables}  # noqa: S608


class Statements:
    """Every SQL statement any engine of this process sends while the block runs."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    def _record(self, conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        self.sent.append(statement)

    def __enter__(self) -> Statements:
        event.listen(Engine, "before_cursor_execute", self._record)
        return self

    def __exit__(self, *exc: Any) -> None:
        event.remove(Engine, "before_cursor_execute", self._record)

    def __len__(self) -> int:
        return len(self.sent)


def scopes_taken(monkeypatch: Any) -> list[tuple[Scope, ...]]:
    """The scopes of every write turn taken from now on, in order."""
    taken: list[tuple[Scope, ...]] = []
    original = WriteTurns.take

    async def recording(self: WriteTurns, session: Any, scopes: Any) -> Any:
        scopes = tuple(scopes)
        taken.append(scopes)
        return await original(self, session, scopes)

    monkeypatch.setattr(WriteTurns, "take", recording)
    return taken


def meanwhile(monkeypatch: Any, settings: Settings, change: Callable[[Any], Awaitable[None]]) -> None:
    """Another writer commits `change` (given its session) while the next request that writes
    waits for its write turn, after every read it made before asking for it."""
    original = WriteTurns.take
    done: list[bool] = []

    async def another_writer_first(self: WriteTurns, session: Any, scopes: Any) -> Any:
        if not done:
            done.append(True)
            async with standalone_session(settings) as elsewhere:  # committed when it ends
                await change(elsewhere)
        return await original(self, session, scopes)

    monkeypatch.setattr(WriteTurns, "take", another_writer_first)
