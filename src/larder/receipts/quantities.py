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
# recogniser reads it ("WANGI1KG"); the unit ends the word.
_SIZE = re.compile(
    rf"(?<![\d.,])(?P<packs>(?:\d{{1,2}}\s?[xX*]\s?){{0,2}})(?P<size>{_NUMBER})\s?(?P<unit>{_UNIT_WORDS})(?![^\W\d_])",
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


def _g_for_9(found: re.Match[str]) -> str:
    return f"{found[1]}g" if found[1] else "kg"


def bought_amount(count: float, weight_unit: str | None, name: str) -> tuple[float, str | None]:
    """The quantity and unit a scanned line puts into the store, from the count read on the row
    (a weight when `weight_unit` says so) and the pack size in the name; unit None when neither
    says one (the matched ingredient's default unit then)."""
    if weight_unit:
        return _readable(count, weight_unit)
    size = pack_size(name)
    if size is None:
        return count, None
    return _readable(count * size.total, size.unit)


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
