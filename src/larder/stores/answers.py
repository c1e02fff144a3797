"""Stores as answered: each with its stock for the day, its shares, its owner's name and whether it
is the caller's default, built from kept stock (stock_cache.py) and kept whole once encoded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

import msgspec
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import display_names, display_names_here
from larder.core.base.clock import today
from larder.core.base.wire import Data
from larder.core.cache.answers import EncodedAnswer
from larder.sharing.service import AccessPolicy, Action, EntityType, Member, Role, ShareEntry, may, role_among
from larder.stores.models import FoodStore
from larder.stores.repository import StoreRepository
from larder.stores.schemas import StoreOut
from larder.stores.stock_cache import ANSWER_CACHE, STOCK_CACHE, Stock, StockChange, stock_after, stock_of


@dataclass(frozen=True)
class _AnswerContext:
    """What store answers show besides the stores' own rows, read once per request."""

    day: date
    default_id: int | None
    owners: dict[int, str]
    shares: dict[int, list[ShareEntry]]
    stocks: dict[int, Stock]

    def key(self) -> tuple[Any, ...]:
        """The parts that decide an answer (the stocks are named by their stores' versions)."""
        shares = tuple(
            sorted(
                (store_id, tuple((e.email, e.canEdit) for e in entries)) for store_id, entries in self.shares.items()
            )
        )
        return (self.day, self.default_id, tuple(sorted(self.owners.items())), shares)


class StoreAnswers:
    """Reads and builds the answers of one request's stores."""

    def __init__(
        self,
        session: AsyncSession,
        repository: StoreRepository,
        access: AccessPolicy,
        zone: str | None,
        database_key: Any,
    ) -> None:
        self.session = session
        self.repository = repository
        self.access = access
        self.zone = zone
        self.database_key = database_key

    async def visible(self, member: Member) -> tuple[list[FoodStore], dict[int, Role]]:
        """The caller's own stores and those shared with them, own first, with the caller's role."""
        shared = await self.access.shared_with(member, EntityType.FOOD_STORE)
        stores = await self.repository.stores(await self.repository.visible_ids(member, list(shared)))
        # Every id read is the caller's or shared with them, so each store has a role.
        roles = {s.id: role for s in stores if (role := role_among(member, s.user_id, s.id, shared))}
        stores.sort(key=lambda s: (roles[s.id] != Role.OWNER, s.id))
        return stores, roles

    async def default_store_id(self, member: Member) -> int | None:
        return await self.repository.default_store_id(member.id)

    async def answers(
        self,
        member: Member,
        stores: list[FoodStore],
        roles: dict[int, Role],
        shares: dict[int, list[ShareEntry]] | None = None,
    ) -> list[StoreOut]:
        """The stores as answered (`shares`: theirs, when just read)."""
        return self._build(stores, roles, await self._context(member, stores, roles, shares))

    async def encoded(
        self, member: Member, stores: list[FoodStore], roles: dict[int, Role], *, one: bool
    ) -> EncodedAnswer:
        """The answer encoded and compressed once for each state of what it shows (`one`: a store
        alone, else the list of them)."""
        context = await self._context(member, stores, roles)
        key = self._answer_key(member, one, context.key(), stores, roles)
        found = ANSWER_CACHE.get(key)
        if found is None:
            built = self._build(stores, roles, context)
            found = EncodedAnswer(msgspec.json.encode(Data(data=built[0] if one else built)))
            ANSWER_CACHE.put(key, found)
        return found

    def kept_here(self, connection: Connection, member: Member, store_id: int) -> EncodedAnswer | None:
        """GET /stores/{id}'s answer if it is kept for the state read here, on the event loop's own
        connection (`UnitOfWork.read_here`); None sends the caller to the session's read, which
        also answers a missing store or a stranger with 404."""
        state = self.repository.state_here(connection, store_id)
        if state is None:
            return None
        role, shares = self.access.role_here(connection, member, EntityType.FOOD_STORE, store_id, state.user_id)
        if role is None or not may(role, Action.VIEW):
            return None
        known = member.known_name
        owners = known | display_names_here(connection, {state.user_id} - set(known))
        context = _AnswerContext(
            day=today(self.zone),
            default_id=self.repository.default_store_id_here(connection, member.id),
            owners=owners,
            shares={store_id: shares} if role == Role.OWNER else {},
            stocks={},  # named by the store's stock_version in the key
        )
        return ANSWER_CACHE.get(self._answer_key(member, True, context.key(), [state], {store_id: role}))

    def _answer_key(
        self, member: Member, one: bool, context: tuple[Any, ...], stores: Sequence[Any], roles: dict[int, Role]
    ) -> tuple[Any, ...]:
        """What an answer shows: the context's parts and each store's own columns (`stores`: the
        objects, or the rows `state_here` reads)."""
        shown = tuple((s.id, s.stock_version, s.updated_at, s.name, s.description, s.kind, roles[s.id]) for s in stores)
        return (self.database_key, member.id, one, context, shown)

    async def stock(self, stores: Sequence[FoodStore], day: date) -> dict[int, Stock]:
        """Each store's items as answered for `day`: from the cache, the rest read in one query."""
        keys = {store.id: self._stock_key(store.id, store.stock_version, day) for store in stores}
        found = {store_id: STOCK_CACHE.get(key) for store_id, key in keys.items()}
        missing = [store_id for store_id, stock in found.items() if stock is None]
        rows = await self.repository.item_rows(missing)
        for store_id in missing:
            stock = stock_of(rows[store_id], day, self.zone)
            STOCK_CACHE.put(keys[store_id], stock)
            found[store_id] = stock
        return {store_id: stock for store_id, stock in found.items() if stock is not None}

    async def keep_stock(self, store: FoodStore, version: int, change: StockChange) -> None:
        """After a write of `store`'s items in its turn, once dated: the stock it leaves, made from
        the stock kept at `version` (where the write began) and the rows it wrote (read again when it
        added some: their ids are the database's), when the store's stock_version counts exactly
        those rows (nobody else wrote an item between)."""
        day = today(self.zone)
        before = STOCK_CACHE.get(self._stock_key(store.id, version, day))
        if before is None or store.stock_version != version + change.rows:
            return
        rows: Sequence[Any] = change.updated  # as written: no new row, nothing to read
        if change.inserted:
            newest = max((item.id for item in before.items), default=0)
            rows = await self.repository.written_rows(store.id, [item.id for item in change.updated], newest)
        after = stock_after(before, rows, day, self.zone)
        if after is not None:
            STOCK_CACHE.put(self._stock_key(store.id, store.stock_version, day), after)

    def kept_stock(self, store: FoodStore) -> Stock | None:
        """The store's stock for today as kept at the version `store` was read with, if it is."""
        return STOCK_CACHE.get(self._stock_key(store.id, store.stock_version, today(self.zone)))

    def _stock_key(self, store_id: int, stock_version: int, day: date) -> tuple[Any, ...]:
        """What names one store's stock as answered (stock_cache.py)."""
        return (self.database_key, store_id, stock_version, day, self.zone)

    async def _context(
        self,
        member: Member,
        stores: list[FoodStore],
        roles: dict[int, Role],
        shares: dict[int, list[ShareEntry]] | None = None,
    ) -> _AnswerContext:
        day = today(self.zone)
        owned = [s.id for s in stores if roles[s.id] == Role.OWNER]
        if shares is None:
            shares = await self.access.shares_of(EntityType.FOOD_STORE, owned)
        return _AnswerContext(
            day=day,
            default_id=await self.default_store_id(member),
            owners=await self._owner_names(member, stores),
            shares={store_id: shares[store_id] for store_id in owned},
            stocks=await self.stock(stores, day),
        )

    async def _owner_names(self, member: Member, stores: list[FoodStore]) -> dict[int, str]:
        """The stores' owners' names: the caller's own from their session, the others' read."""
        known = member.known_name
        return known | await display_names(self.session, {s.user_id for s in stores} - set(known))

    def _build(self, stores: list[FoodStore], roles: dict[int, Role], context: _AnswerContext) -> list[StoreOut]:
        answers = []
        for store in stores:
            stock = context.stocks[store.id]
            answers.append(
                StoreOut(
                    id=store.id,
                    name=store.name,
                    description=store.description,
                    kind=store.kind,
                    default=store.id == context.default_id,
                    items=stock.items,
                    shared_with=context.shares.get(store.id, []),
                    updated_at=store.updated_at,
                    user_id=store.user_id,
                    owner_name=context.owners.get(store.user_id, ""),
                    role=roles[store.id].value,
                    expiring=stock.expiring,
                    expired=stock.expired,
                )
            )
        return answers
