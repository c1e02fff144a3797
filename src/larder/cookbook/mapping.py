"""Own recipes and publish requests as the web app receives them (the one place they are mapped)."""

from __future__ import annotations

from collections.abc import Sequence

from larder.catalogue.schemas import CategoryRef, IngredientOut
from larder.catalogue.service import CatalogueService, DraftLine, RecipeDraft, tags_from
from larder.cookbook.drafts import draft_from_rows, tag_sources
from larder.cookbook.models import STATUS_PENDING, STATUS_REJECTED, PublishRequest, UserRecipe, UserRecipeIngredient
from larder.cookbook.repositories import PublishRequestRepository
from larder.cookbook.schemas import (
    IngredientFactsOut,
    PublishRequestOut,
    UserIngredientOut,
    UserRecipeIngredientOut,
    UserRecipeOut,
    UserRecipeStepOut,
    UserStepOut,
)
from larder.kitchen.units import UNIT

OPEN_STATUSES = (STATUS_PENDING, STATUS_REJECTED)


def is_published(recipe: UserRecipe) -> bool:
    """Published means approved and still in the catalogue (an administrator may have removed it)."""
    return recipe.published and recipe.recipe_id is not None


def to_request_out(request: PublishRequest) -> PublishRequestOut:
    return PublishRequestOut(
        id=request.id,
        entity_id=request.entity_id,
        entity_type=request.entity_type,
        status=request.status,
        created_at=request.created_at,
        updated_at=request.updated_at,
        error=request.error,
    )


def _facts(line: DraftLine) -> IngredientFactsOut:
    known = line.ingredient
    return IngredientFactsOut(
        name=line.name,
        image=known.image if known else None,
        allergen=known.allergen if known else False,
        vegan=known.vegan if known else False,
        vegetarian=known.vegetarian if known else False,
        diabetes_ok=known.diabetes_ok if known else False,
        sugar_free=known.sugar_free if known else False,
        gluten_free=known.gluten_free if known else False,
        dairy_free=known.dairy_free if known else False,
        category_id=known.category_id if known else None,
        default_unit=known.default_unit if known else UNIT,
    )


def recipe_out(
    recipe: UserRecipe,
    known: dict[int, IngredientOut],
    category: CategoryRef | None,
    request: PublishRequest | None,
) -> UserRecipeOut:
    draft = draft_from_rows(recipe, known)
    facts = [_facts(line) for line in draft.lines]
    steps = _steps_out(draft)
    rows = list(zip(recipe.ingredients, draft.lines, facts, strict=True))
    return UserRecipeOut(
        user_recipe_id=recipe.id,
        name=recipe.name,
        description=recipe.description,
        image=recipe.image,
        serves=recipe.serves,
        category_id=recipe.category_id,
        category=category,
        ingredients=_ingredients_out(rows),
        recipe_ingredients=_recipe_ingredients_out(rows),
        steps=steps,
        recipe_steps=[
            UserRecipeStepOut(
                **{f: getattr(step, f) for f in step.__struct_fields__},
                recipe_step_id=row.id,
                name=step.title,
                image=step.step_image,
            )
            for row, step in zip(recipe.steps, steps, strict=True)
        ],
        tags=tags_from(tag_sources(draft)),
        published=is_published(recipe),
        recipe_id=recipe.recipe_id,
        request=to_request_out(request) if request and request.status in OPEN_STATUSES else None,
        created_at=recipe.created_at,
        updated_at=recipe.updated_at,
    )


def _steps_out(draft: RecipeDraft) -> list[UserStepOut]:
    return [
        UserStepOut(
            id=step.key,
            step_order=order,
            title=step.title,
            description=step.description,
            timer=step.timer,
            step_image=step.image,
        )
        for order, step in enumerate(draft.steps, start=1)
    ]


# A recipe's ingredient row, what the draft made of it, and the facts shown for it.
_Row = tuple[UserRecipeIngredient, DraftLine, IngredientFactsOut]


def _ingredients_out(rows: list[_Row]) -> list[UserIngredientOut]:
    """The ingredients as the recipe form edits them."""
    return [
        UserIngredientOut(
            value=row.ingredient_id if line.ingredient else None,
            name=line.name,
            quantity=row.quantity,
            measurement=row.measurement,
            treatment=row.treatment,
            image=fact.image,
            default_unit=fact.default_unit,
            custom=line.ingredient is None,
        )
        for row, line, fact in rows
    ]


def _recipe_ingredients_out(rows: list[_Row]) -> list[UserRecipeIngredientOut]:
    """The ingredients as the recipe page shows them, with their facts."""
    return [
        UserRecipeIngredientOut(
            recipe_ingredient_id=row.id,
            quantity=row.quantity,
            measurement=row.measurement,
            treatment=row.treatment,
            ingredient_id=row.ingredient_id if line.ingredient else None,
            ingredient=fact,
        )
        for row, line, fact in rows
    ]


class RecipeMapper:
    """Maps many recipes with one look-up each for their ingredients, categories and requests."""

    def __init__(self, catalogue: CatalogueService, requests: PublishRequestRepository) -> None:
        self.catalogue = catalogue
        self.requests = requests

    async def many(self, recipes: Sequence[UserRecipe]) -> list[UserRecipeOut]:
        known = await self.catalogue.ingredients_by_id(
            row.ingredient_id for r in recipes for row in r.ingredients if row.ingredient_id is not None
        )
        category_ids = {r.category_id for r in recipes if r.category_id is not None}
        categories = {c: await self.catalogue.recipe_category(c) for c in category_ids}
        requests = await self.requests.latest_for(r.id for r in recipes)
        return [
            recipe_out(r, known, categories.get(r.category_id) if r.category_id else None, requests.get(r.id))
            for r in recipes
        ]

    async def one(self, recipe: UserRecipe) -> UserRecipeOut:
        return (await self.many([recipe]))[0]
