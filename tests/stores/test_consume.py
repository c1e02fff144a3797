"""Stock used up through `StoresService.consume` (a completed meal plan takes its stock this way):
the arithmetic, and the store's own guard, whoever calls it."""

from __future__ import annotations

from typing import Any

import pytest

from larder.catalogue.service import CatalogueService
from larder.core.base.errors import AppError
from larder.sharing.service import AccessPolicy
from larder.sharing.service import Member as Caller
from larder.stores.schemas import StockUse
from larder.stores.service import StoresService
from tests.stores.support import get_store, new_store, receive
from tests.support import run_db


def consume(settings: Any, who: Any, uses: list[StockUse]) -> Any:
    async def work(session: Any) -> Any:
        stores = StoresService(
            session,
            catalogue=CatalogueService(session, uploads_dir=settings.uploads_dir),
            access=AccessPolicy(session),
            zone=settings.timezone,
        )
        return await stores.consume(Caller(id=who.id, email=who.email, verified=True), uses)

    return run_db(settings, work)


@pytest.fixture
def larder(client, member_factory, kitchen):
    owner = member_factory("owner_1", "owner@example.org", verified=True)
    viewer = member_factory("viewer_1", "viewer@example.org", verified=True)
    editor = member_factory("editor_1", "editor@example.org", verified=True)
    stranger = member_factory("stranger_1", "stranger@example.org", verified=True)
    store = new_store(client, owner, "Pantry")
    items = receive(
        client,
        owner,
        store["id"],
        [
            {"value": kitchen.value("Flour"), "quantity": 1, "unit": "kg"},
            {"value": kitchen.value("Milk"), "quantity": 2, "unit": "l"},
        ],
    )["items"]
    body = {
        "entity_id": store["id"],
        "type": "UserFoodStore",
        "shared_with": [{"email": viewer.email, "canEdit": False}, {"email": editor.email, "canEdit": True}],
    }
    assert client.put("/api/pwa/share", json=body, headers=owner.headers).status_code == 200
    people = {"owner": owner, "viewer": viewer, "editor": editor, "stranger": stranger}
    return people, store, {item["name"]: item["id"] for item in items}


def test_uses_are_converted_added_up_and_an_emptied_item_goes(client, settings, larder):
    people, store, ids = larder
    used = consume(
        settings,
        people["editor"],
        [
            StockUse(item_id=ids["Flour"], quantity=250, unit="g"),
            StockUse(item_id=ids["Flour"], quantity=0.5, unit="kg"),
            StockUse(item_id=ids["Milk"], quantity=2000, unit="ml"),
        ],
    )
    assert [(u.item_id, u.used, u.unit, u.left, u.removed) for u in used] == [
        (ids["Flour"], 0.75, "kg", 0.25, False),
        (ids["Milk"], 2, "l", 0, True),
    ]
    items = get_store(client, people["owner"], store["id"])["items"]
    assert [(i["name"], i["quantity"], i["unit"]) for i in items] == [("Flour", 0.25, "kg")]


@pytest.mark.parametrize(("role", "status"), [("viewer", 403), ("stranger", 404)])
def test_only_a_member_who_may_change_the_store_takes_from_it(client, settings, larder, role, status):
    people, store, ids = larder
    with pytest.raises(AppError) as refused:
        consume(settings, people[role], [StockUse(item_id=ids["Flour"], quantity=1, unit="g")])
    assert refused.value.status_code == status
    assert get_store(client, people["owner"], store["id"])["items"][0]["quantity"] == 1


def test_a_unit_that_does_not_convert_or_an_item_gone_is_refused(settings, larder):
    people, _, ids = larder
    with pytest.raises(AppError) as refused:
        consume(settings, people["owner"], [StockUse(item_id=ids["Flour"], quantity=1, unit="cup(s)")])
    assert refused.value.status_code == 422
    with pytest.raises(AppError) as gone:
        consume(settings, people["owner"], [StockUse(item_id=ids["Flour"] + 100, quantity=1, unit="g")])
    assert gone.value.status_code == 409


def test_nothing_to_use_changes_nothing(settings, larder):
    people, _, _ = larder
    assert consume(settings, people["owner"], []) == []
