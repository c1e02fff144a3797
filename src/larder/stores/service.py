"""Food stores: the public surface other domains and the routes call (part 2 §2 'Food stores', §4).

Every read and write asks the sharing policy first (part 2 §6). Stock is kept in batches: what is
put into a store on one day merges with that day's batch of the same ingredient (the merge rule of
`kitchen.merge`), while older batches keep their own date and expiry, so milk bought today never
makes last week's milk look fresh.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, Final

import msgspec
from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy import Row, bindparam, delete, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import display_names
from larder.catalogue.schemas import StockFacts
from larder.catalogue.service import CatalogueService
from larder.core.answers import EncodedAnswer
from larder.core.clock import local_date, now, today
from larder.core.errors import AppError, Conflict, FieldCollector, NotFound
from larder.core.ids import is_id
from larder.core.service import DomainService, VersionedRepository
from larder.core.text import plain_name_problem
from larder.core.wire import Data
from larder.items.resolve import (
    MSG_UNIT,
    catalogue_facts,
    check_typed_quantities,
    is_stock_unit,
    sent_unit,
)
from larder.kitchen.expiry import (
    Freshness,
    expiry_date,
)
from larder.kitchen.merge import Amount, subtract, tidy
from larder.kitchen.storage import StoreKind, guess_kind
from larder.kitchen.units import convertible
from larder.sharing.service import (
    AccessPolicy,
    Action,
    EntityType,
    Member,
    Role,
    ShareEntry,
    account_scope,
    entity_scope,
    may,
    role_among,
)
from larder.stores.models import DefaultStore, FoodStore, StoreItem
from larder.stores.schemas import (
    DATE_ADDED_YEARS,
    DefaultStoreOut,
    ExpiryItemOut,
    ExpiryOverview,
    HeldBatch,
    HeldStock,
    StockMatch,
    StockUse,
    StockUsed,
    StoreCardOut,
    StoreIn,
    StoreItemIn,
    StoreOut,
    StoreUpdateIn,
)
from larder.stores.stock_cache import ANSWER_CACHE, STOCK_CACHE, Stock, StockChange, stock_after, stock_of
from larder.stores.stocking import StockIntake

MSG_NOT_FOUND: Final = "Store not found."
MSG_DEFAULT_UNDELETABLE: Final = "The default store cannot be deleted. Set another store as default first."
MSG_STALE: Final = "This store was changed by someone else. Reload and try again."
MSG_ITEM_STALE: Final = "{name} was changed by someone else meanwhile. Reload and try again."
MSG_DATE_ADDED: Final = "The date added must be between 2000 and 2100."
DATE_ADDED_FIRST: Final = datetime(DATE_ADDED_YEARS[0], 1, 1)  # compared with the wall clock of the time sent
DATE_ADDED_END: Final = datetime(DATE_ADDED_YEARS[1] + 1, 1, 1)
MSG_ITEM_GONE: Final = "An item you changed is no longer in this store. Reload and try again."
MSG_UNCONVERTIBLE: Final = "{unit} cannot be taken from {name}: its unit is not convertible."


def check_store_fields(errors: FieldCollector, *, name: str | None, description: str | None) -> None:
    """Part 2 §5: name and description, letters, numbers and spaces, neither empty."""
    for field, value in (("name", name), ("description", description)):
        problem = None if value is None else plain_name_problem(value, field)
        if problem:
            errors.add(field, problem)


_DEFAULT_STORE = (
    select(FoodStore)
    .join(DefaultStore, DefaultStore.store_id == FoodStore.id)
    .where(DefaultStore.user_id == bindparam("member_id"))
    .execution_options(populate_existing=True)
)


class StoreRepository(VersionedRepository[FoodStore]):
    model_type = FoodStore
    version_column = "stock_version"

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

    async def items_with_values(self, store_id: int, values: Sequence[str]) -> list[StoreItem]:
        """The batches of the given ingredients in one store (what new stock may merge with)."""
        if not values:
            return []
        statement = select(StoreItem).where(StoreItem.store_id == store_id, StoreItem.value.in_(list(set(values))))
        return list(await self.session.scalars(statement))

    async def items_with_ids(self, store_id: int, ids: Sequence[int]) -> list[StoreItem]:
        if not ids:
            return []
        statement = select(StoreItem).where(StoreItem.store_id == store_id, StoreItem.id.in_(list(set(ids))))
        return list(await self.session.scalars(statement))


_ITEM_COLUMNS = tuple(StoreItem.__table__.columns)


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


class StoresService(DomainService[FoodStore]):
    repository_type = StoreRepository
    repository: StoreRepository

    def __init__(
        self, session: AsyncSession, *, catalogue: CatalogueService, access: AccessPolicy, zone: str | None
    ) -> None:
        super().__init__(session)
        self.catalogue = catalogue
        self.access = access
        self.zone = zone
        self.intake = StockIntake(session, catalogue, zone)

    # -- reading --------------------------------------------------------------------------------
    async def list_visible(self, member: Member) -> list[StoreOut]:
        """The caller's own stores and those shared with them, own first, each with its stock."""
        stores, roles = await self._visible(member)
        return await self._answers(member, stores, roles)

    async def list_visible_encoded(self, member: Member) -> EncodedAnswer:
        """GET /stores's whole answer, encoded and compressed once for each state of what it shows.

        The stores, their stock versions, the caller's default, the owners' names and the shares
        are read (a few small queries) and name the answer; only a change of one of them builds it
        again. A household's 10 stores of 500 items answer 1.7 MB of JSON, which costs more to
        encode and compress than everything else the request does.
        """
        stores, roles = await self._visible(member)
        return await self._encoded(member, stores, roles, one=False)

    async def get_encoded(self, member: Member, store_id: int) -> EncodedAnswer:
        """GET /stores/{id}'s whole answer, encoded and compressed once for each state of what it
        shows, as GET /stores's: a store of 200 items is 60 KB of JSON to encode and compress."""
        store, role = await self._open(member, store_id, Action.VIEW)
        return await self._encoded(member, [store], {store.id: role}, one=True)

    async def _encoded(
        self, member: Member, stores: list[FoodStore], roles: dict[int, Role], *, one: bool
    ) -> EncodedAnswer:
        context = await self._context(member, stores, roles)
        key = (
            self.database_key,
            member.id,
            one,
            context.key(),
            tuple((s.id, s.stock_version, s.updated_at, s.name, s.description, s.kind, roles[s.id]) for s in stores),
        )
        found = ANSWER_CACHE.get(key)
        if found is None:
            built = self._build(stores, roles, context)
            found = EncodedAnswer(msgspec.json.encode(Data(data=built[0] if one else built)))
            ANSWER_CACHE.put(key, found)
        return found

    async def get(self, member: Member, store_id: int) -> StoreOut:
        store, role = await self._open(member, store_id, Action.VIEW)
        return (await self._answers(member, [store], {store.id: role}))[0]

    async def writable_ids(self, member: Member) -> list[int]:
        """Stores the caller may put stock into: own and shared with edit rights (part 2 §6)."""
        stores, roles = await self._visible(member)
        return [store.id for store in stores if roles[store.id] != Role.VIEWER]

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

    async def held_stock(self, member: Member) -> HeldStock:
        """The batches of catalogue ingredients in every store the caller may see (own and shared,
        whatever the rights), with their expiry dates, for today; read from the stock cache."""
        stores, _roles = await self._visible(member)
        day = today(self.zone)
        stocks = await self._stock(stores, day)
        return HeldStock(
            day=day,
            state=(self.database_key, tuple((store.id, store.stock_version) for store in stores)),
            batches=[
                HeldBatch(int(item.value), item.name, item.quantity, item.unit, item.expiry_date)
                for store in stores
                for item in stocks[store.id].items
                if item.value.isdigit()
            ],
        )

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
            items = {
                item.id: item
                for item in await self.session.scalars(
                    select(StoreItem).where(StoreItem.id.in_(wanted)).execution_options(populate_existing=True)
                )
            }
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
            before = {item_id: item.quantity for item_id, item in items.items()}
            for use in uses:
                item = items[use.item_id]
                item.quantity = subtract(Amount(item.quantity, item.unit), Amount(use.quantity, use.unit)).quantity
                _stamp(item)
            used: list[StockUsed] = []
            gone: list[int] = []
            for item_id in dict.fromkeys(use.item_id for use in uses):
                item = items[item_id]
                removed = item.quantity <= 0
                if removed:
                    gone.append(item_id)
                used.append(
                    StockUsed(
                        store_id=item.store_id,
                        item_id=item.id,
                        name=item.name,
                        used=tidy(before[item_id] - max(item.quantity, 0.0)),
                        unit=item.unit,
                        left=0.0 if removed else item.quantity,
                        removed=removed,
                    )
                )
            for item_id in gone:
                await self.session.delete(items[item_id])
            for store in stores:
                await self._touch(store)
        return used

    async def default_store_id(self, member: Member) -> int | None:
        return await self.session.scalar(select(DefaultStore.store_id).where(DefaultStore.user_id == member.id))

    async def default_card(self, member: Member, day: date | None = None) -> StoreCardOut | None:
        """The caller's default store as its card shows it, with the badge counts of GET /stores
        for `day` (today when not given); None when they have none, or when it was shared with
        them and no longer is."""
        store = await self.repository.default_store_of(member.id)
        if store is None or await self.access.role(member, EntityType.FOOD_STORE, store.id, store.user_id) is None:
            return None
        stock = (await self._stock([store], day or today(self.zone)))[store.id]
        return StoreCardOut(
            id=store.id,
            name=store.name,
            kind=store.kind,  # type: ignore[arg-type]
            item_count=len(stock.items),
            expiring=stock.expiring,
            expired=stock.expired,
        )

    async def default_of(self, member: Member, store_id: int) -> DefaultStoreOut:
        await self._open(member, store_id, Action.VIEW)
        return DefaultStoreOut(id=store_id, default=await self.default_store_id(member) == store_id)

    async def expiry_overview(self, member: Member, day: date | None = None) -> ExpiryOverview:
        """What expired and what is about to (notification windows) across every visible store."""
        day = day or today(self.zone)
        expired: list[ExpiryItemOut] = []
        expiring: list[ExpiryItemOut] = []
        stores, _ = await self._visible(member)
        stocks = await self._stock(stores, day)
        for store in stores:
            for item, state, expires in stocks[store.id].flagged:
                entry = ExpiryItemOut(
                    id=item.id,
                    name=item.name,
                    quantity=item.quantity,
                    unit=item.unit,
                    expiry_date=expires,
                    store_id=store.id,
                    store_name=store.name,
                )
                (expired if state is Freshness.EXPIRED else expiring).append(entry)
        expired.sort(key=lambda e: (e.expiry_date, e.name))
        expiring.sort(key=lambda e: (e.expiry_date, e.name))
        return ExpiryOverview(expired=expired, expiring=expiring)

    # -- writing --------------------------------------------------------------------------------
    async def create(self, member: Member, data: StoreIn) -> StoreOut:
        errors = FieldCollector()
        check_store_fields(errors, name=data.name, description=data.description)
        errors.raise_if_any()
        kind = StoreKind(data.kind) if data.kind else guess_kind(data.name)
        async with self.uow.write(account_scope(member.id)):
            store = await self.repository.add(
                FoodStore(user_id=member.id, name=data.name.strip(), description=data.description.strip(), kind=kind)
            )
            if await self.default_store_id(member) is None:  # a member's first store becomes their default
                self.session.add(DefaultStore(user_id=member.id, store_id=store.id))
                await self.session.flush()
            await self.access.announce(EntityType.FOOD_STORE, store.id, store.user_id)
        return await self._answer_of(member, store.id, Role.OWNER)

    async def update(self, member: Member, store_id: int, data: StoreUpdateIn) -> StoreOut:
        """Item-level writes: the items sent change, the others stay as any member left them.

        `updated_at`, when sent, is the store's version the client's view was read at. Every write
        dates what it changes at most at the store's new version (`_stamp`, `_touch`), so what
        changed since that view is known item by item: a change or removal of an item that
        somebody changed meanwhile is refused (409), a change of another item is not. The store's
        own fields (name, description, kind) are refused after any change of the store since.
        """
        seen = None if data.updated_at is None else _as_utc(data.updated_at)
        own_fields = (data.name, data.description, data.kind) != (None, None, None)
        async with self.uow.write(entity_scope(EntityType.FOOD_STORE, store_id)):
            # Read in the turn: the caller's right, and the versions a stale write is told by.
            store, role = await self._open(member, store_id, Action.EDIT)
            if seen is not None and own_fields and seen < store.updated_at:
                raise Conflict(MSG_STALE)
            errors = FieldCollector()
            check_store_fields(errors, name=data.name, description=data.description)
            check_sent_items(errors, data.items, typed=True)
            errors.raise_if_any()
            if data.name is not None:
                store.name = data.name.strip()
            if data.description is not None:
                store.description = data.description.strip()
            if data.kind is not None:
                store.kind = data.kind
            await self._change_items(store, [i for i in data.items if i.id is not None], seen=seen)
            await self.intake.add(store, [i for i in data.items if i.id is None], field="items")
            if data.items_to_remove:
                if seen is not None:
                    _refuse_changed_since(await self.repository.items_with_ids(store.id, data.items_to_remove), seen)
                await self.session.execute(
                    delete(StoreItem).where(StoreItem.store_id == store.id, StoreItem.id.in_(data.items_to_remove))
                )
            await self._touch(store)
        return await self._answer_of(member, store.id, role)

    async def receive(self, member: Member, store_id: int, items: Sequence[StoreItemIn]) -> StoreOut:
        """Stock put in (a receipt, send-to-store), by the merge rule; answers the store.

        The quantities were typed by the user: at least 1.
        """
        _, answer = await self._stocked(member, store_id, items, typed=True, answering=True)
        assert answer is not None
        return answer

    async def stock(
        self,
        member: Member,
        store_id: int,
        items: Sequence[StoreItemIn],
        *,
        typed: bool = False,
        facts: dict[int, StockFacts] | None = None,
    ) -> FoodStore:
        """Stock put in without answering the store (a completed shop only reports counts).

        A completed shop stocks what its list holds, where a recipe's merged ¼ tsp may be; `typed`
        quantities were typed by the user and are at least 1. `facts`: the catalogue's of the
        items, when read before the caller's write turn.
        """
        return (await self._stocked(member, store_id, items, typed=typed, facts=facts))[0]

    async def _stocked(
        self,
        member: Member,
        store_id: int,
        items: Sequence[StoreItemIn],
        *,
        typed: bool,
        answering: bool = False,
        facts: dict[int, StockFacts] | None = None,
    ) -> tuple[FoodStore, StoreOut | None]:
        """Stock put in, in the store's write turn; with `answering`, the store as answered, made in
        the turn from its kept stock and the rows the write changed."""
        # The catalogue's facts of the ingredients are read before the turn: nothing it guards.
        if facts is None:
            facts = await catalogue_facts(items, self.catalogue)
        async with self.uow.write(entity_scope(EntityType.FOOD_STORE, store_id)):
            store, role = await self._open(member, store_id, Action.EDIT)
            version = store.stock_version
            errors = FieldCollector()
            check_sent_items(errors, items, typed=typed)
            errors.raise_if_any()
            change = await self.intake.add(store, items, field="items", facts=facts)
            # Read once for whoever is told and for the answer.
            shares = await self.access.shares_of(EntityType.FOOD_STORE, [store.id]) if answering else None
            await self._touch(store, shares[store.id] if shares else None)
            await self._keep_stock(store, version, change)
            answer = (await self._answers(member, [store], {store.id: role}, shares))[0] if answering else None
        return store, answer

    async def _keep_stock(self, store: FoodStore, version: int, change: StockChange) -> None:
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

    async def _answer_of(self, member: Member, store_id: int, role: Role) -> StoreOut:
        """The answer of a write, read after its commit with the role the write was allowed with:
        the store's row read again (triggers counted its stock version up)."""
        stores = await self.repository.stores([store_id])
        if not stores:  # deleted since the commit
            raise NotFound(MSG_NOT_FOUND)
        return (await self._answers(member, stores, {store_id: role}))[0]

    async def delete(self, member: Member, store_id: int) -> None:
        # The caller's account too: their default store decides whether it may go.
        async with self.uow.write(entity_scope(EntityType.FOOD_STORE, store_id), account_scope(member.id)):
            store, _ = await self._open(member, store_id, Action.DELETE)
            if await self.default_store_id(member) == store.id:
                raise Conflict(MSG_DEFAULT_UNDELETABLE)
            await self.session.delete(store)
            await self.access.forget(EntityType.FOOD_STORE, store.id, store.user_id)
            await self.session.flush()

    async def set_default(self, member: Member, store_id: int) -> DefaultStoreOut:
        # The store too: one deleted meanwhile can be no one's default.
        async with self.uow.write(account_scope(member.id), entity_scope(EntityType.FOOD_STORE, store_id)):
            await self._open(member, store_id, Action.SET_DEFAULT)
            current = await self.session.scalar(select(DefaultStore).where(DefaultStore.user_id == member.id))
            if current is None:
                self.session.add(DefaultStore(user_id=member.id, store_id=store_id))
            else:
                current.store_id = store_id
            await self.session.flush()
            self.access.announce_to(member, EntityType.FOOD_STORE, store_id)
        return DefaultStoreOut(id=store_id, default=True)

    # -- internals ------------------------------------------------------------------------------
    async def _stock(self, stores: Sequence[FoodStore], day: date) -> dict[int, Stock]:
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

    def _stock_key(self, store_id: int, stock_version: int, day: date) -> tuple[Any, ...]:
        """What names one store's stock as answered (stock_cache.py)."""
        return (self.database_key, store_id, stock_version, day, self.zone)

    async def _open(self, member: Member, store_id: int, action: Action) -> tuple[FoodStore, Role]:
        stores = await self.repository.stores([store_id])
        if not stores:
            raise NotFound(MSG_NOT_FOUND)
        store = stores[0]
        role = await self.access.require(
            member, EntityType.FOOD_STORE, store.id, store.user_id, action, not_found=MSG_NOT_FOUND
        )
        return store, role

    async def _touch(self, store: FoodStore, shares: list[ShareEntry] | None = None) -> None:
        """Every write of a store's contents ends here: it is dated, and whoever may see it is told.
        Its date is its new version, taken after every item it changed was dated (`_stamp`); the
        object takes the stock_version the triggers left."""
        await self.repository.date_row(store)
        await self.access.announce(EntityType.FOOD_STORE, store.id, store.user_id, shares=shares)

    async def _change_items(
        self, store: FoodStore, items: Sequence[StoreItemIn], *, seen: datetime | None = None
    ) -> None:
        """Item-level edits: only the fields sent change, so two members editing different items
        (or different fields) of one store never undo each other's work. With `seen` (the store's
        version the client read), an item changed after it is refused (409)."""
        if not items:
            return
        rows = await self.repository.items_with_ids(store.id, [sent.id for sent in items if sent.id is not None])
        by_id = {item.id: item for item in rows}
        if any(sent.id not in by_id for sent in items):
            raise Conflict(MSG_ITEM_GONE)
        if seen is not None:
            _refuse_changed_since(rows, seen)
        errors = FieldCollector()
        for sent in items:
            row = by_id[sent.id]
            _stamp(row)
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
                row.date_added = self.intake.added_at(sent.date_added)
            if sent.estimated_expiry_days is not None:
                row.estimated_expiry_days = sent.estimated_expiry_days
            if sent.checked is not None:
                row.checked = sent.checked
        errors.raise_if_any()

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

    async def _answers(
        self,
        member: Member,
        stores: list[FoodStore],
        roles: dict[int, Role],
        shares: dict[int, list[ShareEntry]] | None = None,
    ) -> list[StoreOut]:
        """The stores as answered (`shares`: theirs, when just read)."""
        return self._build(stores, roles, await self._context(member, stores, roles, shares))

    async def _visible(self, member: Member) -> tuple[list[FoodStore], dict[int, Role]]:
        shared = await self.access.shared_with(member, EntityType.FOOD_STORE)
        stores = await self.repository.stores(await self.repository.visible_ids(member, list(shared)))
        # Every id read is the caller's or shared with them, so each store has a role.
        roles = {s.id: role for s in stores if (role := role_among(member, s.user_id, s.id, shared))}
        stores.sort(key=lambda s: (roles[s.id] != Role.OWNER, s.id))
        return stores, roles

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
            stocks=await self._stock(stores, day),
        )

    async def _owner_names(self, member: Member, stores: list[FoodStore]) -> dict[int, str]:
        """The stores' owners' names: the caller's own from their session, the others' read."""
        known = {member.id: member.name} if member.name else {}
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
                    kind=store.kind,  # type: ignore[arg-type]
                    default=store.id == context.default_id,
                    items=stock.items,
                    shared_with=context.shares.get(store.id, []),
                    updated_at=store.updated_at,
                    user_id=store.user_id,
                    owner_name=context.owners.get(store.user_id, ""),
                    role=roles[store.id].value,  # type: ignore[arg-type]
                    expiring=stock.expiring,
                    expired=stock.expired,
                )
            )
        return answers


def check_sent_items(errors: FieldCollector, items: Sequence[StoreItemIn], *, typed: bool) -> None:
    """Part 2 §5: a quantity the user typed is at least 1. A date added is a day food was bought:
    within the years the app counts days in (a year 9999 would overflow every date computed from it)."""
    if typed:
        check_typed_quantities(errors, items, field="items")
    if any(item.date_added is not None and not _sensible(item.date_added) for item in items):
        errors.add("items.date_added", MSG_DATE_ADDED)


def _stamp(item: StoreItem) -> None:
    """Dates a changed item by the clock that dates its store (`_touch`, later in the same write),
    so an item's `updated_at` is never after the store version that includes its change."""
    item.updated_at = now()


def _refuse_changed_since(items: Iterable[StoreItem], seen: datetime) -> None:
    """409 when one of the items was changed after the store version `seen` (a stale write)."""
    for item in items:
        if item.updated_at > seen:
            raise Conflict(MSG_ITEM_STALE.format(name=item.name))


def _sensible(moment: datetime) -> bool:
    return DATE_ADDED_FIRST <= moment.replace(tzinfo=None) < DATE_ADDED_END


def _as_utc(moment: datetime) -> datetime:
    # The server's timestamps are UTC; a client echoing one without its zone means UTC too.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def provide_stores_service(
    state: State,
    db_session: NamedDependency[AsyncSession],
    catalogue: NamedDependency[CatalogueService],
    access: NamedDependency[AccessPolicy],
) -> StoresService:
    return StoresService(db_session, catalogue=catalogue, access=access, zone=state["settings"].timezone)


__all__ = [
    "MSG_DEFAULT_UNDELETABLE",
    "MSG_NOT_FOUND",
    "StoresService",
    "check_store_fields",
    "provide_stores_service",
]
