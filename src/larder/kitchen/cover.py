"""Which needs of an ingredient the stock covers: the ingredient check's 'select missing'.

The needs are taken in order (the plan's recipes as they come), each from what the ones before
left. A need is covered when the stock left holds at least as much in a unit it converts to; a
need without a quantity ("salt to taste") when any stock is left. Units that do not convert
(cups of flour against a bag in kg) cannot be compared: any stock left covers such a need and is
kept for the next, so a household is never told to buy what it may well have.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from larder.kitchen.merge import Amount, amount, merge_all, subtract
from larder.kitchen.units import convertible


def covered(needs: Sequence[tuple[float | None, str | None]], stock: Sequence[Amount]) -> list[bool]:
    """For each need (quantity, unit), whether the stock covers it after the needs before it."""
    if not stock:
        return [False] * len(needs)
    return covered_from(needs, merge_all(list(stock)))


def covered_from(needs: Sequence[tuple[float | None, str | None]], left: Amount) -> list[bool]:
    """`covered` with the stock already added up into one amount (ranking asks it of many needs)."""
    result: list[bool] = []
    for quantity, unit in needs:
        if left.quantity <= 0:
            result.append(False)
            continue
        need = amount(quantity, unit)
        if quantity is None or not convertible(need.unit, left.unit):
            result.append(True)
            continue
        after = subtract(left, need)
        result.append(after.quantity >= 0)
        left = after if after.quantity > 0 else Amount(0.0, left.unit)
    return result


def covered_lines(
    lines: Sequence[tuple[int | None, float | None, str | None]], stock: Mapping[int, Sequence[Amount]]
) -> list[bool]:
    """For lines (ingredient id, quantity, unit) in order, whether the stock of each line's
    ingredient covers it once the lines of that ingredient before it took their share. A line
    without an ingredient id has no stock to come from."""
    flags = [False] * len(lines)
    by_ingredient: dict[int, list[int]] = {}
    for index, (ingredient_id, _quantity, _unit) in enumerate(lines):
        if ingredient_id is not None:
            by_ingredient.setdefault(ingredient_id, []).append(index)
    for ingredient_id, indices in by_ingredient.items():
        needs = [(lines[i][1], lines[i][2]) for i in indices]
        for index, ok in zip(indices, covered(needs, stock.get(ingredient_id, ())), strict=True):
            flags[index] = ok
    return flags


__all__ = ["covered", "covered_from", "covered_lines"]
