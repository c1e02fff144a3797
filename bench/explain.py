"""EXPLAIN QUERY PLAN for the catalogue's discovery queries, built exactly as the app builds them.

    python bench/explain.py [--sizes 100k,10k] [--runs 5]

For the list page, the searches and the filter, the statements CatalogueService._page runs
(count, page of ids, rows for those ids, category names) are compiled from
larder.catalogue.queries.RecipeQuery with the SQLite dialect and literal binds, explained and
timed with stdlib sqlite3 on the built catalogue (read only). A full SCAN of recipe or
recipe_ingredient is flagged unless LIMIT bounds it (no temp b-tree for ORDER BY); an IN-list over
recipe_ingredient is reported with the number of index entries it reads.

The app never runs ANALYZE, so the plans are shown with the statistics the benchmark build
leaves (sqlite_stat1) and again without them (as on a real instance) when they differ.

Last, the real CatalogueService runs in-process over the same file and every SQL statement it
sends is counted per call: a number that grows with the page size would be an N+1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sqlite3
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.dialects import sqlite as sqlite_dialect

from larder.catalogue.models import Category, Recipe
from larder.catalogue.queries import PER_PAGE, PageWindow, RecipeQuery
from larder.catalogue.schemas import FilterItem
from larder.catalogue.service import RECIPE_OPTIONS_LIMIT

BENCH = Path(__file__).resolve().parent
DATA = BENCH / ".data"
SIZES = {"10k": 10_000, "100k": 100_000}
DIALECT = sqlite_dialect.dialect()
BIG_TABLES = ("recipe", "recipe_ingredient")


@dataclass
class Case:
    key: str
    label: str
    query: RecipeQuery
    page: int


@dataclass
class Statement:
    case: str
    name: str
    sql: str
    plan: list[tuple[int, int, str]] = field(default_factory=list)
    plan_no_stats: list[tuple[int, int, str]] = field(default_factory=list)
    ms_no_stats: float = 0.0
    ms: float = 0.0
    rows: int = 0
    flags: list[str] = field(default_factory=list)


def literal(statement: Select[Any]) -> str:
    return str(statement.compile(dialect=DIALECT, compile_kwargs={"literal_binds": True}))


def cases(meta: dict[str, Any]) -> list[Case]:
    filters = [FilterItem(**item) for item in meta["filter_body"]["filters"]]
    size = meta["size"]
    last = PageWindow(page=1, total=size).last_page
    return [
        Case("list", "list page 3", RecipeQuery(), 3),
        Case("list_last", f"list page {last} (last)", RecipeQuery(), last),
        Case("search_tomato", "search 'tomato'", RecipeQuery(search="tomato"), 1),
        Case("search_chick", "search 'chick'", RecipeQuery(search="chick"), 1),
        Case("filter", "filter 2 incl + 1 excl + veg + gf", RecipeQuery.from_filters("", filters), 1),
    ]


def statements_of(case: Case, db: sqlite3.Connection) -> list[tuple[str, str]]:
    """The statements CatalogueService._page sends for this query and page, in order."""
    ids_statement, ranked = case.query.statement()
    count = select(func.count()).select_from(ids_statement.order_by(None).subquery())
    window = PageWindow(page=case.page, total=0)
    if not ranked:
        ids_statement = ids_statement.order_by(Recipe.id.desc())
    page = ids_statement.limit(PER_PAGE).offset(window.offset)
    page_sql = literal(page)
    ids = [row[0] for row in db.execute(page_sql)]
    rows = select(Recipe).where(Recipe.id.in_(ids))
    categories = select(Category.id, Category.name)
    return [
        ("count", literal(count)),
        ("page ids", page_sql),
        ("rows", literal(rows)),
        ("categories", literal(categories)),
    ]


def option_statements() -> list[tuple[str, str, str]]:
    """GET /api/form-options/recipes (the recipe picker): CatalogueService.recipe_options."""
    out = []
    for label, search in (("no search", ""), ("search 'tomato'", "tomato")):
        statement = select(Recipe.id, Recipe.name, Recipe.image, Recipe.category_id).where(Recipe.verified.is_(True))
        query = RecipeQuery(search=search or None)
        if query.search:
            ids, _ = query.statement()
            statement = statement.where(Recipe.id.in_(ids.order_by(None)))
        statement = statement.order_by(func.lower(Recipe.name)).limit(RECIPE_OPTIONS_LIMIT)
        out.append(("form options: recipes", label, literal(statement)))
    return out


def plan(db: sqlite3.Connection, sql: str) -> list[tuple[int, int, str]]:
    return [(row[0], row[1], row[3]) for row in db.execute("EXPLAIN QUERY PLAN " + sql)]


def timed(db: sqlite3.Connection, sql: str, runs: int) -> tuple[float, int]:
    times = []
    rows = 0
    for _ in range(runs):
        started = time.perf_counter()
        rows = len(db.execute(sql).fetchall())
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), rows


def flags_for(db: sqlite3.Connection, statement: Statement) -> list[str]:
    flags = []
    flat = statement.sql.replace("\n", " ")
    limit = re.search(r" LIMIT (\d+)(?: OFFSET (\d+))?", flat)
    sorts = any("TEMP B-TREE FOR ORDER BY" in detail for _, _, detail in statement.plan)
    bounded = limit is not None and not sorts
    for _, _, detail in statement.plan:
        match = re.match(r"SCAN (\w+)", detail)
        if match and match.group(1) in BIG_TABLES:
            if bounded and limit:
                reads = int(limit.group(1)) + int(limit.group(2) or 0)
                flags.append(
                    f"{detail}: bounded by LIMIT, stops after {reads:,} matching rows (offset + limit;"
                    " grows with the page number)"
                )
            else:
                flags.append(f"FLAG {detail}: full scan of {match.group(1)}, not bounded by LIMIT")
    if limit and sorts:
        flags.append(
            "every matching row is produced and sorted (temp b-tree) before LIMIT applies:"
            " cost grows with the number of matches"
        )
    # IN-lists over recipe_ingredient are index searches, but they read every entry of the ingredient
    for ingredient in re.findall(r"recipe_ingredient\.ingredient_id (?:= |IN \()(\d+)", statement.sql):
        (entries,) = db.execute(
            "SELECT count(*) FROM recipe_ingredient WHERE ingredient_id = ?", (int(ingredient),)
        ).fetchone()
        (total,) = db.execute("SELECT count(*) FROM recipe").fetchone()
        flags.append(
            f"IN-list for ingredient {ingredient} materialises {entries:,} recipe ids"
            f" ({100 * entries / max(total, 1):.0f}% of recipes) before the outer query runs"
        )
    for _, _, detail in statement.plan:
        if detail.startswith("SEARCH recipe USING INTEGER PRIMARY KEY") and "count" in statement.name:
            flags.append("every candidate recipe row is read (rowid lookup) to test verified/tags")
            break
    return flags


def without_stats(db: sqlite3.Connection, sqls: list[str], runs: int) -> list[tuple[list[tuple[int, int, str]], float]]:
    """Plans (and times, where the plan differs) as on an instance that never ran ANALYZE: the
    statistics are removed inside a transaction that is rolled back."""
    (has_stats,) = db.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'"
    ).fetchone()
    if not has_stats:
        return [(plan(db, sql), 0.0) for sql in sqls]
    with_stats = [plan(db, sql) for sql in sqls]
    db.execute("PRAGMA query_only=OFF")
    db.execute("BEGIN")
    try:
        db.execute("DELETE FROM sqlite_stat1")
        db.execute("ANALYZE sqlite_schema")  # reload: the planner now sees no statistics
        out = []
        for sql, known in zip(sqls, with_stats, strict=True):
            bare = plan(db, sql)
            out.append((bare, timed(db, sql, runs)[0] if bare != known else 0.0))
    finally:
        db.execute("ROLLBACK")
        db.execute("ANALYZE sqlite_schema")
        db.execute("PRAGMA query_only=ON")
    return out


def render_plan(rows: list[tuple[int, int, str]]) -> list[str]:
    depth: dict[int, int] = {0: 0}
    out = []
    for node, parent, detail in rows:
        depth[node] = depth.get(parent, 0) + 1
        out.append("  " * depth[node] + "- " + detail)
    return out


def explain_size(name: str, runs: int) -> list[Statement]:
    source = DATA / f"catalogue-{name}"
    meta = json.loads((source / "bench_meta.json").read_text())
    # read-write only for the rolled-back "no statistics" look; nothing is ever committed
    db = sqlite3.connect(source / "larder.db", isolation_level=None)
    db.execute("PRAGMA query_only=ON")
    results: list[Statement] = []
    triples = [(case.label, label, sql) for case in cases(meta) for label, sql in statements_of(case, db)]
    triples += option_statements()
    plans_no_stats = without_stats(db, [sql for _, _, sql in triples], runs)
    for (case_label, label, sql), (no_stats, ms_no_stats) in zip(triples, plans_no_stats, strict=True):
        statement = Statement(case=case_label, name=label, sql=sql, plan=plan(db, sql), plan_no_stats=no_stats)
        statement.ms_no_stats = ms_no_stats
        statement.ms, statement.rows = timed(db, sql, runs)
        statement.flags = flags_for(db, statement)
        results.append(statement)
    db.close()
    return results


# -- statements per request through the real service -------------------------------------------
async def service_calls(name: str, runs: int) -> list[tuple[str, int, float]]:
    from sqlalchemy import event
    from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine

    from larder.catalogue.service import CatalogueService

    source = DATA / f"catalogue-{name}"
    meta = json.loads((source / "bench_meta.json").read_text())
    filters = [FilterItem(**item) for item in meta["filter_body"]["filters"]]
    engine = create_async_engine(f"sqlite+aiosqlite:///file:{source / 'larder.db'}?mode=ro&uri=true")
    sent: list[str] = []

    @event.listens_for(engine.sync_engine, "before_cursor_execute")
    def _count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        sent.append(statement)

    calls = {
        "list page 3": lambda s: s.list_page(3),
        "search 'tomato'": lambda s: s.search_page(1, "tomato"),
        "search 'chick'": lambda s: s.search_page(1, "chick"),
        "filter": lambda s: s.filter_page(1, "", filters),
        "detail": lambda s: s.detail(meta["size"] // 2),
        "latest (home)": lambda s: s.latest(),
    }
    out = []
    try:
        for label, call in calls.items():
            times = []
            statements = 0
            for _ in range(runs):
                async with AsyncSession(engine) as session:
                    sent.clear()
                    started = time.perf_counter()
                    await call(CatalogueService(session=session))
                    times.append((time.perf_counter() - started) * 1000)
                    statements = len(sent)
                    await session.rollback()
            out.append((label, statements, statistics.median(times)))
    finally:
        await engine.dispose()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100k,10k", help="first size gets the full plans; others the timings")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quiet-sql", action="store_true", help="do not print the SQL text")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.sizes.split(",") if n.strip() and (DATA / f"catalogue-{n.strip()}").exists()]
    if not names:
        raise SystemExit("no built catalogue under bench/.data (run bench/build_catalogue.py first)")
    by_size = {name: explain_size(name, args.runs) for name in names}
    main_name = names[0]
    print(f"# EXPLAIN QUERY PLAN on the {SIZES[main_name]:,}-recipe catalogue (sqlite {sqlite3.sqlite_version})")
    flagged = 0
    for statement in by_size[main_name]:
        print(f"\n## {statement.case} — {statement.name}: {statement.ms:.2f} ms, {statement.rows} row(s)")
        if not args.quiet_sql:
            print("   " + statement.sql.replace("\n", "\n   "))
        print("   plan (with ANALYZE statistics):")
        print("\n".join("   " + line for line in render_plan(statement.plan)))
        if statement.plan_no_stats != statement.plan:
            print(
                "   plan WITHOUT statistics (what an instance that never ran ANALYZE uses):"
                f" {statement.ms_no_stats:.2f} ms"
            )
            print("\n".join("   " + line for line in render_plan(statement.plan_no_stats)))
        for flag in statement.flags:
            flagged += flag.startswith("FLAG")
            print(f"   * {flag}")

    print("\n# SQL time per statement (median of runs, stdlib sqlite3, no ORM)")
    header = f"{'query':<36} {'statement':<16}" + "".join(f" {SIZES[n]:>10,}" for n in names)
    if len(names) > 1:
        header += "   growth"
    print(header)
    for index, statement in enumerate(by_size[main_name]):
        times = [by_size[n][index].ms for n in names]
        line = f"{statement.case:<36} {statement.name:<16}" + "".join(f" {t:>8.2f}ms" for t in times)
        if len(names) > 1 and min(times) > 0:
            line += f"   x{times[0] / times[-1]:.1f}"
        print(line)

    print(f"\n# Statements per call through CatalogueService ({SIZES[main_name]:,} recipes, in-process, aiosqlite)")
    for label, count, ms in asyncio.run(service_calls(main_name, args.runs)):
        print(f"{label:<20} {count:>2} statements  {ms:8.2f} ms")
    print(f"\n{flagged} unbounded full scan(s) of recipe/recipe_ingredient flagged.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
