"""What a plan may name, by entry type (part 2 §3 'Plan recipe entry' and its details): catalogue
recipes anyone may see, the caller's own and imported recipes, http(s) links and custom entries.
The server stores the recipe's own name and image, never the sent ones, and never tells a caller
that another member's private recipe exists."""

from __future__ import annotations

from typing import Any

import pytest

from larder.imports.images import proxied_image
from tests.mealplans.support import (
    PLANS,
    catalogue_recipe,
    custom,
    day,
    get_plan,
    imported_recipe,
    names,
    new_plan,
    own_recipe,
    put_plan,
    recipe_category,
    share_plan,
)
from tests.stores.support import Statements
from tests.support import sql


def entry(entry_type: str, value: Any, name: str = "Sent name", image: str | None = "sent.png") -> dict[str, Any]:
    return {"name": name, "type": entry_type, "value": value, "image": image, "checked": False}


def planned(client: Any, member: Any, *recipes: dict[str, Any]) -> list[dict[str, Any]]:
    """The recipes of day 0 of a new plan holding `recipes`."""
    return new_plan(client, member, recipes=[day(0, *recipes)])["recipes"][0]["recipes"]


def refused_entries(client: Any, member: Any, *recipes: dict[str, Any]) -> list[str]:
    response = client.post(PLANS + "/", json={"name": "Week", "recipes": [day(0, *recipes)]}, headers=member.headers)
    assert response.status_code == 422, response.text
    assert list(response.json()["errors"]) == ["recipes"]
    return response.json()["errors"]["recipes"]


def unknown_recipe(client: Any, member: Any, *recipes: dict[str, Any]) -> str:
    """The 404's message of a create naming recipes the caller may not plan (ids that name nothing)."""
    response = client.post(PLANS + "/", json={"name": "Week", "recipes": [day(0, *recipes)]}, headers=member.headers)
    assert response.status_code == 404, response.text
    assert set(response.json()) == {"message"}
    return response.json()["message"]


@pytest.fixture
def household(member_factory):
    return (
        member_factory("alice_1", "alice@example.org", verified=True),
        member_factory("bobby_1", "bob@example.org", verified=True),
    )


# -- catalogue recipes ----------------------------------------------------------------------------


def test_a_catalogue_recipe_is_stored_with_its_own_name_image_and_category(client, settings, member):
    dinner = recipe_category(settings, "Dinner")
    pancakes = catalogue_recipe(settings, "Pancakes", category_id=dinner, image="catalogue/pancakes.webp")
    toast = catalogue_recipe(settings, "Toast")
    # Sent as 'A9' or as any category id (the answer's own type): the server finds the recipe.
    found = planned(client, member, entry("A9", pancakes), entry("77", str(toast), name="Fake", image=None))
    assert found == [
        {
            "name": "Pancakes",
            "value": pancakes,
            "image": "catalogue/pancakes.webp",
            "type": str(dinner),
            "checked": False,
        },
        # A recipe without a category is 'A9'.
        {"name": "Toast", "value": toast, "image": None, "type": "A9", "checked": False},
    ]


def test_an_unpublished_or_unknown_catalogue_recipe_is_refused(client, settings, member):
    withdrawn = catalogue_recipe(settings, "Withdrawn stew", verified=False)
    # An id that names nothing the caller may plan is a 404 naming the first such recipe.
    assert unknown_recipe(client, member, entry("A9", withdrawn), entry("A9", 987654)) == (
        f"There is no published recipe {withdrawn}"
    )
    # With other problems, every one is reported at once (422).
    assert refused_entries(client, member, entry("A9", withdrawn), entry("NOPE", 1)) == [
        "Unknown recipe type 'NOPE'",
        f"There is no published recipe {withdrawn}",
    ]
    assert sql(settings, "select count(*) from meal_plan") == [(0,)]


# -- own and imported recipes ---------------------------------------------------------------------


def test_an_own_recipe_is_stored_with_its_name_and_image(client, settings, household):
    alice, _ = household
    soup = own_recipe(settings, alice.id, "Alice soup", image="user/soup.webp")
    (found,) = planned(client, alice, entry("USER", soup))
    assert found == {"name": "Alice soup", "value": soup, "image": "user/soup.webp", "type": "USER", "checked": False}


def test_another_members_private_recipe_is_refused_like_one_that_does_not_exist(client, settings, household):
    alice, bob = household
    secret = own_recipe(settings, bob.id, "Bob secret curry")
    response = client.post(
        PLANS + "/", json={"name": "Week", "recipes": [day(0, entry("USER", secret))]}, headers=alice.headers
    )
    assert response.status_code == 404
    assert response.json() == {"message": f"You have no recipe {secret}"}
    assert "curry" not in response.text.lower()
    nothing = client.post(
        PLANS + "/", json={"name": "Week", "recipes": [day(0, entry("USER", secret + 1000))]}, headers=alice.headers
    )
    assert (nothing.status_code, nothing.json()) == (404, {"message": f"You have no recipe {secret + 1000}"})
    # Bob may plan it.
    assert planned(client, bob, entry("USER", secret))[0]["name"] == "Bob secret curry"


def test_an_imported_recipe_is_named_by_its_page(client, settings, household):
    alice, bob = household
    lasagne = imported_recipe(
        settings,
        alice.id,
        {"name": "Web lasagne", "image": [{"url": "https://example.org/lasagne.jpg"}, "https://example.org/b.jpg"]},
    )
    no_name = imported_recipe(settings, alice.id, {"message": "No recipe found"}, url="https://example.org/page")
    bobs = imported_recipe(settings, bob.id, {"name": "Bob import"})
    found = planned(client, alice, entry("IMPORTED", lasagne), entry("IMPORTED", no_name))
    assert found == [
        {
            "name": "Web lasagne",
            "value": lasagne,
            # the page's picture, kept as its link and answered through the image proxy
            "image": proxied_image(settings.secret_key, "https://example.org/lasagne.jpg"),
            "type": "IMPORTED",
            "checked": False,
        },
        {"name": "https://example.org/page", "value": no_name, "image": None, "type": "IMPORTED", "checked": False},
    ]
    assert unknown_recipe(client, alice, entry("IMPORTED", bobs)) == f"You have no imported recipe {bobs}"


@pytest.mark.parametrize("value", [None, "soup", "", 0, "-3", 2**63])
def test_a_recipe_entry_needs_an_id(client, member, value):
    response = client.post(
        PLANS + "/", json={"name": "Week", "recipes": [day(0, entry("USER", value))]}, headers=member.headers
    )
    assert response.status_code == 422, response.text


def test_a_recipe_entrys_value_is_named_in_the_message(client, member):
    assert refused_entries(client, member, entry("USER", "soup")) == [
        "A recipe of type USER needs the recipe's id as its value"
    ]


# -- links, custom entries, unknown types ---------------------------------------------------------


def test_an_external_link_keeps_its_url_and_name(client, member):
    found = planned(
        client,
        member,
        entry("EXTERNAL_LINK", "https://example.org/best-soup", name="Best soup"),
        entry("EXTERNAL_LINK", "http://example.org/x", name=""),
    )
    assert found == [
        {
            "name": "Best soup",
            "value": "https://example.org/best-soup",
            "image": None,
            "type": "EXTERNAL_LINK",
            "checked": False,
        },
        {
            "name": "http://example.org/x",
            "value": "http://example.org/x",
            "image": None,
            "type": "EXTERNAL_LINK",
            "checked": False,
        },
    ]


@pytest.mark.parametrize("value", ["javascript:alert(1)", "ftp://example.org/a", "example.org", "", None, 12])
def test_an_external_link_must_be_an_http_address(client, member, value):
    assert refused_entries(client, member, entry("EXTERNAL_LINK", value)) == [
        "An external link must be an http or https address"
    ]


def test_a_custom_entry_has_a_name_and_no_value_or_image(client, member):
    (found,) = planned(client, member, entry("CUSTOM", "CUSTOM-123", name=" Leftovers ", image="x.png"))
    assert found == {"name": "Leftovers", "value": None, "image": None, "type": "CUSTOM", "checked": False}
    assert refused_entries(client, member, entry("CUSTOM", None, name="  ")) == ["A custom entry needs a name"]


@pytest.mark.parametrize("entry_type", ["RECIPE", "user", "A10", "", "12a"])
def test_an_unknown_type_is_refused(client, member, entry_type):
    assert refused_entries(client, member, entry(entry_type, 1)) == [f"Unknown recipe type '{entry_type}'"]


def test_the_checked_flag_is_kept(client, member):
    found = planned(client, member, custom("Soup", checked=True), custom("Tea"))
    assert [recipe["checked"] for recipe in found] == [True, False]


# -- editing entries ------------------------------------------------------------------------------


def test_an_entry_already_on_the_plan_is_kept_as_it_is(client, settings, household):
    """The editor's autosave sends every entry back: those already planned are not looked up again,
    so a plan shared with edit rights can be saved by a member who could not add the owner's own
    recipes themselves, and a recipe withdrawn since it was planned stays on the plan."""
    alice, bob = household
    soup = own_recipe(settings, alice.id, "Alice soup")
    stew = catalogue_recipe(settings, "Stew")
    other = own_recipe(settings, alice.id, "Alice pie")
    plan = new_plan(client, alice, recipes=[day(0, entry("USER", soup)), day(1, entry("A9", stew))])
    share_plan(client, alice, plan["user_mealplan_id"], bob.email, can_edit=True)
    sql(settings, "update recipe set verified = false where id = :id", id=stew)

    sent = [*plan["recipes"][:2], day(2, custom("Bob's pizza"))]
    answer = put_plan(client, bob, plan["user_mealplan_id"], {"recipes": sent})["data"]
    assert names(answer) == [["Alice soup"], ["Stew"], ["Bob's pizza"]]
    assert answer["recipes"][0]["recipes"][0]["value"] == soup
    # Bob cannot add Alice's other recipe: it is not his and not on the plan.
    response = client.put(
        f"{PLANS}/{plan['user_mealplan_id']}",
        json={"recipes": [*sent[:2], day(2, custom("Bob's pizza"), entry("USER", other))]},
        headers=bob.headers,
    )
    assert response.status_code == 404
    assert response.json() == {"message": f"You have no recipe {other}"}
    assert "pie" not in response.text
    # Nor plan the withdrawn recipe anew elsewhere.
    assert unknown_recipe(client, alice, entry("A9", stew)) == f"There is no published recipe {stew}"


def test_a_moved_recipe_keeps_its_stored_name(client, settings, member):
    soup = own_recipe(settings, member.id, "Real soup")
    plan = new_plan(client, member, recipes=[day(0, entry("USER", soup))])
    moved = put_plan(
        client, member, plan["user_mealplan_id"], {"recipes": [day(2, entry("USER", soup, name="Renamed"))]}
    )
    assert names(moved["data"]) == [[], [], ["Real soup"]]
    assert get_plan(client, member, plan["user_mealplan_id"]) == moved["data"]


def test_recipes_are_looked_up_in_one_query_per_kind(client, settings, member):
    """Planning 30 recipes costs the statements of planning 3."""
    recipes = {
        "A9": [catalogue_recipe(settings, f"Dish {n}") for n in range(10)],
        "USER": [own_recipe(settings, member.id, f"Mine {n}") for n in range(10)],
        "IMPORTED": [imported_recipe(settings, member.id, {"name": f"Web {n}"}) for n in range(10)],
    }
    counts = []
    client.get("/api/pwa/account", headers=member.headers)  # the caller is then known to both
    for size in (1, 10):
        days = [day(n, *[entry(kind, ids[n]) for kind, ids in recipes.items()]) for n in range(size)]
        with Statements() as statements:
            plan = new_plan(client, member, days=10, recipes=days)
        assert sum(len(d["recipes"]) for d in plan["recipes"]) == 3 * size
        counts.append(len(statements))
    assert counts[0] == counts[1], counts


def test_an_autosave_writes_again_only_the_days_it_changed(client, settings, member):
    """The editor saves the whole week at every change; the rows of the days it left alone stay."""
    week = [day(n, custom(f"Dinner {n}"), custom(f"Lunch {n}")) for n in range(7)]
    plan = new_plan(client, member, days=7, recipes=week)
    plan_id = plan["user_mealplan_id"]
    before = dict(sql(settings, "select id, day from meal_plan_entry where plan_id = :id", id=plan_id))
    week[3] = day(3, custom("Soup"))
    week[5] = day(5, custom("Dinner 5"), custom("Lunch 5"), custom("Cake"))
    saved = client.put(f"{PLANS}/{plan_id}", json={"recipes": week}, headers=member.headers)
    assert saved.status_code == 200, saved.text
    after = dict(sql(settings, "select id, day from meal_plan_entry where plan_id = :id", id=plan_id))
    kept = {row_id for row_id, number in before.items() if number not in (3, 5)}
    assert kept <= after.keys() and not ({i for i, n in before.items() if n in (3, 5)} & after.keys())
    stored = get_plan(client, member, plan_id)["recipes"]
    assert [[r["name"] for r in d["recipes"]] for d in stored] == [[r["name"] for r in d["recipes"]] for d in week]
