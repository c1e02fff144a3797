"""Food stores: the public surface other domains and the routes call (part 2 §2 'Food stores', §4).

Every read and write asks the sharing policy first (part 2 §6). Stock is kept in batches: what is
put into a store on one day merges with that day's batch of the same ingredient (the merge rule of
`kitchen.merge`), while older batches keep their own date and expiry, so milk bought today never
makes last week's milk look fresh.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from functools import cached_property

from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.catalogue.schemas import StockFacts
from larder.catalogue.service import CatalogueService
from larder.core.base.clock import today
from larder.core.base.errors import Conflict, FieldCollector, NotFound
from larder.core.base.text import plain_name_problem
from larder.core.cache.answers import EncodedAnswer
from larder.core.db.service import DomainService
from larder.items.resolve import catalogue_facts
from larder.kitchen.expiry import Freshness
from larder.kitchen.storage import StoreKind, guess_kind
from larder.sharing.service import (
    AccessPolicy,
    Action,
    EntityType,
    Member,
    Role,
    ShareEntry,
    account_scope,
    entity_scope,
)
from larder.stores.answers import StoreAnswers
from larder.stores.item_edits import as_utc, change_items, check_sent_items, refuse_changed_since
from larder.stores.messages import MSG_DEFAULT_UNDELETABLE, MSG_NOT_FOUND, MSG_STALE
from larder.stores.models import DefaultStore, FoodStore, StoreItem
from larder.stores.repository import StoreRepository
from larder.stores.schemas import (
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
from larder.stores.stock_use import StockUsage
from larder.stores.stocking import StockIntake


def check_store_fields(errors: FieldCollector, *, name: str | None, description: str | None) -> None:
    """Part 2 §5: name and description, letters, numbers and spaces, neither empty."""
    for field, value in (("name", name), ("description", description)):
        problem = None if value is None else plain_name_problem(value, field)
        if problem:
            errors.add(field, problem)


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

    # Its parts, each made when a request first needs it.
    @cached_property
    def answers(self) -> StoreAnswers:
        return StoreAnswers(self.session, self.repository, self.access, self.zone, self.database_key)

    @cached_property
    def intake(self) -> StockIntake:
        return StockIntake(self.repository, self.catalogue, self.zone)

    @cached_property
    def usage(self) -> StockUsage:
        return StockUsage(self.session, self.repository, self.access, self.uow, self.zone, self._touch)

    # -- reading --------------------------------------------------------------------------------
    async def list_visible(self, member: Member) -> list[StoreOut]:
        """The caller's own stores and those shared with them, own first, each with its stock."""
        stores, roles = await self.answers.visible(member)
        return await self.answers.answers(member, stores, roles)

    async def list_visible_encoded(self, member: Member) -> EncodedAnswer:
        """GET /stores's whole answer, encoded and compressed once for each state of what it shows.

        The stores, their stock versions, the caller's default, the owners' names and the shares
        are read (a few small queries) and name the answer; only a change of one of them builds it
        again. A household's 10 stores of 500 items answer 1.7 MB of JSON, which costs more to
        encode and compress than everything else the request does.
        """
        stores, roles = await self.answers.visible(member)
        return await self.answers.encoded(member, stores, roles, one=False)

    async def get_encoded(self, member: Member, store_id: int) -> EncodedAnswer:
        """GET /stores/{id}'s whole answer, encoded and compressed once for each state of what it
        shows, as GET /stores's: a store of 200 items is 60 KB of JSON to encode and compress. A store
        read again unchanged is found by a few rows read on the event loop, with no session."""
        found = self.uow.read_here(lambda connection: self.answers.kept_here(connection, member, store_id))
        if found is not None:
            return found
        store, role = await self._open(member, store_id, Action.VIEW)
        return await self.answers.encoded(member, [store], {store.id: role}, one=True)

    async def get(self, member: Member, store_id: int) -> StoreOut:
        store, role = await self._open(member, store_id, Action.VIEW)
        return (await self.answers.answers(member, [store], {store.id: role}))[0]

    async def writable_ids(self, member: Member) -> list[int]:
        """Stores the caller may put stock into: own and shared with edit rights (part 2 §6)."""
        stores, roles = await self.answers.visible(member)
        return [store.id for store in stores if roles[store.id] != Role.VIEWER]

    async def stock_of(self, member: Member, ingredient_ids: Iterable[int]) -> dict[int, list[StockMatch]]:
        """The caller's writable batches of these ingredients, by ingredient id (stock_use.py)."""
        return await self.usage.stock_of(member, ingredient_ids)

    async def held_stock(self, member: Member) -> HeldStock:
        """The batches of catalogue ingredients in every store the caller may see (own and shared,
        whatever the rights), with their expiry dates, for today; read from the stock cache."""
        stores, _roles = await self.answers.visible(member)
        day = today(self.zone)
        stocks = await self.answers.stock(stores, day)
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
        """Those of the items in stores the caller may change (stock_use.py)."""
        return await self.usage.stock_items(member, item_ids)

    async def consume(self, member: Member, uses: Sequence[StockUse]) -> list[StockUsed]:
        """Stock used up by a completed meal plan (stock_use.py)."""
        return await self.usage.consume(member, uses)

    async def default_store_id(self, member: Member) -> int | None:
        return await self.answers.default_store_id(member)

    async def default_card(self, member: Member, day: date | None = None) -> StoreCardOut | None:
        """The caller's default store as its card shows it, with the badge counts of GET /stores
        for `day` (today when not given); None when they have none, or when it was shared with
        them and no longer is."""
        store = await self.repository.default_store_of(member.id)
        if store is None or await self.access.role(member, EntityType.FOOD_STORE, store.id, store.user_id) is None:
            return None
        stock = (await self.answers.stock([store], day or today(self.zone)))[store.id]
        return StoreCardOut(
            id=store.id,
            name=store.name,
            kind=store.kind,
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
        stores, _ = await self.answers.visible(member)
        stocks = await self.answers.stock(stores, day)
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
        dates what it changes at most at the store's new version (`stamp`, `_touch`), so what
        changed since that view is known item by item: a change or removal of an item that
        somebody changed meanwhile is refused (409), a change of another item is not. The store's
        own fields (name, description, kind) are refused after any change of the store since.
        """
        seen = None if data.updated_at is None else as_utc(data.updated_at)
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
            await change_items(
                self.repository, self.intake, store, [i for i in data.items if i.id is not None], seen=seen
            )
            await self.intake.add(store, [i for i in data.items if i.id is None], field="items")
            if data.items_to_remove:
                if seen is not None:
                    refuse_changed_since(await self.repository.items_with_ids(store.id, data.items_to_remove), seen)
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
            kept = self.answers.kept_stock(store)  # the store was just read: nothing changed it since
            change = await self.intake.add(store, items, field="items", facts=facts, kept=kept)
            # Read once for whoever is told and for the answer.
            shares = await self.access.shares_of(EntityType.FOOD_STORE, [store.id]) if answering else None
            await self._touch(store, shares[store.id] if shares else None)
            await self.answers.keep_stock(store, version, change)
            answer = (await self.answers.answers(member, [store], {store.id: role}, shares))[0] if answering else None
        return store, answer

    async def _answer_of(self, member: Member, store_id: int, role: Role) -> StoreOut:
        """The answer of a write, read after its commit with the role the write was allowed with:
        the store's row read again (triggers counted its stock version up)."""
        stores = await self.repository.stores([store_id])
        if not stores:  # deleted since the commit
            raise NotFound(MSG_NOT_FOUND)
        return (await self.answers.answers(member, stores, {store_id: role}))[0]

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
        Its date is its new version, taken after every item it changed was dated (`stamp`); the
        object takes the stock_version the triggers left."""
        if shares is not None:
            await self.repository.date_row(store)
            await self.access.announce(EntityType.FOOD_STORE, store.id, store.user_id, shares=shares)
            return
        # Dated and its addresses read in one statement.
        found = await self.repository.date_row(
            store, also=self.access.addresses_column(EntityType.FOOD_STORE, store.id)
        )
        await self.access.announce(
            EntityType.FOOD_STORE, store.id, store.user_id, addresses=self.access.addresses_in(found)
        )


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
