"""What one row of a receipt says: its name text, line amount, quantity, currency and article
number (read_row), and the currency the whole receipt prints. How amounts and counts print:
amounts.py.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from larder.receipts.amounts import (
    AMOUNT,
    CURRENCY,
    DANGLING_TIMES,
    LOST_TIMES,
    NOT_A_SIZE,
    PRICE_END,
    QTY_WORD,
    REVERSED_TIMES,
    UNIT_PRICE,
    amount,
    column_count,
    reversed_times,
    split_count,
    weight_column,
)
from larder.receipts.rows import normalise

# "2 x 1,99", "2x1,99", "2 @ 1.99", "2 Stk x 1,99", "2 St. x 1,99", "2.x 0,39" (a speck read as a dot)
_TIMES = re.compile(
    rf"(?:(?<![A-Za-z]){QTY_WORD}\.?\s*:?\s*|(?<![\w.,]))(?P<count>\d{{1,3}})\.?\s*(?:(?:Stk|St|Stück|ea)\.?\s*)?[xX\u00d7@*]\s*(?:(?:{CURRENCY})\s*)?(?P<unit>{UNIT_PRICE})(?!\d){NOT_A_SIZE}"
    rf"(?:\s*(?:EUR|€))?(?:\s*(?:/|je|ea\b|each\b))?"
)
_QTY = re.compile(rf"(?<![A-Za-z]){QTY_WORD}\.?\s*:?\s*(?P<count>\d{{1,3}})(?!\d)")
_LEADING_TIMES = re.compile(r"^\s*(?P<count>\d{1,2})\s*[xX\u00d7]\s+(?=[^\d\s])")
# Under a header that starts with QTY: "1 L MCCHICKEN", "1 X 205 - MEE MAMAK".
_LEADING_COUNT = re.compile(r"^\s*(?P<count>\d{1,3})(?:\s*[xX\u00d7])?\s+(?=\S)")
# "@9.80" after a name: the unit price, its count printed elsewhere.
_AT_UNIT_PRICE = re.compile(rf"(?<![\w.,])@\s*(?P<unit>{UNIT_PRICE})(?!\d)")
# Weighed goods: "0,765 kg x 1,29 €/kg".
_WEIGHT = re.compile(
    rf"(?P<weight>\d+[.,]\d{{1,3}})\s*(?P<unit>kg|lbs?)\s*[xX\u00d7@*]\s*(?:(?:{CURRENCY}|f)\s*)?{AMOUNT}\s*"
    r"(?:(?:EUR|RM|\$|£|€)\s*)?(?:/\s*(?:kg|lbs?))?",
    re.IGNORECASE,
)
_KG_PER = {"kg": 1.0, "lb": 0.4536, "lbs": 0.4536}  # the kitchen weighs in kg, never in pounds
SKU = re.compile(r"(?<!\d)\d{6,13}(?!\d)")
_CURRENCY_WORD = re.compile(r"(?<![A-Za-z])(?:EUR|RM)(?![A-Za-z])|[$£€]")
_POUND_AS_F = re.compile(rf"(?<![A-Za-z])f(?={AMOUNT}(?!\d))")
LETTER = re.compile(r"[^\W\d_]")


def _currency(marker: str | None) -> str | None:
    if not marker:
        return None
    # The recogniser has no '£' in its alphabet and reads it as 'f' right before an amount.
    return "£" if marker == "f" else marker


@dataclass
class Reading:
    name: str
    price: float | None  # the line total, when the row says one
    unit_price: float | None
    count: float | None  # a quantity the row states (a weight in `weight_unit` for weighed goods)
    currency: str | None
    sku: str | None
    detail: bool  # only says how many / how much per kg (no name of its own)
    negative: bool = False
    total_printed: bool = False  # the price is an amount printed on the row, not count times unit price
    weight_unit: str | None = None


def read_row(text: str, *, leading_count: bool = False) -> Reading:
    """What one row says: name text, line amount, quantity, currency, article number.
    `leading_count`: the row is in a table whose first column is the quantity."""
    row = _RowReader(normalise(text))
    row.take_price_end()
    row.take_weight_or_times()
    row.take_column_count()
    row.take_stated_count(leading_count)
    row.take_sku_and_currency()
    return row.reading()


class _RowReader:
    """One row read from its end: each step takes what it recognises out of `rest`, in this order,
    so that what is left at the end is the name."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.rest = text
        self.price: float | None = None
        self.unit_price: float | None = None
        self.count: float | None = None
        self.currency: str | None = None
        self.sku: str | None = None
        self.negative = False
        self.detail = False
        self.end: re.Match[str] | None = None
        self.weighed = False
        self.weight_unit: str | None = None

    def take_price_end(self) -> None:
        end = self.end = PRICE_END.search(self.rest)
        if end:
            self.price = amount(end["amount"])
            self.negative = bool(end["minus"] or end["minus2"])
            self.currency = _currency(end["pre"] or end["post"])
            self.rest = self.rest[: end.start()]
            if end["pre"] == "f" and LETTER.search(self.rest[-1:] or " "):
                self.currency = None

    def take_weight_or_times(self) -> None:
        rest, end = self.rest, self.end
        weight = _WEIGHT.search(rest)
        self.weighed = bool(weight)
        if weight:
            rest = rest[: weight.start()] + " " + rest[weight.end() :]
            self.detail = True
            self.count = round(amount(weight["weight"]) * _KG_PER[weight["unit"].lower()], 3)
            self.weight_unit = "kg"
        times = ([None, *_TIMES.finditer(rest)])[-1]
        if times is not None:
            self.count = int(times["count"])
            self.unit_price = amount(times["unit"])
            rest = rest[: times.start()] + " " + rest[times.end() :]
            self.detail = True
        elif end is None and not weight:
            # "ITEM 7.90*3", "Kaffee 3,29 x 2" with no total after it: the total is the product.
            last = ([None, *REVERSED_TIMES.finditer(rest)])[-1]
            if last is not None and not rest[last.end() :].strip() and last["count"].isdigit():
                self.count, self.unit_price = int(last["count"]), amount(last["unit"])
                rest = rest[: last.start()]
                self.detail = True
        elif end and not weight:
            rest = self._unit_price_at_end(rest, end)
        self.rest = rest

    def _unit_price_at_end(self, rest: str, end: re.Match[str]) -> str:
        # The amount at the end may itself be the unit price of "2 x 1,99" with no total after it.
        text = self.text
        before = next((m for m in _TIMES.finditer(text[: end.end()]) if m.end("unit") == end.end("amount")), None)
        if before:
            self.count = int(before["count"])
            self.unit_price = self.price
            self.price = None
            self.detail = True
            return text[: before.start()]
        # "QTY33.59 10.77": "3 @ 3.59" with its @ lost, and the total after it.
        for lost in LOST_TIMES.finditer(rest):
            split = split_count(lost[1], lost[2], self.price or 0.0)
            if split:
                self.count = split
                self.unit_price = round((self.price or 0.0) / split, 2)
                self.detail = True
                return rest[: lost.start()] + " " + rest[lost.end() :]
        return rest

    def take_column_count(self) -> None:
        price, rest = self.price, self.rest
        if self.count is None and price is not None and not self.weighed:
            found = reversed_times(rest, price) or weight_column(rest, price) or column_count(rest, price)
            if found:
                self.count, self.unit_price, self.weight_unit, self.rest = found
                self.detail = True
        dangling = DANGLING_TIMES.search(self.rest) if self.count is None and price and self.end else None
        if dangling and price:
            # "Premium Vodka 4,99 x  9,98": the count the recogniser lost is the total over the price.
            times_over = price / amount(dangling["unit"])
            if times_over >= 1.5 and abs(times_over - round(times_over)) < 0.002:
                self.count, self.unit_price = round(times_over), amount(dangling["unit"])
                self.rest = self.rest[: dangling.start()]
                self.detail = True

    def take_stated_count(self, leading_count: bool) -> None:
        rest = self.rest
        qty = _QTY.search(rest)
        if qty:
            self.count = int(qty["count"])
            rest = rest[: qty.start()] + " " + rest[qty.end() :]
            self.detail = True
        leading = _LEADING_TIMES.match(rest) or (_LEADING_COUNT.match(rest) if leading_count else None)
        if leading and self.count is None:
            self.count = int(leading["count"])
            rest = rest[leading.end() :]
        at = _AT_UNIT_PRICE.search(rest)
        if at:
            self.unit_price = self.unit_price or amount(at["unit"])
            rest = rest[: at.start()] + " " + rest[at.end() :]
        self.rest = rest

    def take_sku_and_currency(self) -> None:
        rest = self.rest
        long_digits = SKU.search(rest)
        if long_digits:
            self.sku = long_digits.group()
            rest = rest[: long_digits.start()] + " " + rest[long_digits.end() :]
        # "QTY" whose count went into the amount ("QTY24.11"): not a name.
        rest = re.sub(rf"(?<![A-Za-z]){QTY_WORD}(?![A-Za-z])\.?:?", " ", rest)
        marker = _CURRENCY_WORD.search(rest)
        if marker:
            self.currency = self.currency or marker.group()
            rest = _CURRENCY_WORD.sub(" ", rest)
        if self.price is not None:
            # Two amounts or more between the name and the line total are columns (a unit price and a
            # discount); one may be the name's own number.
            rest = re.sub(r"(?:\s+-?\d{1,5}[.,]\d{2,4}-?){2,}\s*$", " ", " " + rest)
        self.rest = rest

    def reading(self) -> Reading:
        name = clean_name(self.rest)
        price, count, unit_price = self.price, self.count, self.unit_price
        total_printed = price is not None
        if price is None and unit_price is not None and count is not None:
            price = round(count * unit_price, 2)
        return Reading(
            name=name,
            price=price,
            unit_price=unit_price,
            count=count,
            currency=self.currency,
            sku=self.sku,
            detail=self.detail and not has_name(name),
            negative=self.negative,
            total_printed=total_printed,
            weight_unit=self.weight_unit,
        )


def clean_name(text: str) -> str:
    # An article number the recogniser misread a digit of ("35879G BANANAS") is not part of the name.
    text = re.sub(r"^\s*(?=(?:\S*\d){5})[\dA-Za-z#]{5,14}(?=\s)", " ", text)
    text = re.sub(r"\.{2,}|_{2,}|-{2,}|\s[-*:]+(?=\s|$)", " ", text)
    text = re.sub(r"\s+", " ", text).strip(" -*:;,.#")
    # A zero read for the letter O inside a word ("BR0CCOLI", "Y0GURT", "0LIVE 0IL").
    return re.sub(r"(?<=[^\W\d_])0+(?=[^\W\d_])|(?<![\w.,])0(?=[^\W\d_]{2})", _letter_o, text)


def _letter_o(zeros: re.Match[str]) -> str:
    after = zeros.string[zeros.end() : zeros.end() + 1]
    return ("o" if after.islower() else "O") * len(zeros.group())


def has_name(text: str) -> bool:
    # Two capitals alone are a tax code or a line's flag ("1 SR"), not a name; "Ei" is one.
    letters = LETTER.findall(text)
    return len(letters) >= 3 or (len(letters) == 2 and bool(re.search(r"[^\W\d_][^\W\d_A-Z]", text)))


def receipt_currency(rows: list[str]) -> str | None:
    """The currency the receipt says anywhere (its most frequent marker), or None."""
    seen: Counter[str] = Counter()
    for text in rows:
        for marker in _CURRENCY_WORD.findall(text):
            seen[marker] += 1
        for _ in _POUND_AS_F.finditer(text):
            seen["£"] += 1
    return seen.most_common(1)[0][0] if seen else None
