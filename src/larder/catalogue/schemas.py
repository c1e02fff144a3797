"""Wire contract of the catalogue (part 1 §3, §7). Field names exactly as the spec writes them."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Final, Literal, get_args

import msgspec
import msgspec.inspect as mi
from litestar.params import QueryParameter

from larder.core.base.ids import Id
from larder.core.base.text import LINE_PATTERN, Line, Text
from larder.kitchen.units import Unit

SEARCH_MAX = 200
PAGE_MAX = 1_000_000
SearchText = Annotated[Line, msgspec.Meta(max_length=SEARCH_MAX)]
# Query parameters are validated (and documented) from Litestar's own constraints, not msgspec.Meta.
SearchQuery = Annotated[str, QueryParameter(max_length=SEARCH_MAX, pattern=LINE_PATTERN)]
PageQuery = Annotated[int, QueryParameter(ge=1, le=PAGE_MAX, description="The page, from 1.")]


# -- rules the services check, declared in the OpenAPI document ------------------------------------
#
# msgspec checks every limit a type declares with `msgspec.Meta`, and Litestar documents them. A few
# rules cannot be such a limit: a text that must not be blank (a str field's one pattern is the
# text rule of core.text), a list that must not be empty, a timer's format, where the spec words
# the message ('Recipe name is required'), or a choice between an id and a text. The service checks
# those itself, in the spec's words, and `declared` writes them into the document, so that the
# document still names every input the server refuses.


def declared(**schema: Any) -> msgspec.Meta:
    """JSON Schema keywords (as Litestar's `Schema` attributes; `not` for `not`) for the document only."""
    return msgspec.Meta(extra_json_schema={"extra": schema})


# White space only, as Python's str.strip() sees it (`\s` in a Python pattern is str.isspace()).
BLANK_PATTERN = r"^\s*$"
NOT_BLANK = declared(min_length=1, **{"not": {"pattern": BLANK_PATTERN}})
NOT_EMPTY = declared(min_items=1)
TIMER_PATTERN = r"^[0-9]{2}:[0-5][0-9]:[0-5][0-9]$"


def _schema_of(info: Any) -> dict[str, Any]:
    if isinstance(info, mi.Metadata):
        described = _schema_of(info.type)
        return {**described, **{k: v for k, v in (info.extra_json_schema or {}).items() if k == "description"}}
    if isinstance(info, mi.NoneType):
        return {"type": "null"}
    if isinstance(info, mi.IntType):
        bounds = {"minimum": info.ge, "maximum": info.le, "exclusiveMinimum": info.gt, "exclusiveMaximum": info.lt}
        return {"type": "integer", **{k: v for k, v in bounds.items() if v is not None}}
    if isinstance(info, mi.StrType):
        limits = {"minLength": info.min_length, "maxLength": info.max_length, "pattern": info.pattern}
        return {"type": "string", **{k: v for k, v in limits.items() if v is not None}}
    raise TypeError(f"no schema for union member {info!r}")


def member_schema(member: Any) -> dict[str, Any]:
    """The JSON Schema of an int, str or None union member, with its msgspec limits."""
    return _schema_of(mi.type_info(member))


def one_of(*members: Any) -> msgspec.Meta:
    """The document of a union of an id and a text (Litestar drops the members' own limits)."""
    return declared(one_of=[member_schema(member) for member in members])


class CategoryRef(msgspec.Struct):
    category_id: int
    name: str


class Tags(msgspec.Struct):
    allergen: bool
    vegetarian: bool
    vegan: bool
    dairy_free: bool
    gluten_free: bool
    sugar_free: bool


class RecipeSummary(msgspec.Struct):
    recipe_id: int
    name: str
    description: str
    image: str | None
    serves: int
    category: CategoryRef | None
    category_id: int | None
    tags: Tags
    allergens: list[str]
    verified: bool
    comments: str | None
    updated_at: datetime
    author: str | None = None  # the household member credited for an approved user recipe


class IngredientOut(msgspec.Struct):
    ingredient_id: int
    name: str
    allergen: bool
    allergens: list[str]
    vegan: bool
    vegetarian: bool
    diabetes_ok: bool
    sugar_free: bool
    gluten_free: bool
    dairy_free: bool
    category_id: int | None
    image: str | None
    default_unit: str
    estimated_expiry_days: int


class StockFacts(msgspec.Struct):
    """What the stores domain needs to stock an ingredient: how it is shown, measured, bought and
    kept. `<kind>_days` is the FoodKeeper figure for a store of that kind, null when unknown there.
    `buy_unit` and `buy_step`: 1 of that unit for an item added without an amount, and the step of
    - and + (the default unit and 1 when the catalogue gives none)."""

    ingredient_id: int
    name: str
    image: str | None
    category_id: int | None
    default_unit: str
    storage: str
    estimated_expiry_days: int
    pantry_days: int | None
    fridge_days: int | None
    freezer_days: int | None
    buy_unit: str = ""
    buy_step: float = 1.0


class IngredientLine(msgspec.Struct):
    """One ingredient of a recipe as a meal plan reads it: a catalogue ingredient (`ingredient_id`)
    or a named one without (a custom ingredient of an own recipe), `quantity` in `measurement`."""

    ingredient_id: int | None
    name: str
    quantity: float | None
    measurement: str


class RecipeLines(msgspec.Struct):
    """A recipe with its ingredient lines, as ranking by the stock at home reads it."""

    recipe_id: int
    name: str
    image: str | None
    category_id: int | None
    lines: list[IngredientLine]


class IngredientMatch(msgspec.Struct):
    """A catalogue ingredient found by name."""

    ingredient_id: int
    name: str
    default_unit: str


class RecipeIngredientOut(msgspec.Struct):
    recipe_ingredient_id: int
    quantity: float
    measurement: str
    treatment: str | None
    ingredient_id: int
    ingredient: IngredientOut


class RecipeStepOut(msgspec.Struct):
    recipe_step_id: int
    step_order: int
    name: str
    title: str
    description: str
    image: str | None
    ingredients: list[int]
    timer: str | None


class RecipeOut(RecipeSummary, kw_only=True):
    recipe_ingredients: list[RecipeIngredientOut]
    recipe_steps: list[RecipeStepOut]


FilterType = Literal["ingredient", "category", "preference"]
FilterMode = Literal["include", "exclude"]


ValueText = Annotated[Line, msgspec.Meta(max_length=100)]
# An ingredient or category id (or its digits), a preference name, or a custom ingredient's text.
IdOrText = Annotated[ValueText | Id, one_of(ValueText, Id)]


class FilterItem(msgspec.Struct):
    """A preference naming none of the five, or a custom ingredient with no word to look for, is
    no error: it matches no recipe when included and leaves every recipe when excluded (as a
    custom category does)."""

    value: IdOrText
    type: FilterType
    name: Annotated[Line, msgspec.Meta(max_length=200)] = ""
    includeExclude: FilterMode = "include"


class RecipeFilterIn(msgspec.Struct):
    pageToRequest: Annotated[int, msgspec.Meta(ge=1, le=PAGE_MAX)] = 1
    searchString: SearchText = ""
    filters: Annotated[list[FilterItem], msgspec.Meta(max_length=50)] = []


class OptionOut(msgspec.Struct):
    value: int
    name: str
    kind: str  # recipe | ingredient: a recipe may only be filed under a recipe category


class IngredientOptionOut(msgspec.Struct):
    """A catalogue ingredient to pick. `default_unit` is the recipes' unit; `buy_unit` the one a
    household buys it in (1 l of milk), for an item added or scanned without an amount."""

    value: int
    name: str
    image: str | None
    category_id: int | None
    default_unit: str
    buy_unit: str = ""


class RecipeOptionOut(msgspec.Struct):
    value: int
    name: str
    image: str | None
    category_id: int | None


class SaveIn(msgspec.Struct):
    recipe_id: Id


class SavedRecipeOut(msgspec.Struct):
    recipe_id: int
    name: str
    image: str | None
    category: CategoryRef | None
    description: str
    serves: int


# The wire types' choices: anything else is refused (422) before the service reads the recipe.
Measurement = Unit
Treatment = Literal[
    "whole",
    "crushed",
    "powdered",
    "muddled",
    "diced",
    "peeled",
    "sliced",
    "cooked",
    "melted",
    "boiled",
    "grated",
]
TREATMENTS: Final[tuple[Treatment, ...]] = get_args(Treatment)
LINES_MAX = 100
NAME_MAX = 200
DESCRIPTION_MAX = 5000
IMAGE_MAX = 255

# The spec's §5 rules of a saved recipe, which its service checks in the spec's words.
RecipeName = Annotated[Line, msgspec.Meta(max_length=NAME_MAX), NOT_BLANK]
RecipeText = Annotated[Text, msgspec.Meta(max_length=DESCRIPTION_MAX), NOT_BLANK]
Timer = Annotated[
    Line, msgspec.Meta(max_length=8, description="HH:MM:SS"), declared(all_of=[{"pattern": TIMER_PATTERN}])
]
# An index into the recipe's ingredients (Litestar drops a list item's limits: declared on the list).
StepUse = Annotated[int, msgspec.Meta(ge=0, lt=LINES_MAX)]
# A stored upload's name; one that names no stored image is not found (404).
ImageName = Annotated[Line, msgspec.Meta(max_length=IMAGE_MAX)]


class RecipeIngredientIn(msgspec.Struct):
    ingredient_id: Id
    measurement: Measurement
    quantity: Annotated[float, msgspec.Meta(gt=0, le=100_000)] = 1
    treatment: Treatment | None = None


class RecipeStepIn(msgspec.Struct):
    title: RecipeName
    description: RecipeText
    timer: Timer | None = None
    image: ImageName | None = None
    # Indexes into the recipe's `ingredients`; one beyond them names nothing (404).
    ingredients: Annotated[
        list[StepUse], msgspec.Meta(max_length=LINES_MAX), declared(items=member_schema(StepUse))
    ] = []


class CatalogueRecipeIn(msgspec.Struct):
    """An administrator's catalogue recipe. Ids and image names that name nothing are a 404."""

    name: RecipeName
    description: RecipeText
    ingredients: Annotated[list[RecipeIngredientIn], msgspec.Meta(max_length=LINES_MAX), NOT_EMPTY]
    steps: Annotated[list[RecipeStepIn], msgspec.Meta(max_length=LINES_MAX), NOT_EMPTY]
    serves: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 1
    category_id: Id | None = None
    image: ImageName | None = None
    comments: Annotated[Text, msgspec.Meta(max_length=2000)] | None = None
