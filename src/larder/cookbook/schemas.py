"""Wire contract of own recipes and publish requests (contract-5-6, part 1 §3, §7).

Sizes are capped here so oversized input is refused (422) before any work. A saved recipe
(`UserRecipeIn`) also carries the spec's §5 rules, which the service checks in the spec's words
and the document declares (catalogue.schemas `declared`); the validate call reads a draft in any
state (`RecipeDraftIn`) and lists what is wrong with it instead.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec
from litestar.enums import RequestEncodingType
from litestar.params import Body

from larder.catalogue.schemas import (
    DESCRIPTION_MAX,
    LINES_MAX,
    NAME_MAX,
    NOT_BLANK,
    NOT_EMPTY,
    CategoryRef,
    ImageName,
    Measurement,
    RecipeName,
    RecipeText,
    Tags,
    Timer,
    Treatment,
    ValueText,
    member_schema,
    one_of,
)
from larder.core.base.ids import Id
from larder.core.base.text import Line, Text

INGREDIENT_NAME_MAX = 100
REASON_MAX = 500

Unit = Annotated[Line, msgspec.Meta(max_length=16)]
IngredientName = Annotated[Line, msgspec.Meta(max_length=INGREDIENT_NAME_MAX)]
StepKey = Annotated[Line, msgspec.Meta(max_length=64)]
Serves = Annotated[int, msgspec.Meta(ge=1, le=1000)]
Quantity = Annotated[float, msgspec.Meta(gt=0, le=100_000)]
# A catalogue ingredient's id (or its digits), a custom ingredient's text, or nothing.
IngredientValue = Annotated[ValueText | Id | None, one_of(ValueText, Id, None)]


# -- a draft in any state: the validate call ---------------------------------------------------------


class DraftIngredientIn(msgspec.Struct):
    # A catalogue ingredient id (int or digit string); anything else makes a custom ingredient.
    value: IngredientValue = None
    name: IngredientName = ""
    quantity: Quantity = 1
    measurement: Unit | None = None
    treatment: Unit | None = None
    image: ImageName | None = None
    default_unit: Unit | None = None


class DraftStepIn(msgspec.Struct):
    id: StepKey | None = None
    title: Annotated[Line, msgspec.Meta(max_length=NAME_MAX)] = ""
    description: Annotated[Text, msgspec.Meta(max_length=DESCRIPTION_MAX)] = ""
    timer: Annotated[Line, msgspec.Meta(max_length=8)] | None = None  # HH:MM:SS
    step_image: ImageName | None = None


class RecipeDraftIn(msgspec.Struct):
    """The body of POST /user-recipe-validate: a draft, complete or not (what is missing is listed)."""

    category_id: Id | None = None
    name: Annotated[Line, msgspec.Meta(max_length=NAME_MAX)] = ""
    description: Annotated[Text, msgspec.Meta(max_length=DESCRIPTION_MAX)] = ""
    serves: Serves = 1
    image: ImageName | None = None
    recipe_image: ImageName | None = None  # what older clients send; image ?? recipe_image
    published: bool = False  # the client's "publish" tick; ignored for state
    user_recipe_id: Id | None = None
    ingredients: Annotated[list[DraftIngredientIn], msgspec.Meta(max_length=LINES_MAX)] = []
    steps: Annotated[list[DraftStepIn], msgspec.Meta(max_length=LINES_MAX)] = []


# -- a recipe to save: POST and PUT /user-recipe-creator ----------------------------------------------


class UserIngredientIn(msgspec.Struct):
    """`value` names a catalogue ingredient (its id, or its digits); anything else, or an id that
    names none, makes a custom ingredient called `name`."""

    name: Annotated[IngredientName, NOT_BLANK]
    value: IngredientValue = None
    quantity: Quantity = 1
    measurement: Measurement | None = None  # null: the ingredient's default unit (unit(s) for a custom one)
    treatment: Treatment | None = None
    image: ImageName | None = None
    default_unit: Unit | None = None


class UserStepIn(msgspec.Struct):
    title: RecipeName
    description: RecipeText
    id: StepKey | None = None
    timer: Timer | None = None
    step_image: ImageName | None = None


class UserRecipeIn(msgspec.Struct):
    """The body of POST/PUT /user-recipe-creator. A category or image that names nothing is a 404."""

    name: RecipeName
    description: RecipeText
    ingredients: Annotated[list[UserIngredientIn], msgspec.Meta(max_length=LINES_MAX), NOT_EMPTY]
    steps: Annotated[list[UserStepIn], msgspec.Meta(max_length=LINES_MAX), NOT_EMPTY]
    category_id: Id | None = None
    serves: Serves = 1
    image: ImageName | None = None
    recipe_image: ImageName | None = None  # what older clients send; image ?? recipe_image
    published: bool = False  # the client's "publish" tick; ignored for state
    user_recipe_id: Id | None = None


class IngredientFactsOut(msgspec.Struct):
    name: str
    image: str | None
    allergen: bool
    vegan: bool
    vegetarian: bool
    diabetes_ok: bool
    sugar_free: bool
    gluten_free: bool
    dairy_free: bool
    category_id: int | None
    default_unit: str


class UserIngredientOut(msgspec.Struct):
    value: int | None
    name: str
    quantity: float
    measurement: str
    treatment: str | None
    image: str | None
    default_unit: str
    custom: bool


class UserRecipeIngredientOut(msgspec.Struct):
    recipe_ingredient_id: int
    quantity: float
    measurement: str
    treatment: str | None
    ingredient_id: int | None
    ingredient: IngredientFactsOut


class UserStepOut(msgspec.Struct):
    id: str
    step_order: int
    title: str
    description: str
    timer: str | None
    step_image: str | None


class UserRecipeStepOut(UserStepOut, kw_only=True):
    recipe_step_id: int
    name: str
    image: str | None
    ingredients: list[int] = []


PublishStatus = Literal["pending", "approved", "rejected", "cancelled"]


class PublishRequestOut(msgspec.Struct):
    id: int
    entity_id: int
    entity_type: Literal["UserRecipe"]
    status: Literal["pending", "approved", "rejected", "cancelled"]
    created_at: datetime
    updated_at: datetime
    error: str | None


class UserRecipeOut(msgspec.Struct):
    user_recipe_id: int
    name: str
    description: str
    image: str | None
    serves: int
    category_id: int | None
    category: CategoryRef | None
    ingredients: list[UserIngredientOut]
    recipe_ingredients: list[UserRecipeIngredientOut]
    steps: list[UserStepOut]
    recipe_steps: list[UserRecipeStepOut]
    tags: Tags
    published: bool
    recipe_id: int | None
    request: PublishRequestOut | None
    created_at: datetime
    updated_at: datetime


class ValidateOut(msgspec.Struct):
    banned_words: list[str]
    name_taken: bool
    custom_ingredients: list[str]
    errors: list[str]
    tags: Tags


class PublishIn(msgspec.Struct):
    entity_id: Id
    entity_type: Literal["UserRecipe"] = "UserRecipe"


class UnpublishIn(msgspec.Struct):
    user_recipe_id: Id


# PUT /publish-requests/unpublish takes the id itself or {user_recipe_id}. Litestar drops the id's
# limits from a union in the document, so the union is written out.
UnpublishBody = Annotated[
    Id | UnpublishIn,
    Body(
        media_type=RequestEncodingType.JSON,
        schema_extra={"one_of": [member_schema(Id), {"$ref": "#/components/schemas/UnpublishIn"}]},
    ),
]


class PublishRejectedOut(msgspec.Struct):
    """The 409 answer of a publish request that failed the check: the stored rejected request."""

    message: str
    error: str
    request: PublishRequestOut


class AuthorOut(msgspec.Struct):
    id: int
    name: str
    email: str


class AdminPublishRequestOut(PublishRequestOut, kw_only=True):
    author: AuthorOut
    recipe: UserRecipeOut
    check: ValidateOut


class RejectIn(msgspec.Struct):
    reason: Annotated[Text, msgspec.Meta(max_length=REASON_MAX), NOT_BLANK]


AdminStatusFilter = Literal["pending", "approved", "rejected", "cancelled", "all"]
