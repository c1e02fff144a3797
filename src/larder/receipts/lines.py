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

Rows by position: rows.py. Rows that are not items (payment, totals, tax, deposits, discounts,
the table's header): non_items.py. Pack sizes and what a line puts into a store: quantities.py.
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

from larder.receipts.non_items import (
    CONFUSABLE,
    PAYMENT_WORDS,
    QUANTITY_FIRST,
    QUANTITY_HEADING,
    TOTAL_WORDS,
    heading_words,
    is_payment_row,
    is_table_header,
)
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


# ---------------------------------------------------------------------------------------------
# Reading one row

_AMOUNT = r"\d{1,5}\s?[.,]\s?\d{2}"
# A tax code after the amount ("SR", "ZRL", "SR0", "S6", "ST", Marktkauf's "xB" of an item no
# discount applies to, and dm's "1" or "2" after a space): capitals, never a pack size's unit
# ("2.25L", "500ML" end a name, not a price).
_TAX_CODE = r"(?<=[\d\s])(?!(?:ML|KG|CL|LB|OZ|PCS|PC|G|L)\b|X\s*\d)x?[A-Z]{1,3}\d?(?![A-Za-z\d])"
_CURRENCY = r"EUR|RM|\$|£|€"
# "6X1.25L" is six bottles of 1.25 l, not six at 1.25: an amount followed by a unit is a size.
_NOT_A_SIZE = r"(?!\s?(?i:ml|cl|l|ltr|g|kg|gr|oz|lb)(?![^\W\d_]))"
# A unit price may print four decimals ("3 X 1.0000", "@ 0.5500").
_UNIT_PRICE = r"\d{1,5}\s?[.,]\s?\d{2}(?:\d{2})?"
# The amount at the end of a row (never one in brackets: "100 PLUS [1.50]" is a size): currency
# before or after it, a minus for discounts, then perhaps a tax class ("A", "*", "#") and a stray
# mark. The recogniser has no '€' in its alphabet: it drops it, reads it as an '8' glued to the
# cents ("0,648"), which no price has, or as an 'E' before the tax class ("2,17EA").
_PRICE_END = re.compile(
    rf"(?P<minus>-\s*)?(?:(?<![A-Za-z])(?P<pre>{_CURRENCY}|f)\s*)?(?<![\d.,\[(])(?P<amount>{_AMOUNT})"
    r"(?P<euro>8|\s?E(?=[A-Z*#]?\s*$))?(?!\d)"
    rf"\s*(?P<minus2>-)?\s*(?P<post>EUR|€|RM)?(?:\s*(?:{_TAX_CODE}|(?<=\s)[1-9](?![\w.,])|(?<!\d)[Gg](?![A-Za-z])|(?![xX]\s*\d)[A-FH-KM-Za-fh-km-z](?![A-Za-z])|[^\w\s%/-])){{0,2}}\s*$"
)
# "QTY", also as the recogniser reads it ("OTY", "0TY"), and German "Menge", "Anz."
_QTY_WORD = r"(?i:[QO0]TY|Menge|Anz)"
# "2 x 1,99", "2x1,99", "2 @ 1.99", "2 Stk x 1,99", "2 St. x 1,99", "2.x 0,39" (a speck read as a dot)
_TIMES = re.compile(
    rf"(?:(?<![A-Za-z]){_QTY_WORD}\.?\s*:?\s*|(?<![\w.,]))(?P<count>\d{{1,3}})\.?\s*(?:(?:Stk|St|Stück|ea)\.?\s*)?[xX\u00d7@*]\s*(?:(?:{_CURRENCY})\s*)?(?P<unit>{_UNIT_PRICE})(?!\d){_NOT_A_SIZE}"
    rf"(?:\s*(?:EUR|€))?(?:\s*(?:/|je|ea\b|each\b))?"
)
_QTY = re.compile(rf"(?<![A-Za-z]){_QTY_WORD}\.?\s*:?\s*(?P<count>\d{{1,3}})(?!\d)")
_LEADING_TIMES = re.compile(r"^\s*(?P<count>\d{1,2})\s*[xX\u00d7]\s+(?=[^\d\s])")
# Under a header that starts with QTY: "1 L MCCHICKEN", "1 X 205 - MEE MAMAK".
_LEADING_COUNT = re.compile(r"^\s*(?P<count>\d{1,3})(?:\s*[xX\u00d7])?\s+(?=\S)")
# "@9.80" after a name: the unit price, its count printed elsewhere.
_AT_UNIT_PRICE = re.compile(rf"(?<![\w.,])@\s*(?P<unit>{_UNIT_PRICE})(?!\d)")
# Weighed goods: "0,765 kg x 1,29 €/kg".
_WEIGHT = re.compile(
    rf"(?P<weight>\d+[.,]\d{{1,3}})\s*(?P<unit>kg|lbs?)\s*[xX\u00d7@*]\s*(?:(?:{_CURRENCY}|f)\s*)?{_AMOUNT}\s*"
    r"(?:(?:EUR|RM|\$|£|€)\s*)?(?:/\s*(?:kg|lbs?))?",
    re.IGNORECASE,
)
_KG_PER = {"kg": 1.0, "lb": 0.4536, "lbs": 0.4536}  # the kitchen weighs in kg, never in pounds
_SKU = re.compile(r"(?<!\d)\d{6,13}(?!\d)")
_CURRENCY_WORD = re.compile(r"(?<![A-Za-z])(?:EUR|RM)(?![A-Za-z])|[$£€]")
_POUND_AS_F = re.compile(rf"(?<![A-Za-z])f(?={_AMOUNT}(?!\d))")
_DATE_OR_TIME = re.compile(r"\d{1,2}\s?[./-]\s?\d{1,2}\s?[./-]\s?\d{2,4}|\b\d{1,2}:\d{2}\b")
# A postcode, a receipt or till number: no name holds one (a pack size such as "1500G" and an
# article code such as "2011-0025" aside).
_LONG_NUMBER = re.compile(r"(?<![\d-])\d{4,5}(?![\d-]|\s?(?:g|kg|ml|cl|l|st|stk|pk|er)\b)", re.IGNORECASE)
_LETTER = re.compile(r"[^\W\d_]")
# An amount at the end of a row that lost a digit to blur ("Spaghetti 500g 1,3"): that row is an
# item whose price could not be read, never the first half of a name split over rows.
_DAMAGED_PRICE_END = re.compile(r"(?<![\w.,])\d{1,4}[.,]\d?\s?(?:E?[AB*#])?\s*$")


def _amount(text: str) -> float:
    return float(re.sub(r"\s", "", text).replace(",", "."))


def _currency(marker: str | None) -> str | None:
    if not marker:
        return None
    # The recogniser has no '£' in its alphabet and reads it as 'f' right before an amount.
    return "£" if marker == "f" else marker


@dataclass
class _Reading:
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


def read_row(text: str, *, leading_count: bool = False) -> _Reading:
    """What one row says: name text, line amount, quantity, currency, article number.
    `leading_count`: the row is in a table whose first column is the quantity."""
    text = normalise(text)
    rest = text
    price = unit_price = None
    count: float | None = None
    currency = None
    negative = False
    detail = False

    end = _PRICE_END.search(rest)
    if end:
        price = _amount(end["amount"])
        negative = bool(end["minus"] or end["minus2"])
        currency = _currency(end["pre"] or end["post"])
        rest = rest[: end.start()]
        if end["pre"] == "f" and _LETTER.search(rest[-1:] or " "):
            currency = None

    weight = _WEIGHT.search(rest)
    weight_unit = None
    if weight:
        rest = rest[: weight.start()] + " " + rest[weight.end() :]
        detail = True
        count = round(_amount(weight["weight"]) * _KG_PER[weight["unit"].lower()], 3)
        weight_unit = "kg"
    times = ([None, *_TIMES.finditer(rest)])[-1]
    if times is not None:
        count = int(times["count"])
        unit_price = _amount(times["unit"])
        rest = rest[: times.start()] + " " + rest[times.end() :]
        detail = True
    elif end is None and not weight:
        # "ITEM 7.90*3", "Kaffee 3,29 x 2" with no total after it: the total is the product.
        last = ([None, *_REVERSED_TIMES.finditer(rest)])[-1]
        if last is not None and not rest[last.end() :].strip() and last["count"].isdigit():
            count, unit_price = int(last["count"]), _amount(last["unit"])
            rest = rest[: last.start()]
            detail = True
    elif end and not weight:
        # The amount at the end may itself be the unit price of "2 x 1,99" with no total after it.
        before = next((m for m in _TIMES.finditer(text[: end.end()]) if m.end("unit") == end.end("amount")), None)
        if before:
            count = int(before["count"])
            unit_price = price
            price = None
            rest = text[: before.start()]
            detail = True
        else:
            # "QTY33.59 10.77": "3 @ 3.59" with its @ lost, and the total after it.
            for lost in _LOST_TIMES.finditer(rest):
                split = _split_count(lost[1], lost[2], price or 0.0)
                if split:
                    count = split
                    unit_price = round((price or 0.0) / split, 2)
                    rest = rest[: lost.start()] + " " + rest[lost.end() :]
                    detail = True
                    break
    if count is None and price is not None and not weight:
        found = _reversed_times(rest, price) or _weight_column(rest, price) or _column_count(rest, price)
        if found:
            count, unit_price, weight_unit, rest = found
            detail = True
    dangling = _DANGLING_TIMES.search(rest) if count is None and price and end else None
    if dangling:
        # "Premium Vodka 4,99 x  9,98": the count the recogniser lost is the total over the price.
        times_over = price / _amount(dangling["unit"])
        if times_over >= 1.5 and abs(times_over - round(times_over)) < 0.002:
            count, unit_price = round(times_over), _amount(dangling["unit"])
            rest = rest[: dangling.start()]
            detail = True
    qty = _QTY.search(rest)
    if qty:
        count = int(qty["count"])
        rest = rest[: qty.start()] + " " + rest[qty.end() :]
        detail = True
    leading = _LEADING_TIMES.match(rest) or (_LEADING_COUNT.match(rest) if leading_count else None)
    if leading and count is None:
        count = int(leading["count"])
        rest = rest[leading.end() :]
    at = _AT_UNIT_PRICE.search(rest)
    if at:
        unit_price = unit_price or _amount(at["unit"])
        rest = rest[: at.start()] + " " + rest[at.end() :]

    sku = None
    long_digits = _SKU.search(rest)
    if long_digits:
        sku = long_digits.group()
        rest = rest[: long_digits.start()] + " " + rest[long_digits.end() :]
    # "QTY" whose count went into the amount ("QTY24.11"): not a name.
    rest = re.sub(rf"(?<![A-Za-z]){_QTY_WORD}(?![A-Za-z])\.?:?", " ", rest)
    marker = _CURRENCY_WORD.search(rest)
    if marker:
        currency = currency or marker.group()
        rest = _CURRENCY_WORD.sub(" ", rest)
    if price is not None:
        # Two amounts or more between the name and the line total are columns (a unit price and a
        # discount); one may be the name's own number.
        rest = re.sub(r"(?:\s+-?\d{1,5}[.,]\d{2,4}-?){2,}\s*$", " ", " " + rest)
    name = _clean_name(rest)
    total_printed = price is not None
    if price is None and unit_price is not None and count is not None:
        price = round(count * unit_price, 2)
    return _Reading(
        name=name,
        price=price,
        unit_price=unit_price,
        count=count,
        currency=currency,
        sku=sku,
        detail=detail and not _has_name(name),
        negative=negative,
        total_printed=total_printed,
        weight_unit=weight_unit,
    )


# "5.90 X 3", "RM33.90 X1", "1.40*1": unit price first, then the count; "10.99*1.306": a price per
# kg times the weight.
_REVERSED_TIMES = re.compile(
    rf"(?:(?<![A-Za-z])(?:{_CURRENCY})\s*|(?<![\w.,]))(?P<unit>{_UNIT_PRICE})\s*[xX*]\s*(?P<count>\d{{1,4}}(?:[.,]\d{{1,3}})?)(?![\d.,])"
)
_DANGLING_TIMES = re.compile(rf"(?<![\w.,])(?P<unit>{_UNIT_PRICE})\s*[xX*@]\s*$")
_NUMBER_TOKEN = re.compile(r"(?<!\S)(?:\d{1,5}(?:[.,]\d{2,4})?)(?!\S)")


def _close(expected: float, printed: float) -> bool:
    """Whether count x unit price is the printed amount: tax-inclusive unit prices and rounding
    leave it a little off ("17 x 0.90" printed 15.25)."""
    return abs(expected - printed) <= 0.01 + 0.015 * printed


def _reversed_times(rest: str, price: float) -> tuple[float, float, str | None, str] | None:
    for found in _REVERSED_TIMES.finditer(rest):
        unit, count = _amount(found["unit"]), float(found["count"].replace(",", "."))
        if count <= 0 or not _close(unit * count, price):
            continue
        weighed = not count.is_integer()
        return count, unit, "kg" if weighed else None, rest[: found.start()] + " " + rest[found.end() :]
    return None


_WEIGHT_TOKEN = re.compile(r"(?<![\w.,])\d{1,2}[.,]\d{3}(?![\w.,])")
_WEIGHT_WORDS = re.compile(r"(?<![^\W\d_])(?:kg|eur(?:o)?/kg|€/kg|eur(?:o)?|€)(?![^\W\d_])", re.IGNORECASE)


def _weight_column(rest: str, price: float) -> tuple[float, float, str, str] | None:
    """A weight in kg printed in a column of its own ("0,158  1,19  0,19" under Aldi's "kg
    EURO/kg EURO"): a number of three decimals whose product with a price on the row is the
    amount, to the cent."""
    for weight in _WEIGHT_TOKEN.finditer(rest):
        kilos = _amount(weight.group())
        for unit in _NUMBER_TOKEN.finditer(rest):
            if unit.start() == weight.start() or unit.group().isdigit():
                continue
            if kilos > 0 and abs(kilos * _amount(unit.group()) - price) <= 0.006:
                left = _NUMBER_TOKEN.sub(" ", rest[: min(weight.start(), unit.start())])
                return kilos, _amount(unit.group()), "kg", _WEIGHT_WORDS.sub(" ", left)
    return None


def _column_count(rest: str, price: float) -> tuple[float, float, None, str] | None:
    """Columns such as QTY, U/P and AMOUNT with no x between them ("2623 2 2.12 4.24", "O.C. WHITE
    2.13 6 3 0 3 6.39"): the whole number whose product with a unit price on the row is the line's
    amount is its quantity. The numbers after the name go, article numbers stay for the SKU."""
    tokens = list(_NUMBER_TOKEN.finditer(rest))
    counts = [t for t in tokens if t.group().isdigit() and 0 < int(t.group()) <= 9999]
    units = [t for t in tokens if not t.group().isdigit()]
    best = None
    for unit in units:
        for count in counts:
            product = int(count.group()) * _amount(unit.group())
            if _close(product, price):
                off = abs(product - price)
                if best is None or off < best[0] - 0.005:
                    best = (off, int(count.group()), _amount(unit.group()), count)
    if best is None and not re.search(r"[^\W\d_]{3}", rest):
        # A row of numbers only whose count the recogniser lost ("SR 6001188379050  3.68  18.40"):
        # the amount over the unit price, where that is a whole number.
        for unit in units:
            times_over = price / _amount(unit.group()) if _amount(unit.group()) else 0.0
            if 2 <= round(times_over) <= 999 and abs(times_over - round(times_over)) < 0.002:
                best = (0.0, round(times_over), _amount(unit.group()), None)
                break
    if best is None:
        return None
    tail = re.sub(r"(?:\s+(?:\d{1,5}(?:[.,]\d{2,4})?|[A-Z]{1,3}\d?))+\s*$", " ", " " + rest)
    counted = best[3]
    if counted is not None and not rest[: counted.start()].strip():
        tail = tail.replace(counted.group(), " ", 1)  # "2 LECHE ENTERA 0,89 1,78": the count leads
    return float(best[1]), best[2], None, tail


def _clean_name(text: str) -> str:
    # An article number the recogniser misread a digit of ("35879G BANANAS") is not part of the name.
    text = re.sub(r"^\s*(?=(?:\S*\d){5})[\dA-Za-z#]{5,14}(?=\s)", " ", text)
    text = re.sub(r"\.{2,}|_{2,}|-{2,}|\s[-*:]+(?=\s|$)", " ", text)
    text = re.sub(r"\s+", " ", text).strip(" -*:;,.#")
    # A zero read for the letter O inside a word ("BR0CCOLI", "Y0GURT", "0LIVE 0IL").
    return re.sub(r"(?<=[^\W\d_])0+(?=[^\W\d_])|(?<![\w.,])0(?=[^\W\d_]{2})", _letter_o, text)


def _letter_o(zeros: re.Match[str]) -> str:
    after = zeros.string[zeros.end() : zeros.end() + 1]
    return ("o" if after.islower() else "O") * len(zeros.group())


def _has_name(text: str) -> bool:
    # Two capitals alone are a tax code or a line's flag ("1 SR"), not a name; "Ei" is one.
    letters = _LETTER.findall(text)
    return len(letters) >= 3 or (len(letters) == 2 and bool(re.search(r"[^\W\d_][^\W\d_A-Z]", text)))


# An amount-like run that may be "count x unit price" with its x lost: "41.29", "QTY33.59".
_LOST_TIMES = re.compile(rf"(?:(?<![A-Za-z]){_QTY_WORD}\.?\s*:?\s*|(?<![\w.,]))(\d{{2,4}})[.,](\d{{2}})(?!\d)")


def _split_count(digits: str, cents: str, total: float) -> int | None:
    """The count of "count x unit price" read without its x ("4" "1.29" from "41.29"), when the
    product is `total`."""
    for cut in (1, 2):
        if cut < len(digits):
            count, unit = int(digits[:cut]), float(f"{digits[cut:]}.{cents}")
            if count >= 2 and abs(count * unit - total) < 0.005:
                return count
    return None


_TIMES_UNIT_PRICE = re.compile(rf"\s*[xX\u00d7*]\s*(?P<unit>{_UNIT_PRICE})(?:\s?(?:EUR|€))?\s*")


def _count_lost_ahead(text: str, below: _Reading | None) -> int | None:
    """The count of "x 0,79" whose count the recogniser lost, printed over a named item whose
    price is a whole multiple of it (2,37: 3)."""
    found = _TIMES_UNIT_PRICE.fullmatch(normalise(text))
    if found is None or below is None or below.price is None or not _has_name(below.name):
        return None
    unit = _amount(found["unit"])
    count = round(below.price / unit) if unit > 0 else 0
    return count if 2 <= count <= 99 and abs(count * unit - below.price) < 0.005 else None


def _lost_times(text: str, total: float) -> int | None:
    """The count of a quantity row whose x the recogniser lost, if its digits say count x unit
    price = `total`: "41.29" under an item of 5.16 is 4 x 1.29."""
    found = _LOST_TIMES.fullmatch(normalise(text).strip())
    return _split_count(found[1], found[2], total) if found else None


def receipt_currency(rows: list[str]) -> str | None:
    """The currency the receipt says anywhere (its most frequent marker), or None."""
    seen: Counter[str] = Counter()
    for text in rows:
        for marker in _CURRENCY_WORD.findall(text):
            seen[marker] += 1
        for _ in _POUND_AS_F.finditer(text):
            seen["£"] += 1
    return seen.most_common(1)[0][0] if seen else None


# ---------------------------------------------------------------------------------------------
# Rows to item lines


def read_lines(boxes: list[Box]) -> list[ReceiptLine]:
    """The receipt's item lines, top to bottom."""
    return lines_from_rows(rebuild_rows(boxes))


def lines_from_rows(rows: list[Row]) -> list[ReceiptLine]:
    """The item lines of rebuilt rows: payment rows skipped, names split over rows joined,
    quantity rows given to their item, nothing after the total."""
    texts = [row.text for row in rows]
    currency = receipt_currency(texts)
    headers = [index for index, text in enumerate(texts) if is_table_header(text)]
    counts_first = next((h for h in headers if QUANTITY_FIRST.search(texts[h])), None)
    quantity_column = _quantity_column(rows, headers)
    readings = [
        read_row(text, leading_count=counts_first is not None and index > counts_first)
        for index, text in enumerate(texts)
    ]
    height = statistics.median(row.height for row in rows) if rows else 0.0
    lefts, rights = sorted(row.left for row in rows), sorted(row.right for row in rows)
    page_left = lefts[len(lefts) // 10] if lefts else 0.0  # the receipt's text edges (a stray box aside)
    page_right = rights[-1 - len(rights) // 10] if rights else 0.0
    # The distance from one printed row to the next (blank rows aside: at most 1.8 text heights).
    pitches = [b.y - a.y for a, b in itertools.pairwise(rows) if b.y - a.y > 0.3 * height]
    pitch = min(statistics.median(pitches), 1.8 * height) if pitches else 1.4 * height

    lines: list[ReceiptLine] = []

    def may_start_name(index: int, among_items: bool = False) -> bool:
        row, reading, text = rows[index], readings[index], texts[index]
        if not _has_name(reading.name) or reading.detail or _DAMAGED_PRICE_END.search(text):
            return False
        if centred(row):  # the shop's name and address, a greeting
            return False
        if _DATE_OR_TIME.search(text):
            return False
        # A postcode or a receipt number marks the shop's header; among the items (after the
        # first, or under the table's header) a name may print a model number ("2032 'ENERGIZER'
        # BATTERY", "GLASS W/FLOWER LG10001").
        among_items = among_items or bool(lines) or any(h < index for h in headers)
        return among_items or not _LONG_NUMBER.search(_SKU.sub(" ", text))

    def centred(row: Row) -> bool:
        inset_left, inset_right = row.left - page_left, page_right - row.right
        # Centred text is inset alike on both sides (to about two characters).
        alike = abs(inset_left - inset_right) < max(2.5 * row.height, 0.1 * (page_right - page_left))
        return min(inset_left, inset_right) > 2.5 * row.height and alike

    def continues_name(index: int) -> bool:
        """A row that goes on with the name above it ("MARKER - BLACK" under "ARTLINE 500A
        W/BOARD"), however it is indented."""
        reading, text = readings[index], texts[index]
        return (
            _has_name(reading.name)
            and not reading.detail
            and not _DATE_OR_TIME.search(text)
            and not is_payment_row(text)
            and not is_table_header(text)
        )

    def adjacent(upper: int, lower: int) -> bool:
        return rows[lower].y - rows[upper].y <= 1.6 * pitch

    def is_name_row(index: int) -> bool:
        return readings[index].price is None and not is_payment_row(texts[index]) and may_start_name(index, True)

    def is_short_name(index: int) -> bool:
        reading, text = readings[index], texts[index]
        return (
            reading.price is None
            and bool(_LETTER.search(reading.name))
            and not reading.detail
            and not _DATE_OR_TIME.search(text)
            and not is_payment_row(text)
            and index not in headers
        )

    def is_bare_price(index: int) -> bool:
        reading = readings[index]
        return (
            reading.price is not None
            and not reading.negative
            and not _has_name(reading.name)
            and not is_payment_row(texts[index])
        )

    names_below = _names_below(
        len(rows), is_bare_price, is_name_row, lambda i: _is_code_row(texts[i]), continues_name, adjacent
    )
    item_shapes = set()  # how many numbers the item rows print (a table's columns)
    last_item_row: int | None = None
    last_explicit = False
    pending: list[int] = []
    taken: set[int] = set()  # name rows read with the price row above them
    bridges: set[int] = set()  # rows between a name and its price that are no part of the name
    count_ahead: tuple[int, float] | None = None  # a count row's count, for the item on that row
    after_total = False

    def continues(index: int) -> bool:
        return bool(lines) and last_item_row == index - 1 and not last_explicit and adjacent(index - 1, index)

    def set_quantity(count: float, weight_unit: str | None = None) -> None:
        nonlocal last_explicit
        quantity = count if weight_unit else float(max(1, count))
        lines[-1] = replace(lines[-1], quantity=quantity, unit=weight_unit)
        last_explicit = True

    def counts_next(index: int) -> bool:
        """Whether the count row at `index` counts the priced item right below it: its product is
        that item's price, and not the price of the item above."""
        reading, below = readings[index], index + 1
        if reading.weight_unit or reading.unit_price is None or below >= len(rows) or not adjacent(index, below):
            return False
        product = reading.count * reading.unit_price
        above_matches = continues(index) and abs(lines[-1].price - product) < 0.005
        after = readings[below]
        return not above_matches and after.price is not None and abs(after.price - product) < 0.005

    def named_below(index: int) -> bool:
        return index + 1 < len(rows) and _has_name(readings[index + 1].name)

    def add(index: int, name: str, sources: list[int]) -> None:
        nonlocal last_item_row, last_explicit, count_ahead
        reading = readings[index]
        sku = reading.sku or next((readings[p].sku for p in sources if readings[p].sku), None)
        count = reading.count or next((readings[p].count for p in sources if readings[p].count), None)
        if count is None and count_ahead and count_ahead[0] == index:
            count = count_ahead[1]
        count_ahead = None
        if count is None and quantity_column and index > quantity_column[0]:
            # A whole number under the header's QTY ("DURAFILE H399  200  SR  116.60").
            column_count = _count_under(rows[index], quantity_column[1], quantity_column[2])
            if column_count is not None:
                count = float(column_count)
                name = _clean_name(re.sub(rf"\s{column_count}(?:\s+[A-Z]{{1,3}}\d?)?\s*$", " ", " " + name))
        quantity = count if reading.weight_unit and count else float(max(1, count or 1))
        unit = reading.weight_unit if reading.weight_unit and count else None
        price = reading.price or 0.0
        lines.append(ReceiptLine(name, quantity, price, reading.currency or currency, sku, unit))
        item_shapes.add(_numbers(texts[index]))
        last_item_row = index
        last_explicit = count is not None

    for index, (text, reading) in enumerate(zip(texts, readings, strict=True)):
        if index in taken:
            continue
        if index in headers:
            if pending:  # Aldi's "kg EURO/kg EURO" between a weighed item's name and its numbers
                bridges.add(index)
                pending.append(index)
            continue
        if after_total and not (_numbers(text) >= 4 and _numbers(text) in item_shapes):
            # Nothing after the total is an item, unless the item table goes on after a subtotal
            # (a row with as many numbers as the items above).
            continue
        if is_payment_row(text):
            pending = []
            if TOTAL_WORDS.search(text.translate(CONFUSABLE)):
                after_total = True
            continue
        after_total = False
        price = reading.price
        # "2 x 0,99" counts the item whose price is its product: the one above, or the one below
        # (German tills print it before the item); else the item above.
        counting = reading.detail and reading.count is not None and not reading.total_printed
        if counting and counts_next(index) and (not pending or named_below(index)):
            # Names waiting above it lost their prices to the recogniser: the count is the next
            # item's, and they are not items.
            count_ahead = (index + 1, reading.count)
            pending = []
            continue
        lost_count = _count_lost_ahead(text, readings[index + 1] if index + 1 < len(rows) else None)
        if lost_count and adjacent(index, index + 1):
            # "X 0,79" with its count lost, over the item it counts ("KIWIS 2,37").
            count_ahead = (index + 1, lost_count)
            pending = []
            continue
        if price is None:
            if reading.detail and reading.count is not None and continues(index):
                set_quantity(reading.count, reading.weight_unit)
                pending = []
                continue
            if _is_code_row(text) and pending:
                # "FZ02 - 6/54", a shelf code between name and price
                bridges.add(index)
                pending.append(index)
                continue
            named = [p for p in pending if p not in bridges]
            if 0 < len(named) < 2 and adjacent(pending[-1], index) and continues_name(index):
                pending.append(index)
                continue
            # A name may start here; with the row above it, it is at most two rows before its price.
            pending = [*[p for p in pending if adjacent(p, index)][-1:], index] if may_start_name(index) else []
            continue
        if pending and not adjacent(pending[-1], index):
            pending = []
        own_name = _has_name(reading.name)
        if names_below and (not own_name or _ITEM_CODE.fullmatch(reading.name)) and not reading.negative:
            # The receipt prints each item's numbers first (with an item code, "10 IB-RDM 28.90
            # 260.10") and its name on the rows below.
            below = []
            for after in range(index + 1, min(index + 3, len(rows))):
                # Right under its numbers, a name may be short on letters ("10' 1X2" timber).
                first_short = not below and is_short_name(after)
                if not (is_name_row(after) or first_short) or not adjacent(after - 1, after):
                    break
                below.append(after)
            if below:
                taken.update(below)
                add(index, _clean_name(" ".join(readings[b].name for b in below)), below)
                pending = []
                continue
        if reading.detail and not pending:
            # "2 x 1,99" right under a priced item: that item's quantity (its price is the printed
            # total). A detail row with a total of its own and no name above it is not an item.
            if reading.count is not None and not reading.total_printed and continues(index):
                set_quantity(reading.count)
            continue
        if not own_name and not pending and continues(index):
            # "4 x 1,29" read with its x lost ("41,29", "QTY24.11") under the item it counts: it
            # splits into a count and a unit price whose product is that item's printed total.
            count = _lost_times(text, lines[-1].price)
            if count:
                set_quantity(count)
                continue
        if reading.negative:
            pending = []
            continue
        names = [p for p in pending if p not in bridges]
        parts = [readings[p].name for p in names]
        if own_name or (names and reading.name):
            parts.append(reading.name)  # the end of a split name may be short: "2L", "500G"
        name = _clean_name(" ".join(parts))
        if not _has_name(name):
            pending = []
            continue
        add(index, name, pending)
        pending = []
    return lines


# An item code in place of a name: one word of capitals with a digit or a hyphen ("IB-RDM", "AOR5058").
_ITEM_CODE = re.compile(r"(?=\S*[\d-])[A-Z0-9][A-Z0-9/.-]{2,11}")


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


def _count_under(row: Row, left: float, right: float) -> int | None:
    """A whole number of the row whose middle is under the QTY heading (a heading's width either
    side: numbers are right-aligned under it, or centred)."""
    reach = right - left
    for word, word_left, word_right in row.words():
        middle = (word_left + word_right) / 2
        if word.isdigit() and 0 < int(word) <= 9999 and left - reach <= middle <= right + reach:
            return int(word)
    return None


def _numbers(text: str) -> int:
    return len(_NUMBER_TOKEN.findall(text))


def _is_code_row(text: str) -> bool:
    """A shelf or article code on a row of its own ("FZ02 - 6/54", "WA21 -20"): no word, no price."""
    return not re.search(r"[^\W\d_]{3}", text) and not _PRICE_END.search(normalise(text))


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
