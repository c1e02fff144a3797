"""Shopping lists over HTTP: create, read, edit, delete and merge, good and bad input (part 2 §3, §4, §5, §7, §9)."""

from __future__ import annotations

import pytest

from larder.core.base.ids import ID_MAX
from larder.items.resolve import (
    MSG_CUSTOM_NAME,
    MSG_QUANTITY_POSITIVE,
    MSG_UNIT,
    MSG_UNKNOWN_CUSTOM,
    MSG_UNKNOWN_INGREDIENT,
)
from larder.kitchen.units import STOCK_UNITS
from tests.stores.support import LISTS, get_list, items_by_name, new_list, snapshot
from tests.support import sql

PLAIN = "may only contain letters, numbers and spaces"
NAME_REQUIRED = "The name field is required."
QUANTITY_MIN = "The quantity must be at least 1."


def test_create_answers_the_list_with_every_field_of_the_spec(client, member, kitchen):
    response = client.post(
        LISTS,
        json={
            "name": "Weekly shop",
            "ingredients": [{"value": kitchen.ingredients["Flour"], "quantity": 2, "unit": "kg"}],
        },
        headers=member.headers,
    )
    assert response.status_code == 201, response.text
    created = response.json()["data"]
    assert created["name"] == "Weekly shop"
    assert created["user_id"] == member.id
    assert created["owner_name"] == member.name
    assert created["shared_with"] == []
    assert created["role"] == "owner"
    assert isinstance(created["user_shoppinglist_id"], int)
    (flour,) = created["ingredients"]
    assert set(flour) == {
        "value",
        "name",
        "quantity",
        "unit",
        "measurement",
        "default_unit",
        "default_quantity",
        "image",
        "checked",
        "date_added",
        "category_id",
    }
    assert flour["value"] == kitchen.value("Flour")
    assert flour["name"] == "Flour"
    assert (flour["quantity"], flour["unit"], flour["measurement"]) == (2, "kg", "kg")
    assert (flour["default_unit"], flour["default_quantity"]) == ("g", 1)
    assert flour["category_id"] == kitchen.categories["Baking"]
    assert flour["checked"] is False
    # The single fetch answers {shopping_list: ...} as the spec says.
    fetched = client.get(f"{LISTS}/{created['user_shoppinglist_id']}", headers=member.headers)
    assert fetched.status_code == 200
    assert fetched.json() == {"shopping_list": created}


def test_catalogue_items_take_name_category_and_default_unit_from_the_catalogue(client, member, kitchen):
    created = new_list(client, member, ingredients=[{"value": kitchen.value("Milk"), "name": "Goat milk", "unit": "l"}])
    (milk,) = created["ingredients"]
    assert (milk["name"], milk["default_unit"], milk["unit"]) == ("Milk", "ml", "l")
    # The first item has quantity 1; without a unit it is in the ingredient's default unit.
    assert milk["quantity"] == 1
    egg = new_list(client, member, "Eggs", [{"value": kitchen.ingredients["Egg"]}])["ingredients"][0]
    assert (egg["quantity"], egg["unit"]) == (1, "unit(s)")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", NAME_REQUIRED),
        ("   ", NAME_REQUIRED),
        ("Weekly shop!", PLAIN),
        ("fish_and_chips", PLAIN),
        ("Aldi-run", PLAIN),
        ("Tesco, Monday", PLAIN),
    ],
)
def test_a_list_name_is_required_and_plain(client, member, name, message):
    response = client.post(LISTS, json={"name": name, "ingredients": []}, headers=member.headers)
    assert response.status_code == 422
    assert response.json() == {"message": message, "errors": {"name": [message]}}


def test_a_missing_name_is_required_too(client, member):
    response = client.post(LISTS, json={"ingredients": []}, headers=member.headers)
    assert response.status_code == 422
    assert response.json()["errors"] == {"name": ["This field is required."]}


@pytest.mark.parametrize("name", ["Weekly shop", "Wochenmarkt 2", "Épicerie du coin", "Сумка 1", "a"])
def test_plain_names_in_any_alphabet_are_taken(client, member, name):
    assert new_list(client, member, name)["name"] == name


def test_renaming_checks_the_name_and_keeps_it_when_left_out(client, member, kitchen):
    created = new_list(client, member, "Weekly shop", [{"value": kitchen.value("Egg")}])
    url = f"{LISTS}/{created['user_shoppinglist_id']}"
    for name, message in (("", NAME_REQUIRED), ("Party!!", PLAIN)):
        response = client.put(url, json={"name": name}, headers=member.headers)
        assert response.status_code == 422
        assert response.json()["errors"] == {"name": [message]}
    assert get_list(client, member, created["user_shoppinglist_id"])["name"] == "Weekly shop"
    renamed = client.put(url, json={"name": "Party food"}, headers=member.headers)
    assert renamed.status_code == 200
    assert renamed.json()["data"]["name"] == "Party food"
    unnamed = client.put(url, json={"ingredients": [{"value": kitchen.value("Milk")}]}, headers=member.headers)
    assert unnamed.json()["data"]["name"] == "Party food"


@pytest.mark.parametrize("quantity", [0.5, 0.999])
def test_typed_quantities_are_at_least_one_on_create_and_edit(client, member, kitchen, quantity, settings):
    response = client.post(
        LISTS,
        json={"name": "Weekly", "ingredients": [{"value": kitchen.value("Flour"), "quantity": quantity}]},
        headers=member.headers,
    )
    assert response.status_code == 422
    assert response.json()["message"] == QUANTITY_MIN
    created = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour"), "quantity": 3}])
    before = snapshot(settings)
    response = client.put(
        f"{LISTS}/{created['user_shoppinglist_id']}",
        json={"ingredients": [{"value": kitchen.value("Flour"), "quantity": quantity}]},
        headers=member.headers,
    )
    assert response.status_code == 422
    assert response.json()["message"] == QUANTITY_MIN
    assert snapshot(settings) == before


@pytest.mark.parametrize("quantity", [0, -1])
def test_zero_and_negative_quantities_get_the_same_message(client, member, kitchen, quantity):
    response = client.post(
        LISTS,
        json={"name": "Weekly", "ingredients": [{"value": kitchen.value("Flour"), "quantity": quantity}]},
        headers=member.headers,
    )
    assert response.status_code == 422
    assert response.json()["message"] == QUANTITY_MIN


def test_quantity_one_is_the_minimum_that_is_taken(client, member, kitchen):
    created = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour"), "quantity": 1}])
    assert created["ingredients"][0]["quantity"] == 1


@pytest.mark.parametrize("unit", STOCK_UNITS)
def test_every_unit_of_the_ten_and_unit_is_taken(client, member, kitchen, unit):
    created = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour"), "unit": unit}])
    assert created["ingredients"][0]["unit"] == unit


def test_measurement_is_the_other_name_of_the_unit(client, member, kitchen):
    created = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour"), "measurement": "kg"}])
    assert created["ingredients"][0]["unit"] == "kg"
    assert created["ingredients"][0]["measurement"] == "kg"


@pytest.mark.parametrize("unit", ["pinch", "units", "KG", "grams", ""])
def test_any_other_unit_is_refused(client, member, kitchen, unit, settings):
    before = snapshot(settings)
    for field in ("unit", "measurement"):
        response = client.post(
            LISTS,
            json={"name": "Weekly", "ingredients": [{"value": kitchen.value("Flour"), field: unit}]},
            headers=member.headers,
        )
        assert response.status_code == 422, response.text
        assert response.json()["message"] == MSG_UNIT
    assert snapshot(settings) == before


@pytest.mark.parametrize("value", ["99999999999999999999", "banana", "custom-1", "CUSTOMER"])
def test_ingredient_values_of_no_form_are_refused(client, member, kitchen, value, settings):
    before = snapshot(settings)
    response = client.post(LISTS, json={"name": "Weekly", "ingredients": [{"value": value}]}, headers=member.headers)
    assert response.status_code == 422, response.text
    assert "ingredients" in response.json()["errors"]
    assert snapshot(settings) == before


@pytest.mark.parametrize("value", [999_999, "999999", "0", ID_MAX])
def test_ingredient_ids_the_catalogue_does_not_hold_are_not_found(client, member, kitchen, value, settings):
    """The document allows any ingredient id: one that names nothing is a 404, not invalid input."""
    before = snapshot(settings)
    response = client.post(LISTS, json={"name": "Weekly", "ingredients": [{"value": value}]}, headers=member.headers)
    assert response.status_code == 404, response.text
    assert response.json() == {"message": MSG_UNKNOWN_INGREDIENT.format(value=value)}
    assert snapshot(settings) == before


@pytest.mark.parametrize("value", [0, -5, ID_MAX + 1, 2**64, True, 1.5, [], {}])
def test_ingredient_values_that_are_no_id_are_a_422(client, member, kitchen, value):
    response = client.post(LISTS, json={"name": "Weekly", "ingredients": [{"value": value}]}, headers=member.headers)
    assert response.status_code == 422, response.text


def test_a_name_without_a_value_is_a_new_custom_item(client, member, kitchen):
    created = new_list(client, member, "Party", [{"name": "Birthday candles"}, {"name": "Balloons", "quantity": 3}])
    candles, balloons = created["ingredients"]
    assert candles["value"].startswith("CUSTOM-") and len(candles["value"]) > len("CUSTOM-")
    assert balloons["value"].startswith("CUSTOM-") and balloons["value"] != candles["value"]
    assert candles["name"] == "Birthday candles"
    assert (candles["quantity"], candles["unit"], candles["default_quantity"], candles["default_unit"]) == (
        1,
        "unit",
        1,
        "unit",
    )
    assert (candles["category_id"], candles["image"], candles["checked"]) == (None, None, False)
    assert balloons["quantity"] == 3


def test_the_server_makes_custom_values_whatever_the_client_sends_as_custom(client, member):
    created = new_list(client, member, "Party", [{"value": "CUSTOM", "name": "Candles"}])
    assert created["ingredients"][0]["value"].startswith("CUSTOM-")
    assert created["ingredients"][0]["value"] != "CUSTOM"


def test_a_custom_item_needs_a_name(client, member):
    for item in ({}, {"name": ""}, {"name": "   "}, {"value": "CUSTOM"}, {"value": None, "name": "\u3000"}):
        response = client.post(LISTS, json={"name": "Party", "ingredients": [item]}, headers=member.headers)
        assert response.status_code == 422, (item, response.text)
        assert response.json()["errors"] == {"ingredients.name": [MSG_CUSTOM_NAME]}


def test_a_custom_value_the_list_does_not_hold_is_not_found_without_a_name(client, member):
    created = new_list(client, member, "Party", [{"name": "Candles"}])
    url = f"{LISTS}/{created['user_shoppinglist_id']}"
    for call in (
        lambda item: client.post(LISTS, json={"name": "Party", "ingredients": [item]}, headers=member.headers),
        lambda item: client.put(url, json={"ingredients": [item]}, headers=member.headers),
        lambda item: client.post(f"{url}/merge", json={"ingredients": [item]}, headers=member.headers),
    ):
        response = call({"value": "CUSTOM-unknown", "quantity": 2})
        assert response.status_code == 404, response.text
        assert response.json() == {"message": MSG_UNKNOWN_CUSTOM.format(value="CUSTOM-unknown")}
    # With a name it is a custom item of that value.
    named = client.put(
        url, json={"ingredients": [{"value": "CUSTOM-unknown", "name": "Plates"}]}, headers=member.headers
    )
    assert named.status_code == 200, named.text


def test_custom_items_are_edited_and_removed_by_their_value(client, member):
    created = new_list(client, member, "Party", [{"name": "Candles"}])
    list_id = created["user_shoppinglist_id"]
    value = created["ingredients"][0]["value"]
    edited = client.put(
        f"{LISTS}/{list_id}",
        json={"ingredients": [{"value": value, "quantity": 4}, {"value": value, "name": "Tall candles"}]},
        headers=member.headers,
    )
    assert edited.status_code == 200, edited.text
    (candles,) = edited.json()["data"]["ingredients"]
    assert (candles["value"], candles["name"], candles["quantity"]) == (value, "Tall candles", 4)
    removed = client.put(f"{LISTS}/{list_id}", json={"ingredients_to_remove": [value]}, headers=member.headers)
    assert removed.json()["data"]["ingredients"] == []


def test_custom_items_cannot_be_ticked(client, member):
    created = new_list(client, member, "Party", [{"name": "Candles", "checked": True}])
    assert created["ingredients"][0]["checked"] is False
    value = created["ingredients"][0]["value"]
    edited = client.put(
        f"{LISTS}/{created['user_shoppinglist_id']}",
        json={"ingredients": [{"value": value, "checked": True}]},
        headers=member.headers,
    )
    assert edited.json()["data"]["ingredients"][0]["checked"] is False


def test_put_sets_the_items_sent_and_leaves_the_others(client, member, kitchen):
    created = new_list(
        client,
        member,
        "Weekly",
        [{"value": kitchen.value("Flour"), "quantity": 500, "unit": "g"}, {"value": kitchen.value("Milk")}],
    )
    list_id = created["user_shoppinglist_id"]
    response = client.put(
        f"{LISTS}/{list_id}",
        json={
            "ingredients": [
                {"value": kitchen.value("Flour"), "quantity": 2, "unit": "kg", "checked": True},
                {"value": kitchen.ingredients["Egg"], "quantity": 6},
            ]
        },
        headers=member.headers,
    )
    assert response.status_code == 200, response.text
    data = response.json()["data"]
    assert set(data) >= {"name", "ingredients"}
    found = items_by_name(data, "ingredients")
    # A PUT sets: 2 kg, not 500 g + 2 kg.
    assert (found["Flour"]["quantity"], found["Flour"]["unit"], found["Flour"]["checked"]) == (2, "kg", True)
    assert (found["Milk"]["quantity"], found["Milk"]["unit"]) == (1, "ml")
    assert (found["Egg"]["quantity"], found["Egg"]["unit"]) == (6, "unit(s)")
    # A quantity alone keeps the unit; a unit alone keeps the quantity.
    client.put(
        f"{LISTS}/{list_id}",
        json={"ingredients": [{"value": kitchen.value("Flour"), "quantity": 3}]},
        headers=member.headers,
    )
    client.put(
        f"{LISTS}/{list_id}",
        json={"ingredients": [{"value": kitchen.value("Egg"), "unit": "unit"}]},
        headers=member.headers,
    )
    found = items_by_name(get_list(client, member, list_id), "ingredients")
    assert (found["Flour"]["quantity"], found["Flour"]["unit"]) == (3, "kg")
    assert (found["Egg"]["quantity"], found["Egg"]["unit"]) == (6, "unit")


def test_ingredients_to_remove_takes_values_as_numbers_or_text(client, member, kitchen):
    created = new_list(
        client,
        member,
        "Weekly",
        [{"value": kitchen.value("Flour")}, {"value": kitchen.value("Milk")}, {"value": kitchen.value("Egg")}],
    )
    list_id = created["user_shoppinglist_id"]
    response = client.put(
        f"{LISTS}/{list_id}",
        json={"ingredients_to_remove": [kitchen.ingredients["Flour"], kitchen.value("Milk"), "CUSTOM-not-there"]},
        headers=member.headers,
    )
    assert response.status_code == 200, response.text
    assert [i["name"] for i in response.json()["data"]["ingredients"]] == ["Egg"]


def test_an_edit_with_one_bad_item_changes_nothing(client, member, kitchen, settings):
    created = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour")}])
    before = snapshot(settings)
    response = client.put(
        f"{LISTS}/{created['user_shoppinglist_id']}",
        json={
            "name": "Renamed",
            "ingredients": [{"value": kitchen.value("Milk"), "quantity": 2}, {"value": "999999"}],
            "ingredients_to_remove": [kitchen.value("Flour")],
        },
        headers=member.headers,
    )
    assert response.status_code == 404
    assert snapshot(settings) == before


def test_every_change_moves_updated_at_and_lists_come_newest_first(client, member, kitchen):
    first = new_list(client, member, "First")
    second = new_list(client, member, "Second")
    listed = client.get(LISTS, headers=member.headers).json()["data"]
    assert [sl["name"] for sl in listed] == ["Second", "First"]
    changed = client.put(
        f"{LISTS}/{first['user_shoppinglist_id']}",
        json={"ingredients": [{"value": kitchen.value("Egg")}]},
        headers=member.headers,
    ).json()["data"]
    assert changed["updated_at"] > first["updated_at"]
    listed = client.get(LISTS, headers=member.headers).json()["data"]
    assert [sl["name"] for sl in listed] == ["First", "Second"]
    assert listed[0]["ingredients"][0]["name"] == "Egg"
    assert second["user_shoppinglist_id"] == listed[1]["user_shoppinglist_id"]


def test_delete_removes_the_list_and_its_items(client, member, kitchen, settings):
    created = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour")}, {"name": "Candles"}])
    url = f"{LISTS}/{created['user_shoppinglist_id']}"
    assert client.delete(url, headers=member.headers).status_code == 204
    assert client.get(url, headers=member.headers).status_code == 404
    assert client.delete(url, headers=member.headers).status_code == 404
    assert sql(settings, "select count(*) from shopping_list_item") == [(0,)]
    assert client.get(LISTS, headers=member.headers).json() == {"data": []}


@pytest.mark.parametrize("list_id", ["0", "-1", str(ID_MAX + 1), "99999999999999999999999", "999999"])
def test_ids_that_name_no_list_are_a_404(client, member, kitchen, list_id):
    url = f"{LISTS}/{list_id}"
    calls = [
        client.get(url, headers=member.headers),
        client.put(url, json={"name": "x"}, headers=member.headers),
        client.delete(url, headers=member.headers),
        client.post(f"{url}/merge", json={"ingredients": [{"value": kitchen.value("Egg")}]}, headers=member.headers),
        client.post(f"{url}/complete", json={"request_id": "abcdefgh"}, headers=member.headers),
    ]
    assert [call.status_code for call in calls] == [404] * len(calls)
    assert all(set(call.json()) == {"message"} for call in calls)


@pytest.mark.parametrize("list_id", ["abc", "1.5", "1e3", "%20"])
def test_a_list_id_that_is_not_a_number_is_a_404(client, member, list_id):
    response = client.get(f"{LISTS}/{list_id}", headers=member.headers)
    assert (response.status_code, response.json()) == (404, {"message": "Not found."})


# -- merge ---------------------------------------------------------------------------------------


def merge_into(client, member, list_id, ingredients):
    response = client.post(f"{LISTS}/{list_id}/merge", json={"ingredients": ingredients}, headers=member.headers)
    assert response.status_code == 200, response.text
    return items_by_name(response.json()["data"], "ingredients")


def test_merge_adds_by_the_merge_rule(client, member, kitchen):
    created = new_list(
        client,
        member,
        "Weekly",
        [
            {"value": kitchen.value("Flour"), "quantity": 500, "unit": "g"},
            {"value": kitchen.value("Egg"), "quantity": 2},
            {"value": kitchen.value("Bacon"), "quantity": 3},
            {"value": kitchen.value("Milk"), "quantity": 2, "unit": "l"},
        ],
    )
    list_id = created["user_shoppinglist_id"]
    found = merge_into(
        client,
        member,
        list_id,
        [
            {"value": kitchen.value("Flour"), "quantity": 1, "unit": "kg"},  # convertible: into kg
            {"value": kitchen.value("Egg"), "quantity": 4, "unit": "unit(s)"},  # same unit
            {"value": kitchen.value("Bacon"), "quantity": 100, "unit": "g"},  # incompatible: 'unit'
            {"value": kitchen.value("Milk"), "unit": "l"},  # no quantity: counts as 1
            {"value": kitchen.value("Chicken breast"), "quantity": 300, "unit": "g"},  # new: as sent
        ],
    )
    assert (found["Flour"]["quantity"], found["Flour"]["unit"]) == (1.5, "kg")
    assert (found["Egg"]["quantity"], found["Egg"]["unit"]) == (6, "unit(s)")
    assert (found["Bacon"]["quantity"], found["Bacon"]["unit"]) == (103, "unit")
    assert (found["Milk"]["quantity"], found["Milk"]["unit"]) == (3, "l")
    assert (found["Chicken breast"]["quantity"], found["Chicken breast"]["unit"]) == (300, "g")


def test_merge_takes_fractions_from_recipes(client, member, kitchen):
    created = new_list(client, member, "Baking", [{"value": kitchen.value("Milk"), "quantity": 1, "unit": "tsp"}])
    found = merge_into(
        client,
        member,
        created["user_shoppinglist_id"],
        [{"value": kitchen.value("Milk"), "quantity": 0.25, "unit": "tsp"}],
    )
    assert (found["Milk"]["quantity"], found["Milk"]["unit"]) == (1.25, "tsp")
    found = merge_into(
        client, member, created["user_shoppinglist_id"], [{"value": kitchen.value("Flour"), "quantity": 0.5}]
    )
    assert (found["Flour"]["quantity"], found["Flour"]["unit"]) == (0.5, "g")


def test_merge_without_unit_uses_the_default_unit_and_sends_the_same_item_twice(client, member, kitchen):
    created = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour"), "quantity": 1, "unit": "kg"}])
    found = merge_into(
        client,
        member,
        created["user_shoppinglist_id"],
        [
            {"value": kitchen.value("Flour"), "quantity": 250},
            {"value": kitchen.value("Flour"), "quantity": 250, "unit": "g"},
        ],
    )
    assert (found["Flour"]["quantity"], found["Flour"]["unit"]) == (1.5, "kg")


def test_merging_a_custom_item_by_its_value_adds_to_it(client, member):
    created = new_list(client, member, "Party", [{"name": "Candles", "quantity": 2}])
    value = created["ingredients"][0]["value"]
    found = merge_into(client, member, created["user_shoppinglist_id"], [{"value": value, "quantity": 3}])
    assert (found["Candles"]["quantity"], found["Candles"]["unit"], found["Candles"]["value"]) == (5, "unit", value)


@pytest.mark.parametrize("quantity", [0, -0.5, -3])
def test_merge_refuses_nothing_or_less_with_its_message(client, member, kitchen, quantity):
    created = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour")}])
    response = client.post(
        f"{LISTS}/{created['user_shoppinglist_id']}/merge",
        json={"ingredients": [{"value": kitchen.value("Flour"), "quantity": quantity}]},
        headers=member.headers,
    )
    assert response.status_code == 422
    assert response.json() == {
        "message": MSG_QUANTITY_POSITIVE,
        "errors": {"ingredients.quantity": [MSG_QUANTITY_POSITIVE]},
    }


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"ingredients": []}, 422),
        ({}, 422),
        ({"ingredients": [{"value": "999999"}]}, 404),
        ({"ingredients": [{"value": "1", "unit": "pinch"}]}, 422),
        ({"ingredients": [{"value": "1", "quantity": 0}]}, 422),
        ({"ingredients": [{"value": "1", "quantity": -2}]}, 422),
        ({"ingredients": [{}]}, 422),
    ],
)
def test_merge_refuses_bad_input_and_changes_nothing(client, member, kitchen, settings, body, status):
    created = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour")}])
    before = snapshot(settings)
    response = client.post(f"{LISTS}/{created['user_shoppinglist_id']}/merge", json=body, headers=member.headers)
    assert response.status_code == status, response.text
    assert "message" in response.json()
    assert snapshot(settings) == before
