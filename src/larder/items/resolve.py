"""What an item sent by the app stands for: a catalogue ingredient, a known custom item, or a new one.

Lists and stores take items the same way (part 2 §3, §9): a catalogue ingredient id (its name,
image, category and default unit come from the catalogue, whatever the client sent), `CUSTOM-<id>`
of a custom item already made, or a name without a value for a new custom item, which gets its
id here: quantity 1, default quantity 1, default unit 'unit', 14 days.

An item that is not one of those (a unit not of the stock units, a text that is no value, neither
value nor name) is invalid (422), as the OpenAPI document says (stores/schemas.py); a value of the
right form that names nothing (an ingredient id the catalogue does not hold, a custom value the list
or store does not hold, sent without a name) is not found (404).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from larder.catalogue.schemas import StockFacts
from larder.catalogue.service import CatalogueService
from larder.core.base.errors import FieldCollector, NotFound
from larder.items.values import CUSTOM, QUANTITY_MIN, ingredient_id, is_custom_value, new_custom_value
from larder.kitchen.expiry import DEFAULT_EXPIRY_DAYS
from larder.kitchen.storage import ShelfLife
from larder.kitchen.units import DEFAULT_UNIT, STOCK_UNITS

MSG_UNKNOWN_INGREDIENT = "Unknown ingredient {value}: pick one from the list or add a custom item."
MSG_CUSTOM_NAME = "A custom item needs a name."
MSG_UNKNOWN_CUSTOM = "Unknown custom item {value}: give it a name to add it."
MSG_UNIT = "The unit must be one of " + ", ".join(STOCK_UNITS) + "."
MSG_QUANTITY_MIN: Final = "The quantity must be at least 1."
MSG_QUANTITY_POSITIVE: Final = "The quantity must be more than 0."


class SentItem(Protocol):
    """The fields lists and stores both take from an item as sent."""

    @property
    def value(self) -> int | str | None: ...
    @property
    def name(self) -> str | None: ...
    @property
    def unit(self) -> str | None: ...
    @property
    def measurement(self) -> str | None: ...
    @property
    def quantity(self) -> float | None: ...


@dataclass(frozen=True)
class Resolved:
    value: str
    name: str
    unit: str | None  # the unit sent, checked; None when none was sent
    default_unit: str
    ingredient_id: int | None
    category_id: int | None
    image: str | None
    shelf_life: ShelfLife | None  # None for custom items: they keep the default 14 days
    # How it is bought (catalogue): 1 of `buy_unit` when added without an amount, steps of `buy_step`.
    buy_unit: str = DEFAULT_UNIT
    buy_step: float = 1.0

    @property
    def is_custom(self) -> bool:
        return self.ingredient_id is None

    def unit_for(self, quantity: float | None) -> str:
        """The unit an item sent this way gets: the one sent; else, without an amount, the one it
        is bought in (1 l of milk, not 1 ml); else, with an amount alone, the recipes' unit."""
        if self.unit is not None:
            return self.unit
        return self.buy_unit if quantity is None else self.default_unit

    @property
    def usual_expiry_days(self) -> int:
        return self.shelf_life.usual if self.shelf_life else DEFAULT_EXPIRY_DAYS


def sent_unit(item: SentItem) -> str | None:
    """The unit an item was sent with: `unit`, else `measurement` (the spec's other name for it).

    An empty text is a unit sent, and not one of the units: only a missing one means "the default".
    """
    return item.unit if item.unit is not None else item.measurement


def check_typed_quantities(errors: FieldCollector, items: Sequence[SentItem], *, field: str) -> None:
    """Part 2 §5: a quantity the user typed is at least 1."""
    if any(item.quantity is not None and item.quantity < QUANTITY_MIN for item in items):
        errors.add(f"{field}.quantity", MSG_QUANTITY_MIN)


def is_stock_unit(unit: str | None) -> bool:
    return unit is None or unit in STOCK_UNITS


def shelf_life_of(facts: StockFacts) -> ShelfLife:
    return ShelfLife(
        pantry=facts.pantry_days,
        fridge=facts.fridge_days,
        freezer=facts.freezer_days,
        usual=facts.estimated_expiry_days,
    )


async def catalogue_facts(items: Sequence[SentItem], catalogue: CatalogueService) -> dict[int, StockFacts]:
    """What the catalogue says of the ingredients the items name (read before a write turn: it is
    the catalogue's, not the list's or the store's, so nothing the turn guards)."""
    ids = [i for i in (ingredient_id(item.value) for item in items) if i is not None]
    return await catalogue.stock_facts(ids) if ids else {}


async def resolve_items(
    items: Sequence[SentItem],
    catalogue: CatalogueService,
    errors: FieldCollector,
    *,
    field: str = "ingredients",
    known_custom: dict[str, str] | None = None,
    facts: dict[int, StockFacts] | None = None,
) -> list[Resolved | None]:
    """Each sent item resolved, in order; None (and a message in `errors`) for one that is invalid.
    NotFound, once every item is valid, when one names nothing. `facts`: the catalogue's, when
    already read (`catalogue_facts`).

    `known_custom` maps the custom values already in the list or store to their names, so an edit
    of a custom item may leave its name out.
    """
    known_custom = known_custom or {}
    if facts is None:
        facts = await catalogue_facts(items, catalogue)
    resolved: list[Resolved | None] = []
    missing: list[str] = []
    for item in items:
        unit = sent_unit(item)
        if not is_stock_unit(unit):
            errors.add(f"{field}.unit", MSG_UNIT)
            resolved.append(None)
            continue
        catalogue_id = ingredient_id(item.value)
        if catalogue_id is not None:
            found = facts.get(catalogue_id)
            if found is None:
                missing.append(MSG_UNKNOWN_INGREDIENT.format(value=item.value))
            resolved.append(None if found is None else _ingredient(found, unit))
            continue
        resolved.append(_custom(item, unit, known_custom, errors, missing, field))
    if missing and not errors.errors:
        raise NotFound(missing[0])
    return resolved


def _ingredient(found: StockFacts, unit: str | None) -> Resolved:
    """An item the catalogue knows: its name, image, category and units are the catalogue's."""
    return Resolved(
        value=str(found.ingredient_id),
        name=found.name,
        unit=unit,
        default_unit=found.default_unit,
        ingredient_id=found.ingredient_id,
        category_id=found.category_id,
        image=found.image,
        shelf_life=shelf_life_of(found),
        buy_unit=found.buy_unit or found.default_unit,
        buy_step=found.buy_step,
    )


def _custom(
    item: SentItem,
    unit: str | None,
    known_custom: dict[str, str],
    errors: FieldCollector,
    missing: list[str],
    field: str,
) -> Resolved | None:
    """A custom item: one already made (named by its value), or a new one named by the user; None
    (and a message in `errors` or `missing`) for a value that is neither."""
    value = item.value if isinstance(item.value, str) else None
    if value is not None and not is_custom_value(value):
        errors.add(field, MSG_UNKNOWN_INGREDIENT.format(value=value))
        return None
    name = (item.name or "").strip() or (known_custom.get(value, "") if value else "")
    if not name:
        if value is None or value == CUSTOM:
            errors.add(f"{field}.name", MSG_CUSTOM_NAME)
        else:
            missing.append(MSG_UNKNOWN_CUSTOM.format(value=value))
        return None
    if value is None or value == CUSTOM:
        value = new_custom_value()
    return Resolved(
        value=value,
        name=name,
        unit=unit,
        default_unit=DEFAULT_UNIT,
        ingredient_id=None,
        category_id=None,
        image=None,
        shelf_life=None,
    )


__all__ = [
    "MSG_CUSTOM_NAME",
    "MSG_QUANTITY_MIN",
    "MSG_QUANTITY_POSITIVE",
    "MSG_UNIT",
    "MSG_UNKNOWN_CUSTOM",
    "MSG_UNKNOWN_INGREDIENT",
    "Resolved",
    "SentItem",
    "catalogue_facts",
    "check_typed_quantities",
    "is_stock_unit",
    "resolve_items",
    "sent_unit",
]
