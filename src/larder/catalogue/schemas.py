"""Wire contract of the catalogue (part 1 §3, §7). Field names exactly as the spec writes them."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec

from larder.core.ids import Id
from larder.core.text import Line, Text

SearchText = Annotated[Line, msgspec.Meta(max_length=200)]


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
    """What the stores domain needs to stock an ingredient: how it is shown, measured and kept.
    `<kind>_days` is the FoodKeeper figure for a store of that kind, null when unknown there."""

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


class IngredientLine(msgspec.Struct):
    """One ingredient of a recipe as a meal plan reads it: a catalogue ingredient (`ingredient_id`)
    or a named one without (a custom ingredient of an own recipe), `quantity` in `measurement`."""

    ingredient_id: int | None
    name: str
    quantity: float | None
    measurement: str


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


class FilterItem(msgspec.Struct):
    # An ingredient or category id (or its digits), a preference name, or a custom ingredient's text.
    value: Annotated[Line, msgspec.Meta(max_length=100)] | Id
    type: FilterType
    name: Annotated[Line, msgspec.Meta(max_length=200)] = ""
    includeExclude: FilterMode = "include"


class RecipeFilterIn(msgspec.Struct):
    pageToRequest: Annotated[int, msgspec.Meta(ge=1, le=1_000_000)] = 1
    searchString: SearchText = ""
    filters: Annotated[list[FilterItem], msgspec.Meta(max_length=50)] = []


class OptionOut(msgspec.Struct):
    value: int
    name: str
    kind: str  # recipe | ingredient: a recipe may only be filed under a recipe category


class IngredientOptionOut(msgspec.Struct):
    value: int
    name: str
    image: str | None
    category_id: int | None
    default_unit: str


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


TREATMENTS = (
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
)


class RecipeIngredientIn(msgspec.Struct):
    ingredient_id: Id
    measurement: Annotated[Line, msgspec.Meta(max_length=16)]
    quantity: Annotated[float, msgspec.Meta(gt=0, le=100_000)] = 1
    treatment: Annotated[Line, msgspec.Meta(max_length=16)] | None = None


class RecipeStepIn(msgspec.Struct):
    title: Annotated[Line, msgspec.Meta(max_length=200)]
    description: Annotated[Text, msgspec.Meta(max_length=5000)] = ""
    timer: Annotated[Line, msgspec.Meta(max_length=8)] | None = None
    image: Annotated[Line, msgspec.Meta(max_length=255)] | None = None
    ingredients: Annotated[list[int], msgspec.Meta(max_length=100)] = []  # indexes into `ingredients`


class CatalogueRecipeIn(msgspec.Struct):
    """An administrator's catalogue recipe."""

    name: Annotated[Line, msgspec.Meta(max_length=200)]
    ingredients: Annotated[list[RecipeIngredientIn], msgspec.Meta(max_length=100)]
    steps: Annotated[list[RecipeStepIn], msgspec.Meta(max_length=100)]
    description: Annotated[Text, msgspec.Meta(max_length=5000)] = ""
    serves: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 1
    category_id: Id | None = None
    image: Annotated[Line, msgspec.Meta(max_length=255)] | None = None
    comments: Annotated[Text, msgspec.Meta(max_length=2000)] | None = None
