"""Item-level edits of a store: only the fields sent change, so two members editing different items
(or different fields) of one store never undo each other's work; an item somebody changed after
the version the client read is refused (409). Also the checks every item sent to a store passes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Final

from larder.core.base import clock
from larder.core.base.errors import Conflict, FieldCollector
from larder.items.resolve import MSG_UNIT, check_typed_quantities, is_stock_unit, sent_unit
from larder.stores.messages import MSG_DATE_ADDED, MSG_ITEM_GONE, MSG_ITEM_STALE
from larder.stores.models import FoodStore, StoreItem
from larder.stores.repository import StoreRepository
from larder.stores.schemas import DATE_ADDED_YEARS, StoreItemIn
from larder.stores.stocking import StockIntake

DATE_ADDED_FIRST: Final = datetime(DATE_ADDED_YEARS[0], 1, 1)  # compared with the wall clock of the time sent
DATE_ADDED_END: Final = datetime(DATE_ADDED_YEARS[1] + 1, 1, 1)


async def change_items(
    repository: StoreRepository,
    intake: StockIntake,
    store: FoodStore,
    items: Sequence[StoreItemIn],
    *,
    seen: datetime | None = None,
) -> None:
    """The sent fields of the store's items of the sent ids changed. With `seen` (the store's
    version the client read), an item changed after it is refused (409)."""
    if not items:
        return
    rows = await repository.items_with_ids(store.id, [sent.id for sent in items if sent.id is not None])
    by_id: dict[int | None, StoreItem] = {item.id: item for item in rows}  # looked up by the ids sent
    if any(sent.id not in by_id for sent in items):
        raise Conflict(MSG_ITEM_GONE)
    if seen is not None:
        refuse_changed_since(rows, seen)
    errors = FieldCollector()
    for sent in items:
        row = by_id[sent.id]
        stamp(row)
        # The item is there, so what it stands for is known: only the unit needs checking,
        # and without the database (one look-up per edited item would be a query per item).
        unit = sent_unit(sent)
        if not is_stock_unit(unit):
            errors.add("items.unit", MSG_UNIT)
            continue
        if unit is not None:
            row.unit = unit
        if row.ingredient_id is None and sent.name and sent.name.strip():
            row.name = sent.name.strip()  # a custom item's name is the user's; the catalogue's is not
        if sent.quantity is not None:
            row.quantity = sent.quantity
        if sent.date_added is not None:
            row.date_added = intake.added_at(sent.date_added)
        if sent.estimated_expiry_days is not None:
            row.estimated_expiry_days = sent.estimated_expiry_days
        if sent.checked is not None:
            row.checked = sent.checked
    errors.raise_if_any()


def check_sent_items(errors: FieldCollector, items: Sequence[StoreItemIn], *, typed: bool) -> None:
    """Part 2 §5: a quantity the user typed is at least 1. A date added is a day food was bought:
    within the years the app counts days in (a year 9999 would overflow every date computed from it)."""
    if typed:
        check_typed_quantities(errors, items, field="items")
    if any(item.date_added is not None and not _sensible(item.date_added) for item in items):
        errors.add("items.date_added", MSG_DATE_ADDED)


def stamp(item: StoreItem) -> None:
    """Dates a changed item by the clock that dates its store (when the write is touched, later in
    the same write), so an item's `updated_at` is never after the store version that includes its
    change."""
    item.updated_at = clock.now()


def refuse_changed_since(items: Iterable[StoreItem], seen: datetime) -> None:
    """409 when one of the items was changed after the store version `seen` (a stale write)."""
    for item in items:
        if item.updated_at > seen:
            raise Conflict(MSG_ITEM_STALE.format(name=item.name))


def as_utc(moment: datetime) -> datetime:
    # The server's timestamps are UTC; a client echoing one without its zone means UTC too.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _sensible(moment: datetime) -> bool:
    return DATE_ADDED_FIRST <= moment.replace(tzinfo=None) < DATE_ADDED_END
