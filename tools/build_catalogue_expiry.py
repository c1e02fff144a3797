"""Derive each catalogue ingredient's storage times from the USDA FoodKeeper table.

Usage (from the repository root):

    python tools/build_catalogue_expiry.py [path/to/foodkeeper_days.csv] [--ingredients PATH] [--check]

Every ingredient in src/larder/data/catalogue/ingredients.json names its best-matching FoodKeeper
product in `foodkeeper` (or null). A product is named by its label: the CSV `name`, followed by
` (subtitle)` when the row has a subtitle, e.g. "Onions (yellow, white, red, etc.)"; see
load_foodkeeper for the few labels that need their category too.

Rule, for one storage column (pantry, fridge or freezer) of the matched row:

1. the maximum days of the storage period "from purchase" (`<storage>_from_purchase_max_days`),
   when numeric;
2. otherwise the maximum of the plain storage period (`<storage>_max_days`, the rows that do not
   split the period into "from purchase" and "after opening"), when numeric;
3. otherwise the minimum of those two periods when numeric;
4. otherwise, when either period says "Indefinitely" (salt, sugar, water, ...), INDEFINITE_DAYS.

Each ingredient gets four values:

- `pantry_days`, `fridge_days`, `freezer_days`: the rule applied to that storage column, or null when
  the row gives nothing usable there ("Not Recommended", blank, "Package use-by date"...) and for
  every storage when the ingredient has no `foodkeeper` product. Stocking an item in a store of a
  given kind takes its figure from here.
- `estimated_expiry_days`: the rule for the ingredient's own `storage`; DEFAULT_DAYS (the spec's
  default) without a `foodkeeper` product.

A named product that is missing from the CSV, ambiguous, or has no usable value for the
ingredient's own storage is an error: fix the mapping rather than silently falling back.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DEFAULT_CSV = REPO / "tools" / "data" / "foodkeeper_days.csv"
DEFAULT_INGREDIENTS = REPO / "src" / "larder" / "data" / "catalogue" / "ingredients.json"

DEFAULT_DAYS = 14
INDEFINITE_DAYS = 730  # "Indefinitely" in the source: capped at two years for a useful reminder
STORAGES = ("pantry", "fridge", "freezer")
STORAGE_KEYS = tuple(f"{storage}_days" for storage in STORAGES)  # pantry_days, fridge_days, freezer_days
DERIVED_KEYS = ("estimated_expiry_days", *STORAGE_KEYS)


class FoodKeeperError(ValueError):
    """The mapping names a product the table cannot answer for."""


def product_label(row: Mapping[str, str]) -> str:
    name = " ".join(row["name"].split())
    subtitle = " ".join((row.get("subtitle") or "").split())
    return f"{name} ({subtitle})" if subtitle else name


def load_foodkeeper(csv_path: Path) -> dict[str, dict[str, str]]:
    """Rows keyed by product label. The few labels shared by several rows (e.g. "Vegetables", frozen
    and baby food) are told apart by their FoodKeeper category: "Vegetables [Food Purchased Frozen]"."""
    with Path(csv_path).open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    labels = [product_label(row) for row in rows]
    shared = {label for label in labels if labels.count(label) > 1}
    products: dict[str, dict[str, str]] = {}
    for label, row in zip(labels, rows, strict=True):
        if label in shared:
            label = f"{label} [{row['category'].strip()}]"
        if label in products:
            raise FoodKeeperError(f"FoodKeeper table has two rows labelled {label!r}")
        products[label] = row
    return products


def _number(value: str | None) -> int | None:
    text = (value or "").strip()
    try:
        return round(float(text))
    except ValueError:
        return None


def storage_days(row: Mapping[str, str], storage: str) -> int | None:
    """Days a product keeps in one storage place by the rule in the module docstring, or None."""
    if storage not in STORAGES:
        raise FoodKeeperError(f"unknown storage {storage!r}")
    from_purchase = f"{storage}_from_purchase"
    for column in (
        f"{from_purchase}_max_days",
        f"{storage}_max_days",
        f"{from_purchase}_min_days",
        f"{storage}_min_days",
    ):
        days = _number(row.get(column))
        if days is not None and days > 0:
            return days
    for column in (f"{from_purchase}_min_days", f"{storage}_min_days"):
        if (row.get(column) or "").strip().lower() == "indefinitely":
            return INDEFINITE_DAYS
    return None


def expiry_days(product: str | None, storage: str, products: Mapping[str, Mapping[str, str]]) -> int:
    if product is None:
        return DEFAULT_DAYS
    row = products.get(product)
    if row is None:
        raise FoodKeeperError(f"FoodKeeper product {product!r} is not in the table")
    days = storage_days(row, storage)
    if days is None:
        raise FoodKeeperError(f"FoodKeeper product {product!r} has no {storage} storage time")
    return days


def shelf_life(product: str | None, products: Mapping[str, Mapping[str, str]]) -> dict[str, int | None]:
    """`pantry_days`, `fridge_days` and `freezer_days` of a product (all None without a product)."""
    if product is None:
        return dict.fromkeys(STORAGE_KEYS)
    row = products.get(product)
    if row is None:
        raise FoodKeeperError(f"FoodKeeper product {product!r} is not in the table")
    return {key: storage_days(row, storage) for key, storage in zip(STORAGE_KEYS, STORAGES, strict=True)}


def derive_expiry_days(ingredients: Iterable[Mapping[str, Any]], csv_path: Path = DEFAULT_CSV) -> dict[str, int]:
    """Ingredient name -> estimated_expiry_days, derived from the CSV."""
    products = load_foodkeeper(csv_path)
    return {item["name"]: expiry_days(item.get("foodkeeper"), item["storage"], products) for item in ingredients}


def derive_storage_times(
    ingredients: Iterable[Mapping[str, Any]], csv_path: Path = DEFAULT_CSV
) -> dict[str, dict[str, int | None]]:
    """Ingredient name -> every derived value (DERIVED_KEYS), from the CSV."""
    products = load_foodkeeper(csv_path)
    return {
        item["name"]: {
            "estimated_expiry_days": expiry_days(item.get("foodkeeper"), item["storage"], products),
            **shelf_life(item.get("foodkeeper"), products),
        }
        for item in ingredients
    }


def dump_json(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def with_derived(item: Mapping[str, Any], derived: Mapping[str, int | None]) -> dict[str, Any]:
    """The ingredient with the derived values set, placed right before `foodkeeper`."""
    rest = {key: value for key, value in item.items() if key not in DERIVED_KEYS and key != "foodkeeper"}
    return {**rest, **{key: derived[key] for key in DERIVED_KEYS}, "foodkeeper": item.get("foodkeeper")}


def rebuild(ingredients_path: Path, csv_path: Path) -> tuple[list[dict[str, Any]], int]:
    """The ingredients with derived storage times, and how many of them changed (a value or the key
    order)."""
    ingredients: list[dict[str, Any]] = json.loads(Path(ingredients_path).read_text(encoding="utf-8"))
    derived = derive_storage_times(ingredients, csv_path)
    rebuilt = [with_derived(item, derived[item["name"]]) for item in ingredients]
    changed = sum(1 for old, new in zip(ingredients, rebuilt, strict=True) if list(old.items()) != list(new.items()))
    return rebuilt, changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", nargs="?", type=Path, default=DEFAULT_CSV, help="foodkeeper_days.csv")
    parser.add_argument("--ingredients", type=Path, default=DEFAULT_INGREDIENTS, help="ingredients.json to rewrite")
    parser.add_argument("--check", action="store_true", help="only report; exit 1 when the file is out of date")
    args = parser.parse_args(argv)
    if not args.csv.is_file():
        print(f"FoodKeeper CSV not found: {args.csv}", file=sys.stderr)
        return 2
    try:
        ingredients, changed = rebuild(args.ingredients, args.csv)
    except FoodKeeperError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    matched = sum(1 for item in ingredients if item.get("foodkeeper"))
    if args.check:
        print(f"{changed} of {len(ingredients)} ingredients out of date ({matched} matched in FoodKeeper)")
        return 1 if changed else 0
    args.ingredients.write_text(dump_json(ingredients), encoding="utf-8")
    print(f"{len(ingredients)} ingredients, {matched} matched in FoodKeeper, storage times updated on {changed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
