"""The line reader on the typed SROIE boxes: rows rebuilt from people's boxes, item lines read, and
compared with the hand-read item lines of bench/receipts_rows_typed.truth.tsv.

    PYTHONPATH=src:. python bench/receipts_rows_typed.py [-v]

The boxes are what people typed over each printed line of the photo (x1,y1,...,x4,y4,text), the
same kind of boxes the OCR gives, without its misreadings: the figures measure the row builder and
the line reader alone. A read line finds a truth line when the truth's name is (nearly) inside the
read name; per source it reports item lines found, lines offered that are no item, price exact
and quantity right on the found lines. Needs ../shared/data/receipts-dev; says so and stops
without it.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz import fuzz

from larder.receipts.lines import Box, ReceiptLine, read_lines

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "receipts-dev" / "sroie"
TRUTH = Path(__file__).with_suffix(".truth.tsv")


@dataclass
class Truth:
    name: str
    quantity: float
    price: float
    optional: bool


def load_boxes(path: Path) -> list[Box]:
    boxes = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.split(",", 8)
        if len(parts) < 9:
            continue
        c = [float(v) for v in parts[:8]]
        boxes.append(Box(parts[8], ((c[0], c[1]), (c[2], c[3]), (c[4], c[5]), (c[6], c[7]))))
    return boxes


def load_truth() -> dict[str, list[Truth]]:
    truth: dict[str, list[Truth]] = {}
    for line in TRUTH.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        stem, name, quantity, price, *note = line.split("\t")
        truth.setdefault(stem, []).append(Truth(name, float(quantity), float(price), note == ["optional"]))
    return truth


def fold(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower().replace("0", "o")).strip()


def quantity_of(line: ReceiptLine) -> float:
    """The number of the line's quantity as the truth counts it: items, or kg where weighed."""
    return line.quantity


def pair(truth: list[Truth], read: list[ReceiptLine]) -> list[tuple[int, int]]:
    candidates = []
    for i, expected in enumerate(truth):
        for j, line in enumerate(read):
            similarity = fuzz.partial_ratio(fold(expected.name), fold(line.name))
            if similarity >= 85:
                same_price = abs(expected.price - line.price) < 0.005
                candidates.append((similarity + 5 * same_price, -abs(i - j), i, j))
    pairs, used_truth, used_read = [], set(), set()
    for _, _, i, j in sorted(candidates, reverse=True):
        if i not in used_truth and j not in used_read:
            used_truth.add(i)
            used_read.add(j)
            pairs.append((i, j))
    return pairs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list the misses and non-items")
    args = parser.parse_args()
    if not DATA.is_dir():
        print(f"no development receipts at {DATA}: nothing measured")
        return 0
    truth = load_truth()
    items = found = price_exact = quantity_right = offered = not_items = empty = 0
    misses: list[str] = []
    for path in sorted(DATA.glob("*.box.csv")):
        stem = path.name.split(".")[0]
        expected = truth.get(stem, [])
        read = read_lines(load_boxes(path))
        pairs = pair(expected, read)
        paired_truth = {i for i, _ in pairs}
        paired_read = {j for _, j in pairs}
        items += sum(not t.optional for t in expected)
        offered += len(read)
        empty += bool([t for t in expected if not t.optional]) and not read
        for i, j in pairs:
            if expected[i].optional:
                continue
            found += 1
            price_ok = abs(expected[i].price - read[j].price) < 0.005
            quantity_ok = abs(expected[i].quantity - quantity_of(read[j])) < 0.0005
            price_exact += price_ok
            quantity_right += quantity_ok
            if not (price_ok and quantity_ok):
                misses.append(
                    f"{stem}: {expected[i].name!r} {expected[i].quantity:g} x {expected[i].price:.2f}"
                    f" read {read[j].name!r} {quantity_of(read[j]):g} x {read[j].price:.2f}"
                )
        for i, t in enumerate(expected):
            if i not in paired_truth and not t.optional:
                misses.append(f"{stem}: missed {t.name!r} {t.quantity:g} x {t.price:.2f}")
        for j, line in enumerate(read):
            if j not in paired_read:
                not_items += 1
                misses.append(f"{stem}: not an item {line.name!r} {line.quantity:g} x {line.price:.2f}")
    if args.verbose:
        print("\n".join(misses))
    print(f"SROIE typed boxes: {len(list(DATA.glob('*.box.csv')))} receipts, {items} item lines")
    print(f"  item lines found      {found}/{items} = {found / items:.0%}")
    print(f"  non-items offered     {not_items}/{offered} = {not_items / max(offered, 1):.0%}")
    print(f"  price exact           {price_exact}/{found} = {price_exact / max(found, 1):.0%}")
    print(f"  quantity right        {quantity_right}/{found} = {quantity_right / max(found, 1):.0%}")
    print(f"  receipts with no line {empty}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
