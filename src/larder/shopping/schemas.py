"""Wire contract of shopping lists (part 2 §3 'Shopping list', 'Shopping list item', §7; DESIGN "Part 2").

Items are taken by the rules of store items, declared in the OpenAPI document the same way
(stores/schemas.py): a value that names nothing is a 404, a request id used for another list, a
checked value no longer on the list and a shop with nowhere to store are a 409.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Final, Literal

import msgspec

from larder.core.base.ids import Id
from larder.core.base.text import Line
from larder.items.values import INGREDIENT_DIGITS, QUANTITY_MAX
from larder.sharing.service import ShareEntry
from larder.stores.schemas import (
    ItemName,
    OptionalItemValue,
    OptionalUnit,
    PlainName,
    TypedQuantity,
    ValueText,
    declared,
    items_of,
    member_schema,
)

ITEMS_MAX = 500
# 8 to 64 of A-Z, a-z, 0-9, - and _ (the service checks it with its message).
REQUEST_ID_MIN, REQUEST_ID_MAX = 8, 64
REQUEST_ID_PATTERN: Final = r"^[A-Za-z0-9_-]+(?!\n)$"
RequestId = Annotated[
    Line,
    msgspec.Meta(min_length=REQUEST_ID_MIN, max_length=REQUEST_ID_MAX),
    declared(pattern=REQUEST_ID_PATTERN),
]
# What a shop may tick: the catalogue ingredients on the list, by id or digits (custom items cannot
# be ticked: part 2 §4; the service says so in its words).
CHECKED_VALUES: Final = [member_schema(Id), {"type": "string", "pattern": INGREDIENT_DIGITS.pattern}]
CheckedValue = Annotated[Id | Line, declared(one_of=CHECKED_VALUES)]
# Recipes' fractions are merged as they are (¼ tsp); nothing is not an amount.
MergedQuantity = Annotated[
    float,
    msgspec.Meta(le=QUANTITY_MAX, description="More than 0: a recipe's fraction is merged as it is."),
    declared(exclusive_minimum=0),
]


# A step of the - and + buttons, applied by the server to the quantity it holds, so that two
# devices stepping at the same moment both count (an absolute quantity would lose one step).
QuantityChange = Annotated[
    float,
    msgspec.Meta(
        ge=-QUANTITY_MAX,
        le=QUANTITY_MAX,
        description="Added to the quantity the list holds (the result at least 1); not 0, not with `quantity`.",
    ),
    declared(**{"not": {"const": 0}}),
]
# A step and a typed quantity say two things: an item sends one of them.
_STEP_OR_QUANTITY: Final = {
    "not": {
        "properties": {"quantity": {"type": "number"}, "change": {"type": "number"}},
        "required": ["quantity", "change"],
    }
}


class ListItemIn(msgspec.Struct):
    """An item as typed: a catalogue ingredient id, CUSTOM-<id>, or a name alone for a new custom item.

    A typed quantity has the spec's minimum of 1 (part 2 §5); `change` is a step instead of it.
    """

    value: OptionalItemValue = None
    name: ItemName | None = None
    quantity: TypedQuantity | None = None
    change: QuantityChange | None = None
    unit: OptionalUnit = None
    measurement: OptionalUnit = None  # the spec's other name for the unit; unit ?? measurement
    checked: bool | None = None


class MergeItemIn(msgspec.Struct):
    """An item added by the merge rule ('Add Selected', send to list): a recipe's quantity, above 0."""

    value: OptionalItemValue = None
    name: ItemName | None = None
    quantity: MergedQuantity | None = None
    unit: OptionalUnit = None
    measurement: OptionalUnit = None
    checked: bool | None = None


Items = Annotated[list[ListItemIn], msgspec.Meta(max_length=ITEMS_MAX), items_of("ListItemIn", rules=_STEP_OR_QUANTITY)]


class ShoppingListIn(msgspec.Struct):
    """POST /user-shoppinglists."""

    name: PlainName
    ingredients: Items = []


class ShoppingListUpdateIn(msgspec.Struct):
    """PUT /user-shoppinglists/{id}: the changed items and the values to remove (part 2 §7)."""

    name: PlainName | None = None
    ingredients: Items = []
    # Any value: one the list does not hold removes nothing.
    ingredients_to_remove: Annotated[
        list[Id | ValueText],
        msgspec.Meta(max_length=ITEMS_MAX),
        declared(items={"oneOf": [member_schema(Id), member_schema(ValueText)]}),
    ] = []


class MergeIn(msgspec.Struct):
    """POST /user-shoppinglists/{id}/merge: ingredients added by the merge rule."""

    ingredients: Annotated[
        list[MergeItemIn],
        msgspec.Meta(min_length=1, max_length=ITEMS_MAX),
        items_of("MergeItemIn"),
    ]


class CompleteShopIn(msgspec.Struct):
    """POST /user-shoppinglists/{id}/complete: the 'Store Items' dialog's choices, done at once."""

    request_id: RequestId
    checked: Annotated[
        list[CheckedValue], msgspec.Meta(max_length=ITEMS_MAX), declared(items={"oneOf": CHECKED_VALUES})
    ] = []
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
