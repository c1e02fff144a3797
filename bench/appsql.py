"""Run the app's CatalogueService in-process over a built catalogue and capture every SQL
statement it sends, with its parameters, so explain.py and whatif.py look at exactly what the
current code runs (whatever the service's paging strategy is this week)."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from larder.catalogue.queries import PageWindow
from larder.catalogue.schemas import FilterItem

BENCH = Path(__file__).resolve().parent
DATA = BENCH / ".data"
SIZES = {"10k": 10_000, "100k": 100_000}

Call = Callable[[Any], Awaitable[Any]]


@dataclass
class Case:
    key: str
    label: str
    call: Call
    ingredients: list[int] = field(default_factory=list)  # ids the request filters on, for the report


@dataclass
class Sent:
    sql: str
    params: tuple[Any, ...]


@dataclass
class Captured:
    case: Case
    statements: list[Sent]
    ms: float  # median wall time of the whole service call, in-process


def meta_of(name: str) -> dict[str, Any]:
    return json.loads((DATA / f"catalogue-{name}" / "bench_meta.json").read_text())


def filter_items(meta: dict[str, Any]) -> list[FilterItem]:
    return [FilterItem(**item) for item in meta["filter_body"]["filters"]]


def rare_ingredient(db_path: Path) -> int:
    """A vegetarian ingredient used by 20-40 recipes (the same one at every size that has one)."""
    import sqlite3

    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        row = db.execute(
            "SELECT ri.ingredient_id FROM recipe_ingredient ri JOIN ingredient i ON i.id = ri.ingredient_id"
            " WHERE i.vegetarian = 1 GROUP BY ri.ingredient_id HAVING count(*) BETWEEN 20 AND 40"
            " ORDER BY ri.ingredient_id LIMIT 1"
        ).fetchone()
        return int(row[0]) if row else 1
    finally:
        db.close()


def cases(name: str) -> list[Case]:
    meta = meta_of(name)
    filters = filter_items(meta)
    ids = [int(f.value) for f in filters if f.type == "ingredient"]
    last = PageWindow(page=1, total=meta["size"]).last_page
    rare = rare_ingredient(DATA / f"catalogue-{name}" / "larder.db")
    common = ids[0]
    rare_filters = [
        FilterItem(value=rare, type="ingredient"),
        FilterItem(value=common, type="ingredient"),
        FilterItem(value="vegetarian", type="preference"),
    ]
    return [
        Case("list", "list page 3", lambda s: s.list_page(3)),
        Case("list_last", f"list page {last} (last)", lambda s: s.list_page(last)),
        Case("search_tomato", "search 'tomato'", lambda s: s.search_page(1, "tomato")),
        Case("search_chick", "search 'chick'", lambda s: s.search_page(1, "chick")),
        Case("search_garlic", "search 'garlic' (48% of recipes)", lambda s: s.search_page(1, "garlic")),
        Case("filter", "filter 2 incl + 1 excl + veg + gf", lambda s: s.filter_page(1, "", filters), ids),
        Case(
            "filter_rare",
            f"filter rare {rare} + common {common} + veg",
            lambda s: s.filter_page(1, "", rare_filters),
            [rare, common],
        ),
        Case("picker", "form options: recipes", lambda s: s.recipe_options("")),
        Case("picker_search", "form options: recipes 'tomato'", lambda s: s.recipe_options("tomato")),
        Case("detail", "detail", lambda s: s.detail(meta["size"] // 2)),
        Case("latest", "latest (home)", lambda s: s.latest()),
    ]


async def capture(name: str, selected: list[Case], runs: int) -> list[Captured]:
    from sqlalchemy import event
    from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine

    from larder.catalogue.service import CatalogueService

    path = DATA / f"catalogue-{name}" / "larder.db"
    engine = create_async_engine(f"sqlite+aiosqlite:///file:{path}?mode=ro&uri=true")
    sent: list[Sent] = []

    @event.listens_for(engine.sync_engine, "before_cursor_execute")
    def _record(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_rest: Any) -> None:
        sent.append(Sent(statement, tuple(parameters or ())))

    out = []
    try:
        for case in selected:
            times = []
            statements: list[Sent] = []
            for _ in range(runs):
                async with AsyncSession(engine) as session:
                    sent.clear()
                    started = time.perf_counter()
                    await case.call(CatalogueService(session=session))
                    times.append((time.perf_counter() - started) * 1000)
                    statements = list(sent)
                    await session.rollback()
            out.append(Captured(case, statements, statistics.median(times)))
    finally:
        await engine.dispose()
    return out
