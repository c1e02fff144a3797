"""Food stores and their items in the database: stores as objects, items as rows."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Row, bindparam, or_, select

from larder.core.db.service import VersionedRepository
from larder.kitchen.storage import StoreKindName
from larder.sharing.service import Member
from larder.stores.models import DefaultStore, FoodStore, StoreItem

_DEFAULT_STORE = (
    select(FoodStore)
    .join(DefaultStore, DefaultStore.store_id == FoodStore.id)
    .where(DefaultStore.user_id == bindparam("member_id"))
    .execution_options(populate_existing=True)
)

# What a store's kept answer is found by (StoreAnswers.kept_here), and the caller's default store.
_STORE_STATE = select(
    FoodStore.id,
    FoodStore.user_id,
    FoodStore.name,
    FoodStore.description,
    FoodStore.kind,
    FoodStore.stock_version,
    FoodStore.updated_at,
).where(FoodStore.id == bindparam("store_id"))
StoreState = Row[int, int, str, str, StoreKindName, int, datetime]
_DEFAULT_STORE_ID = select(DefaultStore.store_id).where(DefaultStore.user_id == bindparam("member_id"))


class StoreRepository(VersionedRepository[FoodStore]):
    model_type = FoodStore
    version_column = "stock_version"

    @staticmethod
    def state_here(connection: Connection, store_id: int) -> StoreState | None:
        """The store's own columns an answer shows, read on the event loop's own connection
        (`UnitOfWork.read_here`); None for no such store."""
        return connection.execute(_STORE_STATE, {"store_id": store_id}).one_or_none()

    async def default_store_id(self, member_id: int) -> int | None:
        return await self.session.scalar(_DEFAULT_STORE_ID, {"member_id": member_id})

    @staticmethod
    def default_store_id_here(connection: Connection, member_id: int) -> int | None:
        """`default_store_id`, on the event loop's own connection."""
        return connection.execute(_DEFAULT_STORE_ID, {"member_id": member_id}).scalar_one_or_none()

    async def stores(self, ids: Sequence[int]) -> list[FoodStore]:
        if not ids:
            return []
        # Read afresh even when the session holds them: triggers change stock_version underneath.
        statement = select(FoodStore).where(FoodStore.id.in_(list(ids))).execution_options(populate_existing=True)
        return list(await self.session.scalars(statement))

    async def visible_ids(self, member: Member, shared: Sequence[int]) -> list[int]:
        condition = FoodStore.user_id == member.id
        if shared:
            condition = or_(condition, FoodStore.id.in_(list(shared)))
        return list(await self.session.scalars(select(FoodStore.id).where(condition).order_by(FoodStore.id)))

    async def item_rows(self, store_ids: Sequence[int]) -> dict[int, list[Row[Any]]]:
        """Every item of the stores as plain rows, by store: a household's stores hold thousands of
        items, and rows cost a fraction of ORM objects to read."""
        found: dict[int, list[Row[Any]]] = {store_id: [] for store_id in store_ids}
        if store_ids:
            rows = await self.session.execute(
                select(*_ITEM_COLUMNS).where(StoreItem.store_id.in_(list(store_ids))).order_by(StoreItem.id)
            )
            for row in rows:
                found[row.store_id].append(row)
        return found

    async def written_rows(self, store_id: int, ids: Sequence[int], after_id: int) -> list[Row[Any]]:
        """The store's items of these ids and those newer than `after_id` (ids only grow): the rows a
        write changed and added, as plain rows."""
        condition = or_(StoreItem.id.in_(list(ids)), StoreItem.id > after_id) if ids else StoreItem.id > after_id
        statement = select(*_ITEM_COLUMNS).where(StoreItem.store_id == store_id, condition).order_by(StoreItem.id)
        return list(await self.session.execute(statement))

    async def default_store_of(self, member_id: int) -> FoodStore | None:
        """The member's default store, read with its choice in one query (built once: the dashboard
        asks it on every visit)."""
        return await self.session.scalar(_DEFAULT_STORE, {"member_id": member_id})

    async def batch_rows(self, store_id: int, values: Sequence[str]) -> list[dict[str, Any]]:
        """The store's batches of these values (what new stock may merge with), as rows one can
        change, read through the connection: a merge writes them as rows too (stocking.py)."""
        if not values:
            return []
        statement = select(*_ITEM_COLUMNS).where(StoreItem.store_id == store_id, StoreItem.value.in_(set(values)))
        connection = await self.session.connection()
        return [dict(row._mapping) for row in await connection.execute(statement)]

    async def items_with_ids(self, store_id: int, ids: Sequence[int]) -> list[StoreItem]:
        if not ids:
            return []
        statement = select(StoreItem).where(StoreItem.store_id == store_id, StoreItem.id.in_(list(set(ids))))
        return list(await self.session.scalars(statement))


_ITEM_COLUMNS = tuple(StoreItem.__table__.columns)
