"""Try the fixes suggested in bench/README.md on a scratch copy of a built catalogue.

    python bench/whatif.py [--size 100k] [--runs 7]

Each line times the statement the app runs today against a proposed index or rewrite (stdlib
sqlite3, median of runs, same results checked). Nothing touches src/: this only shows what a
change would buy. The copy is deleted afterwards.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects import sqlite as sqlite_dialect

from larder.catalogue.models import Recipe
from larder.catalogue.queries import PER_PAGE, RecipeQuery
from larder.catalogue.schemas import FilterItem
from larder.catalogue.service import RECIPE_OPTIONS_LIMIT

BENCH = Path(__file__).resolve().parent
DIALECT = sqlite_dialect.dialect()


def literal(statement: Any) -> str:
    return str(statement.compile(dialect=DIALECT, compile_kwargs={"literal_binds": True}))


def app_statements(query: RecipeQuery) -> tuple[str, str]:
    """(count, first page of ids) exactly as CatalogueService._page builds them."""
    ids, ranked = query.statement()
    count = select(func.count()).select_from(ids.order_by(None).subquery())
    if not ranked:
        ids = ids.order_by(Recipe.id.desc())
    return literal(count), literal(ids.limit(PER_PAGE).offset(0))


class Timer:
    def __init__(self, db: sqlite3.Connection, runs: int) -> None:
        self.db, self.runs = db, runs

    def run(self, sql: str | Callable[[], Any]) -> tuple[float, Any]:
        times, result = [], None
        for _ in range(self.runs):
            started = time.perf_counter()
            result = sql() if callable(sql) else self.db.execute(sql).fetchall()
            times.append((time.perf_counter() - started) * 1000)
        return statistics.median(times), result

    def compare(
        self,
        title: str,
        today: str,
        proposals: list[tuple[str, str | Callable[[], Any]]],
        setup: Callable[[], Any] | None = None,
        key: Callable[[Any], Any] = lambda rows: rows,
    ) -> None:
        base_ms, base = self.run(today)
        print(f"\n## {title}\n   {base_ms:8.2f} ms  today")
        for row in self.db.execute("EXPLAIN QUERY PLAN " + today):
            print(f"               | {row[3]}")
        if setup:
            setup()
        for label, sql in proposals:
            ms, result = self.run(sql)
            same = "same result" if key(result) == key(base) else f"DIFFERENT: {str(result)[:50]} vs {str(base)[:50]}"
            print(f"   {ms:8.2f} ms  {label}  [{same}]")
            if isinstance(sql, str):
                for row in self.db.execute("EXPLAIN QUERY PLAN " + sql):
                    print(f"               | {row[3]}")


def bitset_count(db: sqlite3.Connection, include: list[int], exclude: list[int], tags: list[str]) -> Callable[[], Any]:
    """An in-memory alternative: one Python int per ingredient/tag with bit n set for recipe n."""

    (top,) = db.execute("SELECT max(id) FROM recipe").fetchone()

    def bits(sql: str, *args: Any) -> int:
        buffer = bytearray(top // 8 + 1)
        for (rid,) in db.execute(sql, args):
            buffer[rid >> 3] |= 1 << (rid & 7)
        return int.from_bytes(buffer, "little")

    sets = {i: bits("SELECT recipe_id FROM recipe_ingredient WHERE ingredient_id = ?", i) for i in include + exclude}
    tag_sets = {t: bits(f"SELECT id FROM recipe WHERE tag_{t} = 1 AND verified = 1") for t in tags}

    def run() -> list[tuple[int]]:
        result = tag_sets[tags[0]]
        for tag in tags[1:]:
            result &= tag_sets[tag]
        for ingredient in include:
            result &= sets[ingredient]
        for ingredient in exclude:
            result &= ~sets[ingredient]
        return [(result.bit_count(),)]

    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", default="100k")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    source = BENCH / ".data" / f"catalogue-{args.size}"
    meta = json.loads((source / "bench_meta.json").read_text())
    scratch = Path(tempfile.mkdtemp(prefix="larder-whatif-"))
    try:
        shutil.copyfile(source / "larder.db", scratch / "larder.db")
        db = sqlite3.connect(scratch / "larder.db", isolation_level=None)
        timer = Timer(db, args.runs)
        print(f"# What-if on a scratch copy of the {meta['size']:,}-recipe catalogue (sqlite {sqlite3.sqlite_version})")

        # -- search ----------------------------------------------------------------------------
        for word in ("tomato", "chick"):
            count, page = app_statements(RecipeQuery(search=word))
            match = f'("{word}"*)'
            timer.compare(
                f"search '{word}': total",
                count,
                [("count from recipe_fts alone (needs FTS rows for verified recipes only)",
                  f"SELECT count(*) FROM recipe_fts WHERE recipe_fts MATCH '{match}'")],
            )  # fmt: skip
            timer.compare(
                f"search '{word}': first page of ids (bm25 over every match)",
                page,
                [
                    (
                        "rank inside recipe_fts, LIMIT there, no join (FTS holds verified recipes only)",
                        f"SELECT rowid AS id FROM recipe_fts WHERE recipe_fts MATCH '{match}'"
                        f" ORDER BY bm25(recipe_fts, 10.0, 2.0, 4.0), rowid LIMIT {PER_PAGE}",
                    ),
                    (
                        "(floor) the same without ranking: match only",
                        f"SELECT rowid AS id FROM recipe_fts WHERE recipe_fts MATCH '{match}' LIMIT {PER_PAGE}",
                    ),
                ],
            )

        # -- filter ----------------------------------------------------------------------------
        filters = [FilterItem(**item) for item in meta["filter_body"]["filters"]]
        query = RecipeQuery.from_filters("", filters)
        count, page = app_statements(query)
        a, b = query.include_ingredients
        (x,) = query.exclude_ingredients
        tags = " AND ".join(f"tag_{name} IS 1" for name in query.preferences)

        def exists(ingredient: int) -> str:
            return (
                "EXISTS (SELECT 1 FROM recipe_ingredient ri"
                f" WHERE ri.ingredient_id = {ingredient} AND ri.recipe_id = recipe.id)"
            )

        rewritten = (
            f"SELECT id FROM recipe WHERE verified IS 1 AND {tags} AND {exists(a)} AND {exists(b)} AND NOT {exists(x)}"
        )
        timer.compare(
            "filter: first page of ids",
            page,
            [("EXISTS per include/exclude instead of IN-lists", f"{rewritten} ORDER BY id DESC LIMIT {PER_PAGE}")],
        )
        timer.compare(
            "filter: total",
            count,
            [
                ("EXISTS per include/exclude", f"SELECT count(*) FROM ({rewritten})"),
                (
                    "IN-list for one include, EXISTS for the rest",
                    f"SELECT count(*) FROM recipe WHERE verified IS 1 AND {tags} AND id IN (SELECT recipe_id FROM"
                    f" recipe_ingredient WHERE ingredient_id = {a}) AND {exists(b)} AND NOT {exists(x)}",
                ),
                (
                    "(in-memory) Python int bitsets per ingredient/tag: a & b & ~x & tags",
                    bitset_count(db, [a, b], [x], query.preferences),
                ),
            ],
        )
        # a rare include (a vegetarian ingredient in 20-40 recipes) with a common one: EXISTS alone
        # would walk every vegetarian recipe; drive from the rarest include instead
        rare = db.execute(
            "SELECT ri.ingredient_id FROM recipe_ingredient ri JOIN ingredient i ON i.id = ri.ingredient_id"
            " WHERE i.vegetarian = 1 GROUP BY ri.ingredient_id HAVING count(*) BETWEEN 20 AND 40"
            " ORDER BY ri.ingredient_id LIMIT 1"
        ).fetchone()[0]
        rare_query = RecipeQuery(include_ingredients=[rare, a], preferences=["vegetarian"])
        _, rare_page = app_statements(rare_query)
        timer.compare(
            f"filter: first page of ids, rare ingredient {rare} + common {a} + vegetarian",
            rare_page,
            [
                (
                    "EXISTS for both",
                    f"SELECT id FROM recipe WHERE verified IS 1 AND tag_vegetarian IS 1 AND {exists(rare)}"
                    f" AND {exists(a)} ORDER BY id DESC LIMIT {PER_PAGE}",
                ),
                (
                    "IN-list for the rarest include, EXISTS for the rest",
                    f"SELECT id FROM recipe WHERE verified IS 1 AND tag_vegetarian IS 1 AND id IN (SELECT recipe_id"
                    f" FROM recipe_ingredient WHERE ingredient_id = {rare}) AND {exists(a)}"
                    f" ORDER BY id DESC LIMIT {PER_PAGE}",
                ),
            ],
        )
        probe_ms, _ = timer.run(
            f"SELECT count(*) FROM (SELECT 1 FROM recipe_ingredient WHERE ingredient_id = {a} LIMIT 1000)"
        )
        print(f"   {probe_ms:8.2f} ms  (choosing the rarest: bounded probe, count of up to 1000 uses per include)")

        # -- list page total --------------------------------------------------------------------
        list_count, _ = app_statements(RecipeQuery())

        def add_index() -> None:
            db.execute("CREATE INDEX ix_recipe_verified ON recipe (verified)")
            db.execute("ANALYZE recipe")

        def all_minus_unverified() -> list[tuple[int]]:
            (everything,) = db.execute("SELECT count(*) FROM recipe").fetchone()
            (unverified,) = db.execute("SELECT count(*) FROM recipe WHERE verified = 0").fetchone()
            return [(everything - unverified,)]

        timer.compare(
            "list page: total (count of verified recipes)",
            list_count,
            [
                ("+ CREATE INDEX ix_recipe_verified ON recipe (verified)", list_count),
                ("+ that index, total = count(*) of recipe - count(*) WHERE verified = 0", all_minus_unverified),
            ],
            setup=add_index,
        )

        # -- recipe picker: GET /api/form-options/recipes ------------------------------------------
        picker = literal(
            select(Recipe.id, Recipe.name, Recipe.image, Recipe.category_id)
            .where(Recipe.verified.is_(True))
            .order_by(func.lower(Recipe.name))
            .limit(RECIPE_OPTIONS_LIMIT)
        )
        timer.compare(
            "form options: recipes, no search (first 200 by lower(name))",
            picker,
            [("+ CREATE INDEX ix_recipe_name_lower ON recipe (lower(name))", picker)],
            setup=lambda: db.execute("CREATE INDEX ix_recipe_name_lower ON recipe (lower(name))"),
            key=lambda rows: [row[1].lower() for row in rows],  # names repeat; ties have no order
        )

        # -- the verified index also serves the search join ------------------------------------------
        print("\n## search with ix_recipe_verified in place (today's SQL; the join checks verified in the index)")
        for word in ("tomato", "chick"):
            statements = app_statements(RecipeQuery(search=word))
            for label, sql in zip(("total", "first page of ids"), statements, strict=True):
                ms, _ = timer.run(sql)
                plan = " / ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + sql))
                print(f"   {ms:8.2f} ms  search '{word}' {label}: {plan}")

        db.close()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
