"""Meal plans and the recipes they name with their ingredient lines, written straight to the
database (the plan calls are not needed to test what a plan does in the kitchen)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from typing import Any

from larder.catalogue.models import Recipe, RecipeIngredient
from larder.cookbook.models import UserRecipe, UserRecipeIngredient
from larder.core.base.settings import Settings
from larder.imports.models import ImportedRecipe
from larder.mealplans.models import MealPlan, MealPlanEntry
from larder.sharing.models import Share
from tests.support import run_db

PLANS = "/api/pwa/user-mealplans"


@dataclass(frozen=True)
class Planned:
    """A recipe on a day: `type` as the plan stores it ('A9', USER, IMPORTED, CUSTOM, EXTERNAL_LINK)."""

    day: int
    type: str
    value: int | str | None
    name: str = "A recipe"


def make_plan(
    settings: Settings,
    owner_id: int,
    entries: list[Planned],
    *,
    days: int = 3,
    name: str = "Week",
    start: date | None = None,
) -> int:
    async def work(session: Any) -> int:
        plan = MealPlan(user_id=owner_id, name=name, days=days, entries=[])
        if start is not None:
            plan.schedule(start)
        positions: dict[int, int] = {}
        for entry in entries:
            position = positions.get(entry.day, 0)
            positions[entry.day] = position + 1
            plan.entries.append(
                MealPlanEntry(
                    day=entry.day,
                    position=position,
                    name=entry.name,
                    type=entry.type,
                    value=None if entry.value is None else str(entry.value),
                    checked=False,
                )
            )
        session.add(plan)
        await session.flush()
        return plan.id

    return run_db(settings, work)


def catalogue_recipe(
    settings: Settings, name: str, lines: list[tuple[int, float, str]], *, verified: bool = True
) -> int:
    """A catalogue recipe of (ingredient id, quantity, measurement) lines."""

    async def work(session: Any) -> int:
        recipe = Recipe(name=name, description="", serves=2, verified=verified, allergens=[])
        session.add(recipe)
        await session.flush()
        session.add_all(
            RecipeIngredient(recipe_id=recipe.id, ingredient_id=i, position=n, quantity=q, measurement=m)
            for n, (i, q, m) in enumerate(lines)
        )
        await session.flush()
        return recipe.id

    return run_db(settings, work)


def own_recipe(settings: Settings, owner_id: int, name: str, lines: list[tuple[int | str, float, str]]) -> int:
    """An own recipe of (ingredient id or custom name, quantity, measurement) lines."""

    async def work(session: Any) -> int:
        recipe = UserRecipe(
            user_id=owner_id,
            name=name,
            published=False,
            ingredients=[
                UserRecipeIngredient(
                    position=n,
                    ingredient_id=who if isinstance(who, int) else None,
                    custom_name=who if isinstance(who, str) else None,
                    quantity=q,
                    measurement=m,
                )
                for n, (who, q, m) in enumerate(lines)
            ],
            steps=[],
        )
        session.add(recipe)
        await session.flush()
        return recipe.id

    return run_db(settings, work)


def imported_recipe(settings: Settings, owner_id: int, name: str, lines: list[str]) -> int:
    async def work(session: Any) -> int:
        data = {"name": name, "recipeIngredient": lines, "recipeInstructions": []}
        found = ImportedRecipe(user_id=owner_id, url="https://example.org/r", data=json.dumps(data))
        session.add(found)
        await session.flush()
        return found.id

    return run_db(settings, work)


def share_plan(settings: Settings, plan_id: int, owner_id: int, email: str, *, can_edit: bool) -> None:
    async def work(session: Any) -> None:
        session.add(
            Share(entity_type="UserMealplan", entity_id=plan_id, owner_id=owner_id, email=email, can_edit=can_edit)
        )
        await session.flush()

    run_db(settings, work)


def share(client: Any, owner: Any, entity_type: str, entity_id: int, email: str, *, can_edit: bool) -> None:
    """A list or a store shared the HTTP way."""
    body = {"entity_id": entity_id, "type": entity_type, "shared_with": [{"email": email, "canEdit": can_edit}]}
    response = client.put("/api/pwa/share", json=body, headers=owner.headers)
    assert response.status_code == 200, response.text
