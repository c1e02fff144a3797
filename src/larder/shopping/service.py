"""Shopping lists: the public surface (part 2 §2 'Shopping lists', §4, §7; DESIGN "Part 2").

Every read and write asks the sharing policy. Items are written one by one (the ones sent), so two
household members editing one list at once keep each other's changes. Completing a shop is one
transaction across the list, the store and the other list, and is applied once per request id.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import msgspec
from litestar.di import NamedDependency
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import display_names, display_names_here
from larder.catalogue.service import CatalogueService
from larder.core.base.bounded_cache import BoundedCache
from larder.core.base.errors import FieldCollector, NotFound
from larder.core.base.text import plain_name_problem
from larder.core.cache.answers import EncodedAnswer
from larder.core.db.service import DomainService
from larder.items.resolve import (
    MSG_QUANTITY_POSITIVE,
    catalogue_facts,
    check_typed_quantities,
)
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
from larder.shopping.item_states import (
    LIST_ITEMS,
    ItemsChange,
    ItemState,
    after,
    answers,
    item_out,
    state_key,
    state_of,
)
from larder.shopping.item_writes import ListItemWriter, SentListItem, values_of
from larder.shopping.models import ShoppingList
from larder.shopping.repository import ShoppingListRepository
from larder.shopping.schemas import (
    ListItemOut,
    ListSummaryOut,
    MergeItemIn,
    ShoppingListEnvelope,
    ShoppingListIn,
    ShoppingListOut,
    ShoppingListUpdateIn,
)
from larder.stores.service import StoresService

MSG_NOT_FOUND: Final = "Shopping list not found."
MSG_CHANGE_ZERO: Final = "A change of the quantity cannot be 0."
MSG_CHANGE_AND_QUANTITY: Final = "Send a quantity or a change of it, not both."


def check_list_name(errors: FieldCollector, name: str) -> None:
    problem = plain_name_problem(name, "name")
    if problem:
        errors.add("name", problem)


# Whole answers of GET /user-shoppinglists/{id}, gzipped (a list of 80 items: ~3 KB).
LIST_ANSWERS: BoundedCache[EncodedAnswer] = BoundedCache(4 * 1024 * 1024, lambda answer: answer.size)


class ShoppingService(DomainService[ShoppingList]):
    repository_type = ShoppingListRepository
    repository: ShoppingListRepository

    def __init__(
        self,
        session: AsyncSession,
        *,
        catalogue: CatalogueService,
        access: AccessPolicy,
        stores: StoresService,
    ) -> None:
        super().__init__(session)
        self.catalogue = catalogue
        self.access = access
        self.stores = stores
        self.items = ListItemWriter(session, catalogue)

    # -- reading --------------------------------------------------------------------------------
    async def list_visible(self, member: Member) -> list[ShoppingListOut]:
        """Own lists and lists shared with the caller, most recently changed first."""
        shared = await self.access.shared_with(member, EntityType.SHOPPING_LIST)
        lists = await self.repository.lists(await self.repository.visible_ids(member, list(shared)))
        # Every id read is the caller's or shared with them, so each list has a role.
        roles = {sl.id: role for sl in lists if (role := role_among(member, sl.user_id, sl.id, shared))}
        lists.sort(key=lambda sl: (sl.updated_at, sl.id), reverse=True)
        return await self._answers(lists, roles, member)

    async def summaries(self, member: Member) -> list[ListSummaryOut]:
        """Own and shared lists as the dashboard shows them, in the order of `list_visible`: their
        item counts are counted by the database, so no item is read."""
        shared = await self.access.shared_with(member, EntityType.SHOPPING_LIST)
        return await self._summaries(member, list(shared))

    async def writable_summaries(self, member: Member) -> list[ListSummaryOut]:
        """The lists the caller may add to: own, and shared with edit rights (part 2 §4 'Ingredient
        check': the choices of 'Add Selected'), in the order of `summaries`."""
        shared = await self.access.shared_with(member, EntityType.SHOPPING_LIST)
        return await self._summaries(member, [i for i, role in shared.items() if may(role, Action.EDIT)])

    async def _summaries(self, member: Member, shared: list[int]) -> list[ListSummaryOut]:
        rows = await self.repository.counted(member, shared)
        # The caller's own name is known: only the owners of shared lists are looked up.
        known = member.known_name
        owners = known | await display_names(self.session, {row.user_id for row in rows} - set(known))
        rows.sort(key=lambda row: (row.updated_at, row.id), reverse=True)
        return [
            ListSummaryOut(
                user_shoppinglist_id=row.id,
                name=row.name,
                item_count=row.item_count,
                shared=row.user_id != member.id,
                owner_name=owners.get(row.user_id, ""),
                updated_at=row.updated_at,
            )
            for row in rows
        ]

    async def get_encoded(self, member: Member, list_id: int) -> EncodedAnswer:
        """GET /user-shoppinglists/{id}'s whole answer, encoded and compressed once for each state of
        what it shows: the list's row (its `items_version` counts every change of its items, by
        triggers), the caller's role, the owner's name and the shares. Every device of a household
        reads a list again when told it changed: a list read again unchanged is found by those few
        rows, read on the event loop (`UnitOfWork.read_here`), with no session and no item read."""
        found = self.uow.read_here(lambda connection: self._kept_answer(connection, member, list_id))
        if found is not None:
            return found
        shopping_list, role = await self.open_list(member, list_id, Action.VIEW, with_items=False)
        owners = await self._owner_name(member, shopping_list.user_id)
        shares = await self.access.shares_of(EntityType.SHOPPING_LIST, [list_id] if role == Role.OWNER else [])
        owner_name = owners.get(shopping_list.user_id, "")
        key = self._answer_key(list_id, shopping_list, role, owner_name, shares.get(list_id, []))
        found = LIST_ANSWERS.get(key)
        if found is None:
            items = await self._item_state(shopping_list)
            answer = _list_out(shopping_list, role, owners, shares, answers(items))
            found = EncodedAnswer(msgspec.json.encode(ShoppingListEnvelope(shopping_list=answer)))
            LIST_ANSWERS.put(key, found)
        return found

    def _kept_answer(self, connection: Connection, member: Member, list_id: int) -> EncodedAnswer | None:
        """The list's answer if it is kept for the state read here; None sends the caller to the
        session's read, which also answers a missing list or a stranger with 404."""
        state = self.repository.state_here(connection, list_id)
        if state is None:
            return None
        role, shares = self.access.role_here(connection, member, EntityType.SHOPPING_LIST, list_id, state.user_id)
        if not may(role, Action.VIEW):
            return None
        known = member.known_name
        owners = known if state.user_id in known else display_names_here(connection, {state.user_id})
        owner_name = owners.get(state.user_id, "")
        shown = shares if role == Role.OWNER else []
        return LIST_ANSWERS.get(self._answer_key(list_id, state, role, owner_name, shown))

    def _answer_key(
        self, list_id: int, state: Any, role: Role | None, owner_name: str, shares: list[ShareEntry]
    ) -> tuple[Any, ...]:
        """What a list's answer shows: its name, items_version and date (`state`: the list, or the
        row `state_here` reads), the caller's role, the owner's name, and the shares its owner sees."""
        shown = tuple((entry.email, entry.canEdit) for entry in shares)
        return (self.database_key, list_id, state.items_version, state.updated_at, state.name, role, owner_name, shown)

    # -- writing --------------------------------------------------------------------------------
    async def create(self, member: Member, data: ShoppingListIn) -> ShoppingListOut:
        errors = FieldCollector()
        check_list_name(errors, data.name)
        check_typed_quantities(errors, data.ingredients, field="ingredients")
        errors.raise_if_any()
        async with self.uow.write(account_scope(member.id)):
            # Not refreshed: a new list has no items, and loading them lazily is refused by the model.
            shopping_list = await self.repository.add(
                ShoppingList(user_id=member.id, name=data.name.strip(), items=[]), auto_refresh=False
            )
            await self.put_items(shopping_list, data.ingredients, add=False)
            await self.touch(shopping_list)
        return await self._answer(member, shopping_list, Role.OWNER)

    async def update(self, member: Member, list_id: int, data: ShoppingListUpdateIn) -> ShoppingListOut:
        errors = FieldCollector()
        if data.name is not None:
            check_list_name(errors, data.name)
        check_typed_quantities(errors, data.ingredients, field="ingredients")
        if any(item.change == 0 for item in data.ingredients):
            errors.add("ingredients.change", MSG_CHANGE_ZERO)
        if any(item.change is not None and item.quantity is not None for item in data.ingredients):
            errors.add("ingredients.change", MSG_CHANGE_AND_QUANTITY)
        errors.raise_if_any()
        facts = await catalogue_facts(data.ingredients, self.catalogue)
        async with self.uow.write(entity_scope(EntityType.SHOPPING_LIST, list_id)):
            # Read in the turn: the caller's right and the items are as they are now.
            shopping_list, role = await self.open_list(member, list_id, Action.EDIT, with_items=False)
            version = shopping_list.items_version
            removed = {str(value) for value in data.ingredients_to_remove}
            present = await self.repository.items_with_values(list_id, values_of(data.ingredients) | removed)
            resolved = await self.items.resolve(present, data.ingredients, facts)
            if data.name is not None:
                shopping_list.name = data.name.strip()
            change = ItemsChange()
            for item in [i for i in present if i.value in removed]:
                present.remove(item)
                change.deleted.add(item.id)
                await self.session.delete(item)
            await self.items.apply(shopping_list, present, data.ingredients, resolved, add=False, written=change)
            return await self._touched_answer(member, shopping_list, role, (version, change))

    async def merge(self, member: Member, list_id: int, ingredients: Sequence[MergeItemIn]) -> ShoppingListOut:
        """Ingredients added by the merge rule ('Add Selected', send to list, moved items)."""
        errors = FieldCollector()
        if any(item.quantity is not None and item.quantity <= 0 for item in ingredients):
            # Recipes' fractions are merged as they are (¼ tsp); nothing is not an amount.
            errors.add("ingredients.quantity", MSG_QUANTITY_POSITIVE)
        errors.raise_if_any()
        facts = await catalogue_facts(ingredients, self.catalogue)
        async with self.uow.write(entity_scope(EntityType.SHOPPING_LIST, list_id)):
            shopping_list, role = await self.open_list(member, list_id, Action.EDIT, with_items=False)
            version = shopping_list.items_version
            present = await self.repository.items_with_values(list_id, values_of(ingredients))
            resolved = await self.items.resolve(present, ingredients, facts)
            change = ItemsChange()
            await self.items.apply(shopping_list, present, ingredients, resolved, add=True, written=change)
            return await self._touched_answer(member, shopping_list, role, (version, change))

    async def delete(self, member: Member, list_id: int) -> None:
        async with self.uow.write(entity_scope(EntityType.SHOPPING_LIST, list_id)):
            shopping_list, _ = await self.open_list(member, list_id, Action.DELETE)
            await self.session.delete(shopping_list)
            await self.access.forget(EntityType.SHOPPING_LIST, shopping_list.id, shopping_list.user_id)
            await self.session.flush()

    # -- internals ------------------------------------------------------------------------------
    async def open_list(
        self, member: Member, list_id: int, action: Action, *, with_items: bool = True
    ) -> tuple[ShoppingList, Role]:
        found = await (self.repository.with_items if with_items else self.repository.lists)([list_id])
        if not found:
            raise NotFound(MSG_NOT_FOUND)
        return found[0], await self.require(member, found[0], action)

    async def require(self, member: Member, shopping_list: ShoppingList, action: Action) -> Role:
        """The caller's role on the list, if it allows `action` (else 404 or 403)."""
        return await self.access.require(
            member, EntityType.SHOPPING_LIST, shopping_list.id, shopping_list.user_id, action, not_found=MSG_NOT_FOUND
        )

    async def put_items(self, shopping_list: ShoppingList, sent: Sequence[SentListItem], *, add: bool) -> None:
        """Each sent item set or added to a list whose items are loaded (item_writes.py)."""
        await self.items.put(shopping_list, sent, add=add)

    async def touch(self, shopping_list: ShoppingList, shares: list[ShareEntry] | None = None) -> None:
        """Every write of a list ends here: it is dated, and whoever may see it is told (`shares`:
        the list's, when just read). The object takes the items_version the triggers left."""
        await self.repository.date_row(shopping_list)
        await self.access.announce(EntityType.SHOPPING_LIST, shopping_list.id, shopping_list.user_id, shares=shares)

    async def _touched_answer(
        self, member: Member, shopping_list: ShoppingList, role: Role, change: tuple[int, ItemsChange]
    ) -> ShoppingListOut:
        """The end of a change of a list's items, in its write block: the list dated, whoever may
        see it told, and the answer made from the items as the change left them (`change`: the
        items_version it started from, and what it wrote). Read in the block, its shares serve both
        the event and the answer, and no second transaction is begun for the answer."""
        shares = await self.access.shares_of(EntityType.SHOPPING_LIST, [shopping_list.id])
        await self.touch(shopping_list, shares[shopping_list.id])
        owners = await self._owner_name(member, shopping_list.user_id)
        items = await self._changed_state(shopping_list, *change)
        shown = shares if role == Role.OWNER else {}
        return _list_out(shopping_list, role, owners, shown, answers(items))

    def kept_items(self, shopping_list: ShoppingList) -> ItemState | None:
        """The list's items as kept at the version it was read with, if they are."""
        return LIST_ITEMS.get(state_key(self.database_key, shopping_list.id, shopping_list.items_version))

    async def _item_state(self, shopping_list: ShoppingList) -> ItemState:
        """The list's items at the version it was read with (in this transaction), kept or read."""
        found = self.kept_items(shopping_list)
        if found is None:
            found = state_of((await self.repository.item_rows([shopping_list.id]))[shopping_list.id])
            LIST_ITEMS.put(state_key(self.database_key, shopping_list.id, shopping_list.items_version), found)
        return found

    async def _changed_state(self, shopping_list: ShoppingList, version: int, change: ItemsChange) -> ItemState:
        """The list's items after a change that started from `version`, in its write turn, once dated."""
        now_at = shopping_list.items_version  # as dated by _touch, in this turn
        database = self.database_key
        before = LIST_ITEMS.get(state_key(database, shopping_list.id, version))
        found = after(before, change) if before is not None and now_at == version + change.rows else None
        if found is None:
            return await self._item_state(shopping_list)
        LIST_ITEMS.put(state_key(database, shopping_list.id, now_at), found)
        return found

    async def _owner_name(self, member: Member, owner_id: int) -> dict[int, str]:
        """The list's owner's name, by id: the caller's own from their session, anyone else's read."""
        known = member.known_name
        return known if owner_id in known else await display_names(self.session, {owner_id})

    async def _answer(self, member: Member, shopping_list: ShoppingList, role: Role) -> ShoppingListOut:
        """The answer of a write, read once it is committed: the list as written, with the role it
        was opened with."""
        return (await self._answers([shopping_list], {shopping_list.id: role}, member))[0]

    async def _answers(
        self, lists: list[ShoppingList], roles: dict[int, Role], member: Member | None = None
    ) -> list[ShoppingListOut]:
        # The caller's own name is known: only the owners of shared lists are looked up.
        known = member.known_name if member is not None else {}
        owners = known | await display_names(self.session, {sl.user_id for sl in lists} - set(known))
        owned = [sl.id for sl in lists if roles[sl.id] == Role.OWNER]
        shares = await self.access.shares_of(EntityType.SHOPPING_LIST, owned)
        # Items as rows: answering a list of 80 items costs a fraction of loading them as objects.
        items = await self.repository.item_rows([sl.id for sl in lists])
        return [_list_out(sl, roles[sl.id], owners, shares, [item_out(i) for i in items[sl.id]]) for sl in lists]


def _list_out(
    sl: ShoppingList,
    role: Role,
    owners: dict[int, str],
    shares: dict[int, list[ShareEntry]],
    items: Sequence[ListItemOut],
) -> ShoppingListOut:
    return ShoppingListOut(
        user_shoppinglist_id=sl.id,
        user_id=sl.user_id,
        name=sl.name,
        updated_at=sl.updated_at,
        owner_name=owners.get(sl.user_id, ""),
        ingredients=list(items),
        shared_with=shares.get(sl.id, []),
        role=role.value,
    )


def provide_shopping_service(
    db_session: NamedDependency[AsyncSession],
    catalogue: NamedDependency[CatalogueService],
    access: NamedDependency[AccessPolicy],
    stores: NamedDependency[StoresService],
) -> ShoppingService:
    return ShoppingService(db_session, catalogue=catalogue, access=access, stores=stores)


__all__ = ["MSG_NOT_FOUND", "ShoppingService", "check_list_name", "provide_shopping_service"]
