"""From OCR boxes to the item lines of a receipt. Pure: no I/O, no database, no OCR engine.

OCR gives boxes of text with their corners, not lines. Receipts are often slightly rotated or
curved, names and prices of one item may sit in separate boxes, spaces inside a box are sometimes
dropped ("MILK2L3.49"), and a name may be split over the next row or two. This module rebuilds the
rows by position, reads each row's price at its end, its quantity ("2 x", "QTY 2"), the currency
the receipt prints, skips every row with a payment word (part 2 §9) and rows without a price.

Amounts. A row's price is the amount at its end (a tax class such as "A", "*", "#", "SR", "ZRL"
or dm's "2" after it is allowed, a pack size such as "2.25L" is not, and a currency before or
after it). "2 x 1,99" (also "2x1,99", "2 @ 1.99", "2 Stk x 1,99", "QTY 2 @ 1.99", "3 X 1.0000")
and "1,99 x 2" (also "7.90*3", "RM33.90 X1") give the quantity and the unit price; "6X1.25L" is a
pack size, not six at 1.25. The line's price is the line total: the amount printed at the row's
end when one follows the unit price ("2 x 1,99   3,98"), otherwise quantity times unit price
("BANANAS 2 x 1,99" prints no total). Tables print the quantity in a column of its own ("2623  2
2.12  4.24", "O.C. WHITE 2.13 6 3 0 3 6.39"): the whole number whose product with a unit price
on the row is the line's amount (within tax-inclusive rounding) is the quantity; under a header
that starts with QTY and the description, a row's leading number is. A row that only says
"2 x 1,99" right under a priced item row is that item's quantity; its price stays the printed
total. Weighed goods ("0,765 kg x 1,29 EUR/kg   0,99", "1.52 lb @ 3.99/lb", "10.99*1.306") are
their weight in kg. Negative amounts (discounts, returned deposits) are not items. What the
recogniser (rapidocr) does to receipts is read back: it has no euro or pound sign in its alphabet
(it drops them, or reads the euro as an "element of" sign, an epsilon or an 8 glued to the cents,
and the pound as an f), reads O for 0 and Q for O, prints full-width commas, and loses the x of
"4 x 1.29" ("41.29": taken as 4 x 1.29 only where that product is the item's printed total).

Names. A row's name is its text without the amounts, quantities, currency and article number. The
spec builds "the name from the line and the next two lines"; taken literally that glues three
different items into every name, so here a name runs over more than one row only where the
receipt split it: a row with name text and no price that is followed, directly below, by a price
row starts a name that the next row (or the next two) finish; an indented row goes on with the
name above it, and a shelf code on a row of its own ("FZ02 - 6/54") may sit between name and
price. Some receipts print each item's numbers first and its name on the rows below ("2623 2 2.12
4.24" then "NAIL (PER/PACK)"): the first row of numbers without a name decides which way the
receipt runs (under the column header with a name below it: names follow). Rows that are plainly
not names never start one: centred rows (the shop's header: inset alike on both sides), dates
and times, and above the items (before the first item and the table's header) rows with a long
number such as a postcode or a receipt number. Two capitals alone ("1 SR") are a tax code, no name.

Rows by position: rows.py. What one row says: reading.py, with amounts.py for how amounts and
counts print. What kind of row each is and where it sits: layout.py. Rows that are not items
(payment, totals, tax, deposits, discounts, the table's header): non_items.py. Pack sizes and what
a line puts into a store: quantities.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from larder.receipts.amounts import NUMBER_TOKEN, UNIT_PRICE, amount, lost_times
from larder.receipts.layout import Layout, count_under, is_code_row
from larder.receipts.non_items import CONFUSABLE, PAYMENT_WORDS, TOTAL_WORDS, is_payment_row
from larder.receipts.reading import Reading, clean_name, has_name, read_row, receipt_currency
from larder.receipts.rows import Box, Row, normalise, rebuild_rows


@dataclass(frozen=True)
class ReceiptLine:
    """An item line: the name as printed, how many (at least 1), the amount, and what the row says
    of currency and article number."""

    name: str
    quantity: float
    price: float
    currency: str | None
    sku: str | None
    unit: str | None = None  # "kg" where the quantity is a weight ("0,482 kg x 2,99 EUR/kg")


def read_lines(boxes: list[Box]) -> list[ReceiptLine]:
    """The receipt's item lines, top to bottom."""
    return lines_from_rows(rebuild_rows(boxes))


def lines_from_rows(rows: list[Row]) -> list[ReceiptLine]:
    """The item lines of rebuilt rows: payment rows skipped, names split over rows joined,
    quantity rows given to their item, nothing after the total."""
    return _Assembly(Layout(rows)).read()


class _Assembly:
    """The rows read top to bottom into item lines. A name waits in `pending` for the price row
    below it; a count row's count waits in `count_ahead` for the item it counts."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.readings, self.texts = layout.readings, layout.texts
        self.lines: list[ReceiptLine] = []
        self.item_shapes: set[int] = set()  # how many numbers the item rows print (a table's columns)
        self.last_item_row: int | None = None
        self.last_explicit = False
        self.pending: list[int] = []
        self.taken: set[int] = set()  # name rows read with the price row above them
        self.bridges: set[int] = set()  # rows between a name and its price that are no part of the name
        self.count_ahead: tuple[int, float] | None = None  # a count row's count, for the item on that row
        self.after_total = False

    def read(self) -> list[ReceiptLine]:
        for index in range(len(self.texts)):
            self.take(index)
        return self.lines

    def take(self, index: int) -> None:
        text = self.texts[index]
        if index in self.taken:
            return
        if index in self.layout.headers:
            if self.pending:  # Aldi's "kg EURO/kg EURO" between a weighed item's name and its numbers
                self.bridges.add(index)
                self.pending.append(index)
            return
        if self.after_total and not (_numbers(text) >= 4 and _numbers(text) in self.item_shapes):
            # Nothing after the total is an item, unless the item table goes on after a subtotal
            # (a row with as many numbers as the items above).
            return
        if is_payment_row(text):
            self.pending = []
            if TOTAL_WORDS.search(text.translate(CONFUSABLE)):
                self.after_total = True
            return
        self.after_total = False
        if self.counts_ahead(index):
            return
        if self.readings[index].price is None:
            self.take_unpriced(index)
        else:
            self.take_priced(index)

    def counts_ahead(self, index: int) -> bool:
        """Whether the row is a count row for the item below it (kept in `count_ahead`)."""
        reading = self.readings[index]
        # "2 x 0,99" counts the item whose price is its product: the one above, or the one below
        # (German tills print it before the item); else the item above.
        count = reading.count if reading.detail and not reading.total_printed else None
        if count is not None and self.counts_next(index) and (not self.pending or self.layout.named_below(index)):
            # Names waiting above it lost their prices to the recogniser: the count is the next
            # item's, and they are not items.
            self.count_ahead = (index + 1, count)
            self.pending = []
            return True
        below = self.readings[index + 1] if index + 1 < len(self.readings) else None
        lost_count = _count_lost_ahead(self.texts[index], below)
        if lost_count and self.layout.adjacent(index, index + 1):
            # "X 0,79" with its count lost, over the item it counts ("KIWIS 2,37").
            self.count_ahead = (index + 1, lost_count)
            self.pending = []
            return True
        return False

    def take_unpriced(self, index: int) -> None:
        layout, reading, text = self.layout, self.readings[index], self.texts[index]
        if reading.detail and reading.count is not None and self.continues(index):
            self.set_quantity(reading.count, reading.weight_unit)
            self.pending = []
            return
        if is_code_row(text) and self.pending:
            # "FZ02 - 6/54", a shelf code between name and price
            self.bridges.add(index)
            self.pending.append(index)
            return
        named = [p for p in self.pending if p not in self.bridges]
        if 0 < len(named) < 2 and layout.adjacent(self.pending[-1], index) and layout.continues_name(index):
            self.pending.append(index)
            return
        # A name may start here; with the row above it, it is at most two rows before its price.
        starts = layout.may_start_name(index, bool(self.lines))
        self.pending = [*[p for p in self.pending if layout.adjacent(p, index)][-1:], index] if starts else []

    def take_priced(self, index: int) -> None:
        reading, text = self.readings[index], self.texts[index]
        if self.pending and not self.layout.adjacent(self.pending[-1], index):
            self.pending = []
        own_name = has_name(reading.name)
        if self.layout.names_below and (not own_name or _ITEM_CODE.fullmatch(reading.name)) and not reading.negative:
            # The receipt prints each item's numbers first (with an item code, "10 IB-RDM 28.90
            # 260.10") and its name on the rows below.
            below = self.name_rows_below(index)
            if below:
                self.taken.update(below)
                self.add(index, clean_name(" ".join(self.readings[b].name for b in below)), below)
                self.pending = []
                return
        if reading.detail and not self.pending:
            # "2 x 1,99" right under a priced item: that item's quantity (its price is the printed
            # total). A detail row with a total of its own and no name above it is not an item.
            if reading.count is not None and not reading.total_printed and self.continues(index):
                self.set_quantity(reading.count)
            return
        if not own_name and not self.pending and self.continues(index):
            # "4 x 1,29" read with its x lost ("41,29", "QTY24.11") under the item it counts: it
            # splits into a count and a unit price whose product is that item's printed total.
            count = lost_times(text, self.lines[-1].price)
            if count:
                self.set_quantity(count)
                return
        if reading.negative:
            self.pending = []
            return
        names = [p for p in self.pending if p not in self.bridges]
        parts = [self.readings[p].name for p in names]
        if own_name or (names and reading.name):
            parts.append(reading.name)  # the end of a split name may be short: "2L", "500G"
        name = clean_name(" ".join(parts))
        if has_name(name):
            self.add(index, name, self.pending)
        self.pending = []

    def name_rows_below(self, index: int) -> list[int]:
        """The rows right under a row of numbers that hold its name (at most two)."""
        layout, below = self.layout, list[int]()
        for after in range(index + 1, min(index + 3, len(self.readings))):
            # Right under its numbers, a name may be short on letters ("10' 1X2" timber).
            first_short = not below and layout.is_short_name(after)
            if not (layout.is_name_row(after) or first_short) or not layout.adjacent(after - 1, after):
                break
            below.append(after)
        return below

    def continues(self, index: int) -> bool:
        return (
            bool(self.lines)
            and self.last_item_row == index - 1
            and not self.last_explicit
            and self.layout.adjacent(index - 1, index)
        )

    def set_quantity(self, count: float, weight_unit: str | None = None) -> None:
        quantity = count if weight_unit else float(max(1, count))
        self.lines[-1] = replace(self.lines[-1], quantity=quantity, unit=weight_unit)
        self.last_explicit = True

    def counts_next(self, index: int) -> bool:
        """Whether the count row at `index` counts the priced item right below it: its product is
        that item's price, and not the price of the item above."""
        reading, below = self.readings[index], index + 1
        if (
            reading.weight_unit
            or reading.count is None
            or reading.unit_price is None
            or below >= len(self.readings)
            or not self.layout.adjacent(index, below)
        ):
            return False
        product = reading.count * reading.unit_price
        above_matches = self.continues(index) and abs(self.lines[-1].price - product) < 0.005
        after = self.readings[below]
        return not above_matches and after.price is not None and abs(after.price - product) < 0.005

    def add(self, index: int, name: str, sources: list[int]) -> None:
        layout, readings = self.layout, self.readings
        reading = readings[index]
        sku = reading.sku or next((readings[p].sku for p in sources if readings[p].sku), None)
        count = reading.count or next((readings[p].count for p in sources if readings[p].count), None)
        if count is None and self.count_ahead and self.count_ahead[0] == index:
            count = self.count_ahead[1]
        self.count_ahead = None
        quantity_column = layout.quantity_column
        if count is None and quantity_column and index > quantity_column[0]:
            # A whole number under the header's QTY ("DURAFILE H399  200  SR  116.60").
            column_count = count_under(layout.rows[index], quantity_column[1], quantity_column[2])
            if column_count is not None:
                count = float(column_count)
                name = clean_name(re.sub(rf"\s{column_count}(?:\s+[A-Z]{{1,3}}\d?)?\s*$", " ", " " + name))
        quantity = count if reading.weight_unit and count else float(max(1, count or 1))
        unit = reading.weight_unit if reading.weight_unit and count else None
        price = reading.price or 0.0
        self.lines.append(ReceiptLine(name, quantity, price, reading.currency or layout.currency, sku, unit))
        self.item_shapes.add(_numbers(self.texts[index]))
        self.last_item_row = index
        self.last_explicit = count is not None


# An item code in place of a name: one word of capitals with a digit or a hyphen ("IB-RDM", "AOR5058").
_ITEM_CODE = re.compile(r"(?=\S*[\d-])[A-Z0-9][A-Z0-9/.-]{2,11}")


def _numbers(text: str) -> int:
    return len(NUMBER_TOKEN.findall(text))


_TIMES_UNIT_PRICE = re.compile(rf"\s*[xX\u00d7*]\s*(?P<unit>{UNIT_PRICE})(?:\s?(?:EUR|€))?\s*")


def _count_lost_ahead(text: str, below: Reading | None) -> int | None:
    """The count of "x 0,79" whose count the recogniser lost, printed over a named item whose
    price is a whole multiple of it (2,37: 3)."""
    found = _TIMES_UNIT_PRICE.fullmatch(normalise(text))
    if found is None or below is None or below.price is None or not has_name(below.name):
        return None
    unit = amount(found["unit"])
    count = round(below.price / unit) if unit > 0 else 0
    return count if 2 <= count <= 99 and abs(count * unit - below.price) < 0.005 else None


__all__ = [
    "PAYMENT_WORDS",
    "Box",
    "ReceiptLine",
    "Row",
    "is_payment_row",
    "lines_from_rows",
    "read_lines",
    "read_row",
    "rebuild_rows",
    "receipt_currency",
]
