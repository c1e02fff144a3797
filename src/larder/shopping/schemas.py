"""Wire contract of shopping lists (part 2 §3 'Shopping list', 'Shopping list item', §7; DESIGN "Part 2")."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec

from larder.core.ids import Id
from larder.core.text import Line
from larder.sharing.service import ShareEntry

NAME_MAX = 100
ITEMS_MAX = 500
QUANTITY_MAX = 100_000
Unit = Annotated[Line, msgspec.Meta(max_length=16)]
ItemValue = Id | Annotated[Line, msgspec.Meta(max_length=64)]
# 8 to 64 of A-Z, a-z, 0-9, - and _ (checked in the service: a text field's pattern is the text rule).
RequestId = Annotated[Line, msgspec.Meta(min_length=8, max_length=64)]


class ListItemIn(msgspec.Struct):
    """An item as sent: a catalogue ingredient id, CUSTOM-<id>, or a name alone for a new custom item.

    Typed quantities have the spec's minimum of 1 (checked in the service, which knows whether a
    quantity was typed or comes from a recipe: 'Add Selected' may merge ¼ tsp).
    """

    value: ItemValue | None = None
    name: Annotated[Line, msgspec.Meta(max_length=NAME_MAX)] | None = None
    # Checked in the service, with the spec's message: at least 1 when typed, above 0 when merged.
    quantity: Annotated[float, msgspec.Meta(le=QUANTITY_MAX, extra_json_schema={"exclusiveMinimum": 0})] | None = None
    unit: Unit | None = None
    measurement: Unit | None = None  # the spec's other name for the unit; unit ?? measurement
    checked: bool | None = None


Items = Annotated[list[ListItemIn], msgspec.Meta(max_length=ITEMS_MAX)]


class ShoppingListIn(msgspec.Struct):
    """POST /user-shoppinglists."""

    name: Annotated[Line, msgspec.Meta(max_length=NAME_MAX)] = ""
    ingredients: Items = []


class ShoppingListUpdateIn(msgspec.Struct):
    """PUT /user-shoppinglists/{id}: the changed items and the values to remove (part 2 §7)."""

    name: Annotated[Line, msgspec.Meta(max_length=NAME_MAX)] | None = None
    ingredients: Items = []
    ingredients_to_remove: Annotated[list[ItemValue], msgspec.Meta(max_length=ITEMS_MAX)] = []


class MergeIn(msgspec.Struct):
    """POST /user-shoppinglists/{id}/merge: ingredients added by the merge rule."""

    ingredients: Annotated[list[ListItemIn], msgspec.Meta(min_length=1, max_length=ITEMS_MAX)]


class CompleteShopIn(msgspec.Struct):
    """POST /user-shoppinglists/{id}/complete: the 'Store Items' dialog's choices, done at once."""

    request_id: RequestId
    checked: Annotated[list[ItemValue], msgspec.Meta(max_length=ITEMS_MAX)] = []
    store_checked: bool = True
    store_id: Id | None = None
    move_unchecked_to: Id | None = None
    delete_list: bool = False


class ListItemOut(msgspec.Struct):
    value: str
    name: str
    quantity: float
    unit: str
    measurement: str
    default_unit: str
    default_quantity: float
    image: str | None
    checked: bool
    date_added: datetime
    category_id: int | None


class ShoppingListOut(msgspec.Struct):
    user_shoppinglist_id: int
    user_id: int
    name: str
    updated_at: datetime
    owner_name: str
    ingredients: list[ListItemOut]
    shared_with: list[ShareEntry]
    role: Literal["owner", "editor", "viewer"]  # what the caller may do (part 2 §6)


class ListSummaryOut(msgspec.Struct):
    """A list as the dashboard shows it: its name, how many items it holds and whose it is."""

    user_shoppinglist_id: int
    name: str
    item_count: int
    shared: bool  # owned by someone else, who shared it with the caller
    owner_name: str
    updated_at: datetime


class ShoppingListEnvelope(msgspec.Struct):
    """GET /user-shoppinglists/{id}: the spec's `{shopping_list: {...}}`."""

    shopping_list: ShoppingListOut


class CompleteShopOut(msgspec.Struct):
    request_id: str
    stored: int  # items put into the store
    store_id: int | None
    moved: int  # unchecked items merged into the other list
    moved_to: int | None
    list_deleted: bool
