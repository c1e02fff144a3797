"""Wire contract of meal plans (part 2 §3 'Meal plan', 'Day entry', 'Plan recipe entry', 'Plan
recipe as loaded for checking', §7; DESIGN "Part 2").

The OpenAPI document names what the server refuses as invalid (422). Limits without a message of
their own (lengths, list sizes, ids) are msgspec limits, checked while the body is decoded. The
rules whose message the user reads (a plain name, a plan's 92 days and 20 recipes a day, its dates
in 2000-2099, what an entry's type needs) are checked by the service in those words and `declared`
here from the same constants, so the document still says what is refused. What it cannot say is
answered otherwise: a recipe id that names nothing is a 404, a plan changed meanwhile (a stale
version, an entry or a stock item gone, a shortened plan's recipes, a re-dating past 2099) a 409.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Final, Literal

import msgspec
from litestar.enums import RequestEncodingType
from litestar.params import Body

from larder.core.base.ids import Id
from larder.core.base.text import Line
from larder.mealplans.limits import (
    DATE_FIRST,
    DATE_LAST,
    DAYS_MAX,
    ENTRY_NAME_MAX,
    LINK_MAX,
    NAME_MAX,
    RECIPES_PER_DAY_MAX,
    SENT_PER_DAY_MAX,
    declared,
    member_schema,
)
from larder.sharing.service import ShareEntry

Role = Literal["owner", "editor", "viewer"]

# Entry types besides a catalogue recipe's category id (part 2 §3 'Details').
CUSTOM = "CUSTOM"
CATALOGUE_NUMERIC = "A9"  # a catalogue recipe whose category is numeric
IMPORTED = "IMPORTED"
USER = "USER"
EXTERNAL_LINK = "EXTERNAL_LINK"


# Part 2 §5: a plan's name is letters (any alphabet), digits and spaces, not blank once stripped
# (core.text.PLAIN_NAME, which the service matches with 'No special characters allowed').
_SPACES = r"[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]*"
PLAIN_NAME_PATTERN: Final = rf"^{_SPACES}[^\W_]+(?: +[^\W_]+)*{_SPACES}$"
PlanName = Annotated[
    Line,
    msgspec.Meta(max_length=NAME_MAX, description="Letters (any alphabet), digits and spaces; not blank."),
    declared(pattern=PLAIN_NAME_PATTERN),
]
# A plan's dates fall in DATE_FIRST..DATE_LAST (its days too: the service says so in its words).
DATE_PATTERN: Final = r"^20[0-9]{2}-"
PlanDate = Annotated[
    dt.date,
    msgspec.Meta(description=f"A day from {DATE_FIRST} to {DATE_LAST}."),
    declared(pattern=DATE_PATTERN),
]
# What an entry's type names (entries.entry_kind): a catalogue recipe by its category id or A9, an
# own (USER) or imported recipe, an http(s) link or a custom entry.
ID_KINDS_PATTERN: Final = r"^(?:USER|IMPORTED|A9|[0-9]{1,19})$"
ENTRY_TYPE_PATTERN: Final = r"^(?:CUSTOM|USER|IMPORTED|EXTERNAL_LINK|A9|[0-9]{1,19})$"
# A recipe id as a number, or as digits (at most 18, so below 2^63); a link as imports.checked_url
# takes it.
_ID = member_schema(Id)
_ID_DIGITS: Final = {"type": "string", "pattern": r"^[1-9][0-9]{0,17}$"}
LINK_PATTERN: Final = r"^[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z0-9.-]+(?:[:/?#][!-~]*)?$"
_LINK: Final = {"type": "string", "maxLength": LINK_MAX, "pattern": LINK_PATTERN}
# An entry is one of these (a rule across its fields, which the service checks entry by entry): a
# custom entry with a name, a recipe by its id, or a link.
BY_NAME: Final = {
    "properties": {"type": {"enum": [CUSTOM]}, "name": {"type": "string", "pattern": r"[^\s]"}},
    "required": ["name"],
}
BY_ID: Final = {
    "properties": {"type": {"type": "string", "pattern": ID_KINDS_PATTERN}, "value": {"oneOf": [_ID, _ID_DIGITS]}},
    "required": ["type", "value"],
}
BY_LINK: Final = {"properties": {"type": {"enum": [EXTERNAL_LINK]}, "value": _LINK}, "required": ["type", "value"]}


class PlanRecipeIn(msgspec.Struct):
    """A recipe planned on a day, as sent. The server trusts only `type` and `value`: a catalogue,
    own or imported recipe is looked up (the caller must be able to see it) and its name and image
    are the recipe's; a CUSTOM entry keeps the sent name; an EXTERNAL_LINK's value is an http(s) URL."""

    name: Annotated[Line, msgspec.Meta(max_length=ENTRY_NAME_MAX)] = ""
    value: Annotated[
        Id | Annotated[Line, msgspec.Meta(max_length=LINK_MAX)] | None,
        declared(one_of=[_ID, _ID_DIGITS, _LINK, {"type": "null"}]),
    ] = None
    image: Annotated[Line, msgspec.Meta(max_length=300)] | None = None
    type: Annotated[Line, msgspec.Meta(max_length=32), declared(pattern=ENTRY_TYPE_PATTERN)] = CUSTOM
    checked: bool = False


class DayEntryIn(msgspec.Struct):
    """One day of a plan as sent; `date` is recomputed from the plan's start date (day i = start + i).
    The service checks the day against the plan's days and its recipes against RECIPES_PER_DAY_MAX,
    each with its own message; the bounds here only keep what is decoded at all small."""

    day: Annotated[int, msgspec.Meta(ge=0, lt=2**31), declared(maximum=DAYS_MAX - 1)]
    recipes: Annotated[
        list[PlanRecipeIn],
        msgspec.Meta(max_length=SENT_PER_DAY_MAX),
        declared(
            max_items=RECIPES_PER_DAY_MAX,
            items={"allOf": [{"$ref": "#/components/schemas/PlanRecipeIn"}], "anyOf": [BY_NAME, BY_ID, BY_LINK]},
        ),
    ] = []
    date: dt.date | None = None


Days = Annotated[list[DayEntryIn], msgspec.Meta(max_length=DAYS_MAX)]
# A plan's length; longer than DAYS_MAX is refused by the service with its message.
DayCount = Annotated[int, msgspec.Meta(ge=1, lt=2**31), declared(maximum=DAYS_MAX)]


# Rules across a new plan's fields (MealPlanIn): both dates or neither, and its length sent once
# (`days` or its other name `number_of_days`). What no schema can say, an end before the start, a
# span beyond DAYS_MAX or a count that differs from the dates' span, the service refuses (422).
_NO_COUNT: Final = {"not": {"anyOf": [{"required": ["days"]}, {"required": ["number_of_days"]}]}}
_UNDATED: Final = {"properties": {"start_date": {"type": "null"}, "end_date": {"type": "null"}}}
_DATED: Final = {
    "properties": {"start_date": {"type": "string"}, "end_date": {"type": "string"}},
    "required": ["start_date", "end_date"],
    **_NO_COUNT,
}
NEW_PLAN_RULES: Final = {"anyOf": [_UNDATED, _DATED], "not": {"required": ["days", "number_of_days"]}}
_NEW_PLAN_DESCRIPTION: Final = (
    "Both dates (then the plan has their span of days: a count sent as well must be it) or neither"
    " (then `days` or `number_of_days`, not both). The end is not before the start, and a plan spans"
    f" at most {DAYS_MAX} days."
)
# The same for a change (MealPlanUpdateIn): an end alone keeps the start (a plan without one is
# a 409), two nulls undate the plan, a start alone re-dates it.
PLAN_CHANGE_RULES: Final = {
    "anyOf": [
        {"not": {"required": ["end_date"]}},
        {**_UNDATED, "required": ["start_date", "end_date"]},
        {"properties": {"start_date": {"type": "string"}, "end_date": {"type": "string"}}, **_NO_COUNT},
    ],
    "not": {"required": ["days", "number_of_days"]},
}
_PLAN_CHANGE_DESCRIPTION: Final = (
    "Fields left out keep their value. A start alone re-dates the plan; a start and an end give it their"
    " span of days (the end not before the start); two nulls undate it."
)


class MealPlanIn(msgspec.Struct):
    """POST /user-mealplans/: a plan of `days` (or `number_of_days`) days, dated when both dates are
    given (then number_of_days = end - start + 1 and any sent count must agree)."""

    name: PlanName
    recipes: Days = []
    days: DayCount | None = None
    number_of_days: DayCount | None = None
    start_date: PlanDate | None = None
    end_date: PlanDate | None = None


# POST /user-mealplans/'s body, with the rules across its fields in the document.
NewPlan = Annotated[
    MealPlanIn,
    Body(
        media_type=RequestEncodingType.JSON,
        description=_NEW_PLAN_DESCRIPTION,
        schema_extra={"any_of": NEW_PLAN_RULES["anyOf"], "not": NEW_PLAN_RULES["not"]},
    ),
]


class MealPlanUpdateIn(msgspec.Struct):
    """PUT /user-mealplans/{id} (editor autosave and scheduler). Fields left out keep their value.

    - `start_date` alone (the schedule dialog): every day is re-dated, end = start + (days - 1).
    - `start_date` and `end_date`: the plan now has end - start + 1 days.
    - `start_date: null` and `end_date: null`: the plan is no longer dated.
    - `recipes`, when sent, replaces every day's recipes.
    - `updated_at`, when sent, is the version the client last saw: a newer plan answers 409
      rather than be overwritten by a stale editor.
    """

    name: PlanName | msgspec.UnsetType = msgspec.UNSET
    recipes: Days | msgspec.UnsetType = msgspec.UNSET
    days: DayCount | msgspec.UnsetType = msgspec.UNSET
    number_of_days: DayCount | msgspec.UnsetType = msgspec.UNSET
    start_date: PlanDate | msgspec.UnsetType | None = msgspec.UNSET
    end_date: PlanDate | msgspec.UnsetType | None = msgspec.UNSET
    updated_at: dt.datetime | None = None


# PUT /user-mealplans/{id}'s body, with the rules across its fields in the document.
PlanChange = Annotated[
    MealPlanUpdateIn,
    Body(
        media_type=RequestEncodingType.JSON,
        description=_PLAN_CHANGE_DESCRIPTION,
        schema_extra={"any_of": PLAN_CHANGE_RULES["anyOf"], "not": PLAN_CHANGE_RULES["not"]},
    ),
]


class PlanRecipeOut(msgspec.Struct):
    name: str
    value: int | str | None  # a recipe id (int), an external URL, or None for a custom entry
    image: str | None
    type: str
    checked: bool


class DayEntryOut(msgspec.Struct):
    date: dt.date | None
    day: int
    recipes: list[PlanRecipeOut]


class MealPlanOut(msgspec.Struct):
    """A plan with every one of its days (an empty day has no recipes)."""

    user_mealplan_id: int
    user_id: int
    name: str
    days: int
    number_of_days: int  # the spec's other name for `days`
    start_date: dt.date | None
    end_date: dt.date | None
    recipes: list[DayEntryOut]
    shared_with: list[ShareEntry]
    owner_name: str
    role: Role  # what the caller may do (part 2 §6)
    updated_at: dt.datetime


class PlannedMealOut(msgspec.Struct):
    """A recipe planned on a calendar date, with the plan it is on (the dashboard's Today and
    Tomorrow: part 2 §4 'Dashboard')."""

    date: dt.date
    user_mealplan_id: int
    plan_name: str
    name: str
    value: int | str | None
    image: str | None
    type: str


# -- ingredient check and complete ------------------------------------------------------------


class EntryRef(msgspec.Struct):
    """One recipe of a plan by place: the day and its index among that day's recipes."""

    day: Annotated[int, msgspec.Meta(ge=0, lt=2**31), declared(maximum=DAYS_MAX - 1)]  # one the plan lacks: 409
    index: Annotated[int, msgspec.Meta(ge=0, lt=SENT_PER_DAY_MAX), declared(maximum=RECIPES_PER_DAY_MAX - 1)]


class IngredientRef(msgspec.Struct):
    name: str
    ingredient_id: int | None


class StockMatchOut(msgspec.Struct):
    """Stock of the ingredient in a store the caller may change (own, or shared with edit rights)."""

    store_id: int
    store_name: str
    item_id: int
    quantity: float
    unit: str
    date_added: dt.datetime
    expiry_date: dt.date


class PlanIngredientOut(msgspec.Struct):
    """One ingredient of a planned recipe (part 2 §3 'Plan recipe as loaded for checking'), with
    what the caller's stores hold of it, newest first. 'Add Selected' merges it into a list as
    {value, name: ingredient.name, quantity, measurement}: `value` is the catalogue ingredient id as
    text, or, for an ingredient the catalogue does not know (an unmatched imported line, a custom
    ingredient of an own recipe), CUSTOM-<its name as a slug>, so adding it again adds to the same
    custom item. `quantity` is null when the line gives none ("salt to taste")."""

    ingredient_id: int | None
    ingredient: IngredientRef
    quantity: float | None
    measurement: str
    value: str
    stock: list[StockMatchOut]
    # The caller's stores do not cover it, after the plan's lines of the same ingredient before it
    # took their share (kitchen/cover.py): what 'select missing' ticks.
    missing: bool = True


class PlanRecipeCheckOut(msgspec.Struct):
    """A recipe of the plan with its ingredients; `days` are the plan days it is planned on and
    `entries` its places in the plan ({day, index}) for the complete dialog."""

    recipe_id: int | str | None
    name: str
    type: str
    days: list[int]
    entries: list[EntryRef]
    recipe_ingredients: list[PlanIngredientOut]


class ListTargetOut(msgspec.Struct):
    """A list 'Add Selected' may merge into: own lists and lists shared with edit rights."""

    user_shoppinglist_id: int
    name: str
    owner_name: str


class IngredientCheckOut(msgspec.Struct):
    """GET /user-mealplans/{id}/ingredients."""

    recipes: list[PlanRecipeCheckOut]
    lists: list[ListTargetOut]


class CompletePlanIn(msgspec.Struct):
    """POST /user-mealplans/{id}/complete: the complete dialog's choices, applied at once.

    `recipes` are the ticked recipes by place. With `adjust_stock` ('Adjust and Remove
    Ingredients', on by default) their ingredients, added up by ingredient (units converted within
    a dimension), are taken from stock: from the store items in `use_items` when the user ticked
    some, else newest first over the caller's own stores and those shared with edit rights; an item
    at or below zero is removed. `reschedule_start` re-dates the plan from that day."""

    recipes: Annotated[list[EntryRef], msgspec.Meta(min_length=1, max_length=DAYS_MAX * RECIPES_PER_DAY_MAX)]
    adjust_stock: bool = True
    use_items: Annotated[list[Id], msgspec.Meta(max_length=5000), declared(items=member_schema(Id))] | None = None
    reschedule_start: PlanDate | None = None


class UsedStockOut(msgspec.Struct):
    store_id: int
    item_id: int
    name: str
    used: float
    unit: str
    left: float  # 0 when the item was removed
    removed: bool


class ShortfallOut(msgspec.Struct):
    """What the recipes needed that stock did not cover (`quantity` in `unit`), or could not be
    compared (`reason`: the stock's unit cannot be converted to the recipe's)."""

    name: str
    ingredient_id: int | None
    quantity: float
    unit: str
    reason: Literal["missing", "unconvertible"]


class CompletePlanOut(msgspec.Struct):
    used: list[UsedStockOut]
    shortfall: list[ShortfallOut]
    plan: MealPlanOut


__all__ = [
    "CATALOGUE_NUMERIC",
    "CUSTOM",
    "EXTERNAL_LINK",
    "IMPORTED",
    "USER",
    "CompletePlanIn",
    "CompletePlanOut",
    "DayEntryIn",
    "DayEntryOut",
    "EntryRef",
    "IngredientCheckOut",
    "ListTargetOut",
    "MealPlanIn",
    "MealPlanOut",
    "MealPlanUpdateIn",
    "NewPlan",
    "PlanChange",
    "PlanIngredientOut",
    "PlanRecipeCheckOut",
    "PlanRecipeIn",
    "PlanRecipeOut",
    "PlannedMealOut",
    "ShortfallOut",
    "StockMatchOut",
    "UsedStockOut",
]
