"""Shared set-up for the cookbook and moderation tests: a seeded catalogue, authors, an admin, drafts."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.catalogue.fixtures import seed, write_catalogue
from tests.support import sql

CREATOR = "/api/pwa/user-recipe-creator"
VALIDATE = "/api/pwa/user-recipe-validate"
REQUESTS = "/api/pwa/publish-requests"
ADMIN_REQUESTS = "/api/admin/publish-requests"


class Catalogue:
    def __init__(self, ingredients: dict[str, int], categories: dict[str, int]) -> None:
        self.ingredients = ingredients
        self.categories = categories

    def draft(self, **changes: Any) -> dict[str, Any]:
        """A complete, publishable draft made of catalogue ingredients."""
        body: dict[str, Any] = {
            "name": "Tomato pasta bake",
            "description": "Baked pasta with tomatoes.",
            "serves": 3,
            "category_id": self.categories["Mains"],
            "image": None,
            "published": True,
            "ingredients": [
                {"value": self.ingredients["Tomato"], "name": "Tomato", "quantity": 3},
                {
                    "value": str(self.ingredients["Pasta"]),
                    "name": "Pasta",
                    "quantity": 200,
                    "measurement": "g",
                    "treatment": "boiled",
                },
            ],
            "steps": [
                {"id": "step-a", "title": "Boil", "description": "Boil the pasta.", "timer": "00:10:00"},
                {"id": "step-b", "title": "Bake", "description": "Bake it with the tomatoes.", "timer": None},
            ],
        }
        body.update(copy.deepcopy(changes))
        return body


@pytest.fixture
def catalogue(settings, tmp_path) -> Catalogue:
    seed(settings, write_catalogue(tmp_path / "catalogue"))
    ingredients = {row[1]: row[0] for row in sql(settings, "select id, name from ingredient")}
    categories = {row[1]: row[0] for row in sql(settings, "select id, name from category")}
    return Catalogue(ingredients, categories)


@pytest.fixture
def author(member):
    return member


@pytest.fixture
def other(member_factory):
    return member_factory("bob_22", "bob@example.org")


@pytest.fixture
def admin(member_factory):
    return member_factory("admin_1", "admin@example.org", admin=True)


def create(client, who, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(CREATOR, headers=who.headers, json=body)
    assert response.status_code == 201, response.text
    return response.json()["data"]


def publish(client, who, user_recipe_id: int):
    return client.post(
        REQUESTS + "/", headers=who.headers, json={"entity_id": user_recipe_id, "entity_type": "UserRecipe"}
    )


def own(client, who, user_recipe_id: int) -> dict[str, Any]:
    response = client.get(f"{CREATOR}/{user_recipe_id}", headers=who.headers)
    assert response.status_code == 200, response.text
    return response.json()


def approve(client, admin, request_id: int):
    return client.post(f"{ADMIN_REQUESTS}/{request_id}/approve", headers=admin.headers)


def published_copy(client, who, body: dict[str, Any], admin) -> dict[str, Any]:
    """Create, publish and approve a recipe; answers the author's view of it."""
    recipe = create(client, who, body)
    request = publish(client, who, recipe["user_recipe_id"])
    assert request.status_code == 201, request.text
    approved = approve(client, admin, request.json()["data"]["id"])
    assert approved.status_code == 200, approved.text
    return own(client, who, recipe["user_recipe_id"])


def search_ids(client, text: str) -> list[int]:
    response = client.get("/api/pwa/recipe-search", params={"search": text})
    assert response.status_code == 200, response.text
    return [r["recipe_id"] for r in response.json()["data"]]
