"""A list's items as answered, kept per state of its items, so a change answers without reading them.

Every answer of a list carries all its items (80 in a weekly shop), and reading them back as rows
cost more than the rest of a tick. Each state of a list's items has a number, its `items_version`,
counted up by database triggers once for every item row any writer inserts, updates or deletes.
The items are kept here under (database, list, items_version), from a read that saw them at that
version, or from a change: a change that starts from a kept state, inside the list's write turn,
and finds the version counted up by exactly the rows it wrote, knows the new state without
reading it (nobody else wrote an item in between). Anything else reads the items.

The new items of a change have no id yet (they are written in one statement), so the state they
are in can be answered and read again, but not changed without reading: one more change reads.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from larder.core.base.bounded_cache import BoundedCache
from larder.shopping.models import ShoppingListItem
from larder.shopping.schemas import ListItemOut

# The item answers of a state, in the list's order (by id; new items last), each with its row's id.
ItemState = tuple[tuple[int | None, ListItemOut], ...]

# Items of all the states kept, least recently used out first (~400 bytes an item: ~8 MB).
ITEMS_KEPT = 20_000
LIST_ITEMS: BoundedCache[ItemState] = BoundedCache(ITEMS_KEPT, len)


@dataclass
class ItemsChange:
    """What one change wrote to a list's items: rows updated (as written), deleted, inserted."""

    updated: list[ShoppingListItem] = field(default_factory=list)
    deleted: set[int] = field(default_factory=set)
    inserted: list[ShoppingListItem] = field(default_factory=list)

    @property
    def rows(self) -> int:
        """How far the change counts the list's items_version up (one for each row it wrote)."""
        return len(self.updated) + len(self.deleted) + len(self.inserted)


def state_key(database: str, list_id: int, items_version: int) -> Hashable:
    return (database, list_id, items_version)


def item_out(item: ShoppingListItem | Any) -> ListItemOut:
    """One item's answer, from its row or its object."""
    return ListItemOut(
        value=item.value,
        name=item.name,
        quantity=item.quantity,
        unit=item.unit,
        measurement=item.unit,
        default_unit=item.default_unit,
        default_quantity=item.default_quantity,
        image=item.image,
        checked=item.checked,
        date_added=item.date_added,
        category_id=item.category_id,
    )


def state_of(rows: Iterable[Any]) -> ItemState:
    """The state of the items read (rows in the list's order)."""
    return tuple((row.id, item_out(row)) for row in rows)


def after(before: ItemState, change: ItemsChange) -> ItemState | None:
    """The state `change` leaves behind it from `before`, or None where `before` cannot tell (a
    row of it without an id, or a row the change wrote that it does not hold)."""
    held = {item_id for item_id, _ in before}
    if None in held:
        return None
    updated = {item.id: item_out(item) for item in change.updated}
    if not (updated.keys() <= held and change.deleted <= held):
        return None
    kept = tuple(
        (item_id, out if item_id is None else updated.get(item_id, out))
        for item_id, out in before
        if item_id not in change.deleted
    )
    return kept + tuple((None, item_out(item)) for item in change.inserted)


def answers(state: ItemState) -> Sequence[ListItemOut]:
    return [out for _, out in state]


__all__ = ["LIST_ITEMS", "ItemState", "ItemsChange", "after", "answers", "item_out", "state_key", "state_of"]
