"""Wire contract of food stores (part 2 §3 'Food store', 'Store item'; DESIGN "Part 2")."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

import msgspec

from larder.core.ids import Id
from larder.core.text import Line
from larder.sharing.service import ShareEntry

NAME_MAX = 100
DESCRIPTION_MAX = 255
ITEMS_MAX = 1000
QUANTITY_MAX = 100_000
EXPIRY_DAYS_MAX = 3650
StoreKindName = Literal["pantry", "fridge", "freezer"]
Unit = Annotated[Line, msgspec.Meta(max_length=16)]
# A catalogue ingredient id (int or digit string), CUSTOM-<id> of a custom item, or None / 'CUSTOM'
# with a name for a new custom item.
ItemValue = Id | Annotated[Line, msgspec.Meta(max_length=64)]
# Typed quantities have the spec's minimum of 1 (part 2 §5 'Quantity inputs'). The service checks it,
# so the answer carries the spec's message; the document still shows the minimum.
TypedQuantity = Annotated[float, msgspec.Meta(le=QUANTITY_MAX, extra_json_schema={"minimum": 1})]


class StoreItemIn(msgspec.Struct):
    """A stock item as sent: with `id` it changes that item, without it adds stock (merge rule)."""

    id: Id | None = None
    value: ItemValue | None = None
    name: Annotated[Line, msgspec.Meta(max_length=NAME_MAX)] | None = None
    quantity: TypedQuantity | None = None
    unit: Unit | None = None
    measurement: Unit | None = None  # the spec's other name for the unit; unit ?? measurement
    date_added: datetime | None = None  # a timestamp; its calendar day in the instance's zone counts
    estimated_expiry_days: Annotated[int, msgspec.Meta(ge=0, le=EXPIRY_DAYS_MAX)] | None = None
    checked: bool | None = None


class StoreIn(msgspec.Struct):
    """POST /stores: name and description (part 2 §2 create-store dialog), kind guessed when absent."""

    name: Annotated[Line, msgspec.Meta(max_length=NAME_MAX)] = ""
    description: Annotated[Line, msgspec.Meta(max_length=DESCRIPTION_MAX)] = ""
    kind: StoreKindName | None = None


class StoreUpdateIn(msgspec.Struct):
    """PUT /stores/{id}: the changed items (item-level writes) and, optionally, the store's own fields.

    `updated_at`, when sent, is the store's version the client last saw: a change or removal of an
    item that a household member changed after it is refused (409) instead of undoing their change,
    as is a change of the store's own fields after any change of the store; changes of the other
    items, and new stock, go through.
    """

    name: Annotated[Line, msgspec.Meta(max_length=NAME_MAX)] | None = None
    description: Annotated[Line, msgspec.Meta(max_length=DESCRIPTION_MAX)] | None = None
    kind: StoreKindName | None = None
    items: Annotated[list[StoreItemIn], msgspec.Meta(max_length=ITEMS_MAX)] = []
    items_to_remove: Annotated[list[Id], msgspec.Meta(max_length=ITEMS_MAX)] = []
    updated_at: datetime | None = None


class StockIn(msgspec.Struct):
    """POST /stores/{id}/items: stock received (a completed shop, a receipt, send-to-store)."""

    items: Annotated[list[StoreItemIn], msgspec.Meta(min_length=1, max_length=ITEMS_MAX)]


class SetDefaultIn(msgspec.Struct):
    """PUT /share/default."""

    entity_id: Id
    entity_type: Literal["UserFoodStore"]


class StoreItemOut(msgspec.Struct):
    id: int
    value: str
    name: str
    quantity: float
    unit: str
    measurement: str
    default_unit: str
    default_quantity: float
    date_added: datetime
    created_at: datetime
    estimated_expiry_days: int | None
    category_id: int | None
    image: str | None
    checked: bool
    expiry_date: date  # date_added's calendar day + estimated_expiry_days (14 when missing)
    freshness: Literal["expired", "expiring", "fresh"]  # the badge windows, for today


class StoreOut(msgspec.Struct):
    id: int
    name: str
    description: str
    kind: StoreKindName
    default: bool  # the caller's default store
    items: list[StoreItemOut]
    shared_with: list[ShareEntry]
    updated_at: datetime
    user_id: int
    owner_name: str
    role: Literal["owner", "editor", "viewer"]  # what the caller may do (part 2 §6)
    expiring: int  # 'Expiring (n)'
    expired: int  # 'Expired (n)'
    in_plan: int = 0  # 'In plan (0)': always zero, as the spec says
    type: Literal["UserFoodStore"] = "UserFoodStore"


class StoreCardOut(msgspec.Struct):
    """A store as a card shows it without its items (the dashboard's default store)."""

    id: int
    name: str
    kind: StoreKindName
    item_count: int
    expiring: int  # 'Expiring (n)', counted as GET /stores counts it
    expired: int  # 'Expired (n)'


class DefaultStoreOut(msgspec.Struct):
    id: int
    default: bool


class ExpiryItemOut(msgspec.Struct):
    """An item of /notifications: what expired or is about to, and the store it is in."""

    id: int
    name: str
    quantity: float
    unit: str
    expiry_date: date
    store_id: int
    store_name: str


class ExpiryOverview(msgspec.Struct):
    expired: list[ExpiryItemOut]
    expiring: list[ExpiryItemOut]


class StockMatch(msgspec.Struct):
    """A batch of a catalogue ingredient in a store the caller may change (a meal plan's stock)."""

    store_id: int
    store_name: str
    item_id: int
    ingredient_id: int | None
    name: str
    quantity: float
    unit: str
    date_added: datetime
    expiry_date: date


class StockUse(msgspec.Struct):
    """Take `quantity` in `unit` (convertible to the item's unit) from one store item."""

    item_id: int
    quantity: float
    unit: str


class StockUsed(msgspec.Struct):
    """What was taken from one item, in its own unit, and what is left (0 when it was removed)."""

    store_id: int
    item_id: int
    name: str
    used: float
    unit: str
    left: float
    removed: bool
