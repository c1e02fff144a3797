"""The ground truth of the development photos' item lines (bench/receipts_truth/, see its README).

One file per photo, `<source>/<photo stem>.txt`, one printed row a line:

    kind | name as printed | price [| quantity | pack size | ingredient]

`kind` is `item` or what a priced row that is not an item is (NON_ITEM_KINDS). Items carry the
quantity the receipt prints (multi-buy count; empty when none), the pack size or weight it prints
("1.5 l", "0.482 kg", "6x1.25 l", "52 pc"; empty when none), and the catalogue ingredient: a name
of src/larder/data/catalogue/ingredients.json, `none` for a grocery the catalogue has no
ingredient for, `-` for what is not a grocery at all.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TRUTH_DIR = ROOT / "bench" / "receipts_truth"

# Rows that are not items. Those in ADDED_TO_TOTAL are part of the sum the receipt's total is.
NON_ITEM_KINDS = frozenset(
    {"deposit", "discount", "rounding", "service", "addtax", "tax", "subtotal", "total", "payment", "card", "change"}
)
ADDED_TO_TOTAL = frozenset({"deposit", "discount", "rounding", "service", "addtax"})

# Units a pack size or weight is written in, and what each is in its base unit (g, ml, piece).
UNITS = {
    "g": ("g", 1.0),
    "kg": ("g", 1000.0),
    "ml": ("ml", 1.0),
    "cl": ("ml", 10.0),
    "l": ("ml", 1000.0),
    "pc": ("pc", 1.0),
}
_SIZE = re.compile(r"^(?:(\d+)\s*x\s*)?(\d+(?:\.\d+)?)\s*(g|kg|ml|cl|l|pc)$")


@dataclass(frozen=True)
class Size:
    """A pack size or weight as printed: `count` packs of `amount` `unit` ("6x1.25 l": 6, 1.25, l)."""

    amount: float
    unit: str
    count: int = 1

    @property
    def base(self) -> tuple[str, float]:
        """The whole amount in its base unit: ("ml", 7500.0) for 6x1.25 l."""
        dimension, factor = UNITS[self.unit]
        return dimension, self.count * self.amount * factor

    def __str__(self) -> str:
        packs = f"{self.count}x" if self.count != 1 else ""
        return f"{packs}{self.amount:g} {self.unit}"


def parse_size(text: str) -> Size:
    found = _SIZE.match(text.strip().lower())
    if found is None:
        raise ValueError(f"not a pack size: {text!r}")
    count, amount, unit = found.groups()
    return Size(amount=float(amount), unit=unit, count=int(count) if count else 1)


@dataclass(frozen=True)
class TruthLine:
    kind: str
    name: str
    price: float
    quantity: float | None = None  # the count printed ("3 x 1,99"), None where none is
    size: Size | None = None
    ingredient: str | None = None  # catalogue name; None: a grocery the catalogue lacks
    grocery: bool = False

    @property
    def is_item(self) -> bool:
        return self.kind == "item"

    @property
    def prints_quantity(self) -> bool:
        return self.quantity is not None or self.size is not None


def parse_truth(text: str, where: str = "") -> list[TruthLine]:
    found = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = [field.strip() for field in line.split("|")]
        kind = fields[0]
        try:
            if kind == "item":
                if len(fields) != 6:
                    raise ValueError("an item has six fields")
                _, name, price, quantity, size, ingredient = fields
                found.append(
                    TruthLine(
                        kind=kind,
                        name=name,
                        price=float(price),
                        quantity=float(quantity) if quantity else None,
                        size=parse_size(size) if size else None,
                        ingredient=None if ingredient in ("none", "-") else ingredient,
                        grocery=ingredient != "-",
                    )
                )
            elif kind in NON_ITEM_KINDS:
                if len(fields) != 3:
                    raise ValueError("a row that is not an item has three fields")
                found.append(TruthLine(kind=kind, name=fields[1], price=float(fields[2])))
            else:
                raise ValueError(f"unknown kind {kind!r}")
        except ValueError as exc:
            raise ValueError(f"{where}:{number}: {exc}") from None
    return found


def load_truth(source: str, stem: str) -> list[TruthLine] | None:
    path = TRUTH_DIR / source / f"{stem}.txt"
    if not path.exists():
        return None
    return parse_truth(path.read_text(encoding="utf-8"), str(path))


@dataclass(frozen=True)
class Expected:
    """What the data set itself says of a photo: its total, and (German file names) its item count."""

    total: float | None
    items: int | None


def expected_of(photo: Path, source: str) -> Expected:
    if source == "softmatic_de":
        _, _, items, cents = photo.stem.split("_")
        return Expected(total=int(cents) / 100, items=int(items))
    key = photo.with_suffix(".key.json")
    if key.exists():
        total = json.loads(key.read_text(encoding="utf-8")).get("total", "")
        digits = re.sub(r"[^\d.]", "", total)
        return Expected(total=float(digits) if digits else None, items=None)
    return Expected(total=None, items=None)


def check_truth(lines: list[TruthLine], expected: Expected) -> list[str]:
    """Where the truth disagrees with the data set: the items (with deposits, discounts, rounding,
    service charges and tax added on top) do not sum to the total, or their count is not the one
    in the file name. The count is taken both without and with the deposit and discount rows, as
    shops count them differently (Aldi and Real count a deposit row, Marktkauf does not)."""
    problems = []
    items = [line for line in lines if line.is_item]
    if expected.total is not None:
        summed = sum(line.price for line in lines if line.is_item or line.kind in ADDED_TO_TOTAL)
        if abs(summed - expected.total) > 0.005:
            problems.append(f"items sum to {summed:.2f}, the total is {expected.total:.2f}")
    if expected.items is not None:
        extra = sum(line.kind in ("deposit", "discount") for line in lines)
        if expected.items not in (len(items), len(items) + extra):
            problems.append(f"{len(items)} item lines (+{extra} deposit/discount), the file name says {expected.items}")
    return problems
