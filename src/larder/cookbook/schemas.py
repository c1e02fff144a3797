"""Wire contract of own recipes and publish requests (contract-5-6, part 1 §3, §7).

Sizes are capped here so oversized input is refused (422) before any work; the spec's own rules
and messages are checked in the service.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec

from larder.catalogue.schemas import CategoryRef, Tags
from larder.core.ids import Id
from larder.core.text import Line, Text

NAME_MAX = 200
DESCRIPTION_MAX = 5000
INGREDIENT_NAME_MAX = 100
LINES_MAX = 100
IMAGE_MAX = 255
REASON_MAX = 500

ImageName = Annotated[Line, msgspec.Meta(max_length=IMAGE_MAX)]
Unit = Annotated[Line, msgspec.Meta(max_length=16)]


class DraftIngredientIn(msgspec.Struct):
    # A catalogue ingredient id (int or digit string); anything else makes a custom ingredient.
    value: Id | Annotated[Line, msgspec.Meta(max_length=100)] | None = None
    name: Annotated[Line, msgspec.Meta(max_length=INGREDIENT_NAME_MAX)] = ""
    quantity: Annotated[float, msgspec.Meta(gt=0, le=100_000)] = 1
    measurement: Unit | None = None
    treatment: Unit | None = None
    image: ImageName | None = None
    default_unit: Unit | None = None


class DraftStepIn(msgspec.Struct):
    id: Annotated[Line, msgspec.Meta(max_length=64)] | None = None
    title: Annotated[Line, msgspec.Meta(max_length=NAME_MAX)] = ""
    description: Annotated[Text, msgspec.Meta(max_length=DESCRIPTION_MAX)] = ""
    timer: Annotated[Line, msgspec.Meta(max_length=8)] | None = None  # HH:MM:SS
    step_image: ImageName | None = None


class UserRecipeIn(msgspec.Struct):
    """A recipe draft: the body of POST/PUT /user-recipe-creator and POST /user-recipe-validate."""

    category_id: Id | None = None
    name: Annotated[Line, msgspec.Meta(max_length=NAME_MAX)] = ""
    description: Annotated[Text, msgspec.Meta(max_length=DESCRIPTION_MAX)] = ""
    serves: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 1
    image: ImageName | None = None
    recipe_image: ImageName | None = None  # what older clients send; image ?? recipe_image
    published: bool = False  # the client's "publish" tick; ignored for state
    user_recipe_id: Id | None = None
    ingredients: Annotated[list[DraftIngredientIn], msgspec.Meta(max_length=LINES_MAX)] = []
    steps: Annotated[list[DraftStepIn], msgspec.Meta(max_length=LINES_MAX)] = []


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


class PublishRejectedOut(msgspec.Struct):
    """The 422 answer of a publish request that failed the check: the stored rejected request."""

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
    reason: Annotated[Text, msgspec.Meta(min_length=1, max_length=REASON_MAX)]


AdminStatusFilter = Literal["pending", "approved", "rejected", "cancelled", "all"]
