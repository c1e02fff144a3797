"""Where food is kept decides how long it keeps: a store's kind and an item's shelf life there."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Final, Literal, NamedTuple

from larder.kitchen.expiry import DEFAULT_EXPIRY_DAYS


class StoreKind(StrEnum):
    PANTRY = "pantry"
    FRIDGE = "fridge"
    FREEZER = "freezer"


StoreKindName = Literal["pantry", "fridge", "freezer"]  # StoreKind's values: a store row's and the wire's kind


# Words a household names its stores with; the freezer is tested first ("fridge freezer" drawers
# are usually the freezer part when named so).
_KIND_WORDS: Final = (
    (StoreKind.FREEZER, re.compile(r"\b(freezer|frozen|deep ?freeze|chest freezer|tiefk\w*|gefrier\w*)\b", re.I)),
    (StoreKind.FRIDGE, re.compile(r"\b(fridge|refrigerator|chiller|cooler|k[uü]hlschrank)\b", re.I)),
)


def guess_kind(name: str) -> StoreKind:
    """The kind a store's name suggests; the pantry when it names neither fridge nor freezer."""
    for kind, words in _KIND_WORDS:
        if words.search(name):
            return kind
    return StoreKind.PANTRY


class ShelfLife(NamedTuple):
    """An ingredient's FoodKeeper days per storage (None where the table has no figure)."""

    pantry: int | None
    fridge: int | None
    freezer: int | None
    usual: int  # the figure for where the ingredient is usually kept


def shelf_life_days(life: ShelfLife | None, kind: StoreKind) -> int:
    """Days an ingredient keeps in a store of `kind`.

    The figure for that storage when FoodKeeper has one; otherwise the figure for where the
    ingredient usually lives (chicken put in a pantry is told its fridge days, never months).
    Unknown ingredients (custom items) keep the spec's 14 days.
    """
    if life is None:
        return DEFAULT_EXPIRY_DAYS
    days = {StoreKind.PANTRY: life.pantry, StoreKind.FRIDGE: life.fridge, StoreKind.FREEZER: life.freezer}[kind]
    return life.usual if days is None else days


__all__ = ["ShelfLife", "StoreKind", "guess_kind", "shelf_life_days"]
