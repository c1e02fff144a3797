"""The one merge rule (part 2 §9, DESIGN "Part 2"): how two amounts of one ingredient add up.

Used by every place that puts an ingredient where it may already be: adding to a list, the
ingredient check, moving unchecked items, completing a shop, receiving stock, receipt confirm.

- A missing quantity counts as 1 (§9 'Quantities default to 1').
- Same unit: quantities add, the unit is kept.
- Convertible units (g and kg, tsp and cup(s), unit(s) and unit): converted to the larger unit and
  added, beyond the spec, which would make 500 g + 1 kg into 501 'unit'.
- Incompatible units (g and tbsp, rashers and grams): the spec's rule, quantities added and the
  unit becomes 'unit'.
"""

from __future__ import annotations

from typing import NamedTuple

from larder.kitchen.units import DEFAULT_UNIT, convert, convertible, larger

# Quantities are kept to a thousandth: enough for 1/3 tsp, and 0.1 + 0.2 reads 0.3.
PRECISION = 3


class Amount(NamedTuple):
    quantity: float
    unit: str


def tidy(quantity: float) -> float:
    rounded = round(quantity, PRECISION)
    return rounded + 0.0  # no -0.0


def amount(quantity: float | None, unit: str | None) -> Amount:
    """An amount as stored: a missing quantity is 1, a missing unit the default 'unit'."""
    return Amount(tidy(1.0 if quantity is None else float(quantity)), unit or DEFAULT_UNIT)


def merge(current: Amount, added: Amount) -> Amount:
    """`current` + `added` of the same ingredient by the rule in the module docstring."""
    current, added = amount(*current), amount(*added)
    if current.unit == added.unit:
        return Amount(tidy(current.quantity + added.quantity), current.unit)
    if convertible(current.unit, added.unit):
        unit = larger(current.unit, added.unit)
        total = convert(current.quantity, current.unit, unit) + convert(added.quantity, added.unit, unit)
        return Amount(tidy(total), unit)
    return Amount(tidy(current.quantity + added.quantity), DEFAULT_UNIT)


def merge_all(amounts: list[Amount]) -> Amount:
    """Several amounts of one ingredient merged in order (the first decides a tie of units)."""
    if not amounts:
        raise ValueError("nothing to merge")
    total = amount(*amounts[0])
    for added in amounts[1:]:
        total = merge(total, added)
    return total


def subtract(stock: Amount, used: Amount) -> Amount:
    """What is left of `stock` after `used` of it (a completed meal plan reduces stock).

    Convertible units are converted into the stock's unit; incompatible ones subtract the bare
    numbers, the same leniency as the merge rule's. The result may be zero or below: the caller
    removes such an item.
    """
    stock, used = amount(*stock), amount(*used)
    taken = convert(used.quantity, used.unit, stock.unit) if convertible(used.unit, stock.unit) else used.quantity
    return Amount(tidy(stock.quantity - taken), stock.unit)


__all__ = ["PRECISION", "Amount", "amount", "merge", "merge_all", "subtract", "tidy"]
