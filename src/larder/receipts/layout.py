"""Where the rows of a receipt sit and what kind of row each one is: the page's text edges, the
pitch from one row to the next, which rows may start a name or go on with one, and which way the
receipt runs (names above their numbers, or below them).
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections.abc import Callable

from larder.receipts.amounts import PRICE_END
from larder.receipts.non_items import (
    QUANTITY_FIRST,
    QUANTITY_HEADING,
    heading_words,
    is_payment_row,
    is_table_header,
)
from larder.receipts.reading import LETTER, SKU, has_name, read_row, receipt_currency
from larder.receipts.rows import Row, normalise

_DATE_OR_TIME = re.compile(r"\d{1,2}\s?[./-]\s?\d{1,2}\s?[./-]\s?\d{2,4}|\b\d{1,2}:\d{2}\b")
# A postcode, a receipt or till number: no name holds one (a pack size such as "1500G" and an
# article code such as "2011-0025" aside).
_LONG_NUMBER = re.compile(r"(?<![\d-])\d{4,5}(?![\d-]|\s?(?:g|kg|ml|cl|l|st|stk|pk|er)\b)", re.IGNORECASE)
# An amount at the end of a row that lost a digit to blur ("Spaghetti 500g 1,3"): that row is an
# item whose price could not be read, never the first half of a name split over rows.
_DAMAGED_PRICE_END = re.compile(r"(?<![\w.,])\d{1,4}[.,]\d?\s?(?:E?[AB*#])?\s*$")


class Layout:
    """The rebuilt rows of a receipt, what each one says, and where they sit on the page: its text
    edges and the distance from one printed row to the next."""

    def __init__(self, rows: list[Row]) -> None:
        self.rows = rows
        self.texts = texts = [row.text for row in rows]
        self.currency = receipt_currency(texts)
        self.headers = headers = [index for index, text in enumerate(texts) if is_table_header(text)]
        counts_first = next((h for h in headers if QUANTITY_FIRST.search(texts[h])), None)
        self.quantity_column = _quantity_column(rows, headers)
        self.readings = [
            read_row(text, leading_count=counts_first is not None and index > counts_first)
            for index, text in enumerate(texts)
        ]
        height = statistics.median(row.height for row in rows) if rows else 0.0
        lefts, rights = sorted(row.left for row in rows), sorted(row.right for row in rows)
        self.page_left = lefts[len(lefts) // 10] if lefts else 0.0  # the receipt's text edges (a stray box aside)
        self.page_right = rights[-1 - len(rights) // 10] if rights else 0.0
        # The distance from one printed row to the next (blank rows aside: at most 1.8 text heights).
        pitches = [b.y - a.y for a, b in itertools.pairwise(rows) if b.y - a.y > 0.3 * height]
        self.pitch = min(statistics.median(pitches), 1.8 * height) if pitches else 1.4 * height
        self.names_below = _names_below(
            len(rows),
            self.is_bare_price,
            self.is_name_row,
            lambda i: is_code_row(texts[i]),
            self.continues_name,
            self.adjacent,
        )

    def may_start_name(self, index: int, among_items: bool = False) -> bool:
        """Whether a name may start on this row; `among_items`: an item was read above it."""
        row, reading, text = self.rows[index], self.readings[index], self.texts[index]
        if not has_name(reading.name) or reading.detail or _DAMAGED_PRICE_END.search(text):
            return False
        if self.centred(row):  # the shop's name and address, a greeting
            return False
        if _DATE_OR_TIME.search(text):
            return False
        # A postcode or a receipt number marks the shop's header; among the items (after the
        # first, or under the table's header) a name may print a model number ("2032 'ENERGIZER'
        # BATTERY", "GLASS W/FLOWER LG10001").
        among_items = among_items or any(h < index for h in self.headers)
        return among_items or not _LONG_NUMBER.search(SKU.sub(" ", text))

    def centred(self, row: Row) -> bool:
        page_left, page_right = self.page_left, self.page_right
        inset_left, inset_right = row.left - page_left, page_right - row.right
        # Centred text is inset alike on both sides (to about two characters).
        alike = abs(inset_left - inset_right) < max(2.5 * row.height, 0.1 * (page_right - page_left))
        return min(inset_left, inset_right) > 2.5 * row.height and alike

    def continues_name(self, index: int) -> bool:
        """A row that goes on with the name above it ("MARKER - BLACK" under "ARTLINE 500A
        W/BOARD"), however it is indented."""
        reading, text = self.readings[index], self.texts[index]
        return (
            has_name(reading.name)
            and not reading.detail
            and not _DATE_OR_TIME.search(text)
            and not is_payment_row(text)
            and not is_table_header(text)
        )

    def adjacent(self, upper: int, lower: int) -> bool:
        return self.rows[lower].y - self.rows[upper].y <= 1.6 * self.pitch

    def is_name_row(self, index: int) -> bool:
        return (
            self.readings[index].price is None
            and not is_payment_row(self.texts[index])
            and self.may_start_name(index, True)
        )

    def is_short_name(self, index: int) -> bool:
        reading, text = self.readings[index], self.texts[index]
        return (
            reading.price is None
            and bool(LETTER.search(reading.name))
            and not reading.detail
            and not _DATE_OR_TIME.search(text)
            and not is_payment_row(text)
            and index not in self.headers
        )

    def is_bare_price(self, index: int) -> bool:
        reading = self.readings[index]
        return (
            reading.price is not None
            and not reading.negative
            and not has_name(reading.name)
            and not is_payment_row(self.texts[index])
        )

    def named_below(self, index: int) -> bool:
        return index + 1 < len(self.rows) and has_name(self.readings[index + 1].name)


def _quantity_column(rows: list[Row], headers: list[int]) -> tuple[int, float, float] | None:
    """The row and the left and right of the item table's QTY heading, if it has one."""
    for index in headers:
        for word, left, right in rows[index].words():
            width = (right - left) / max(len(word), 1)
            for heading in heading_words(word):
                if QUANTITY_HEADING.fullmatch(heading):
                    start = word.find(heading)
                    return index, left + start * width, left + (start + len(heading)) * width
    return None


def count_under(row: Row, left: float, right: float) -> int | None:
    """A whole number of the row whose middle is under the QTY heading (a heading's width either
    side: numbers are right-aligned under it, or centred)."""
    reach = right - left
    for word, word_left, word_right in row.words():
        middle = (word_left + word_right) / 2
        if word.isdigit() and 0 < int(word) <= 9999 and left - reach <= middle <= right + reach:
            return int(word)
    return None


def is_code_row(text: str) -> bool:
    """A shelf or article code on a row of its own ("FZ02 - 6/54", "WA21 -20"): no word, no price."""
    return not re.search(r"[^\W\d_]{3}", text) and not PRICE_END.search(normalise(text))


def _names_below(
    count: int,
    is_bare_price: Callable[[int], bool],
    is_name_row: Callable[[int], bool],
    is_code_row: Callable[[int], bool],
    goes_on: Callable[[int], bool],
    adjacent: Callable[[int, int], bool],
) -> bool:
    """Whether the receipt prints each item's name below its numbers ("2623 2 2.12 4.24" then
    "NAIL (PER/PACK)"). The first row of numbers without a name decides: under the column header
    with a name row right below it, names follow their numbers; with a name row above it (a shelf
    code between them aside), they lead. Where it says neither or both, the rows of numbers that
    have a name right below them must outnumber those with one right above."""

    def name_above(index: int) -> bool:
        # Over a shelf code or a name's indented second row ("MARKER - BLACK") to the name.
        upper = index - 1
        skipped = is_code_row(upper) or (goes_on(upper) and not is_name_row(upper))
        if upper > 0 and skipped and adjacent(upper, index):
            index, upper = upper, upper - 1
        return upper >= 0 and is_name_row(upper) and adjacent(upper, index)

    def name_below(index: int) -> bool:
        return index + 1 < count and is_name_row(index + 1) and adjacent(index, index + 1)

    bare = [index for index in range(count) if is_bare_price(index)]
    if not bare:
        return False
    first_above, first_below = name_above(bare[0]), name_below(bare[0])
    if first_above != first_below:
        return first_below
    return sum(map(name_below, bare)) > sum(map(name_above, bare))
