"""Wire contract of food stores (part 2 §3 'Food store', 'Store item'; DESIGN "Part 2").

The OpenAPI document names every input the server refuses as invalid (422). Limits without a
message of their own (ids, lengths, list sizes, days) are msgspec limits, checked while the body is
decoded. The rules whose message the user reads (a plain name, a quantity's minimum, a unit, a
custom item's name, a date's years) are checked by the service in those words, and `declared` here
with the same constants, so the document still says what is refused. What the document cannot say,
an ingredient id or a custom value that names nothing, is a 404; an item changed meanwhile a 409.
Shopping lists take items by the same rules (shopping/schemas.py).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Annotated, Any, Final, Literal

import msgspec
import msgspec.inspect as mi

from larder.core.base.ids import Id
from larder.core.base.text import LINE_PATTERN, Line
from larder.items.values import INGREDIENT_DIGITS, QUANTITY_MAX, QUANTITY_MIN, VALUE_MAX
from larder.kitchen.storage import StoreKindName
from larder.kitchen.units import STOCK_UNITS
from larder.sharing.service import ShareEntry

NAME_MAX = 100
DESCRIPTION_MAX = 255
ITEMS_MAX = 1000
EXPIRY_DAYS_MAX = 3650


# -- rules the services check, declared in the OpenAPI document ------------------------------------


def declared(**schema: Any) -> msgspec.Meta:
    """JSON Schema keywords (as Litestar's `Schema` attributes) for the document only: the rule they
    describe is the service's, checked there with its message."""
    return msgspec.Meta(extra_json_schema={"extra": schema})


def member_schema(member: Any) -> dict[str, Any]:
    """The JSON Schema of an int, float, str or None type with its msgspec limits (Litestar drops the
    limits of a union's members and of a list's items)."""
    return _schema_of(mi.type_info(member))


def _schema_of(info: Any) -> dict[str, Any]:
    if isinstance(info, mi.Metadata):
        return _schema_of(info.type)
    if isinstance(info, mi.NoneType):
        return {"type": "null"}
    if isinstance(info, mi.IntType | mi.FloatType):
        bounds = {"minimum": info.ge, "maximum": info.le, "exclusiveMinimum": info.gt, "exclusiveMaximum": info.lt}
        kind = "integer" if isinstance(info, mi.IntType) else "number"
        return {"type": kind, **{key: value for key, value in bounds.items() if value is not None}}
    if isinstance(info, mi.StrType):
        limits = {"minLength": info.min_length, "maxLength": info.max_length, "pattern": info.pattern}
        return {"type": "string", **{key: value for key, value in limits.items() if value is not None}}
    raise TypeError(f"no schema for {info!r}")


# The characters the text rule refuses in a one-line text, as the inside of a class.
LINE_REFUSED = LINE_PATTERN.removeprefix("^[^").removesuffix("]*(?!\\n)$")
# The white space str.strip() removes that the text rule lets through: the space separators.
SPACES = r"[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]*"


def one_line(body: str) -> str:
    """The one pattern of a one-line text that the service strips and then matches with `body`, the
    text rule included (a text has one pattern in the document)."""
    return rf"^{SPACES}(?:{body}){SPACES}(?!\n)$"


# Part 2 §5: names and descriptions of lists and stores, letters (any alphabet), digits and spaces,
# not empty once stripped (core.text.PLAIN_NAME, which the services match).
PLAIN_NAME_PATTERN = one_line(r"[^\W_]+(?: +[^\W_]+)*")
PlainName = Annotated[
    Line,
    msgspec.Meta(max_length=NAME_MAX, description="Letters (any alphabet), digits and spaces; not empty."),
    declared(pattern=PLAIN_NAME_PATTERN),
]
PlainDescription = Annotated[
    Line,
    msgspec.Meta(max_length=DESCRIPTION_MAX, description="Letters (any alphabet), digits and spaces; not empty."),
    declared(pattern=PLAIN_NAME_PATTERN),
]

# What an item's `value` may name (larder.items): a catalogue ingredient by its id, as a number or
# as digits (at most 18), or a custom item: CUSTOM-<id> of one already made, or CUSTOM (with a
# name) for a new one. Any other text names nothing an item can be.
CUSTOM_VALUE_PATTERN = rf"^CUSTOM-[^{LINE_REFUSED}]*(?!\n)$"
NEW_CUSTOM_PATTERN = rf"^CUSTOM(?:-[^{LINE_REFUSED}]*)?(?!\n)$"
_ID = member_schema(Id)
_DIGITS = {"type": "string", "pattern": INGREDIENT_DIGITS.pattern}
_NAMED = [_ID, _DIGITS, {"type": "string", "maxLength": VALUE_MAX, "pattern": CUSTOM_VALUE_PATTERN}]
_VALUES = [_ID, _DIGITS, {"type": "string", "maxLength": VALUE_MAX, "pattern": NEW_CUSTOM_PATTERN}]
ValueText = Annotated[Line, msgspec.Meta(max_length=VALUE_MAX)]
ItemValue = Annotated[Id | ValueText, declared(one_of=_VALUES)]
OptionalItemValue = Annotated[Id | ValueText | None, declared(one_of=[*_VALUES, {"type": "null"}])]
ItemName = Annotated[Line, msgspec.Meta(max_length=NAME_MAX)]
# One of the stock units (part 2 §3: the ten, and 'unit'), or none; the service says so in its words.
# A pattern rather than an enum: the web app's generated types keep a unit a string.
UNIT_PATTERN: Final = "^(?:" + "|".join(re.escape(unit) for unit in STOCK_UNITS) + r")(?!\n)$"
OptionalUnit = Annotated[Line, msgspec.Meta(max_length=16), declared(pattern=UNIT_PATTERN)] | None
TypedQuantity = Annotated[
    float, msgspec.Meta(le=QUANTITY_MAX, description="At least 1 (part 2 §5)."), declared(minimum=QUANTITY_MIN)
]
# A day food was bought: within the years the app counts days in, as its wall clock writes them,
# which is what the service compares (a year 9999 would overflow every date computed from it).
DATE_ADDED_YEARS: Final = (2000, 2100)  # the pattern below spells them
DateAdded = Annotated[
    datetime,
    msgspec.Meta(description="A time in the years 2000 to 2100; its calendar day in the instance's zone counts."),
    declared(pattern=r"^(?:20[0-9]{2}|2100)-"),
]
ExpiryDays = Annotated[int, msgspec.Meta(ge=0, le=EXPIRY_DAYS_MAX), declared(minimum=0)]


# An item names what it stands for: an ingredient or a custom item by its value, or else a new
# custom item by its name, which is not blank (larder.items); a store item with an id changes
# that item (the id must be one of the store's: else 409) and needs neither.
_NAMES_NOTHING: Final = {"value": {"not": {"oneOf": _NAMED}}}
_NAMED_BY_NAME: Final = {"required": ["name"], "properties": {"name": {"type": "string", "pattern": r"[^\s]"}}}


def items_of(struct: str, *, by_id: bool = False, rules: dict[str, Any] | None = None) -> msgspec.Meta:
    """The document of a list of `struct` items each of which names what it stands for (a rule
    across an item's fields, which the service checks item by item). Written as if/then, which the
    web app's generated types leave alone: an item stays one type. `rules`: more keywords of an item."""
    unnamed = {**_NAMES_NOTHING, "id": {"not": _ID}} if by_id else _NAMES_NOTHING
    ref = {"$ref": f"#/components/schemas/{struct}"}
    return declared(items={"allOf": [ref], "if": {"properties": unnamed}, "then": _NAMED_BY_NAME, **(rules or {})})


class StoreItemIn(msgspec.Struct):
    """A stock item as sent: with `id` it changes that item, without it adds stock (merge rule)."""

    id: Id | None = None
    value: OptionalItemValue = None
    name: ItemName | None = None
    quantity: TypedQuantity | None = None
    unit: OptionalUnit = None
    measurement: OptionalUnit = None  # the spec's other name for the unit; unit ?? measurement
    date_added: DateAdded | None = None  # a timestamp; its calendar day in the instance's zone counts
    estimated_expiry_days: ExpiryDays | None = None
    checked: bool | None = None


class StoreIn(msgspec.Struct):
    """POST /stores: name and description (part 2 §2 create-store dialog), kind guessed when absent."""

    name: PlainName
    description: PlainDescription
    kind: StoreKindName | None = None


class StoreUpdateIn(msgspec.Struct):
    """PUT /stores/{id}: the changed items (item-level writes) and, optionally, the store's own fields.

    `updated_at`, when sent, is the store's version the client last saw: a change or removal of an
    item that a household member changed after it is refused (409) instead of undoing their change,
    as is a change of the store's own fields after any change of the store; changes of the other
    items, and new stock, go through.
    """

    name: PlainName | None = None
    description: PlainDescription | None = None
    kind: StoreKindName | None = None
    items: Annotated[list[StoreItemIn], msgspec.Meta(max_length=ITEMS_MAX), items_of("StoreItemIn", by_id=True)] = []
    items_to_remove: Annotated[list[Id], msgspec.Meta(max_length=ITEMS_MAX), declared(items=_ID)] = []
    updated_at: datetime | None = None


class StockIn(msgspec.Struct):
    """POST /stores/{id}/items: stock received (a completed shop, a receipt, send-to-store); an item's
    `id` is not read."""

    items: Annotated[
        list[StoreItemIn],
        msgspec.Meta(min_length=1, max_length=ITEMS_MAX),
        items_of("StoreItemIn"),
    ]


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


class HeldBatch(msgspec.Struct):
    """A batch of a catalogue ingredient in a store, as ranking recipes by the stock reads it."""

    ingredient_id: int
    name: str
    quantity: float
    unit: str
    expiry_date: date


class HeldStock(msgspec.Struct):
    """What the stores a member may see hold of catalogue ingredients on `day`; `state` names it
    (the database, each store and its stock version) and changes with any change of that stock."""

    day: date
    state: tuple[str, tuple[tuple[int, int], ...]]
    batches: list[HeldBatch]


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
