"""What ranking recipes by the stock at home reads of the catalogue: every verified recipe with its
ingredient lines (in two statements, however many recipes), the recipes a Discover search and
filters let through, and the preference tags of ingredients (an own or imported recipe carries
those its ingredients all share)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from larder.catalogue import search_index
from larder.catalogue.models import Ingredient, Recipe, RecipeIngredient
from larder.catalogue.queries import FACET_TAGS, RecipeFacts, RecipeQuery, check_search
from larder.catalogue.schemas import FilterItem, IngredientLine, RecipeLines

# The ingredient lines of verified recipes, in each recipe's order (narrowed with .where()).
VERIFIED_LINES = (
    select(
        RecipeIngredient.recipe_id,
        RecipeIngredient.ingredient_id,
        Ingredient.name,
        RecipeIngredient.quantity,
        RecipeIngredient.measurement,
    )
    .join(Ingredient, Ingredient.id == RecipeIngredient.ingredient_id)
    .join(Recipe, Recipe.id == RecipeIngredient.recipe_id)
    .where(Recipe.verified.is_(True))
    .order_by(RecipeIngredient.recipe_id, RecipeIngredient.position, RecipeIngredient.id)
)


def lines_by_recipe(rows: Iterable[Any]) -> dict[int, list[IngredientLine]]:
    found: dict[int, list[IngredientLine]] = {}
    for r in rows:
        found.setdefault(r.recipe_id, []).append(IngredientLine(r.ingredient_id, r.name, r.quantity, r.measurement))
    return found


def recipes_with_lines(session: Session) -> list[RecipeLines]:
    db = session.connection()
    lines = lines_by_recipe(db.execute(VERIFIED_LINES))
    recipes = db.execute(
        select(Recipe.id, Recipe.name, Recipe.image, Recipe.category_id)
        .where(Recipe.verified.is_(True))
        .order_by(Recipe.id)
    )
    return [RecipeLines(r.id, r.name, r.image, r.category_id, lines.get(r.id, [])) for r in recipes]


def matching_ids(session: Session, search: str, filters: list[FilterItem]) -> set[int] | None:
    """The verified recipes a Discover search and filters let through; None for no search and no
    filter (every recipe)."""
    query = RecipeQuery.from_filters(check_search(search), filters)
    if query.is_plain:
        return None
    statement = search_index.matching_ids(session.connection().dialect.name, query)
    return set() if statement is None else set(session.connection().scalars(statement))


def ingredient_tags(session: Session, ids: Iterable[int]) -> dict[int, frozenset[str]]:
    wanted = set(ids)
    if not wanted:
        return {}
    columns = [getattr(Ingredient, name) for name in FACET_TAGS]
    rows = session.connection().execute(select(Ingredient.id, *columns).where(Ingredient.id.in_(wanted)))
    return {row[0]: frozenset(name for name, on in zip(FACET_TAGS, row[1:], strict=True) if on) for row in rows}


def recipe_filter(search: str, filters: list[FilterItem]) -> Callable[[RecipeFacts], bool] | None:
    """The test an own or imported recipe must pass for a Discover search and filters; None for no
    search and no filter."""
    query = RecipeQuery.from_filters(check_search(search), filters)
    return None if query.is_plain else query.admits


__all__ = ["RecipeFacts", "ingredient_tags", "matching_ids", "recipe_filter", "recipes_with_lines"]
