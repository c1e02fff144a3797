"""From OCR boxes to the item lines of a receipt. Pure: no I/O, no database, no OCR engine.

OCR gives boxes of text with their corners, not lines. Receipts are often slightly rotated or
curved, names and prices of one item may sit in separate boxes, spaces inside a box are sometimes
dropped ("MILK2L3.49"), and a name may be split over the next row or two. This module rebuilds the
rows by position, reads each row's price at its end, its quantity ("2 x", "QTY 2"), the currency
the receipt prints, skips every row with a payment word (part 2 §9) and rows without a price.
"""

from __future__ import annotations

from dataclasses import dataclass

# Part 2 §9: a scan line containing any of these is skipped (case-insensitive, anywhere in the row).
PAYMENT_WORDS = (
    "eftpos",
    "visa",
    "total",
    "purchase",
    "mastercard",
    "terminal",
    "tax",
    "invoice",
    "phone",
    "reference",
    "authori",
    "gst",
)


@dataclass(frozen=True)
class Box:
    """One OCR box: its text, its four corners (x, y) clockwise from top-left, and the confidence."""

    text: str
    corners: tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]
    score: float = 1.0


@dataclass(frozen=True)
class ReceiptLine:
    """An item line: the name as printed, how many (at least 1), the amount, and what the row says
    of currency and article number."""

    name: str
    quantity: float
    price: float
    currency: str | None
    sku: str | None


def read_lines(boxes: list[Box]) -> list[ReceiptLine]:
    """The receipt's item lines, top to bottom."""
    raise NotImplementedError
