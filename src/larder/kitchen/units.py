"""The units a quantity may be written in, and conversion within a dimension.

The 10 measurement units are part 1 §9's, in the spec's order. Part 2 adds `unit` as written:
the default unit of a custom item and the unit a merge of incompatible units falls back to.
Mass (mg, g, kg) and volume (ml, l, tsp, tbsp, cup(s)) convert within their dimension; counts
(`unit(s)`, `unit`) only with each other, rashers only with rashers.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

UNIT = "unit(s)"
# Written out: mypy reads a Literal's choices from the source only, so UNITS is made from it.
Unit = Literal["unit(s)", "kg", "g", "mg", "l", "ml", "cup(s)", "rasher(s)", "tsp", "tbsp"]
UNITS: Final[tuple[Unit, ...]] = get_args(Unit)
# Part 2 §9: 'default unit "unit"', the unit of a new custom item and of an incompatible merge.
DEFAULT_UNIT: Final = "unit"
STOCK_UNITS: Final = (*UNITS, DEFAULT_UNIT)

# Size of each unit in its dimension's base (mg, ml, one item, one rasher). A metric cup is 240 ml
# in the US recipes the catalogue and imports mostly come from; a teaspoon 5 ml, a tablespoon 15 ml.
_SIZES: Final[dict[str, tuple[str, float]]] = {
    "mg": ("mass", 1.0),
    "g": ("mass", 1_000.0),
    "kg": ("mass", 1_000_000.0),
    "ml": ("volume", 1.0),
    "tsp": ("volume", 5.0),
    "tbsp": ("volume", 15.0),
    "cup(s)": ("volume", 240.0),
    "l": ("volume", 1_000.0),
    UNIT: ("count", 1.0),
    DEFAULT_UNIT: ("count", 1.0),
    "rasher(s)": ("rasher", 1.0),
}


def dimension(unit: str) -> str | None:
    """'mass', 'volume', 'count' or 'rasher'; None for a unit outside STOCK_UNITS."""
    known = _SIZES.get(unit)
    return known[0] if known else None


def convertible(a: str, b: str) -> bool:
    return a == b or (dimension(a) is not None and dimension(a) == dimension(b))


def convert(quantity: float, source: str, target: str) -> float:
    """`quantity` of `source` expressed in `target`; ValueError across dimensions."""
    if source == target:
        return quantity
    if not convertible(source, target):
        raise ValueError(f"cannot convert {source} to {target}")
    return quantity * _SIZES[source][1] / _SIZES[target][1]


def larger(a: str, b: str) -> str:
    """The bigger of two convertible units; the first on a tie (unit(s) and unit)."""
    return b if _SIZES[b][1] > _SIZES[a][1] else a


__all__ = ["DEFAULT_UNIT", "STOCK_UNITS", "UNIT", "UNITS", "Unit", "convert", "convertible", "dimension", "larger"]
