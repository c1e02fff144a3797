"""EXPLAIN QUERY PLAN for the catalogue's discovery requests, exactly as the app runs them.

    python bench/explain.py [--sizes 100k,10k] [--runs 5] [--quiet-sql]

The real CatalogueService runs in-process over the built catalogue (read only) and every SQL
statement it sends is captured with its parameters (bench/appsql.py): list pages, searches, the
filter, the recipe picker, detail and the home page's latest. Each statement is then explained
and timed with stdlib sqlite3. For reference, RecipeQuery.fts_match() is also printed.

Flags: a SCAN of recipe or recipe_ingredient that LIMIT does not bound (or a sort of every
match before LIMIT), IN-lists/INTERSECTs that materialise every recipe of a common ingredient,
and statements that hand every match to Python. The number of statements per call is printed
too: one that grew with the page size would be an N+1.

The app never runs ANALYZE; the build does. Plans are shown with the statistics and again
without them (as on a real instance) when they differ, with the time of that plan.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sqlite3
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from appsql import DATA, SIZES, Captured, capture, cases, filter_items, meta_of

from larder.catalogue.queries import PER_PAGE, RecipeQuery

BIG_TABLES = ("recipe", "recipe_ingredient")
MANY_ROWS = PER_PAGE * 5


@dataclass
class Explained:
    key: str
    case: str
    index: int
    sql: str
    params: tuple[Any, ...]
    plan: list[tuple[int, int, str]] = field(default_factory=list)
    plan_no_stats: list[tuple[int, int, str]] = field(default_factory=list)
    ms: float = 0.0
    ms_no_stats: float = 0.0
    rows: int = 0
    flags: list[str] = field(default_factory=list)


def plan(db: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> list[tuple[int, int, str]]:
    return [(row[0], row[1], row[3]) for row in db.execute("EXPLAIN QUERY PLAN " + sql, params)]


GIVE_UP_S = 15.0


def timed(db: sqlite3.Connection, sql: str, params: tuple[Any, ...], runs: int) -> tuple[float, int]:
    """Median time in ms; one run only when it takes over a second, and a statement still running
    after GIVE_UP_S is interrupted and reported as that (a lower bound, marked by rows = -1)."""
    times, rows = [], 0
    for _ in range(runs):
        started = time.perf_counter()
        deadline = started + GIVE_UP_S
        db.set_progress_handler(lambda deadline=deadline: int(time.perf_counter() > deadline), 100_000)
        try:
            rows = len(db.execute(sql, params).fetchall())
        except sqlite3.OperationalError as error:
            if "interrupted" not in str(error):
                raise
            return GIVE_UP_S * 1000, -1
        finally:
            db.set_progress_handler(None, 0)
        times.append((time.perf_counter() - started) * 1000)
        if times[-1] > 1000:
            break
    return statistics.median(times), rows


def flags_for(statement: Explained, uses: dict[int, int], total: int) -> list[str]:
    flags = []
    flat = " ".join(statement.sql.split())
    limited = re.search(r" LIMIT (\?|\d+)(?: OFFSET (\?|\d+))?", flat) is not None
    sorts = any("TEMP B-TREE FOR ORDER BY" in detail for _, _, detail in statement.plan)
    for _, _, detail in statement.plan:
        match = re.match(r"SCAN (\w+)", detail)
        if not match or match.group(1) not in BIG_TABLES or ("COVERING INDEX" in detail and "count(" in flat):
            continue
        if limited and not sorts:
            flags.append(f"{detail}: bounded by LIMIT (reads offset + limit matching rows; grows with the page number)")
        else:
            flags.append(f"FLAG {detail}: full scan of {match.group(1)}, not bounded by LIMIT")
    if limited and sorts:
        flags.append("every match is produced and sorted (temp b-tree) before LIMIT: cost grows with the matches")
    if any(d.startswith(("LIST SUBQUERY", "COMPOUND QUERY")) for _, _, d in statement.plan) and uses:
        described = ", ".join(f"{i}: {n:,} ({100 * n / max(total, 1):.0f}%)" for i, n in uses.items())
        flags.append(f"IN-lists/INTERSECT materialise every recipe of each ingredient first ({described})")
    if not limited and statement.rows > MANY_ROWS and "count(" not in flat:
        flags.append(f"returns {statement.rows:,} rows to Python (every match): cost grows with the matches")
    return flags


def without_stats(db: sqlite3.Connection, items: list[Explained], runs: int) -> None:
    """Plans (and times, where the plan differs) as on an instance that never ran ANALYZE: the
    statistics are removed inside a transaction that is rolled back."""
    (has_stats,) = db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'").fetchone()
    if not has_stats:
        for item in items:
            item.plan_no_stats = item.plan
        return
    db.execute("PRAGMA query_only=OFF")
    db.execute("BEGIN")
    try:
        db.execute("DELETE FROM sqlite_stat1")
        db.execute("ANALYZE sqlite_schema")  # reload: the planner now sees no statistics
        for item in items:
            item.plan_no_stats = plan(db, item.sql, item.params)
            if item.plan_no_stats != item.plan:
                item.ms_no_stats = timed(db, item.sql, item.params, runs)[0]
    finally:
        db.execute("ROLLBACK")
        db.execute("ANALYZE sqlite_schema")
        db.execute("PRAGMA query_only=ON")


def explain_size(name: str, runs: int) -> tuple[list[Captured], list[Explained]]:
    captured = asyncio.run(capture(name, cases(name), runs))
    db = sqlite3.connect(DATA / f"catalogue-{name}" / "larder.db", isolation_level=None)
    db.execute("PRAGMA query_only=ON")  # only the rolled-back "no statistics" look writes
    (total,) = db.execute("SELECT count(*) FROM recipe").fetchone()
    items: list[Explained] = []
    for call in captured:
        uses = {
            i: db.execute("SELECT count(*) FROM recipe_ingredient WHERE ingredient_id = ?", (i,)).fetchone()[0]
            for i in call.case.ingredients
        }
        for index, sent in enumerate(call.statements):
            item = Explained(
                call.case.key, call.case.label, index, sent.sql, sent.params, plan=plan(db, sent.sql, sent.params)
            )
            item.ms, item.rows = timed(db, sent.sql, sent.params, runs)
            item.flags = flags_for(item, uses, total)
            items.append(item)
    without_stats(db, items, runs)
    db.close()
    return captured, items


def render_plan(rows: list[tuple[int, int, str]]) -> list[str]:
    depth: dict[int, int] = {0: 0}
    out = []
    for node, parent, detail in rows:
        depth[node] = depth.get(parent, 0) + 1
        out.append("  " * depth[node] + "- " + detail)
    return out


def short(sql: str, limit: int = 110) -> str:
    flat = " ".join(sql.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def print_reference(name: str) -> None:
    meta = meta_of(name)
    print("\n# RecipeQuery.fts_match(): the FTS5 expression each search or filter sends (the plain list uses none)")
    for label, query in (
        ("list", RecipeQuery()),
        ("search 'tomato'", RecipeQuery(search="tomato")),
        ("filter", RecipeQuery.from_filters("", filter_items(meta))),
    ):
        print(f"\n## {label} (plain={query.is_plain})\n   {query.fts_match()}\n   name tier: {query.name_match()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100k,10k", help="the first size gets the full plans; others the timings")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quiet-sql", action="store_true", help="print shortened SQL only")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.sizes.split(",") if n.strip() and (DATA / f"catalogue-{n.strip()}").exists()]
    if not names:
        raise SystemExit("no built catalogue under bench/.data (run bench/build_catalogue.py first)")
    by_size = {name: explain_size(name, args.runs) for name in names}
    main_name = names[0]
    captured, items = by_size[main_name]
    if not args.quiet_sql:
        print_reference(main_name)
    print(f"\n# EXPLAIN QUERY PLAN on the {SIZES[main_name]:,}-recipe catalogue (sqlite {sqlite3.sqlite_version})")
    flagged = 0
    for item in items:
        print(f"\n## {item.case} — statement {item.index + 1}: {item.ms:.2f} ms, {item.rows:,} row(s)")
        if args.quiet_sql:
            print(f"   {short(item.sql)}")
        else:
            print("   " + item.sql.replace("\n", "\n   "))
        if item.params:
            print(f"   params: {item.params}")
        print("   plan (with ANALYZE statistics):")
        print("\n".join("   " + line for line in render_plan(item.plan)))
        if item.plan_no_stats != item.plan:
            gave_up = " (interrupted: at least this long)" if item.ms_no_stats >= GIVE_UP_S * 1000 else ""
            print(f"   plan WITHOUT statistics (a never-analysed instance): {item.ms_no_stats:.2f} ms{gave_up}")
            if item.ms_no_stats > max(100 * item.ms, 1000):
                flagged += 1
                print("   * FLAG without statistics this statement is over 100x slower (see the plan above)")
            print("\n".join("   " + line for line in render_plan(item.plan_no_stats)))
        for flag in item.flags:
            flagged += flag.startswith("FLAG")
            print(f"   * {flag}")

    print("\n# SQL time per statement (median, stdlib sqlite3, no ORM)")
    header = f"{'request':<40} {'#':>2} {'statement':<60}" + "".join(f" {SIZES[n]:>10,}" for n in names)
    print(header + ("   growth" if len(names) > 1 else ""))
    lookup = {name: {(i.key, i.index): i for i in by_size[name][1]} for name in names}
    for item in items:
        times = [lookup[n][item.key, item.index].ms if (item.key, item.index) in lookup[n] else 0.0 for n in names]
        line = f"{item.case:<40} {item.index + 1:>2} {short(item.sql, 60):<60}" + "".join(
            f" {t:>8.2f}ms" for t in times
        )
        if len(names) > 1 and times[-1] > 0:
            line += f"   x{times[0] / times[-1]:.1f}"
        print(line)

    print("\n# Statements per call through CatalogueService (in-process, aiosqlite; wall time incl. ORM)")
    print(f"{'request':<40}" + "".join(f" {SIZES[n]:>22,}" for n in names))
    for index, call in enumerate(captured):
        cells = []
        for name in names:
            other = by_size[name][0][index]
            cells.append(f"{len(other.statements):>2} statements {other.ms:>7.2f} ms")
        print(f"{call.case.label:<40}" + "".join(f" {c:>22}" for c in cells))
    print(f"\n{flagged} flag(s): unbounded scans of recipe/recipe_ingredient, plans that collapse without ANALYZE.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
