"""How a list's items change when items are sent: set as typed (create, edit) or added by the
merge rule (`kitchen.merge`: 'Add Selected', send to list, a shop's unticked items moved), each into
the item of its value or as a new item. Items are written one by one (the ones sent), so household
members editing one list at once keep each other's changes."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from larder.catalogue.schemas import StockFacts
from larder.catalogue.service import CatalogueService
from larder.core.base.clock import now
from larder.core.base.errors import FieldCollector
from larder.core.db.engine import insert_all
from larder.items.resolve import Resolved, resolve_items
from larder.items.values import QUANTITY_MAX, QUANTITY_MIN, is_custom_value
from larder.kitchen.merge import Amount, amount, merge, tidy
from larder.kitchen.units import convert, convertible
from larder.shopping.item_states import ItemsChange
from larder.shopping.models import ShoppingList, ShoppingListItem
from larder.shopping.schemas import ListItemIn, MergeItemIn

# An item as typed (create, edit) or as merged (quantities above 0, not at least 1).
SentListItem = ListItemIn | MergeItemIn


class ListItemWriter:
    """Writes the items sent to one list, in the caller's write turn."""

    def __init__(self, session: AsyncSession, catalogue: CatalogueService) -> None:
        self.session = session
        self.catalogue = catalogue

    async def put(self, shopping_list: ShoppingList, sent: Sequence[SentListItem], *, add: bool) -> None:
        """Set (create) or add by the merge rule (a shop's unticked items moved) each sent item, on
        a list whose items are loaded."""
        present = list(shopping_list.items)
        await self.apply(shopping_list, present, sent, await self.resolve(present, sent), add=add)

    async def resolve(
        self,
        present: Sequence[ShoppingListItem],
        sent: Sequence[SentListItem],
        facts: dict[int, StockFacts] | None = None,
    ) -> list[Resolved]:
        """What each sent item is (a catalogue ingredient, or a custom one of `present`, the list's
        items of the sent values): reads only."""
        if not sent:
            return []
        errors = FieldCollector()
        known_custom = {i.value: i.name for i in present if i.ingredient_id is None}
        resolved = await resolve_items(sent, self.catalogue, errors, known_custom=known_custom, facts=facts)
        errors.raise_if_any()
        return [found for found in resolved if found is not None]  # every one, after raise_if_any

    async def apply(
        self,
        shopping_list: ShoppingList,
        present: Sequence[ShoppingListItem],
        sent: Sequence[SentListItem],
        resolved: list[Resolved],
        *,
        add: bool,
        written: ItemsChange | None = None,
    ) -> None:
        """Each sent item set or added by the merge rule to the item of its value in `present` (the
        list's items of the sent values), or added as a new item; what was written goes into
        `written`."""
        if not sent:
            return
        by_value = {item.value: item for item in present}
        new_items: list[ShoppingListItem] = []
        for item, found in zip(sent, resolved, strict=True):
            unit = found.unit_for(item.quantity)
            row = by_value.get(found.value)
            if row is None:
                row = _new_item(shopping_list, found, item, unit)
                new_items.append(row)
                by_value[found.value] = row
                continue
            if add:
                total = merge(Amount(row.quantity, row.unit), amount(item.quantity, unit))
                row.quantity, row.unit = total.quantity, total.unit
            else:
                change = getattr(item, "change", None)
                if change is not None:
                    # Applied to what the list holds inside this write turn: concurrent steps add up.
                    row.quantity = _within_bounds(row.quantity + change)
                if item.quantity is not None:
                    row.quantity = item.quantity
                elif change is None and found.unit is not None and convertible(row.unit, found.unit):
                    # A unit chosen alone: the same amount in it (500 g is 0.5 kg).
                    row.quantity = tidy(convert(row.quantity, row.unit, found.unit))
                if found.unit is not None:
                    row.unit = found.unit
            if item.checked is not None:
                row.checked = item.checked and not is_custom_value(row.value)
            if found.ingredient_id is None and item.name:
                row.name = found.name
        if written is not None:
            # Only rows with a value changed are written (and counted by the triggers).
            written.updated += [row for row in present if self.session.is_modified(row)]
            written.inserted += new_items
        await self.session.flush()
        if new_items:
            await insert_all(self.session, ShoppingListItem, new_items)
            self.session.expire(shopping_list, ["items"])


def _within_bounds(quantity: float) -> float:
    """A quantity a step left, kept to the typed bounds: at least 1, at most QUANTITY_MAX."""
    return min(QUANTITY_MAX, max(QUANTITY_MIN, tidy(quantity)))


def _stepped(sent: SentListItem) -> float:
    """A step sent for an item the list no longer holds (removed on another device): the item is
    back with the step as its quantity, at least 1."""
    return _within_bounds(getattr(sent, "change", 0) or 0)


def values_of(sent: Sequence[SentListItem]) -> set[str]:
    """The values the sent items name (an ingredient id as its digits, or a custom value)."""
    return {str(item.value) for item in sent if item.value is not None}


def _new_item(shopping_list: ShoppingList, found: Resolved, sent: SentListItem, unit: str) -> ShoppingListItem:
    # The first item has quantity 1 unless one was sent (part 2 §4 'Shopping list create').
    return ShoppingListItem(
        list_id=shopping_list.id,
        value=found.value,
        ingredient_id=found.ingredient_id,
        name=found.name,
        quantity=amount(sent.quantity, unit).quantity if getattr(sent, "change", None) is None else _stepped(sent),
        unit=unit,
        default_unit=found.default_unit,
        default_quantity=found.buy_step,
        image=found.image,
        checked=bool(sent.checked) and not found.is_custom,
        date_added=now(),
        category_id=found.category_id,
        estimated_expiry_days=found.usual_expiry_days,
    )
