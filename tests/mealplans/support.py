"""Meal plan calls and the recipes a plan may name, made as rows (no catalogue seed, cookbook
validation or page fetch needed to have a recipe of each kind)."""

from __future__ import annotations

import json
from typing import Any

from larder.catalogue.models import KIND_RECIPE, Category, Recipe
from larder.cookbook.models import UserRecipe
from larder.core.base.settings import Settings
from larder.imports.models import ImportedRecipe
from tests.support import run_db

PLANS = "/api/pwa/user-mealplans"
SHARE = "/api/pwa/share"


def _added(settings: Settings, row: Any) -> int:
    async def work(session: Any) -> int:
        session.add(row)
        await session.flush()
        row_id = row.id
        await session.commit()
        return row_id

    return run_db(settings, work)


def recipe_category(settings: Settings, name: str = "Dinner") -> int:
    return _added(settings, Category(key=f"recipe:{name.lower()}", name=name, kind=KIND_RECIPE))


def catalogue_recipe(
    settings: Settings, name: str, *, category_id: int | None = None, image: str | None = None, verified: bool = True
) -> int:
    return _added(settings, Recipe(name=name, category_id=category_id, image=image, verified=verified))


def own_recipe(settings: Settings, user_id: int, name: str, image: str | None = None) -> int:
    return _added(settings, UserRecipe(user_id=user_id, name=name, image=image, published=False))


def imported_recipe(settings: Settings, user_id: int, data: dict[str, Any], url: str = "https://example.org/r") -> int:
    return _added(settings, ImportedRecipe(user_id=user_id, url=url, data=json.dumps(data)))


def custom(name: str, checked: bool = False) -> dict[str, Any]:
    return {"name": name, "type": "CUSTOM", "value": None, "checked": checked}


def day(number: int, *recipes: dict[str, Any]) -> dict[str, Any]:
    return {"day": number, "recipes": list(recipes)}


def new_plan(client: Any, member: Any, name: str = "Week one", **fields: Any) -> dict[str, Any]:
    response = client.post(PLANS + "/", json={"name": name, **fields}, headers=member.headers)
    assert response.status_code == 201, response.text
    return response.json()["data"]


def get_plan(client: Any, member: Any, plan_id: int) -> dict[str, Any]:
    response = client.get(f"{PLANS}/{plan_id}", headers=member.headers)
    assert response.status_code == 200, response.text
    return response.json()["data"]


def put_plan(client: Any, member: Any, plan_id: int, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    response = client.put(f"{PLANS}/{plan_id}", json=body, headers=member.headers)
    assert response.status_code == status, response.text
    return response.json()


def share_plan(client: Any, owner: Any, plan_id: int, email: str, can_edit: bool = False) -> None:
    body = {"entity_id": plan_id, "type": "UserMealplan", "shared_with": [{"email": email, "canEdit": can_edit}]}
    response = client.put(SHARE, json=body, headers=owner.headers)
    assert response.status_code == 200, response.text


def dates(plan: dict[str, Any]) -> list[str | None]:
    return [entry["date"] for entry in plan["recipes"]]


def names(plan: dict[str, Any]) -> list[list[str]]:
    return [[recipe["name"] for recipe in entry["recipes"]] for entry in plan["recipes"]]
