"""CatalogueService.stock_facts: what the stores domain reads about the ingredients it stocks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from larder.catalogue.schemas import StockFacts
from larder.catalogue.service import CatalogueService
from larder.core.base.ids import ID_MAX
from larder.core.base.settings import Settings
from tests.catalogue.fixtures import INGREDIENTS, ingredient, seed, write_catalogue
from tests.support import run_db, sql

# Figures the loader must carry from ingredients.json into the new columns.
FIGURES = {
    "Tomato": {"pantry_days": 7, "fridge_days": 14, "freezer_days": 60},
    "Parmesan": {"storage": "fridge", "estimated_expiry_days": 180, "fridge_days": 180, "freezer_days": None},
}
EXTRA = 50  # plain ingredients, enough to ask for 50 ids at once


@pytest.fixture
def ingredient_ids(settings: Settings, tmp_path: Path) -> dict[str, int]:
    folder = write_catalogue(tmp_path / "catalogue")
    entries: list[dict[str, Any]] = [{**item, **FIGURES.get(item["name"], {})} for item in INGREDIENTS]
    entries += [ingredient(f"Extra {n:02d}", "baking") for n in range(EXTRA)]
    (folder / "ingredients.json").write_text(json.dumps(entries), encoding="utf-8")
    seed(settings, folder)
    return {name: ingredient_id for ingredient_id, name in sql(settings, "select id, name from ingredient")}


def stock_facts(settings: Settings, ids: list[Any]) -> tuple[dict[int, StockFacts], list[str]]:
    """The answer, and every SQL statement the call sent to the database."""

    async def work(session: Any) -> tuple[dict[int, StockFacts], list[str]]:
        connection = (await session.connection()).sync_connection
        statements: list[str] = []

        def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
            statements.append(statement)

        event.listen(connection, "before_cursor_execute", record)
        try:
            facts = await CatalogueService(session=session, uploads_dir=settings.uploads_dir).stock_facts(ids)
        finally:
            event.remove(connection, "before_cursor_execute", record)
        return facts, statements

    return run_db(settings, work)


def test_stock_facts_carry_the_figures_of_every_kind_of_store(settings, ingredient_ids):
    tomato, parmesan, basil = ingredient_ids["Tomato"], ingredient_ids["Parmesan"], ingredient_ids["Basil"]
    veg = sql(settings, "select id from category where key = 'ingredient:veg'")[0][0]
    dairy = sql(settings, "select id from category where key = 'ingredient:dairy'")[0][0]
    facts, _ = stock_facts(settings, [tomato, parmesan, basil])
    assert facts == {
        # No buying scale in this catalogue: bought in the default unit, by 1.
        tomato: StockFacts(tomato, "Tomato", None, veg, "unit(s)", "pantry", 30, 7, 14, 60, "unit(s)", 1.0),
        parmesan: StockFacts(parmesan, "Parmesan", None, dairy, "g", "fridge", 180, None, 180, None, "g", 1.0),
        # No FoodKeeper figures in the catalogue: unknown in every kind of store.
        basil: StockFacts(basil, "Basil", None, veg, "g", "pantry", 30, None, None, None, "g", 1.0),
    }


def test_fifty_ids_are_one_select(settings, ingredient_ids):
    ids = [ingredient_ids[f"Extra {n:02d}"] for n in range(EXTRA)]
    facts, statements = stock_facts(settings, ids)
    assert set(facts) == set(ids)
    assert all(facts[i].ingredient_id == i and facts[i].name.startswith("Extra ") for i in ids)
    assert len(statements) == 1, statements
    assert statements[0].lstrip().upper().startswith("SELECT")


def test_unknown_ids_are_simply_absent(settings, ingredient_ids):
    tomato = ingredient_ids["Tomato"]
    unknown = max(ingredient_ids.values()) + 1
    facts, _ = stock_facts(settings, [tomato, unknown, tomato, 0, -3, ID_MAX + 1, True])
    assert list(facts) == [tomato]
    facts, statements = stock_facts(settings, [unknown])
    assert facts == {}
    assert len(statements) == 1


def test_no_ids_ask_nothing_of_the_database(settings, ingredient_ids):
    assert stock_facts(settings, []) == ({}, [])
    assert stock_facts(settings, iter([0, ID_MAX + 1])) == ({}, [])
