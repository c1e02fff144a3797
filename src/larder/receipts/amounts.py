"""Amounts and counts as a receipt prints them, and as the recogniser reads them back: the price
at a row's end, a unit price, counts printed in a column of their own or read without their x.
Pure text: what the rows are and which one is an item is lines.py's business.
"""

from __future__ import annotations

import re

from larder.receipts.rows import normalise

AMOUNT = r"\d{1,5}\s?[.,]\s?\d{2}"
# A tax code after the amount ("SR", "ZRL", "SR0", "S6", "ST", Marktkauf's "xB" of an item no
# discount applies to, and dm's "1" or "2" after a space): capitals, never a pack size's unit
# ("2.25L", "500ML" end a name, not a price).
_TAX_CODE = r"(?<=[\d\s])(?!(?:ML|KG|CL|LB|OZ|PCS|PC|G|L)\b|X\s*\d)x?[A-Z]{1,3}\d?(?![A-Za-z\d])"
CURRENCY = r"EUR|RM|\$|£|€"
# "6X1.25L" is six bottles of 1.25 l, not six at 1.25: an amount followed by a unit is a size.
NOT_A_SIZE = r"(?!\s?(?i:ml|cl|l|ltr|g|kg|gr|oz|lb)(?![^\W\d_]))"
# A unit price may print four decimals ("3 X 1.0000", "@ 0.5500").
UNIT_PRICE = r"\d{1,5}\s?[.,]\s?\d{2}(?:\d{2})?"
# The amount at the end of a row (never one in brackets: "100 PLUS [1.50]" is a size): currency
# before or after it, a minus for discounts, then perhaps a tax class ("A", "*", "#") and a stray
# mark. The recogniser has no '€' in its alphabet: it drops it, reads it as an '8' glued to the
# cents ("0,648"), which no price has, or as an 'E' before the tax class ("2,17EA").
PRICE_END = re.compile(
    rf"(?P<minus>-\s*)?(?:(?<![A-Za-z])(?P<pre>{CURRENCY}|f)\s*)?(?<![\d.,\[(])(?P<amount>{AMOUNT})"
    r"(?P<euro>8|\s?E(?=[A-Z*#]?\s*$))?(?!\d)"
    rf"\s*(?P<minus2>-)?\s*(?P<post>EUR|€|RM)?(?:\s*(?:{_TAX_CODE}|(?<=\s)[1-9](?![\w.,])|(?<!\d)[Gg](?![A-Za-z])|(?![xX]\s*\d)[A-FH-KM-Za-fh-km-z](?![A-Za-z])|[^\w\s%/-])){{0,2}}\s*$"
)
# "QTY", also as the recogniser reads it ("OTY", "0TY"), and German "Menge", "Anz."
QTY_WORD = r"(?i:[QO0]TY|Menge|Anz)"


def amount(text: str) -> float:
    return float(re.sub(r"\s", "", text).replace(",", "."))


# "5.90 X 3", "RM33.90 X1", "1.40*1": unit price first, then the count; "10.99*1.306": a price per
# kg times the weight.
REVERSED_TIMES = re.compile(
    rf"(?:(?<![A-Za-z])(?:{CURRENCY})\s*|(?<![\w.,]))(?P<unit>{UNIT_PRICE})\s*[xX*]\s*(?P<count>\d{{1,4}}(?:[.,]\d{{1,3}})?)(?![\d.,])"
)
DANGLING_TIMES = re.compile(rf"(?<![\w.,])(?P<unit>{UNIT_PRICE})\s*[xX*@]\s*$")
NUMBER_TOKEN = re.compile(r"(?<!\S)(?:\d{1,5}(?:[.,]\d{2,4})?)(?!\S)")


def _close(expected: float, printed: float) -> bool:
    """Whether count x unit price is the printed amount: tax-inclusive unit prices and rounding
    leave it a little off ("17 x 0.90" printed 15.25)."""
    return abs(expected - printed) <= 0.01 + 0.015 * printed


def reversed_times(rest: str, price: float) -> tuple[float, float, str | None, str] | None:
    for found in REVERSED_TIMES.finditer(rest):
        unit, count = amount(found["unit"]), float(found["count"].replace(",", "."))
        if count <= 0 or not _close(unit * count, price):
            continue
        weighed = not count.is_integer()
        return count, unit, "kg" if weighed else None, rest[: found.start()] + " " + rest[found.end() :]
    return None


_WEIGHT_TOKEN = re.compile(r"(?<![\w.,])\d{1,2}[.,]\d{3}(?![\w.,])")
_WEIGHT_WORDS = re.compile(r"(?<![^\W\d_])(?:kg|eur(?:o)?/kg|€/kg|eur(?:o)?|€)(?![^\W\d_])", re.IGNORECASE)


def weight_column(rest: str, price: float) -> tuple[float, float, str, str] | None:
    """A weight in kg printed in a column of its own ("0,158  1,19  0,19" under Aldi's "kg
    EURO/kg EURO"): a number of three decimals whose product with a price on the row is the
    amount, to the cent."""
    for weight in _WEIGHT_TOKEN.finditer(rest):
        kilos = amount(weight.group())
        for unit in NUMBER_TOKEN.finditer(rest):
            if unit.start() == weight.start() or unit.group().isdigit():
                continue
            if kilos > 0 and abs(kilos * amount(unit.group()) - price) <= 0.006:
                left = NUMBER_TOKEN.sub(" ", rest[: min(weight.start(), unit.start())])
                return kilos, amount(unit.group()), "kg", _WEIGHT_WORDS.sub(" ", left)
    return None


def column_count(rest: str, price: float) -> tuple[float, float, None, str] | None:
    """Columns such as QTY, U/P and AMOUNT with no x between them ("2623 2 2.12 4.24", "O.C. WHITE
    2.13 6 3 0 3 6.39"): the whole number whose product with a unit price on the row is the line's
    amount is its quantity. The numbers after the name go, article numbers stay for the SKU."""
    tokens = list(NUMBER_TOKEN.finditer(rest))
    counts = [t for t in tokens if t.group().isdigit() and 0 < int(t.group()) <= 9999]
    units = [t for t in tokens if not t.group().isdigit()]
    best: tuple[float, int, float, re.Match[str] | None] | None = None
    for unit in units:
        for count in counts:
            product = int(count.group()) * amount(unit.group())
            if _close(product, price):
                off = abs(product - price)
                if best is None or off < best[0] - 0.005:
                    best = (off, int(count.group()), amount(unit.group()), count)
    if best is None and not re.search(r"[^\W\d_]{3}", rest):
        # A row of numbers only whose count the recogniser lost ("SR 6001188379050  3.68  18.40"):
        # the amount over the unit price, where that is a whole number.
        for unit in units:
            times_over = price / amount(unit.group()) if amount(unit.group()) else 0.0
            if 2 <= round(times_over) <= 999 and abs(times_over - round(times_over)) < 0.002:
                best = (0.0, round(times_over), amount(unit.group()), None)
                break
    if best is None:
        return None
    tail = re.sub(r"(?:\s+(?:\d{1,5}(?:[.,]\d{2,4})?|[A-Z]{1,3}\d?))+\s*$", " ", " " + rest)
    counted = best[3]
    if counted is not None and not rest[: counted.start()].strip():
        tail = tail.replace(counted.group(), " ", 1)  # "2 LECHE ENTERA 0,89 1,78": the count leads
    return float(best[1]), best[2], None, tail


# An amount-like run that may be "count x unit price" with its x lost: "41.29", "QTY33.59".
LOST_TIMES = re.compile(rf"(?:(?<![A-Za-z]){QTY_WORD}\.?\s*:?\s*|(?<![\w.,]))(\d{{2,4}})[.,](\d{{2}})(?!\d)")


def split_count(digits: str, cents: str, total: float) -> int | None:
    """The count of "count x unit price" read without its x ("4" "1.29" from "41.29"), when the
    product is `total`."""
    for cut in (1, 2):
        if cut < len(digits):
            count, unit = int(digits[:cut]), float(f"{digits[cut:]}.{cents}")
            if count >= 2 and abs(count * unit - total) < 0.005:
                return count
    return None


def lost_times(text: str, total: float) -> int | None:
    """The count of a quantity row whose x the recogniser lost, if its digits say count x unit
    price = `total`: "41.29" under an item of 5.16 is 4 x 1.29."""
    found = LOST_TIMES.fullmatch(normalise(text).strip())
    return split_count(found[1], found[2], total) if found else None
