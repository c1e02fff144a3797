"""Build a Larder data dir holding a large synthetic catalogue, fast.

    python bench/build_catalogue.py N PATH [--seed S] [--force]

The schema comes from the app's own migrations; the rows are written with stdlib sqlite3
(executemany, one transaction). Tags and the FTS row of every recipe are derived exactly as
CatalogueService.refresh_derived / derive_tags do it. A finished dir holds bench_meta.json
(size, seed, build time, search hit rates, ids for the filter benchmark); when it matches, the
build is skipped.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sqlite3
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from words import (
    ADJECTIVES,
    AN_ADJECTIVES,
    BASE_INGREDIENTS,
    DESCRIPTION_CLOSERS,
    DESCRIPTION_MIDDLES,
    DESCRIPTION_OPENERS,
    FLAG_CHANGES,
    INGREDIENT_CATEGORIES,
    MODIFIERS,
    ORIGINS,
    PROFILES,
    RECIPE_CATEGORIES,
    STEP_SENTENCES,
    STEP_TITLES,
)

GENERATOR_VERSION = 5  # 5: search facets with tag combinations, optimized FTS index
TARGET_INGREDIENTS = 3000
STAPLE_WEIGHT = 15  # bases at least this popular are staples (salt, oil, onion…)
FLAGS = ("vegan", "vegetarian", "gluten_free", "sugar_free", "dairy_free")
TREATMENTS = ("whole", "crushed", "powdered", "muddled", "diced", "peeled", "sliced", "cooked", "melted", "grated")
QUANTITIES = {
    "g": (25, 50, 100, 150, 200, 250, 400, 500),
    "ml": (50, 100, 150, 250, 400, 500),
    "tsp": (0.5, 1, 1, 2, 3),
    "tbsp": (1, 1, 2, 3, 4),
    "unit(s)": (1, 1, 2, 3, 4, 6),
    "rasher(s)": (2, 4, 6, 8),
}
SEARCH_WORDS = ("tomato", "chick", "lemon", "garlic", "thai", "soup", "zzzz")
START = datetime(2023, 11, 1, 8, 0, 0)
SPAN = timedelta(days=3 * 365)
BATCH = 5000


def stamp(moment: datetime) -> str:
    """What advanced-alchemy's DateTimeUTC stores in SQLite: naive UTC, space, microseconds."""
    return f"{moment:%Y-%m-%d %H:%M:%S.%f}"


# -- ingredients ---------------------------------------------------------------------------------
class Ing:
    __slots__ = (
        "allergens",
        "base",
        "category",
        "dairy_free",
        "gluten_free",
        "id",
        "name",
        "staple",
        "staple_base",
        "sugar_free",
        "unit",
        "vegan",
        "vegetarian",
        "weight",
    )

    def __init__(self, **kw: Any) -> None:
        for key, value in kw.items():
            setattr(self, key, value)


def make_ingredients(rng: random.Random) -> list[Ing]:
    bases = []
    for name, category, profile, popularity, unit in BASE_INGREDIENTS:
        vegan, vegetarian, gluten_free, dairy_free, sugar_free, allergens = PROFILES[profile]
        bases.append(
            {
                "name": name,
                "category": category,
                "unit": unit,
                "popularity": popularity,
                "flags": {
                    "vegan": vegan,
                    "vegetarian": vegetarian,
                    "gluten_free": gluten_free,
                    "dairy_free": dairy_free,
                    "sugar_free": sugar_free,
                },
                "allergens": list(allergens),
            }
        )
    items: list[Ing] = []
    seen: set[str] = set()

    def add(base: dict[str, Any], modifier: str | None, rank: int) -> None:
        name = f"{modifier} {base['name']}" if modifier else base["name"]
        name = name[0].upper() + name[1:]
        if name.lower() in seen:
            return
        seen.add(name.lower())
        flags = dict(base["flags"])
        allergens = set(base["allergens"])
        change = FLAG_CHANGES.get(modifier or "", {})
        for key, value in change.items():
            if key in FLAGS:
                flags[key] = value
            elif key == "add":
                allergens.add(str(value))
            elif key.startswith("drop"):
                allergens.discard(str(value))
        # keep the flags consistent with the allergens
        if "gluten" in allergens:
            flags["gluten_free"] = False
        if "milk" in allergens:
            flags["dairy_free"] = flags["vegan"] = False
        if "egg" in allergens:
            flags["vegan"] = False
        if allergens & {"fish", "crustaceans", "molluscs"}:
            flags["vegan"] = flags["vegetarian"] = False
        if flags["vegan"]:
            flags["vegetarian"] = True
        popularity = base["popularity"]
        staple = modifier is None and popularity >= STAPLE_WEIGHT
        # plain base gets its popularity; the n-th variant a falling share of it (staples capped)
        weight = popularity if modifier is None else min(popularity, 5) * 0.35 / rank
        items.append(
            Ing(
                id=0,
                name=name,
                base=base["name"],
                category=base["category"],
                unit=base["unit"],
                allergens=sorted(allergens),
                staple=staple,
                staple_base=popularity >= STAPLE_WEIGHT,
                weight=weight,
                **flags,
            )
        )

    for base in bases:
        add(base, None, 0)
    # round-robin over the variant lists so every base gets some before any gets many
    variant_lists = []
    for base in bases:
        modifiers = list(MODIFIERS.get(base["category"], []))
        rng.shuffle(modifiers)
        variant_lists.append((base, modifiers))
    rank = 0
    while len(items) < TARGET_INGREDIENTS:
        grew = False
        for base, modifiers in variant_lists:
            if rank < len(modifiers) and len(items) < TARGET_INGREDIENTS:
                add(base, modifiers[rank], rank + 1)
                grew = True
        if not grew:
            break
        rank += 1
    rng.shuffle(items)  # ids do not follow popularity
    for number, item in enumerate(items, start=1):
        item.id = number
    return items


class Pool:
    """Weighted draw without replacement from a fixed set of ingredients."""

    def __init__(self, items: list[Ing]) -> None:
        self.items = items
        total = 0.0
        self.cum: list[float] = []
        for item in items:
            total += item.weight
            self.cum.append(total)

    def draw(self, rng: random.Random, count: int, taken: set[int]) -> list[Ing]:
        out: list[Ing] = []
        if count <= 0 or not self.items:
            return out
        for _ in range(6):
            for item in rng.choices(self.items, cum_weights=self.cum, k=count * 2):
                if item.id not in taken:
                    taken.add(item.id)
                    out.append(item)
                    if len(out) == count:
                        return out
        return out


def derive_tags(items: list[Ing]) -> dict[str, Any]:
    """Same rule as larder.catalogue.service.derive_tags."""
    tags: dict[str, Any] = {flag: bool(items) and all(getattr(i, flag) for i in items) for flag in FLAGS}
    tags["allergen"] = any(bool(i.allergens) for i in items)
    tags["allergens"] = sorted({a for i in items for a in i.allergens})
    return tags


# -- recipes -------------------------------------------------------------------------------------
def recipe_text(rng: random.Random, heroes: list[Ing], dishes: list[str]) -> tuple[str, str]:
    dish = rng.choice(dishes)
    a = heroes[0].base
    b = heroes[1].base if len(heroes) > 1 else rng.choice(ADJECTIVES) + " greens"
    c = heroes[2].base if len(heroes) > 2 else "herbs"
    form = rng.random()
    if form < 0.45:
        name = f"{rng.choice(ADJECTIVES)} {a} {dish}"
    elif form < 0.75:
        name = f"{a} and {b} {dish}"
    elif form < 0.9:
        name = f"{rng.choice(ORIGINS)} {a} {dish}"
    else:
        name = f"{rng.choice(ADJECTIVES)} {rng.choice(ORIGINS)} {dish} with {a}"
    name = name[0].upper() + name[1:]
    adjective = rng.choice(ADJECTIVES)
    opener = rng.choice(DESCRIPTION_OPENERS).format(
        adj=adjective,
        A_adj=("An " if adjective[0] in "aeiou" else "A ") + adjective,
        adj2=rng.choice(AN_ADJECTIVES),
        dish=dish,
        a=a,
        b=b,
        c=c,
        origin=rng.choice(ORIGINS),
        Origin=rng.choice(ORIGINS),
    )
    middle = rng.choice(DESCRIPTION_MIDDLES).format(minutes=rng.choice((15, 20, 25, 30, 40, 45, 60, 90)))
    description = f"{opener}, {middle}. {rng.choice(DESCRIPTION_CLOSERS)}".strip()
    return name, description


def build(size: int, target: Path, seed: int) -> dict[str, Any]:
    from larder.core.base.settings import Settings
    from larder.core.db.setup import run_migrations

    started = time.perf_counter()
    rng = random.Random(seed)
    settings = Settings.from_env({"LARDER_DATA_DIR": str(target)}).prepared()
    run_migrations(settings)
    migrated = time.perf_counter()

    db = sqlite3.connect(target / "larder.db", isolation_level=None)
    db.execute("PRAGMA journal_mode=OFF")
    db.execute("PRAGMA synchronous=OFF")
    db.execute("PRAGMA cache_size=-1000000")
    db.execute("PRAGMA temp_store=MEMORY")
    db.execute("BEGIN")
    # Secondary indexes of the big tables are dropped for the bulk insert and rebuilt from their own
    # DDL afterwards (a sorted build is much faster than 1M random inserts).
    indexes = db.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        " AND tbl_name IN ('recipe', 'recipe_ingredient', 'recipe_step')"
    ).fetchall()
    for name, _ in indexes:
        db.execute(f'DROP INDEX "{name}"')

    t0 = stamp(START - timedelta(days=30))
    # categories: ingredient kinds first (as the seed loader does), then recipe kinds
    category_rows = []
    ingredient_category_id: dict[str, int] = {}
    recipe_categories: list[tuple[int, str, list[str]]] = []
    cid = 0
    for key, name in INGREDIENT_CATEGORIES.items():
        cid += 1
        ingredient_category_id[key] = cid
        category_rows.append((cid, f"ingredient:{key}", name, "ingredient", None, 0, t0, t0))
    for key, name, dishes in RECIPE_CATEGORIES:
        cid += 1
        recipe_categories.append((cid, f"catalogue-{key}.svg", dishes))
        category_rows.append((cid, f"recipe:{key}", name, "recipe", f"catalogue-{key}.svg", 0, t0, t0))
    db.executemany(
        "INSERT INTO category (id, key, name, kind, image, external_link, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        category_rows,
    )

    ingredients = make_ingredients(rng)
    db.executemany(
        "INSERT INTO ingredient (id, name, category_id, default_unit, storage, allergens, allergen, vegan, vegetarian,"
        " diabetes_ok, sugar_free, gluten_free, dairy_free, estimated_expiry_days, image, created_at, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                i.id,
                i.name,
                ingredient_category_id[i.category],
                i.unit,
                "fridge" if i.category in ("dairy", "meat", "fish", "eggs") else "pantry",
                json.dumps(i.allergens),
                int(bool(i.allergens)),
                int(i.vegan),
                int(i.vegetarian),
                int(i.sugar_free),  # diabetes_ok follows sugar_free
                int(i.sugar_free),
                int(i.gluten_free),
                int(i.dairy_free),
                {"veg": 7, "fruit": 7, "herbs": 5, "dairy": 10, "meat": 4, "fish": 2, "eggs": 21}.get(i.category, 180),
                None,
                t0,
                t0,
            )
            for i in ingredients
        ],
    )

    # Recipe profiles: some recipes are written to be vegan / vegetarian / gluten free, so they
    # only draw from ingredients that fit; the rest draw from everything.
    def fits(item: Ing, diet: str, gluten_free: bool) -> bool:
        if diet == "vegan" and not item.vegan:
            return False
        if diet == "vegetarian" and not item.vegetarian:
            return False
        return not (gluten_free and not item.gluten_free)

    pools: dict[tuple[str, bool], tuple[Pool, Pool]] = {}
    proteins: dict[bool, Pool] = {}
    for diet in ("any", "vegetarian", "vegan"):
        for gluten_free in (False, True):
            chosen = [i for i in ingredients if fits(i, diet, gluten_free)]
            staples = Pool([i for i in chosen if i.staple])
            pools[diet, gluten_free] = (staples, Pool([i for i in chosen if not i.staple]))
            if diet == "any":
                proteins[gluten_free] = Pool([i for i in chosen if i.category in ("meat", "fish") and not i.staple])

    recipe_sql = (
        "INSERT INTO recipe (id, name, description, image, serves, category_id, verified, comments, tag_allergen,"
        " tag_vegetarian, tag_vegan, tag_dairy_free, tag_gluten_free, tag_sugar_free, allergens, created_at,"
        " updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )
    line_sql = (
        "INSERT INTO recipe_ingredient (id, recipe_id, ingredient_id, position, quantity, measurement, treatment,"
        " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )
    step_sql = (
        "INSERT INTO recipe_step (id, recipe_id, step_order, title, description, image, timer, ingredients,"
        " created_at, updated_at) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)"
    )
    line_id = step_id = 0
    lines_total = steps_total = 0
    recipes, lines, steps = [], [], []
    step_seconds = SPAN.total_seconds() / max(size, 1)
    for rid in range(1, size + 1):
        roll = rng.random()
        diet = "vegan" if roll < 0.12 else "vegetarian" if roll < 0.35 else "any"
        gluten_free = rng.random() < 0.15
        staples, others = pools[diet, gluten_free]
        count = round(rng.triangular(5, 20, 9))
        taken: set[int] = set()
        n_staples = min(count - 2, rng.randint(2, 5))
        # most recipes that are not written for a diet have a meat or fish main
        chosen = proteins[gluten_free].draw(rng, 1, taken) if diet == "any" and rng.random() < 0.75 else []
        chosen += staples.draw(rng, n_staples, taken)
        chosen += others.draw(rng, count - len(chosen), taken)
        heroes = [i for i in chosen if not i.staple_base] or chosen
        category_id, image, dishes = rng.choice(recipe_categories)
        name, description = recipe_text(rng, heroes, dishes)
        tags = derive_tags(chosen)
        created = START + timedelta(seconds=rid * step_seconds + rng.random() * step_seconds * 0.5)
        updated = created + timedelta(seconds=rng.random() * 86400 * rng.choice((0, 0, 1, 3, 30)))
        c_at, u_at = stamp(created), stamp(updated)
        recipes.append(
            (
                rid,
                name,
                description,
                image,
                rng.choice((1, 2, 2, 4, 4, 4, 6, 8)),
                category_id,
                "Adapted from a family recipe." if rng.random() < 0.05 else None,
                int(tags["allergen"]),
                int(tags["vegetarian"]),
                int(tags["vegan"]),
                int(tags["dairy_free"]),
                int(tags["gluten_free"]),
                int(tags["sugar_free"]),
                json.dumps(tags["allergens"]),
                c_at,
                u_at,
            )
        )
        ids_in_recipe = []
        for position, item in enumerate(chosen):
            line_id += 1
            ids_in_recipe.append(line_id)
            treatment = rng.choice(TREATMENTS) if rng.random() < 0.4 else None
            lines.append(
                (line_id, rid, item.id, position, rng.choice(QUANTITIES[item.unit]), item.unit, treatment, c_at, c_at)
            )
        for order in range(1, rng.randint(3, 12) + 1):
            step_id += 1
            mention = rng.choice(heroes).base
            used = rng.sample(ids_in_recipe, k=rng.randint(0, min(3, len(ids_in_recipe))))
            timer = f"00:{rng.choice((5, 10, 15, 20, 25, 30, 45)):02d}:00" if rng.random() < 0.4 else None
            steps.append(
                (
                    step_id,
                    rid,
                    order,
                    rng.choice(STEP_TITLES).format(x=mention),
                    rng.choice(STEP_SENTENCES).format(x=mention, n=rng.choice((2, 5, 8, 10, 15, 20, 30))),
                    timer,
                    json.dumps(sorted(used)),
                    c_at,
                    c_at,
                )
            )
        if len(recipes) >= BATCH or rid == size:
            db.executemany(recipe_sql, recipes)
            db.executemany(line_sql, lines)
            db.executemany(step_sql, steps)
            lines_total += len(lines)
            steps_total += len(steps)
            recipes, lines, steps = [], [], []
    generated = time.perf_counter()
    for _, sql in indexes:
        db.execute(sql)
    # The search index from the tables, with the very statement the app documents for it.
    from larder.catalogue.queries import FTS_OPTIMIZE_SQL, FTS_REBUILD_SQL

    db.execute(FTS_REBUILD_SQL)
    db.execute(FTS_OPTIMIZE_SQL)
    db.execute("COMMIT")
    inserted = time.perf_counter()
    db.execute("ANALYZE")
    analysed = time.perf_counter()

    check_against_app(db, size, rng)
    meta = collect_meta(db, size)
    db.execute("PRAGMA journal_mode=WAL")  # as the app leaves it
    db.close()
    meta.update(
        schema=schema_version(target / "larder.db"),
        size=size,
        seed=seed,
        generator=GENERATOR_VERSION,
        ingredients=len(ingredients),
        recipe_ingredients=lines_total,
        recipe_steps=steps_total,
        seconds={
            "migrate": round(migrated - started, 2),
            "insert": round(generated - migrated, 2),
            "index": round(inserted - generated, 2),
            "analyze": round(analysed - inserted, 2),
            "total": round(time.perf_counter() - started, 2),
        },
        db_mb=round((target / "larder.db").stat().st_size / 1e6, 1),
    )
    return meta


def check_against_app(db: sqlite3.Connection, size: int, rng: random.Random, sample: int = 300) -> None:
    """Recompute the tags of a sample of recipes with the app's own derive_tags and compare."""
    from types import SimpleNamespace

    from larder.catalogue.service import derive_tags as app_derive_tags

    columns = "allergen, allergens, vegan, vegetarian, gluten_free, sugar_free, dairy_free"
    for rid in rng.sample(range(1, size + 1), min(sample, size)):
        rows = db.execute(
            f"SELECT {columns}, name FROM ingredient i JOIN recipe_ingredient ri ON ri.ingredient_id = i.id"
            " WHERE ri.recipe_id = ? ORDER BY ri.position",
            (rid,),
        ).fetchall()
        items = [
            SimpleNamespace(**dict(zip([*columns.split(", "), "name"], row, strict=True)), image=None) for row in rows
        ]
        for item in items:
            item.allergens = json.loads(item.allergens)
        expected = app_derive_tags(items)
        stored = db.execute(
            "SELECT tag_allergen, tag_vegetarian, tag_vegan, tag_dairy_free, tag_gluten_free, tag_sugar_free, allergens"
            " FROM recipe WHERE id = ?",
            (rid,),
        ).fetchone()
        got = dict(
            zip(
                ["tag_allergen", "tag_vegetarian", "tag_vegan", "tag_dairy_free", "tag_gluten_free", "tag_sugar_free"],
                map(bool, stored[:6]),
                strict=True,
            ),
            allergens=json.loads(stored[6]),
        )
        if got != expected:
            raise SystemExit(f"recipe {rid}: stored tags {got} differ from derive_tags {expected}")
        (fts,) = db.execute("SELECT ingredients FROM recipe_fts WHERE rowid = ?", (rid,)).fetchone()
        if sorted(fts.split(" ")) != sorted(" ".join(i.name for i in items).split(" ")):
            raise SystemExit(f"recipe {rid}: FTS ingredients {fts!r} do not match its ingredient names")


def collect_meta(db: sqlite3.Connection, size: int) -> dict[str, Any]:
    """Search hit rates, tag shares, and the ingredient ids the filter benchmark uses."""
    hits = {}
    for word in SEARCH_WORDS:
        (count,) = db.execute("SELECT count(*) FROM recipe_fts WHERE recipe_fts MATCH ?", (f'"{word}"*',)).fetchone()
        hits[word] = {"recipes": count, "percent": round(100 * count / size, 2)}
    tags = {}
    for tag in ("vegan", "vegetarian", "gluten_free", "dairy_free", "sugar_free", "allergen"):
        (count,) = db.execute(f"SELECT count(*) FROM recipe WHERE tag_{tag} = 1").fetchone()
        tags[tag] = round(100 * count / size, 1)
    # the most used ingredients that vegetarian, gluten-free recipes can contain
    common = db.execute(
        "SELECT i.id, i.name, count(*) AS uses FROM recipe_ingredient ri JOIN ingredient i ON i.id = ri.ingredient_id"
        " WHERE i.vegetarian = 1 AND i.gluten_free = 1 GROUP BY i.id ORDER BY uses DESC LIMIT 6"
    ).fetchall()
    include = [common[2], common[3]]  # common but not the very top (salt, pepper)
    exclude = common[5]
    body = {
        "pageToRequest": 1,
        "searchString": "",
        "filters": [
            {"type": "ingredient", "value": include[0][0], "name": include[0][1], "includeExclude": "include"},
            {"type": "ingredient", "value": include[1][0], "name": include[1][1], "includeExclude": "include"},
            {"type": "ingredient", "value": exclude[0], "name": exclude[1], "includeExclude": "exclude"},
            {"type": "preference", "value": "vegetarian", "includeExclude": "include"},
            {"type": "preference", "value": "gluten_free", "includeExclude": "include"},
        ],
    }
    (matches,) = db.execute(
        "SELECT count(*) FROM recipe r WHERE r.tag_vegetarian = 1 AND r.tag_gluten_free = 1"
        " AND r.id IN (SELECT recipe_id FROM recipe_ingredient WHERE ingredient_id = ?)"
        " AND r.id IN (SELECT recipe_id FROM recipe_ingredient WHERE ingredient_id = ?)"
        " AND r.id NOT IN (SELECT recipe_id FROM recipe_ingredient WHERE ingredient_id = ?)",
        (include[0][0], include[1][0], exclude[0]),
    ).fetchone()
    return {
        "search_hits": hits,
        "tag_percent": tags,
        "common_ingredients": [{"id": r[0], "name": r[1], "uses": r[2]} for r in common],
        "filter_body": body,
        "filter_matches": matches,
    }


def schema_version(db_file: Path) -> str | None:
    db = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True)
    try:
        row = db.execute("SELECT version_num FROM alembic_version").fetchone()
        return row[0] if row else None
    finally:
        db.close()


def upgrade_cached(target: Path, meta_file: Path, meta: dict[str, Any]) -> None:
    """A cached catalogue follows the app's migrations (new indexes and so on), then is re-analysed."""
    from larder.core.base.settings import Settings
    from larder.core.db.setup import run_migrations

    before = schema_version(target / "larder.db")
    run_migrations(Settings.from_env({"LARDER_DATA_DIR": str(target)}).prepared())
    after = schema_version(target / "larder.db")
    if after != before:
        db = sqlite3.connect(target / "larder.db", isolation_level=None)
        db.execute("ANALYZE")
        db.close()
        meta["schema"] = after
        meta_file.write_text(json.dumps(meta, indent=2) + "\n")
        print(f"  migrated the cached database from {before} to {after} and re-ran ANALYZE")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("size", type=int, help="number of recipes")
    parser.add_argument("path", type=Path, help="data dir to create")
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--force", action="store_true", help="rebuild even when a matching build exists")
    args = parser.parse_args(argv)
    target: Path = args.path.resolve()
    meta_file = target / "bench_meta.json"
    if meta_file.exists() and not args.force:
        meta = json.loads(meta_file.read_text())
        wanted = {"size": args.size, "seed": args.seed, "generator": GENERATOR_VERSION}
        if all(meta.get(key) == value for key, value in wanted.items()):
            print(f"{target}: cached ({args.size:,} recipes, built in {meta['seconds']['total']} s)")
            upgrade_cached(target, meta_file, meta)
            return 0
    work = target.with_name(target.name + ".partial")
    shutil.rmtree(work, ignore_errors=True)
    meta = build(args.size, work, args.seed)
    (work / "bench_meta.json").write_text(json.dumps(meta, indent=2) + "\n")
    shutil.rmtree(target, ignore_errors=True)
    work.rename(target)
    print(
        f"{target}: {args.size:,} recipes, {meta['ingredients']:,} ingredients, {meta['recipe_ingredients']:,} recipe"
        f" lines, {meta['recipe_steps']:,} steps, {meta['db_mb']} MB in {meta['seconds']['total']} s"
        f" (migrate {meta['seconds']['migrate']} s, generate+insert {meta['seconds']['insert']} s,"
        f" indexes {meta['seconds']['index']} s,"
        f" analyze {meta['seconds']['analyze']} s)"
    )
    print("  search hits: " + ", ".join(f"{w} {h['percent']}%" for w, h in meta["search_hits"].items()))
    print("  tags: " + ", ".join(f"{t} {p}%" for t, p in meta["tag_percent"].items()))
    print(f"  filter: {json.dumps(meta['filter_body']['filters'])} -> {meta['filter_matches']} recipes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
