"""Completing a shop (part 2 §4 'Store Items'; DESIGN "Part 2"): the checked items into a store
(dated now), the unchecked ones merged into another list, the list deleted when asked; one
transaction, applied once per request id.

A request id the caller already applied to this list answers what it answered the first time and
changes nothing. The caller's right to the list is checked first, so a replay on a list they may
no longer change answers as the list does (404, 403); only the shop that deleted the list still
answers its replay. A request id names one shop of one list: sent for another list it is refused
(409), never answered with the other list's result.

Checked values are ingredients of the catalogue (custom items cannot be ticked: 422); what depends
on the list as it is now is a 409: a checked value no longer on it, the list itself as the one to
move to, no store to put the checked items into.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

from larder.catalogue.schemas import StockFacts
from larder.core.base.errors import Conflict, FieldCollector, FormError, NotFound
from larder.core.db.uow import Scope
from larder.items.values import INGREDIENT_DIGITS, is_custom_value
from larder.sharing.service import Action, EntityType, Member, account_scope, entity_scope
from larder.shopping.models import ShoppingList
from larder.shopping.schemas import REQUEST_ID_PATTERN, CompleteShopIn, CompleteShopOut, ListItemIn
from larder.shopping.service import MSG_NOT_FOUND, ShoppingService
from larder.stores.schemas import StoreItemIn

MSG_NOT_IN_LIST: Final = "{value} is not on this list."
MSG_CUSTOM_UNTICKABLE: Final = "Custom items cannot be ticked or stored."
MSG_SAME_LIST: Final = "Choose another list to move the unchecked items to."
MSG_NO_STORE: Final = "Choose a store for the checked items."
MSG_REQUEST_ID: Final = "The request id may only contain letters, digits, - and _."
MSG_REQUEST_ID_USED: Final = "This request id was already used for a shop of another list."
REQUEST_ID: Final = re.compile(REQUEST_ID_PATTERN)


class CompleteShop:
    """One shop of one list, completed in the turns of everything it changes."""

    def __init__(self, lists: ShoppingService, member: Member, list_id: int, data: CompleteShopIn) -> None:
        self.lists = lists
        self.repository = lists.repository
        self.member = member
        self.list_id = list_id
        self.data = data

    async def __call__(self) -> CompleteShopOut:
        data = self.data
        checked_values = _checked_values(data)
        # What the catalogue says of what may go into the store, read before the turn.
        facts = await self.lists.catalogue.stock_facts(int(v) for v in checked_values) if data.store_checked else {}
        async with self.lists.uow.write(*self._scopes()):
            opened = await self._open()
            if isinstance(opened, CompleteShopOut):
                return opened  # the request id was applied: its answer again
            shopping_list = opened
            items = await self._items(shopping_list)
            for value in checked_values:
                if value not in items:
                    raise Conflict(MSG_NOT_IN_LIST.format(value=value))
            if data.move_unchecked_to == self.list_id:
                raise Conflict(MSG_SAME_LIST)
            checked = [items[value] for value in checked_values]
            stored_into = await self._store(checked, facts)
            taken = set(checked_values)
            unchecked = [row for value, row in items.items() if value not in taken]
            moved_to = await self._move(unchecked)
            gone = (checked if stored_into else []) + (unchecked if moved_to else [])
            await self._finish(shopping_list, [item.value for item in gone])
            answer = CompleteShopOut(
                request_id=data.request_id,
                stored=len(checked) if stored_into else 0,
                store_id=stored_into,
                moved=len(unchecked) if moved_to else 0,
                moved_to=moved_to,
                list_deleted=data.delete_list,
            )
            await self.repository.record_completion(self.member.id, self.list_id, answer)
            return answer

    def _scopes(self) -> list[Scope]:
        """The list, the caller's request ids, and the list and store the shop moves items into."""
        scopes = [entity_scope(EntityType.SHOPPING_LIST, self.list_id), account_scope(self.member.id)]
        if self.data.move_unchecked_to is not None:
            scopes.append(entity_scope(EntityType.SHOPPING_LIST, self.data.move_unchecked_to))
        if self.data.store_id is not None:
            scopes.append(entity_scope(EntityType.FOOD_STORE, self.data.store_id))
        return scopes

    async def _open(self) -> ShoppingList | CompleteShopOut:
        """The list, opened for the shop; or the answer, when the request id was applied."""
        member, list_id = self.member, self.list_id
        shopping_list, done = await self.repository.list_for_shop(list_id, member.id, self.data.request_id)
        if shopping_list is None:
            done = await self.repository.completed(member.id, self.data.request_id)
            if done is not None and done[0] == list_id and done[1].list_deleted:
                return done[1]
            raise NotFound(MSG_NOT_FOUND)
        await self.lists.require(member, shopping_list, Action.EDIT)
        if done is not None:
            if done[0] != list_id:
                raise Conflict(MSG_REQUEST_ID_USED)
            return done[1]
        if self.data.delete_list:
            await self.lists.require(member, shopping_list, Action.DELETE)
        return shopping_list

    async def _items(self, shopping_list: ShoppingList) -> dict[str, Any]:
        """The list's items by value, as the shop takes them (value, name, quantity, unit): as kept
        at the version the list was opened with (the shopper's device read it, ticked on it), else
        read as rows. Only read: the shop removes them by statement."""
        kept = self.lists.kept_items(shopping_list)
        if kept is not None:
            return {item.value: item for _, item in kept}
        return {row.value: row for row in await self.repository.item_amounts(self.list_id)}

    async def _store(self, checked: list[Any], facts: dict[int, StockFacts]) -> int | None:
        """The checked items stocked; the store they went into."""
        if not (self.data.store_checked and checked):
            return None
        store_id = self.data.store_id or await self._store_for()
        await self.lists.stores.stock(self.member, store_id, [_as_stock(item) for item in checked], facts=facts)
        return store_id

    async def _store_for(self) -> int:
        """No store chosen: the caller's default store, or their only writable store (part 2 §4)."""
        default = await self.lists.stores.default_store_id(self.member)
        if default is not None:
            return default
        writable = await self.lists.stores.writable_ids(self.member)
        if len(writable) == 1:
            return writable[0]
        raise Conflict(MSG_NO_STORE)

    async def _move(self, unchecked: list[Any]) -> int | None:
        """The unchecked items merged into the other list; that list."""
        if self.data.move_unchecked_to is None or not unchecked:
            return None
        target, _ = await self.lists.open_list(self.member, self.data.move_unchecked_to, Action.EDIT)
        await self.lists.put_items(target, [_as_sent(item) for item in unchecked], add=True)
        await self.lists.touch(target)
        return target.id

    async def _finish(self, shopping_list: ShoppingList, gone: Sequence[str]) -> None:
        """The list deleted when asked, else dated without the items the shop took (`gone`: their
        values, each one item of the list)."""
        if self.data.delete_list:
            await self.repository.delete_with_items(shopping_list)
            await self.lists.access.forget(EntityType.SHOPPING_LIST, shopping_list.id, shopping_list.user_id)
            return
        await self.repository.delete_values(shopping_list.id, gone)
        await self.lists.touch(shopping_list)


def _checked_values(data: CompleteShopIn) -> list[str]:
    """The checked values, each once, after the checks that need no database."""
    if not REQUEST_ID.fullmatch(data.request_id):
        raise FormError({"request_id": [MSG_REQUEST_ID]})
    errors = FieldCollector()
    for sent in data.checked:
        if isinstance(sent, str) and is_custom_value(sent):
            errors.add("checked", MSG_CUSTOM_UNTICKABLE)
        elif isinstance(sent, str) and not INGREDIENT_DIGITS.fullmatch(sent):
            errors.add("checked", MSG_NOT_IN_LIST.format(value=sent))
    errors.raise_if_any()
    return list(dict.fromkeys(str(v) for v in data.checked))


def _as_stock(item: Any) -> StoreItemIn:
    # Dated now by the store; quantities bought are what the list says (fractions included).
    return StoreItemIn(value=item.value, name=item.name, quantity=item.quantity, unit=item.unit)


def _as_sent(item: Any) -> ListItemIn:
    return ListItemIn(value=item.value, name=item.name, quantity=item.quantity, unit=item.unit)
