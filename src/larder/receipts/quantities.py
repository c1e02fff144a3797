"""Pack sizes printed in an item's name, and what a scanned line puts into a store. Pure.

A name often says how much one pack holds: "Apfelsaft 1,5 l", "MILK 2L", "Mehl 500g", "COCA-COLA
320ML", and a multipack how many packs of how much: "6X1.25L", "4*6*320M" (4 x 6 cans of 320 ml),
"Eier 10 Stück". The size is read into the kitchen's units (g, kg, mg, l, ml, unit(s)): cl is
ten ml, "ltr" a litre, a pound or an ounce is converted to g and a US gallon or quart to l (the
kitchen has none of them). Pieces
("10 Stück", "8PCS", "10er") are unit(s).

What goes into the store is the amount bought: the number of packs times what one holds, in the
pack's unit. A household that bought "6X1.25L" of cola has 7.5 l of it, and a recipe takes
millilitres from that; "6 unit(s)" would lose the volume and "1.25 l" five bottles. Two of
"Milch 1 l" are 2 l. Weighed goods are their weight. A name without a size keeps the count. A scan
quantity is at least 1 (part 2 §5): an amount under 1 goes into the smaller unit (162 g, 200 ml).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Written unit → (kitchen unit, factor into it).
_UNITS: dict[str, tuple[str, float]] = {
    "kg": ("kg", 1.0),
    "g": ("g", 1.0),
    "gr": ("g", 1.0),
    "mg": ("mg", 1.0),
    "l": ("l", 1.0),
    "lt": ("l", 1.0),
    "ltr": ("l", 1.0),
    "ml": ("ml", 1.0),
    "m": ("ml", 1.0),  # "320M": a can's millilitres with the L cut off by the till's width
    "cl": ("ml", 10.0),
    "gal": ("l", 3.785),  # a US gallon
    "qt": ("l", 0.946),
    "lb": ("g", 453.6),
    "lbs": ("g", 453.6),
    "oz": ("g", 28.35),
    "stk": ("unit(s)", 1.0),
    "stück": ("unit(s)", 1.0),
    "st": ("unit(s)", 1.0),
    "pcs": ("unit(s)", 1.0),
    "pc": ("unit(s)", 1.0),
    "er": ("unit(s)", 1.0),  # "10er Eier"
}
_NUMBER = r"\d+(?:[.,]\d+)?"
_UNIT_WORDS = "|".join(sorted((re.escape(u) for u in _UNITS), key=len, reverse=True))
# "6X1.25L", "4*6*320M", "2 x 500 g", "1,5 l", "500G", "[350ML]", also glued to the name as the
# recogniser reads it ("WANGI1KG"); the unit ends the word, and is no word's first letter
# ("6 G.LLETTE": Gillette's i read as a dot).
_SIZE = re.compile(
    rf"(?<![\d.,])(?P<packs>(?:\d{{1,2}}\s?[xX*]\s?){{0,2}})(?P<size>{_NUMBER})\s?(?P<unit>{_UNIT_WORDS})(?![^\W\d_]|\.[^\W\d_])",
    re.IGNORECASE,
)


# The most one pack holds: a larger size is a misread one.
_MOST = {"kg": 50.0, "g": 50_000.0, "mg": 100_000.0, "l": 30.0, "ml": 30_000.0, "unit(s)": 500.0}


@dataclass(frozen=True)
class PackSize:
    """What one printed item holds: `packs` packs of `size` `unit` each (a kitchen unit)."""

    packs: int
    size: float
    unit: str

    @property
    def total(self) -> float:
        return round(self.packs * self.size, 3)


def pack_size(name: str) -> PackSize | None:
    """The pack size a name prints, or None. The last size in the name wins ("BIO 3,8% 1L"); a
    bare "M" (millilitres cut short) counts only after a multipack ("4*6*320M") or three digits
    ("320M")."""
    found = None
    # The recogniser reads a zero before the decimal comma as the letter O ("SEKT O,2 L"), and a g
    # as a 9 ("KIWI 4009", "MANDARINEN 1k9"; only after a round size: "2 x 9" stays).
    name = re.sub(r"[Oo](?=[.,]\d)", "0", name)
    name = re.sub(r"(?<=\d)\s?[kK]9(?![\w.,])|(?<![\d.,])(\d{1,2}[05]0)9(?![\w.,])", _g_for_9, name)
    # ... an O as a letter in a round size and a 5 as an S ("SOOML" is 500ML; never a litre: "SOL"),
    name = _LETTERED_SIZE.sub(_digits_for_letters, name)
    # ... and a decimal point twice or spaced ("0., 7L").
    name = _SPLIT_DECIMAL.sub(r"\1,\2", name)
    for match in _SIZE.finditer(name):
        written = match["unit"].lower()
        if written == "m" and not (match["packs"] or re.fullmatch(r"[1-9]\d\d", match["size"])):
            continue  # "320M" of a can, never "SIZE M"
        unit, factor = _UNITS[written]
        size = float(match["size"].replace(",", ".")) * factor
        if not 0 < size <= _MOST[unit]:
            continue  # "6001L": 600ML misread
        packs = 1
        for part in re.findall(r"\d+", match["packs"]):
            packs *= int(part)
        found = PackSize(packs=packs, size=round(size, 3), unit=unit)
    return found


_LETTERED_SIZE = re.compile(r"(?<![^\W\d_])([1-9S][0-9OS]{2,3})(?=\s?(?:ml|g|kg)(?![^\W\d_]))", re.IGNORECASE)
_SPLIT_DECIMAL = re.compile(r"(?<![\d.,])(\d{1,2})\s?[.,]{1,2}\s(\d{1,3}\s?[^\W\d_])")


def _digits_for_letters(found: re.Match[str]) -> str:
    return found[1].upper().replace("O", "0").replace("S", "5")


def _g_for_9(found: re.Match[str]) -> str:
    return f"{found[1]}g" if found[1] else "kg"


def bought_amount(
    count: float, weight_unit: str | None, name: str, *, measured_by: str | None = None
) -> tuple[float, str | None]:
    """The quantity and unit a scanned line puts into the store, from the count read on the row
    (a weight when `weight_unit` says so) and the pack size in the name; unit None when neither
    says one (the matched ingredient's default unit then). `measured_by` is the dimension of the
    matched ingredient's unit ("volume", "mass", ...): a size whose unit the recogniser lost is
    read in it."""
    if weight_unit:
        return _readable(count, weight_unit)
    size = pack_size(name) or (_size_without_unit(name, measured_by) if measured_by else None)
    if size is None:
        return count, None
    return _readable(count * size.total, size.unit)


# A size at the end of a name whose unit the recogniser lost: a round three- or four-digit number
# ("KIWI400", "COLA 330") is grams or millilitres; for a drink, a decimal ("Apfelsaft 1,5") or a
# number whose l was read as a 1 ("mild 11", "Saft 0,51") is a bottle's litres, never more than a few.
_ROUND_WITHOUT_UNIT = re.compile(r"(?<![\d.,])(?P<round>[1-9]\d{1,2}0)\s*$")
_LITRES_WITHOUT_L = re.compile(
    r"(?<![\w.,])(?:(?P<read>[0-5](?:[.,]\d{1,2})?)[1Il|]|(?P<decimal>[0-5][.,]\d{1,2}))\s*$"
)


def _size_without_unit(name: str, measured_by: str) -> PackSize | None:
    volume = measured_by == "volume"
    found = _ROUND_WITHOUT_UNIT.search(name)
    if found is not None and 100 <= int(found["round"]) <= 5000:
        return PackSize(packs=1, size=float(found["round"]), unit="ml" if volume else "g")
    found = _LITRES_WITHOUT_L.search(name) if volume else None
    if found is None:
        return None
    litres = float((found["read"] or found["decimal"]).replace(",", "."))
    return PackSize(packs=1, size=litres, unit="l") if 0.1 <= litres <= 5 else None


def _readable(amount: float, unit: str) -> tuple[float, str]:
    # 15360 ml of beer reads as 15.36 l; a scan quantity is at least 1 (part 2 §5), so 0.162 kg of
    # bananas is 162 g and a 0.2 l bottle 200 ml.
    if unit in _LARGER and amount >= 1000:
        amount, unit = amount / 1000, _LARGER[unit]
    elif unit in _SMALLER and amount < 1:
        amount, unit = amount * 1000, _SMALLER[unit]
    return round(amount, 3), unit


_LARGER = {"ml": "l", "g": "kg", "mg": "g"}
_SMALLER = {"l": "ml", "kg": "g", "g": "mg"}
