"""Taking stock for a plan: what the ticked recipes need of each ingredient, and which stock
covers it, newest first (part 2 §4 'Complete mealplan', 'Ingredient check')."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from larder.kitchen.cover import covered_lines
from larder.kitchen.merge import Amount, merge_all, tidy
from larder.kitchen.units import convert, convertible, dimension
from larder.mealplans.plan_recipes import RecipeLine
from larder.mealplans.schemas import ShortfallOut
from larder.stores.schemas import StockMatch, StockUse


@dataclass(frozen=True)
class Need:
    """What the ticked recipes need of one ingredient, in one dimension (grams and cups of flour
    are two needs: no conversion joins them)."""

    ingredient_id: int | None
    name: str
    amount: Amount


def needs_of(lines: Iterable[RecipeLine]) -> list[Need]:
    """The lines added up by ingredient with the one merge rule, within each dimension.

    A line without a quantity ("salt to taste") names no amount and takes nothing."""
    groups: dict[tuple[int | str, str], list[RecipeLine]] = {}
    for line in lines:
        if line.quantity is None:
            continue
        who: int | str = line.ingredient_id if line.ingredient_id is not None else line.name.strip().lower()
        groups.setdefault((who, dimension(line.measurement) or line.measurement), []).append(line)
    return [
        Need(group[0].ingredient_id, group[0].name, merge_all([Amount(g.quantity or 0, g.measurement) for g in group]))
        for group in groups.values()
    ]


def take_stock(needs: Sequence[Need], stock: dict[int, list[StockMatch]]) -> tuple[list[StockUse], list[ShortfallOut]]:
    """Which stock covers each need, newest first (the order `stock` lists it in), and what is left
    uncovered: 'missing', or 'unconvertible' when stock of the ingredient was there in a unit that
    does not convert into the recipe's (that stock is left alone)."""
    left = {match.item_id: match.quantity for matches in stock.values() for match in matches}
    uses: list[StockUse] = []
    shortfall: list[ShortfallOut] = []
    for need in needs:
        wanted, unit = need.amount.quantity, need.amount.unit
        unconvertible = False
        matches = stock.get(need.ingredient_id, []) if need.ingredient_id is not None else []
        for match in matches:
            if wanted <= 0:
                break
            if not convertible(match.unit, unit):
                unconvertible = True
                continue
            held = left[match.item_id]
            if held <= 0:
                continue
            available = convert(held, match.unit, unit)
            if available <= wanted:  # all of it: taken in its own unit, so nothing is left by rounding
                uses.append(StockUse(item_id=match.item_id, quantity=held, unit=match.unit))
                left[match.item_id] = 0
                wanted = tidy(wanted - available)
            else:
                uses.append(StockUse(item_id=match.item_id, quantity=wanted, unit=unit))
                left[match.item_id] = held - convert(wanted, unit, match.unit)
                wanted = 0
        if wanted > 0:
            shortfall.append(
                ShortfallOut(
                    name=need.name,
                    ingredient_id=need.ingredient_id,
                    quantity=wanted,
                    unit=unit,
                    reason="unconvertible" if unconvertible else "missing",
                )
            )
    return uses, shortfall


def missing_lines(lines: list[RecipeLine], stock: dict[int, list[StockMatch]]) -> list[bool]:
    """Whether each line, in plan order, is left uncovered by the stock of its ingredient once the
    lines of that ingredient before it took their share (kitchen/cover.py)."""
    held = {ingredient_id: [Amount(m.quantity, m.unit) for m in batches] for ingredient_id, batches in stock.items()}
    needs = [(line.ingredient_id, line.quantity, line.measurement or None) for line in lines]
    return [not ok for ok in covered_lines(needs, held)]


__all__ = ["Need", "missing_lines", "needs_of", "take_stock"]
