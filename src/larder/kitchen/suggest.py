"""Recipes ranked by the stock a household holds and by what of it expires first: "what can we
cook tonight with what we have, using up what goes off first?"

Pure: the caller brings each recipe's ingredient lines and the stock of the stores the member may
see, by catalogue ingredient. For each recipe:
- **coverage**: the share of its counted lines the stock covers (kitchen/cover.py: quantities
  compared after conversion, a line without a quantity covered by any stock). Staples (salt,
  pepper, oil, water: kitchen/staples.py) are not counted against a recipe; a line the catalogue
  does not know is counted and missing (there is no stock to come from).
- **urgency**: what it uses up. Each covered ingredient whose stock expires within
  `URGENT_DAYS` adds 1 / (1 + days left): today 1, tomorrow ½, in two days ⅓. Stock already
  expired is not suggested for cooking and adds nothing.
- **score** = coverage + `URGENCY_WEIGHT` * urgency: using spinach that expires tomorrow lifts an
  8-of-10 recipe (0.8 + 0.125) above a 9-of-10 one that uses nothing urgent (0.9).
Ties go to more ingredients at home, then fewer missing, then the name.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, NamedTuple, TypeVar

from larder.kitchen.cover import covered_lines
from larder.kitchen.merge import Amount
from larder.kitchen.staples import is_staple

K = TypeVar("K", bound=Hashable)  # the caller's name for a recipe

URGENT_DAYS = 3  # "expires in 0-3 days": what the dashboard's "Use it up" card is about
URGENCY_WEIGHT = 0.25


class Line(NamedTuple):
    """One ingredient line of a recipe; `ingredient_id` None for one the catalogue does not know."""

    ingredient_id: int | None
    name: str
    quantity: float | None = None
    unit: str | None = None


class Held(NamedTuple):
    """A batch in a store: how much, and in how many days it expires (negative: expired)."""

    quantity: float
    unit: str
    expires_in: int


@dataclass(frozen=True)
class Suggestion(Generic[K]):
    key: K  # the caller's name for the recipe
    name: str
    at_home: int  # counted lines the stock covers
    counted: int  # lines counted (staples left out)
    missing: list[Line] = field(default_factory=list)  # the lines not covered, in order
    uses: list[tuple[str, int]] = field(default_factory=list)  # (name, days left) of urgent stock used
    score: float = 0.0


def usable(batches: Sequence[Held]) -> list[Held]:
    """What may be cooked with: expired stock is not suggested."""
    return [batch for batch in batches if batch.expires_in >= 0]


def lift(days_left: int) -> float:
    """What stock expiring in `days_left` days adds to a recipe using it: 1 / (1 + days) within
    URGENT_DAYS, else nothing."""
    return 1 / (1 + days_left) if days_left <= URGENT_DAYS else 0.0


def suggest_one(key: K, name: str, lines: Sequence[Line], stock: Mapping[int, Sequence[Held]]) -> Suggestion[K]:
    """The recipe `name` (`key`) against `stock` (usable batches by ingredient)."""
    counted = [line for line in lines if not is_staple(line.name)]
    # Only the stock of this recipe's ingredients is looked at (a household holds hundreds).
    wanted = {line.ingredient_id for line in counted if line.ingredient_id is not None}
    held = {ingredient_id: usable(stock.get(ingredient_id, ())) for ingredient_id in wanted}
    covered_flags = covered_lines(
        [(line.ingredient_id, line.quantity, line.unit) for line in counted],
        {ingredient_id: [Amount(b.quantity, b.unit) for b in batches] for ingredient_id, batches in held.items()},
    )
    uses: dict[str, int] = {}
    urgency = 0.0
    seen: set[int] = set()
    for line, ok in zip(counted, covered_flags, strict=True):
        if not ok or line.ingredient_id is None or line.ingredient_id in seen:
            continue
        seen.add(line.ingredient_id)  # an ingredient's urgency counts once, under its first line's name
        soonest = min((b.expires_in for b in held[line.ingredient_id]), default=None)
        if soonest is not None and lift(soonest):
            uses[line.name] = soonest
            urgency += lift(soonest)
    at_home = sum(covered_flags)
    coverage = at_home / len(counted) if counted else 0.0
    return Suggestion(
        key=key,
        name=name,
        at_home=at_home,
        counted=len(counted),
        missing=[line for line, ok in zip(counted, covered_flags, strict=True) if not ok],
        uses=sorted(uses.items(), key=lambda item: (item[1], item[0])),
        score=round(coverage + URGENCY_WEIGHT * urgency, 6),
    )


@dataclass(frozen=True)
class Prepared(Generic[K]):
    """A recipe made ready to be ranked many times: its counted lines (staples left out) and, per
    ingredient in the order it first appears, the needs (quantity, unit) of its lines in order."""

    key: K
    name: str
    lines: tuple[Line, ...]
    groups: tuple[tuple[int, tuple[tuple[float | None, str | None], ...]], ...]
    sort_name: str


def prepare(key: K, name: str, lines: Sequence[Line]) -> Prepared[K]:
    counted = tuple(line for line in lines if not is_staple(line.name))
    groups: dict[int, list[tuple[float | None, str | None]]] = {}
    for line in counted:
        if line.ingredient_id is not None:
            groups.setdefault(line.ingredient_id, []).append((line.quantity, line.unit))
    return Prepared(key, name, counted, tuple((i, tuple(needs)) for i, needs in groups.items()), name.casefold())


__all__ = [
    "URGENCY_WEIGHT",
    "URGENT_DAYS",
    "Held",
    "Line",
    "Prepared",
    "Suggestion",
    "lift",
    "prepare",
    "suggest_one",
    "usable",
]
