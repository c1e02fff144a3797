"""A recipe as every check sees it: made from a request body or from stored rows.

Catalogue ingredients are looked up once; anything else a line names is a custom ingredient.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from larder.catalogue.schemas import IngredientOut
from larder.catalogue.service import CatalogueService, DraftLine, DraftStep, RecipeDraft
from larder.cookbook.models import UserRecipe
from larder.cookbook.schemas import DraftIngredientIn, RecipeDraftIn, UserIngredientIn, UserRecipeIn
from larder.core.base.ids import is_id
from larder.kitchen.units import UNIT

DIGITS = re.compile(r"^[0-9]{1,18}$")


@dataclass(frozen=True)
class UnknownIngredient:
    """What a custom ingredient counts as for the tags: nothing is known, so it is no diet's."""

    allergen: bool = False
    allergens: tuple[str, ...] = ()
    vegan: bool = False
    vegetarian: bool = False
    gluten_free: bool = False
    sugar_free: bool = False
    dairy_free: bool = False


def tag_sources(draft: RecipeDraft) -> list[IngredientOut | UnknownIngredient]:
    return [line.ingredient or UnknownIngredient() for line in draft.lines]


def _ingredient_id(value: int | str | None) -> int | None:
    if isinstance(value, str) and DIGITS.match(value.strip()):
        value = int(value.strip())
    return value if isinstance(value, int) and is_id(value) else None


def _blank_to_none(value: str | None) -> str | None:
    return (value.strip() or None) if value is not None else None


async def draft_from_input(data: RecipeDraftIn | UserRecipeIn, catalogue: CatalogueService) -> RecipeDraft:
    sent: Sequence[DraftIngredientIn | UserIngredientIn] = data.ingredients
    ids = [_ingredient_id(item.value) for item in sent]
    known = await catalogue.ingredients_by_id(i for i in ids if i is not None)
    lines: list[DraftLine] = []
    for item, ingredient_id in zip(sent, ids, strict=True):
        ingredient = known.get(ingredient_id) if ingredient_id is not None else None
        lines.append(
            DraftLine(
                ingredient=ingredient,
                name=ingredient.name if ingredient else item.name.strip(),
                quantity=item.quantity,
                measurement=_blank_to_none(item.measurement) or (ingredient.default_unit if ingredient else UNIT),
                treatment=_blank_to_none(item.treatment),
            )
        )
    steps: list[DraftStep] = []
    keys: set[str] = set()
    for step in data.steps:
        key = (step.id or "").strip()
        if not key or key in keys:
            key = uuid.uuid4().hex[:16]
        keys.add(key)
        steps.append(
            DraftStep(
                key=key,
                title=step.title.strip(),
                description=step.description.strip(),
                timer=_blank_to_none(step.timer),
                image=_blank_to_none(step.step_image),
            )
        )
    return RecipeDraft(
        name=data.name.strip(),
        description=data.description.strip(),
        serves=data.serves,
        category_id=data.category_id,
        image=_blank_to_none(data.image) or _blank_to_none(data.recipe_image),
        lines=lines,
        steps=steps,
    )


def draft_from_rows(recipe: UserRecipe, known: dict[int, IngredientOut]) -> RecipeDraft:
    lines = []
    for row in recipe.ingredients:
        ingredient = known.get(row.ingredient_id) if row.ingredient_id is not None else None
        name = ingredient.name if ingredient else (row.custom_name or "")
        lines.append(DraftLine(ingredient, name, row.quantity, row.measurement, row.treatment))
    return RecipeDraft(
        name=recipe.name,
        description=recipe.description,
        serves=recipe.serves,
        category_id=recipe.category_id,
        image=recipe.image,
        lines=lines,
        steps=[DraftStep(s.step_key, s.title, s.description, s.timer, s.image) for s in recipe.steps],
    )


async def draft_of(recipe: UserRecipe, catalogue: CatalogueService) -> RecipeDraft:
    known = await catalogue.ingredients_by_id(
        row.ingredient_id for row in recipe.ingredients if row.ingredient_id is not None
    )
    return draft_from_rows(recipe, known)
