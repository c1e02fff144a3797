"""Scoring one photo's read lines against its ground truth. Pure: plain data in, counts out.

Read lines are paired with truth item rows by name similarity, helped by an equal price; a read
line left over is a line offered that is not an item (named by the non-item row it resembles, a
total, a tax row, ..., or "other text"). Every miss gets one cause, in the order a line goes
through the reader: not read by OCR, row built wrong, price wrong, quantity wrong; and for
groceries no match / wrong match.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from bench.receipts_real.truth import UNITS, TruthLine

PAIRED = 0.6  # name similarity that pairs a read line with a truth line by itself
PAIRED_WITH_PRICE = 0.35  # ... or with the same price
NOT_ITEM_WITH_PRICE = 0.25
READ_BY_OCR = 0.5  # share of the name's words the OCR read somewhere on the photo

CAUSES = (
    "not read by OCR",
    "row built wrong",
    "price wrong",
    "quantity wrong",
    "non-item offered",
    "no match",
    "wrong match",
)

# Units a scan line may carry, into (dimension, factor to the base unit).
_READ_UNITS = {
    **{unit: base for unit, base in UNITS.items()},
    "mg": ("g", 0.001),
    "unit(s)": ("pc", 1.0),
    "unit": ("pc", 1.0),
    "units": ("pc", 1.0),
    "pcs": ("pc", 1.0),
    "piece": ("pc", 1.0),
    "pieces": ("pc", 1.0),
}


@dataclass(frozen=True)
class ReadLine:
    """A scan line as the server answers it: the printed name, price, quantity and unit, and the
    catalogue ingredient matched (its name; None for 'No Matches Found.')."""

    name: str
    price: float | None
    quantity: float = 1.0
    unit: str | None = None
    ingredient: str | None = None


@dataclass(frozen=True)
class Miss:
    cause: str
    detail: str


@dataclass
class PhotoScore:
    items: int = 0
    found: int = 0
    price_exact: int = 0
    prints_quantity: int = 0
    quantity_right: int = 0
    offered: int = 0
    not_items_offered: int = 0
    grocery: int = 0
    matched_right: int = 0
    grocery_found: int = 0
    with_ingredient: int = 0  # grocery lines the catalogue has an ingredient for
    ingredient_right: int = 0  # ... matched to it
    misses: list[Miss] = field(default_factory=list)

    def add(self, other: PhotoScore) -> None:
        for name in (
            "items",
            "found",
            "price_exact",
            "prints_quantity",
            "quantity_right",
            "offered",
            "not_items_offered",
            "grocery",
            "matched_right",
            "grocery_found",
            "with_ingredient",
            "ingredient_right",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.misses.extend(other.misses)


def fold(text: str) -> str:
    """Lower case, accents and umlauts to their base letters (ß to ss), punctuation to spaces."""
    text = unicodedata.normalize("NFKD", text.replace("ß", "ss").replace("ẞ", "ss"))
    text = "".join(char for char in text if not unicodedata.combining(char)).casefold()
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text).split())


def _words(text: str) -> list[str]:
    return [word for word in fold(text).split() if len(word) >= 2 or word.isalpha()]


def _word_like(word: str, others: Iterable[str]) -> bool:
    return any(
        word == other or (len(word) >= 3 and SequenceMatcher(None, word, other).ratio() >= 0.75) for other in others
    )


def similarity(a: str, b: str) -> float:
    """How alike two printed names are, 0..1: the better of the character ratio and the share of
    words both have (a read name may carry an article number or lose a word)."""
    fa, fb = fold(a), fold(b)
    if not fa or not fb:
        return 0.0
    ratio = SequenceMatcher(None, fa, fb).ratio()
    wa, wb = _words(a), _words(b)
    if not wa or not wb:
        return ratio
    shared = sum(_word_like(word, wb) for word in wa) + sum(_word_like(word, wa) for word in wb)
    return max(ratio, shared / (len(wa) + len(wb)))


def same_price(a: float | None, b: float) -> bool:
    return a is not None and abs(a - b) < 0.005


def _amount_text(price: float) -> str:
    return f"{abs(price):.2f}".replace(".", "")


_DIGIT_LIKE = str.maketrans({"O": "0", "o": "0", "Q": "0", "D": "0", "I": "1", "l": "1", "|": "1", "S": "5"})


def read_by_ocr(truth: TruthLine, ocr_texts: list[str]) -> str | None:
    """None when the OCR read the line's name (most of its words, also glued to others) and its
    price (also with an O for a 0) somewhere on the photo; else what it did not read."""
    words = _words(truth.name)
    seen = {word for text in ocr_texts for word in _words(text)}
    glued = "".join(fold(text).replace(" ", "") for text in ocr_texts)
    covered = sum(_word_like(word, seen) or word in glued for word in words) / len(words) if words else 1.0
    digits = [re.sub(r"[^0-9]", "", text.translate(_DIGIT_LIKE)) for text in ocr_texts]
    amount = _amount_text(truth.price).lstrip("0") or "0"
    price_seen = any(amount in found for found in digits)
    lost = []
    if covered < READ_BY_OCR:
        lost.append("name")
    if not price_seen:
        lost.append("price")
    return " and ".join(lost) or None


def quantity_right(truth: TruthLine, line: ReadLine) -> bool:
    """The printed count (and pack size or weight) arrive as the scan line's quantity and unit: a
    size of mass or volume as the whole amount bought in any unit of it (6x1.25 l: 7.5 l or
    7500 ml), a count of pieces as the count of packs or of pieces."""
    count = truth.quantity if truth.quantity is not None else 1.0
    if truth.size is None:
        return abs(line.quantity - count) < 1e-6
    dimension, amount = truth.size.base
    amount *= count
    read = _READ_UNITS.get((line.unit or "unit(s)").strip().lower())
    if read is None:
        return False
    read_dimension, factor = read
    if dimension == "pc":
        return read_dimension == "pc" and (abs(line.quantity - count) < 1e-6 or abs(line.quantity - amount) < 1e-6)
    return read_dimension == dimension and abs(line.quantity * factor - amount) <= 0.01 * amount


def _pairs(read: list[ReadLine], truth: list[TruthLine], lenient: float, alone: float) -> dict[int, int]:
    """Read index -> truth index, the best-scoring pairs first, each line used once."""
    candidates = []
    for i, line in enumerate(read):
        for j, row in enumerate(truth):
            alike = similarity(line.name, row.name)
            priced = same_price(line.price, row.price)
            if alike >= alone or (priced and alike >= lenient):
                candidates.append((alike + (0.3 if priced else 0.0), i, j))
    chosen: dict[int, int] = {}
    used: set[int] = set()
    for _, i, j in sorted(candidates, reverse=True):
        if i not in chosen and j not in used:
            chosen[i] = j
            used.add(j)
    return chosen


def _show(line: ReadLine) -> str:
    unit = f" {line.unit}" if line.unit else ""
    return f"{line.name!r} {line.quantity:g}{unit} at {line.price}"


def _show_truth(row: TruthLine) -> str:
    parts = [repr(row.name), f"{row.price:.2f}"]
    if row.quantity is not None:
        parts.append(f"x{row.quantity:g}")
    if row.size is not None:
        parts.append(str(row.size))
    return " ".join(parts)


def score_photo(read: list[ReadLine], truth: list[TruthLine], ocr_texts: list[str], where: str = "") -> PhotoScore:
    items = [row for row in truth if row.is_item]
    others = [row for row in truth if not row.is_item]
    result = PhotoScore(items=len(items), offered=len(read))
    pairs = _pairs(read, items, PAIRED_WITH_PRICE, PAIRED)
    found = {j: i for i, j in pairs.items()}
    prefix = f"{where}: " if where else ""
    for j, row in enumerate(items):
        result.prints_quantity += row.prints_quantity
        result.grocery += row.grocery
        result.with_ingredient += row.ingredient is not None
        if j not in found:
            lost = read_by_ocr(row, ocr_texts)
            if lost:
                result.misses.append(Miss("not read by OCR", f"{prefix}{_show_truth(row)} ({lost} not read)"))
            else:
                result.misses.append(Miss("row built wrong", f"{prefix}{_show_truth(row)}"))
            continue
        line = read[found[j]]
        result.found += 1
        if same_price(line.price, row.price):
            result.price_exact += 1
        else:
            result.misses.append(Miss("price wrong", f"{prefix}{_show_truth(row)} -> {_show(line)}"))
        if row.prints_quantity:
            if quantity_right(row, line):
                result.quantity_right += 1
            else:
                result.misses.append(Miss("quantity wrong", f"{prefix}{_show_truth(row)} -> {_show(line)}"))
        if row.grocery:
            result.grocery_found += 1
            if line.ingredient == row.ingredient:
                result.matched_right += 1
                result.ingredient_right += row.ingredient is not None
            elif line.ingredient is None:
                result.misses.append(Miss("no match", f"{prefix}{_show_truth(row)} should be {row.ingredient}"))
            else:
                wanted = row.ingredient or "nothing"
                result.misses.append(
                    Miss("wrong match", f"{prefix}{_show_truth(row)} -> {line.ingredient} (should be {wanted})")
                )
    leftover = [i for i in range(len(read)) if i not in pairs]
    result.not_items_offered = len(leftover)
    kinds = _pairs([read[i] for i in leftover], others, NOT_ITEM_WITH_PRICE, 0.5)
    for k, i in enumerate(leftover):
        what = others[kinds[k]].kind if k in kinds else "other text"
        result.misses.append(Miss("non-item offered", f"{prefix}[{what}] {_show(read[i])}"))
    return result
