"""Try the fixes suggested in bench/README.md on a scratch copy of a built catalogue.

    python bench/whatif.py [--size 100k] [--runs 7]

"today" is the SQL the current CatalogueService sends for the request (captured in-process by
bench/appsql.py); each proposal is an index or a rewrite, timed with stdlib sqlite3 (median of
runs) and checked to give the same answer. Nothing touches src/: this only shows what a change
would buy. The scratch copy is deleted afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from appsql import DATA, Captured, capture, cases, filter_items, meta_of
from explain import timed

from larder.catalogue.queries import PER_PAGE, RecipeQuery

Runnable = str | Callable[[], Any]


class Timer:
    def __init__(self, db: sqlite3.Connection, runs: int) -> None:
        self.db, self.runs = db, runs

    def run(self, work: Runnable, params: tuple[Any, ...] = ()) -> tuple[float, Any]:
        times, result = [], None
        for _ in range(self.runs):
            started = time.perf_counter()
            result = work() if callable(work) else self.db.execute(work, params).fetchall()
            times.append((time.perf_counter() - started) * 1000)
        return statistics.median(times), result

    def today(self, call: Captured) -> float:
        """Sum of the request's statements (the ones that touch recipes; categories are 0.04 ms)."""
        print(f"\n## {call.case.label}")
        total = 0.0
        for sent in call.statements:
            ms, rows = self.run(sent.sql, sent.params)
            total += ms
            plan = " / ".join(row[3] for row in self.db.execute("EXPLAIN QUERY PLAN " + sent.sql, sent.params))
            flat = " ".join(sent.sql.split())
            print(f"   {ms:8.2f} ms  today: {flat[:70]}{'…' if len(flat) > 70 else ''} ({len(rows):,} rows)")
            print(f"               | {plan}")
        print(f"   {total:8.2f} ms  today, all statements of the request")
        return total

    def propose(self, label: str, work: Runnable, expected: Any = None, key: Callable[[Any], Any] = lambda r: r) -> Any:
        ms, result = self.run(work)
        same = "" if expected is None else (" [same answer]" if key(result) == key(expected) else " [DIFFERENT]")
        print(f"   {ms:8.2f} ms  {label}{same}")
        if isinstance(work, str):
            for row in self.db.execute("EXPLAIN QUERY PLAN " + work):
                print(f"               | {row[3]}")
        return result


def exists(ingredient: int) -> str:
    return (
        "EXISTS (SELECT 1 FROM recipe_ingredient ri"
        f" WHERE ri.ingredient_id = {ingredient} AND ri.recipe_id = recipe.id)"
    )


def bitset_count(db: sqlite3.Connection, include: list[int], exclude: list[int], tags: list[str]) -> Callable[[], Any]:
    """In memory: one Python int per ingredient/tag with bit n set for recipe n."""
    (top,) = db.execute("SELECT max(id) FROM recipe").fetchone()

    def bits(sql: str, *args: Any) -> int:
        buffer = bytearray(top // 8 + 1)
        for (rid,) in db.execute(sql, args):
            buffer[rid >> 3] |= 1 << (rid & 7)
        return int.from_bytes(buffer, "little")

    sets = {i: bits("SELECT recipe_id FROM recipe_ingredient WHERE ingredient_id = ?", i) for i in include + exclude}
    tag_sets = {t: bits(f"SELECT id FROM recipe WHERE tag_{t} = 1 AND verified = 1") for t in tags}

    def run() -> int:
        result = tag_sets[tags[0]]
        for tag in tags[1:]:
            result &= tag_sets[tag]
        for ingredient in include:
            result &= sets[ingredient]
        for ingredient in exclude:
            result &= ~sets[ingredient]
        return result.bit_count()

    return run


def filter_section(timer: Timer, db: sqlite3.Connection, call: Captured, query: RecipeQuery) -> None:
    timer.today(call)
    matches = db.execute(call.statements[0].sql, call.statements[0].params).fetchall()
    first_page = matches[:PER_PAGE]
    includes = sorted(
        query.include_ingredients,
        key=lambda i: db.execute(
            "SELECT count(*) FROM (SELECT 1 FROM recipe_ingredient WHERE ingredient_id = ? LIMIT 1000)", (i,)
        ).fetchone()[0],
    )
    rarest, rest = includes[0], includes[1:]
    tags = "".join(f" AND tag_{name} IS 1" for name in query.preferences)
    probes = "".join(f" AND {exists(i)}" for i in rest) + "".join(
        f" AND NOT {exists(x)}" for x in query.exclude_ingredients
    )
    all_exists = (
        f"SELECT id FROM recipe WHERE verified IS 1{tags}"
        + "".join(f" AND {exists(i)}" for i in includes)
        + "".join(f" AND NOT {exists(x)}" for x in query.exclude_ingredients)
    )
    rarest_first = (
        f"SELECT id FROM recipe WHERE verified IS 1{tags} AND id IN"
        f" (SELECT recipe_id FROM recipe_ingredient WHERE ingredient_id = {rarest}){probes}"
    )
    timer.propose(
        "page of ids: EXISTS per include/exclude, newest first",
        f"{all_exists} ORDER BY id DESC LIMIT {PER_PAGE}",
        first_page,
    )
    timer.propose(
        f"page of ids: IN-list for the rarest include ({rarest}), EXISTS for the rest",
        f"{rarest_first} ORDER BY id DESC LIMIT {PER_PAGE}",
        first_page,
    )
    timer.propose(
        "total: count(*) of that rarest-first query", f"SELECT count(*) FROM ({rarest_first})", [(len(matches),)]
    )
    timer.propose(
        "total: in-memory Python int bitsets per ingredient/tag (a & b & ~x & tags).bit_count()",
        bitset_count(db, query.include_ingredients, query.exclude_ingredients, query.preferences),
        len(matches),
    )
    timer.propose(
        "(choosing the rarest include: bounded probe, up to 1000 uses, per include)",
        f"SELECT count(*) FROM (SELECT 1 FROM recipe_ingredient WHERE ingredient_id = {includes[-1]} LIMIT 1000)",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", default="100k")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    source = DATA / f"catalogue-{args.size}"
    meta = meta_of(args.size)
    wanted = {case.key: case for case in cases(args.size)}
    selected = [wanted[key] for key in ("filter", "filter_rare", "picker", "picker_search")]
    captured = {c.case.key: c for c in asyncio.run(capture(args.size, selected, 1))}
    scratch = Path(tempfile.mkdtemp(prefix="larder-whatif-"))
    try:
        shutil.copyfile(source / "larder.db", scratch / "larder.db")
        db = sqlite3.connect(scratch / "larder.db", isolation_level=None)
        timer = Timer(db, args.runs)
        print(f"# What-if on a scratch copy of the {meta['size']:,}-recipe catalogue (sqlite {sqlite3.sqlite_version})")

        filter_section(timer, db, captured["filter"], RecipeQuery.from_filters("", filter_items(meta)))
        rare, common = wanted["filter_rare"].ingredients
        filter_section(
            timer,
            db,
            captured["filter_rare"],
            RecipeQuery(include_ingredients=[rare, common], preferences=["vegetarian"]),
        )

        # -- without ANALYZE statistics, as on a real instance (the app never runs ANALYZE) ----------
        search = captured["picker_search"].statements[0]
        rewrite = (
            "SELECT recipe.id, recipe.name, recipe.image, recipe.category_id FROM recipe WHERE recipe.verified IS 1"
            " AND recipe.id IN (SELECT rowid FROM recipe_fts WHERE recipe_fts MATCH ?)"
            " ORDER BY lower(recipe.name) LIMIT ? OFFSET ?"
        )
        expected = db.execute(search.sql, search.params).fetchall()
        db.execute("DELETE FROM sqlite_stat1")
        db.execute("ANALYZE sqlite_schema")  # the planner now sees no statistics
        print("\n## form options: recipes 'tomato', WITHOUT ANALYZE statistics (how a real instance runs)")
        ms, rows = timed(db, search.sql, search.params, 1)
        note = " (interrupted: at least this long)" if rows < 0 else ""
        print(f"   {ms:8.2f} ms  today{note}")
        for row in db.execute("EXPLAIN QUERY PLAN " + search.sql, search.params):
            print(f"               | {row[3]}")
        ms, _ = timed(db, rewrite, search.params, args.runs)
        same = db.execute(rewrite, search.params).fetchall()
        verdict = "same answer" if [r[1].lower() for r in same] == [r[1].lower() for r in expected] else "DIFFERENT"
        print(f"   {ms:8.2f} ms  IN (SELECT rowid FROM recipe_fts WHERE MATCH ?), no join inside [{verdict}]")
        for row in db.execute("EXPLAIN QUERY PLAN " + rewrite, search.params):
            print(f"               | {row[3]}")
        db.execute("ANALYZE")
        ms, _ = timed(db, search.sql, search.params, args.runs)
        print(f"   {ms:8.2f} ms  today's SQL after ANALYZE (what PRAGMA optimize at start-up would give)")

        picker = captured["picker"]
        timer.today(picker)
        expected = db.execute(picker.statements[0].sql, picker.statements[0].params).fetchall()
        db.execute("CREATE INDEX ix_recipe_name_lower ON recipe (lower(name))")
        timer.propose(
            "+ CREATE INDEX ix_recipe_name_lower ON recipe (lower(name)), same SQL",
            lambda: db.execute(picker.statements[0].sql, picker.statements[0].params).fetchall(),
            expected,
            key=lambda rows: [row[1].lower() for row in rows],  # names repeat; ties have no order
        )
        for row in db.execute("EXPLAIN QUERY PLAN " + picker.statements[0].sql, picker.statements[0].params):
            print(f"               | {row[3]}")
        db.close()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
