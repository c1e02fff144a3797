"""Stock as cooking takes it: the batches of the ingredients a plan needs, in the stores the caller
may change, and the amounts a completed meal plan uses up."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.core.base.clock import local_date
from larder.core.base.errors import AppError, Conflict
from larder.core.base.ids import is_id
from larder.core.db.uow import UnitOfWork
from larder.kitchen.expiry import expiry_date
from larder.kitchen.merge import Amount, subtract, tidy
from larder.kitchen.units import convertible
from larder.sharing.service import AccessPolicy, Action, EntityType, Member, entity_scope, may
from larder.stores.item_edits import stamp
from larder.stores.messages import MSG_ITEM_GONE, MSG_NOT_FOUND, MSG_UNCONVERTIBLE
from larder.stores.models import FoodStore, StoreItem
from larder.stores.repository import StoreRepository
from larder.stores.schemas import StockMatch, StockUse, StockUsed

# The end of every write of a store's contents: the store dated, whoever may see it told.
Touch = Callable[[FoodStore], Awaitable[None]]


class StockUsage:
    """The stock the caller may cook from, and what cooking takes from it."""

    def __init__(
        self,
        session: AsyncSession,
        repository: StoreRepository,
        access: AccessPolicy,
        uow: UnitOfWork,
        zone: str | None,
        touch: Touch,
    ) -> None:
        self.session = session
        self.repository = repository
        self.access = access
        self.uow = uow
        self.zone = zone
        self.touch = touch

    async def stock_of(self, member: Member, ingredient_ids: Iterable[int]) -> dict[int, list[StockMatch]]:
        """The batches of the ingredients in the stores the caller may change (own, and shared with
        edit rights), newest first (date added, then the newest row), by ingredient id; one query
        of items however many ingredients are asked for."""
        wanted = {i for i in ingredient_ids if is_id(i)}
        found: dict[int, list[StockMatch]] = {i: [] for i in wanted}
        if wanted:
            condition = StoreItem.ingredient_id.in_(wanted)
            for match in await self._writable_stock(member, condition):
                if match.ingredient_id is not None:
                    found[match.ingredient_id].append(match)
        return found

    async def stock_items(self, member: Member, item_ids: Iterable[int]) -> list[StockMatch]:
        """Those of the given items that are in stores the caller may change, newest first; ids of
        other items (gone, or in a store they may not change) are simply absent."""
        wanted = {i for i in item_ids if is_id(i)}
        return await self._writable_stock(member, StoreItem.id.in_(wanted)) if wanted else []

    async def consume(self, member: Member, uses: Sequence[StockUse]) -> list[StockUsed]:
        """Stock used up (a completed meal plan): each use takes its amount from one item, converted
        into the item's unit; an item at or below zero is removed. Every store touched must be one
        the caller may change (404 for a stranger's, 403 for one shared to view). Fractions stay.

        An item that is gone answers 409; a use in a unit that does not convert into the item's
        is refused (422) rather than guessed at."""
        if not uses:
            return []
        wanted = {use.item_id for use in uses}
        # The stores the items are in name the write (an item never changes store); the items
        # themselves, and the caller's rights, are read again in it.
        store_ids = sorted(
            set(await self.session.scalars(select(StoreItem.store_id).where(StoreItem.id.in_(wanted)).distinct()))
        )
        if not store_ids:
            raise Conflict(MSG_ITEM_GONE)
        async with self.uow.write(*(entity_scope(EntityType.FOOD_STORE, store_id) for store_id in store_ids)):
            items, stores = await self._open_items(member, wanted, uses)
            before = {item_id: item.quantity for item_id, item in items.items()}
            for use in uses:
                item = items[use.item_id]
                item.quantity = subtract(Amount(item.quantity, item.unit), Amount(use.quantity, use.unit)).quantity
                stamp(item)
            used = [_used(items[item_id], before[item_id]) for item_id in dict.fromkeys(use.item_id for use in uses)]
            for entry in used:
                if entry.removed:
                    await self.session.delete(items[entry.item_id])
            for store in stores:
                await self.touch(store)
        return used

    async def _open_items(
        self, member: Member, wanted: set[int], uses: Sequence[StockUse]
    ) -> tuple[dict[int, StoreItem], list[FoodStore]]:
        """The used items and their stores, in the write turn, once every use may be applied."""
        statement = select(StoreItem).where(StoreItem.id.in_(wanted)).execution_options(populate_existing=True)
        items = {item.id: item for item in await self.session.scalars(statement)}
        if any(use.item_id not in items for use in uses):
            raise Conflict(MSG_ITEM_GONE)
        stores = await self.repository.stores(sorted({item.store_id for item in items.values()}))
        for store in stores:
            await self.access.require(
                member, EntityType.FOOD_STORE, store.id, store.user_id, Action.EDIT, not_found=MSG_NOT_FOUND
            )
        for use in uses:
            item = items[use.item_id]
            if not convertible(use.unit, item.unit):
                raise AppError(MSG_UNCONVERTIBLE.format(unit=use.unit, name=item.name), status_code=422)
        return items, stores

    async def _writable_stock(self, member: Member, condition: Any) -> list[StockMatch]:
        """The items matching `condition` in the stores the caller may change (own, and shared with
        edit rights), newest first, read with their store's name in one query."""
        shared = await self.access.shared_with(member, EntityType.FOOD_STORE)
        editable = [store_id for store_id, role in shared.items() if may(role, Action.EDIT)]
        writable = FoodStore.user_id == member.id
        if editable:
            writable = or_(writable, FoodStore.id.in_(editable))
        rows = await self.session.execute(
            select(
                StoreItem.id,
                StoreItem.store_id,
                FoodStore.name.label("store_name"),
                StoreItem.ingredient_id,
                StoreItem.name,
                StoreItem.quantity,
                StoreItem.unit,
                StoreItem.date_added,
                StoreItem.estimated_expiry_days,
            )
            .join(FoodStore, FoodStore.id == StoreItem.store_id)
            .where(writable, condition)
            .order_by(StoreItem.date_added.desc(), StoreItem.id.desc())
        )
        return [
            StockMatch(
                store_id=row.store_id,
                store_name=row.store_name,
                item_id=row.id,
                ingredient_id=row.ingredient_id,
                name=row.name,
                quantity=row.quantity,
                unit=row.unit,
                date_added=row.date_added,
                expiry_date=expiry_date(local_date(row.date_added, self.zone), row.estimated_expiry_days),
            )
            for row in rows
        ]


def _used(item: StoreItem, before: float) -> StockUsed:
    """What a completed plan took from one item; an item at or below zero is removed."""
    removed = item.quantity <= 0
    return StockUsed(
        store_id=item.store_id,
        item_id=item.id,
        name=item.name,
        used=tidy(before - max(item.quantity, 0.0)),
        unit=item.unit,
        left=0.0 if removed else item.quantity,
        removed=removed,
    )
