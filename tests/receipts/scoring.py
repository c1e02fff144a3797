"""How well item lines read from a receipt agree with its truth (tests and bench/receipts_quality.py).

A truth line is found when a read line's name is close to its printed name (OCR drops umlauts and
reads O as 0: names are compared folded, with a fuzzy ratio of at least 80, each read line pairs
with one truth line at most). Prices, quantities and currencies are compared on the found lines.
A read line that pairs with no item and looks like one of the receipt's payment rows (its name
like the row's words, or its price the row's amount) is a payment row wrongly kept; anything else
unpaired is a spurious line.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from rapidfuzz import fuzz

from larder.receipts.lines import ReceiptLine
from tests.receipts.corpus import TruthLine

FOUND_AT = 80.0


def fold(text: str) -> str:
    text = text.replace("ß", "ss").replace("€", " ").replace("£", " ")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = re.sub(r"(?<=[a-z])0|0(?=[a-z])", "o", text)
    return re.sub(r"[^a-z0-9%]+", " ", text).strip()


@dataclass
class Score:
    truth: int = 0
    found: int = 0
    price_exact: int = 0
    quantity_exact: int = 0
    currency_exact: int = 0
    currency_wrong: int = 0  # a currency the receipt does not print (none, where it says one, is not wrong)
    payment_kept: int = 0
    spurious: int = 0
    pairs: list[tuple[TruthLine, ReceiptLine]] = field(default_factory=list)
    missed: list[TruthLine] = field(default_factory=list)
    kept: list[ReceiptLine] = field(default_factory=list)  # payment rows wrongly kept
    extra: list[ReceiptLine] = field(default_factory=list)  # spurious lines

    def add(self, other: Score) -> None:
        names = ("truth", "found", "price_exact", "quantity_exact", "currency_exact", "currency_wrong", "payment_kept")
        for name in (*names, "spurious"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


def _payment_amount(row: str) -> float | None:
    found = re.findall(r"\d+[.,]\d{2}(?!\d)", row)
    return float(found[-1].replace(",", ".")) if found else None


def score(truth: list[TruthLine], payment_rows: list[str], read: list[ReceiptLine]) -> Score:
    result = Score(truth=len(truth))
    candidates = []
    for i, expected in enumerate(truth):
        for j, line in enumerate(read):
            ratio = fuzz.ratio(fold(expected.name), fold(line.name))
            if ratio >= FOUND_AT:
                # Prefer the same price, then the nearer position (a receipt may list an item twice).
                candidates.append((ratio + (5 if abs(expected.price - line.price) < 0.005 else 0), -abs(i - j), i, j))
    used_truth: set[int] = set()
    used_read: set[int] = set()
    for _, _, i, j in sorted(candidates, reverse=True):
        if i in used_truth or j in used_read:
            continue
        used_truth.add(i)
        used_read.add(j)
        result.pairs.append((truth[i], read[j]))
    for expected, line in result.pairs:
        result.found += 1
        result.price_exact += abs(expected.price - line.price) < 0.005
        result.quantity_exact += expected.quantity == line.quantity
        result.currency_exact += expected.currency == line.currency
        result.currency_wrong += line.currency not in (expected.currency, None)
    result.missed = [t for i, t in enumerate(truth) if i not in used_truth]
    for j, line in enumerate(read):
        if j in used_read:
            continue
        looks_paid = any(
            fuzz.partial_ratio(fold(line.name), fold(re.sub(r"[\d.,]+", " ", row))) >= FOUND_AT
            or _payment_amount(row) == line.price
            for row in payment_rows
        )
        if looks_paid:
            result.payment_kept += 1
            result.kept.append(line)
        else:
            result.spurious += 1
            result.extra.append(line)
    return result
