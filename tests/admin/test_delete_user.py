"""DELETE /api/admin/users/{id}: an account goes with everything it owns, in one transaction.

Which tables an account owns rows in is read from the database's own foreign keys, so a table added
later that names `user_account` fails here until the household below owns a row in it.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from sqlalchemy import inspect

from larder.accounts.administration import MSG_DELETE_LAST_ADMIN, MSG_DELETE_SELF, MSG_USER_NOT_FOUND
from larder.accounts.service import UserService
from larder.core.base.errors import Conflict
from larder.imports.models import ImportedRecipe
from larder.mealplans.models import MealPlan, MealPlanEntry
from tests.cookbook.support import catalogue as catalogue
from tests.cookbook.support import create, publish, published_copy
from tests.stores.support import LISTS, STORES, new_list, new_store
from tests.support import run_db, sql

USERS = "/api/admin/users"
SHARE = "/api/pwa/share"
VICTIM_EMAIL = "alice@example.org"


def user_tables(settings) -> dict[str, tuple[str, str]]:
    """Every table naming an account: {table: (column, on delete)}, as the database declares it."""

    def foreign_keys(connection) -> dict[str, tuple[str, str]]:
        schema = inspect(connection)
        found = {}
        for table in schema.get_table_names():
            for key in schema.get_foreign_keys(table):
                if key["referred_table"] == "user_account":
                    on_delete = key["options"].get("ondelete") or "NO ACTION"
                    found[table] = (key["constrained_columns"][0], on_delete.upper())
        return found

    async def work(session):
        return await (await session.connection()).run_sync(foreign_keys)

    return run_db(settings, work)


def rows_of(settings, user_id: int) -> dict[str, int]:
    return {
        table: sql(settings, f"select count(*) from {table} where {column} = :id", id=user_id)[0][0]  # noqa: S608
        for table, (column, _) in user_tables(settings).items()
    }


def share(client, who, entity_id: int, entity_type: str, email: str, can_edit: bool = True) -> None:
    body = {"entity_id": entity_id, "type": entity_type, "shared_with": [{"email": email, "canEdit": can_edit}]}
    response = client.put(SHARE, json=body, headers=who.headers)
    assert response.status_code == 200, response.text


@pytest.fixture
def household(client, settings, member_factory, registered_member_factory, catalogue) -> dict[str, Any]:
    """An administrator, a friend, and alice, who owns a row in every table that names an account."""
    admin = member_factory("admin_1", "admin@example.org", verified=True, admin=True)
    friend = member_factory("friend_1", "friend@example.org", verified=True)
    alice = registered_member_factory("alice_1", VICTIM_EMAIL)  # a verification link, a session
    sql(
        settings, "update user_account set email_verified_at = '2026-01-01 00:00:00.000000' where id = :id", id=alice.id
    )
    tomato = str(catalogue.ingredients["Tomato"])

    published = published_copy(client, alice, catalogue.draft(name="Alice's tomato bake"), admin)
    recipe_id = published["recipe_id"]
    draft = create(client, alice, catalogue.draft(name="Alice's pasta"))
    assert publish(client, alice, draft["user_recipe_id"]).status_code == 201  # a pending request
    saved = client.post("/api/pwa/user-saved-recipes", json={"recipe_id": recipe_id}, headers=alice.headers)
    assert saved.status_code == 201, saved.text

    async def imported(session: Any) -> None:
        session.add(ImportedRecipe(user_id=alice.id, url="https://example.org/r", data="{}", import_failed=True))
        await session.flush()

    run_db(settings, imported)

    async def planned(session: Any) -> int:
        plan = MealPlan(user_id=alice.id, name="Week", days=1, entries=[])
        plan.entries.append(MealPlanEntry(day=0, position=0, name="Soup", type="CUSTOM"))
        session.add(plan)
        await session.flush()
        return plan.id

    plan_id = run_db(settings, planned)
    feed = client.post("/api/pwa/calendar-feed", headers=alice.headers)
    assert feed.status_code == 200, feed.text
    feed_url = feed.json()["data"]["url"]

    pantry = new_store(client, alice, "Pantry")
    shop = new_list(client, alice, "Weekly shop", [{"value": tomato, "quantity": 3}, {"name": "Candles"}])
    done = client.post(
        f"{LISTS}/{shop['user_shoppinglist_id']}/complete",
        json={"request_id": "shop-0001", "checked": [tomato], "store_id": pantry["id"], "delete_list": False},
        headers=alice.headers,
    )
    assert done.status_code == 200, done.text
    learned = client.post(
        "/api/pwa/receipt-scan/matches",
        json={"matches": [{"name": "TOMS LOOSE", "value": int(tomato)}]},
        headers=alice.headers,
    )
    assert learned.status_code == 204, learned.text
    digest = client.put("/api/pwa/notifications/settings", json={"expiry_email": True}, headers=alice.headers)
    assert digest.status_code == 200, digest.text
    share(client, alice, shop["user_shoppinglist_id"], "UserShoppinglist", "friend@example.org")
    share(client, alice, pantry["id"], "UserFoodStore", "friend@example.org")

    # What the friend shares with alice's address, and with somebody else.
    friends_list = new_list(client, friend, "Friends shop")
    friends_store = new_store(client, friend, "Friends fridge")
    share(client, friend, friends_list["user_shoppinglist_id"], "UserShoppinglist", VICTIM_EMAIL)
    share(client, friend, friends_store["id"], "UserFoodStore", VICTIM_EMAIL)
    share(client, friend, friends_store["id"], "UserFoodStore", "carol@example.org")
    default = client.put(
        f"{SHARE}/default",
        json={"entity_id": friends_store["id"], "entity_type": "UserFoodStore"},
        headers=alice.headers,
    )
    assert default.status_code == 200, default.text
    return {
        "admin": admin,
        "friend": friend,
        "alice": alice,
        "recipe_id": recipe_id,
        "own_recipes": [published["user_recipe_id"], draft["user_recipe_id"]],
        "store": pantry["id"],
        "list": shop["user_shoppinglist_id"],
        "plan": plan_id,
        "feed_url": feed_url,
        "friends_list": friends_list["user_shoppinglist_id"],
        "friends_store": friends_store["id"],
    }


def test_deleting_an_account_removes_every_row_it_owns(client, settings, household):
    admin, alice = household["admin"], household["alice"]
    before = rows_of(settings, alice.id)
    kept = {t for t, (_, on_delete) in user_tables(settings).items() if on_delete == "SET NULL"}
    assert kept == {"inbox_message", "recipe"}, "a new table naming an account: decide what deleting it does"
    empty = sorted(t for t, n in before.items() if n == 0 and t not in kept)
    assert not empty, f"the household owns nothing in {empty}: give alice a row there"
    owned_children = {
        "user_recipe_ingredient": ("user_recipe_id", household["own_recipes"]),
        "user_recipe_step": ("user_recipe_id", household["own_recipes"]),
        "store_item": ("store_id", [household["store"]]),
        "shopping_list_item": ("list_id", [household["list"]]),
        "meal_plan_entry": ("plan_id", [household["plan"]]),
    }
    for table, (column, ids) in owned_children.items():
        assert sql(settings, f"select count(*) from {table} where {column} in ({','.join(map(str, ids))})")[0][0]  # noqa: S608

    response = client.delete(f"{USERS}/{alice.id}", headers=admin.headers)

    assert response.status_code == 204, response.text
    assert not any(rows_of(settings, alice.id).values())
    for table, (column, ids) in owned_children.items():
        assert not sql(settings, f"select count(*) from {table} where {column} in ({','.join(map(str, ids))})")[0][0]  # noqa: S608
    assert sql(settings, "select count(*) from share where email = :e", e=VICTIM_EMAIL) == [(0,)]
    assert [u["email"] for u in client.get(USERS, headers=admin.headers).json()] == [
        "admin@example.org",
        "friend@example.org",
    ]
    assert client.get("/api/pwa/account", headers=alice.headers).status_code == 401
    assert client.get(urlsplit(household["feed_url"]).path).status_code == 404  # the calendar feed is gone


def test_what_it_published_stays_in_the_catalogue(client, settings, household):
    recipe_id = household["recipe_id"]
    assert client.delete(f"{USERS}/{household['alice'].id}", headers=household["admin"].headers).status_code == 204
    recipe = client.get(f"/api/pwa/recipes/{recipe_id}")
    assert recipe.status_code == 200, recipe.text
    assert recipe.json()["name"] == "Alice's tomato bake"
    assert sql(settings, "select verified, author_id, author_name from recipe where id = :id", id=recipe_id) == [
        (1, None, "alice_1")
    ]


def test_others_keep_their_things_and_lose_only_what_was_alices(client, household):
    friend = household["friend"]
    assert client.delete(f"{USERS}/{household['alice'].id}", headers=household["admin"].headers).status_code == 204
    assert client.get(SHARE, headers=friend.headers).json()["data"] == []  # alice's list and store are gone
    assert [s["name"] for s in client.get(LISTS, headers=friend.headers).json()["data"]] == ["Friends shop"]
    store = client.get(f"{STORES}/{household['friends_store']}", headers=friend.headers).json()["data"]
    assert store["shared_with"] == [{"email": "carol@example.org", "canEdit": True}]
    shop = client.get(f"{LISTS}/{household['friends_list']}", headers=friend.headers).json()["shopping_list"]
    assert shop["shared_with"] == []


def test_a_new_account_with_the_address_inherits_nothing(client, member_factory, household):
    assert client.delete(f"{USERS}/{household['alice'].id}", headers=household["admin"].headers).status_code == 204
    newcomer = member_factory("alice_2", VICTIM_EMAIL, verified=True)
    assert client.get(SHARE, headers=newcomer.headers).json()["data"] == []
    assert client.get(LISTS, headers=newcomer.headers).json()["data"] == []
    assert client.get(STORES, headers=newcomer.headers).json()["data"] == []
    assert client.get(f"{LISTS}/{household['friends_list']}", headers=newcomer.headers).status_code == 404
    assert client.get(f"{STORES}/{household['friends_store']}", headers=newcomer.headers).status_code == 404


def test_only_an_administrator_deletes(client, member_factory):
    member = member_factory("bob_22", "bob@example.org", verified=True)
    victim = member_factory("carol_1", "carol@example.org")
    response = client.delete(f"{USERS}/{victim.id}", headers=member.headers)
    assert response.status_code == 403
    assert response.json()["message"] == "Only an administrator may do this."
    assert client.get("/api/pwa/account", headers=victim.headers).status_code == 200


def test_an_unknown_account_is_not_found(client, member_factory):
    admin = member_factory("admin_1", "admin@example.org", admin=True)
    response = client.delete(f"{USERS}/999999", headers=admin.headers)
    assert response.status_code == 404
    assert response.json() == {"message": MSG_USER_NOT_FOUND}


def test_an_administrator_cannot_delete_themselves(client, member_factory):
    admin = member_factory("admin_1", "admin@example.org", admin=True)
    member_factory("admin_2", "second@example.org", admin=True)
    response = client.delete(f"{USERS}/{admin.id}", headers=admin.headers)
    assert response.status_code == 409
    assert response.json() == {"message": MSG_DELETE_SELF}
    assert client.get("/api/pwa/account", headers=admin.headers).status_code == 200


def test_an_administrator_deletes_another_administrator(client, member_factory):
    admin = member_factory("admin_1", "admin@example.org", admin=True)
    other = member_factory("admin_2", "second@example.org", admin=True)
    assert client.delete(f"{USERS}/{other.id}", headers=admin.headers).status_code == 204
    assert [u["email"] for u in client.get(USERS, headers=admin.headers).json()] == ["admin@example.org"]


def test_the_last_administrator_is_never_deleted(settings, member_factory):
    # Over the API the caller is an administrator other than the one deleted; this is the case of a
    # caller demoted (or deleted) while their request waited for its turn.
    caller = member_factory("bob_22", "bob@example.org")
    admin = member_factory("admin_1", "admin@example.org", admin=True)

    async def work(session: Any) -> None:
        await UserService(session=session, settings=settings).delete_account(admin.id, acting_id=caller.id)

    with pytest.raises(Conflict) as refused:
        run_db(settings, work)
    assert refused.value.detail == MSG_DELETE_LAST_ADMIN
    assert sql(settings, "select role from user_account where id = :id", id=admin.id) == [("admin",)]
