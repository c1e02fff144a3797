"""Food stores over HTTP: create, read, edit, delete, stock and expiry (part 2 §2, §3, §4, §5, §9; DESIGN "Part 2")."""

from __future__ import annotations

from datetime import timedelta

import pytest

from larder.core.base.ids import ID_MAX
from larder.items.resolve import MSG_UNIT
from larder.kitchen.units import STOCK_UNITS
from larder.stores.messages import MSG_DATE_ADDED, MSG_STALE
from tests.stores.support import (
    STORES,
    added_on,
    get_store,
    items_by_name,
    local_today,
    new_store,
    receive,
    snapshot,
)
from tests.support import sql

PLAIN = "may only contain letters, numbers and spaces"
NAME_REQUIRED = "The name field is required."
DESCRIPTION_REQUIRED = "The description field is required."
QUANTITY_MIN = "The quantity must be at least 1."
FIELD_REQUIRED = "This field is required."
STORE_FIELDS = {
    "id",
    "name",
    "description",
    "kind",
    "default",
    "items",
    "shared_with",
    "updated_at",
    "user_id",
    "owner_name",
    "role",
    "expiring",
    "expired",
    "in_plan",
    "type",
}
ITEM_FIELDS = {
    "id",
    "value",
    "name",
    "quantity",
    "unit",
    "measurement",
    "default_unit",
    "default_quantity",
    "date_added",
    "created_at",
    "estimated_expiry_days",
    "category_id",
    "image",
    "checked",
    "expiry_date",
    "freshness",
}


def put_store(client, member, store_id, body):
    return client.put(f"{STORES}/{store_id}", json=body, headers=member.headers)


# -- create and read ----------------------------------------------------------------------------


def test_create_answers_the_store_with_every_field(client, member):
    response = client.post(STORES, json={"name": "Pantry", "description": "Kitchen shelves"}, headers=member.headers)
    assert response.status_code == 201, response.text
    store = response.json()["data"]
    assert set(store) == STORE_FIELDS
    assert (store["name"], store["description"], store["kind"]) == ("Pantry", "Kitchen shelves", "pantry")
    assert (store["type"], store["role"], store["user_id"], store["owner_name"]) == (
        "UserFoodStore",
        "owner",
        member.id,
        member.name,
    )
    assert (store["items"], store["shared_with"], store["expiring"], store["expired"], store["in_plan"]) == (
        [],
        [],
        0,
        0,
        0,
    )
    assert client.get(f"{STORES}/{store['id']}", headers=member.headers).json() == {"data": store}
    assert client.get(STORES, headers=member.headers).json() == {"data": [store]}


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("Pantry", "pantry"),
        ("Kitchen cupboard", "pantry"),
        ("Fridge", "fridge"),
        ("Garage refrigerator", "fridge"),
        ("Freezer", "freezer"),
        ("Chest freezer", "freezer"),
        ("Fridge freezer", "freezer"),
    ],
)
def test_the_kind_is_guessed_from_the_name(client, member, name, kind):
    assert new_store(client, member, name)["kind"] == kind


def test_a_kind_sent_wins_over_the_name_and_may_be_changed(client, member):
    store = new_store(client, member, "Cellar", kind="fridge")
    assert store["kind"] == "fridge"
    changed = put_store(client, member, store["id"], {"kind": "freezer"})
    assert changed.status_code == 200
    assert changed.json()["data"]["kind"] == "freezer"
    for kind in ("cellar", "", "FRIDGE"):
        assert (
            client.post(
                STORES, json={"name": "A", "description": "B", "kind": kind}, headers=member.headers
            ).status_code
            == 422
        )
        assert put_store(client, member, store["id"], {"kind": kind}).status_code == 422


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"name": "", "description": "Shelves"}, {"name": [NAME_REQUIRED]}),
        ({"name": "  ", "description": "Shelves"}, {"name": [NAME_REQUIRED]}),
        ({"description": "Shelves"}, {"name": [FIELD_REQUIRED]}),
        ({"name": "Pantry", "description": ""}, {"description": [DESCRIPTION_REQUIRED]}),
        ({"name": "Pantry"}, {"description": [FIELD_REQUIRED]}),
        ({"name": "Pantry!", "description": "Shelves"}, {"name": [PLAIN]}),
        ({"name": "Pantry", "description": "Shelves, top"}, {"description": [PLAIN]}),
        ({}, {"name": [FIELD_REQUIRED]}),  # a field missing stops the reading of the body
        ({"name": "my_pantry", "description": "Top-shelf"}, {"name": [PLAIN], "description": [PLAIN]}),
    ],
)
def test_name_and_description_are_required_and_plain(client, member, settings, body, errors):
    response = client.post(STORES, json=body, headers=member.headers)
    assert response.status_code == 422
    assert response.json()["errors"] == errors
    assert response.json()["message"] == next(iter(errors.values()))[0]
    assert sql(settings, "select count(*) from food_store") == [(0,)]


def test_editing_checks_name_and_description_and_keeps_what_is_left_out(client, member, settings):
    store = new_store(client, member, "Pantry", "Shelves")
    before = snapshot(settings)
    for body, errors in (
        ({"name": ""}, {"name": [NAME_REQUIRED]}),
        ({"description": ""}, {"description": [DESCRIPTION_REQUIRED]}),
        ({"description": "a/b"}, {"description": [PLAIN]}),
    ):
        response = put_store(client, member, store["id"], body)
        assert response.status_code == 422
        assert response.json()["errors"] == errors
    assert snapshot(settings) == before
    changed = put_store(client, member, store["id"], {"description": "Under the stairs"}).json()["data"]
    assert (changed["name"], changed["description"]) == ("Pantry", "Under the stairs")


# -- stock --------------------------------------------------------------------------------------


def test_stock_items_carry_every_field_and_their_expiry(client, member, kitchen, settings):
    store = new_store(client, member, "Fridge")
    answer = receive(client, member, store["id"], [{"value": kitchen.value("Milk"), "quantity": 2, "unit": "l"}])
    (milk,) = answer["items"]
    assert set(milk) == ITEM_FIELDS
    today = local_today(settings)
    assert (milk["value"], milk["name"], milk["quantity"], milk["unit"], milk["measurement"]) == (
        kitchen.value("Milk"),
        "Milk",
        2,
        "l",
        "l",
    )
    assert (milk["default_unit"], milk["default_quantity"], milk["category_id"]) == (
        "ml",
        1,
        kitchen.categories["Dairy"],
    )
    assert milk["estimated_expiry_days"] == 7
    assert milk["expiry_date"] == (today + timedelta(days=7)).isoformat()
    assert milk["freshness"] == "fresh"
    assert milk["checked"] is False


@pytest.mark.parametrize(
    ("store_name", "ingredient", "days"),
    [
        ("Fridge", "Chicken breast", 2),
        ("Freezer", "Chicken breast", 270),
        ("Pantry", "Chicken breast", 2),  # no pantry figure: where it usually lives (the fridge)
        ("Fridge", "Flour", 240),  # no fridge figure: its usual pantry figure
        ("Freezer", "Flour", 240),
        ("Pantry", "Flour", 240),
        ("Freezer", "Milk", 90),
        ("Freezer", "Bacon", 30),
        ("Fridge", "Egg", 35),
    ],
)
def test_shelf_life_depends_on_the_kind_of_store(client, member, kitchen, settings, store_name, ingredient, days):
    store = new_store(client, member, store_name)
    (item,) = receive(client, member, store["id"], [{"value": kitchen.value(ingredient)}])["items"]
    assert item["estimated_expiry_days"] == days
    assert item["expiry_date"] == (local_today(settings) + timedelta(days=days)).isoformat()


def test_custom_items_in_a_store_keep_fourteen_days(client, member, settings):
    for kind in ("pantry", "fridge", "freezer"):
        store = new_store(client, member, f"Store {kind}", kind=kind)
        (item,) = receive(client, member, store["id"], [{"name": "Home made jam"}])["items"]
        assert item["value"].startswith("CUSTOM-")
        assert (item["quantity"], item["unit"], item["default_quantity"], item["default_unit"]) == (
            1,
            "unit",
            1,
            "unit",
        )
        assert item["estimated_expiry_days"] == 14
        assert item["expiry_date"] == (local_today(settings) + timedelta(days=14)).isoformat()


def test_put_adds_stock_and_keeps_the_date_and_shelf_life_the_client_sends(client, member, kitchen, settings):
    store = new_store(client, member, "Fridge")
    last_week = local_today(settings) - timedelta(days=7)
    response = put_store(
        client,
        member,
        store["id"],
        {
            "items": [
                {
                    "value": kitchen.value("Chicken breast"),
                    "quantity": 500,
                    "unit": "g",
                    "date_added": added_on(last_week),
                    "estimated_expiry_days": 10,
                },
                {"value": kitchen.value("Milk"), "date_added": added_on(last_week)},
            ]
        },
    )
    assert response.status_code == 200, response.text
    found = items_by_name(response.json()["data"])
    chicken, milk = found["Chicken breast"], found["Milk"]
    assert chicken["estimated_expiry_days"] == 10
    assert chicken["expiry_date"] == (last_week + timedelta(days=10)).isoformat()
    assert chicken["freshness"] == "expiring"  # 3 days left
    # No days sent: the fridge figure, counted from the date sent.
    assert milk["estimated_expiry_days"] == 7
    assert milk["expiry_date"] == local_today(settings).isoformat()
    assert milk["freshness"] == "expiring"


def test_put_with_an_item_id_changes_that_item_only(client, member, kitchen, settings):
    store = new_store(client, member, "Fridge")
    stocked = receive(
        client,
        member,
        store["id"],
        [{"value": kitchen.value("Milk"), "quantity": 2, "unit": "l"}, {"value": kitchen.value("Egg"), "quantity": 6}],
    )
    milk = items_by_name(stocked)["Milk"]
    long_ago = local_today(settings) - timedelta(days=30)
    response = put_store(
        client,
        member,
        store["id"],
        {
            "items": [
                {
                    "id": milk["id"],
                    "quantity": 1.5,
                    "unit": "ml",
                    "date_added": added_on(long_ago),
                    "estimated_expiry_days": 3,
                    "checked": True,
                }
            ]
        },
    )
    assert response.status_code == 200, response.text
    found = items_by_name(response.json()["data"])
    changed = found["Milk"]
    assert changed["id"] == milk["id"]
    assert (changed["quantity"], changed["unit"], changed["estimated_expiry_days"], changed["checked"]) == (
        1.5,
        "ml",
        3,
        True,
    )
    assert changed["expiry_date"] == (long_ago + timedelta(days=3)).isoformat()
    assert changed["freshness"] == "expired"
    assert (found["Egg"]["quantity"], found["Egg"]["unit"]) == (6, "unit(s)")
    # Only what was sent changes.
    again = put_store(client, member, store["id"], {"items": [{"id": milk["id"], "quantity": 4}]}).json()["data"]
    milk_now = items_by_name(again)["Milk"]
    assert (milk_now["quantity"], milk_now["unit"], milk_now["estimated_expiry_days"]) == (4, "ml", 3)


def test_a_custom_item_may_be_renamed_a_catalogue_item_may_not(client, member, kitchen):
    store = new_store(client, member, "Pantry")
    stocked = items_by_name(receive(client, member, store["id"], [{"name": "Jam"}, {"value": kitchen.value("Flour")}]))
    answer = put_store(
        client,
        member,
        store["id"],
        {"items": [{"id": stocked["Jam"]["id"], "name": "Plum jam"}, {"id": stocked["Flour"]["id"], "name": "Sugar"}]},
    )
    assert answer.status_code == 200, answer.text
    found = items_by_name(answer.json()["data"])
    assert set(found) == {"Plum jam", "Flour"}


def test_items_to_remove_removes_by_id(client, member, kitchen, settings):
    store = new_store(client, member, "Pantry")
    other = new_store(client, member, "Cupboard")
    stocked = items_by_name(
        receive(client, member, store["id"], [{"value": kitchen.value("Flour")}, {"value": kitchen.value("Egg")}])
    )
    (theirs,) = receive(client, member, other["id"], [{"value": kitchen.value("Flour")}])["items"]
    answer = put_store(
        client, member, store["id"], {"items_to_remove": [stocked["Flour"]["id"], theirs["id"], 999_999]}
    )
    assert answer.status_code == 200, answer.text
    assert [i["name"] for i in answer.json()["data"]["items"]] == ["Egg"]
    # An id of another store's item removes nothing there.
    assert [i["id"] for i in get_store(client, member, other["id"])["items"]] == [theirs["id"]]


@pytest.mark.parametrize("quantity", [0.5, 0, -1])
def test_typed_stock_quantities_are_at_least_one(client, member, kitchen, settings, quantity):
    store = new_store(client, member, "Pantry")
    (flour,) = receive(client, member, store["id"], [{"value": kitchen.value("Flour"), "quantity": 2}])["items"]
    before = snapshot(settings)
    for response in (
        client.post(
            f"{STORES}/{store['id']}/items",
            json={"items": [{"value": kitchen.value("Egg"), "quantity": quantity}]},
            headers=member.headers,
        ),
        put_store(client, member, store["id"], {"items": [{"value": kitchen.value("Egg"), "quantity": quantity}]}),
        put_store(client, member, store["id"], {"items": [{"id": flour["id"], "quantity": quantity}]}),
    ):
        assert response.status_code == 422, response.text
        assert response.json()["message"] == QUANTITY_MIN
    assert snapshot(settings) == before


@pytest.mark.parametrize("unit", STOCK_UNITS)
def test_stock_takes_every_unit(client, member, kitchen, unit):
    store = new_store(client, member, "Pantry")
    (item,) = receive(client, member, store["id"], [{"value": kitchen.value("Flour"), "unit": unit}])["items"]
    assert item["unit"] == unit


@pytest.mark.parametrize("unit", ["pinch", "Kg", "", "litre"])
def test_stock_refuses_any_other_unit(client, member, kitchen, settings, unit):
    store = new_store(client, member, "Pantry")
    (flour,) = receive(client, member, store["id"], [{"value": kitchen.value("Flour")}])["items"]
    before = snapshot(settings)
    for response in (
        client.post(
            f"{STORES}/{store['id']}/items",
            json={"items": [{"value": kitchen.value("Egg"), "unit": unit}]},
            headers=member.headers,
        ),
        put_store(client, member, store["id"], {"items": [{"value": kitchen.value("Egg"), "measurement": unit}]}),
        put_store(client, member, store["id"], {"items": [{"id": flour["id"], "unit": unit}]}),
    ):
        assert response.status_code == 422, response.text
        assert response.json()["message"] == MSG_UNIT
    assert snapshot(settings) == before


@pytest.mark.parametrize(("value", "status"), [(999_999, 404), ("999999", 404), ("rice", 422), ("custom-x", 422)])
def test_stock_refuses_unknown_ingredients(client, member, kitchen, settings, value, status):
    """An id that names nothing is not found; a text that is no value at all is invalid."""
    store = new_store(client, member, "Pantry")
    before = snapshot(settings)
    for response in (
        client.post(f"{STORES}/{store['id']}/items", json={"items": [{"value": value}]}, headers=member.headers),
        put_store(client, member, store["id"], {"items": [{"value": value}]}),
    ):
        assert response.status_code == status, response.text
    assert snapshot(settings) == before


@pytest.mark.parametrize(
    "item",
    [
        {"id": 0},
        {"id": ID_MAX + 1},
        {"value": 0},
        {"value": ID_MAX + 1},
        {"value": "1", "estimated_expiry_days": -1},
        {"value": "1", "estimated_expiry_days": 100_000},
        {"value": "1", "date_added": "yesterday"},
        {"value": "1", "quantity": "two"},
    ],
)
def test_malformed_items_are_a_422(client, member, kitchen, item):
    store = new_store(client, member, "Pantry")
    response = put_store(client, member, store["id"], {"items": [item]})
    assert response.status_code == 422, response.text
    assert "errors" in response.json()


def test_an_item_id_of_no_item_in_the_store_is_a_conflict(client, member, kitchen, settings):
    store = new_store(client, member, "Pantry")
    other = new_store(client, member, "Cupboard")
    (theirs,) = receive(client, member, other["id"], [{"value": kitchen.value("Flour")}])["items"]
    before = snapshot(settings)
    for item_id in (theirs["id"], 999_999):
        response = put_store(client, member, store["id"], {"items": [{"id": item_id, "quantity": 3}]})
        assert response.status_code == 409, response.text
    assert snapshot(settings) == before


def test_post_items_needs_at_least_one_item(client, member):
    store = new_store(client, member, "Pantry")
    for body in ({"items": []}, {}):
        response = client.post(f"{STORES}/{store['id']}/items", json=body, headers=member.headers)
        assert response.status_code == 422, response.text


# -- batches and the merge rule -----------------------------------------------------------------


def test_stock_received_the_same_day_merges_by_the_merge_rule(client, member, kitchen):
    store = new_store(client, member, "Pantry")
    receive(
        client,
        member,
        store["id"],
        [
            {"value": kitchen.value("Flour"), "quantity": 500, "unit": "g"},
            {"value": kitchen.value("Egg"), "quantity": 6},
            {"value": kitchen.value("Bacon"), "quantity": 4},
            {"value": kitchen.value("Milk"), "quantity": 1, "unit": "l"},
        ],
    )
    found = items_by_name(
        receive(
            client,
            member,
            store["id"],
            [
                {"value": kitchen.value("Flour"), "quantity": 1, "unit": "kg"},  # convertible: kg
                {"value": kitchen.value("Egg"), "quantity": 6, "unit": "unit(s)"},  # same unit
                {"value": kitchen.value("Bacon"), "quantity": 200, "unit": "g"},  # incompatible: 'unit'
                {"value": kitchen.value("Milk"), "unit": "l"},  # missing quantity: 1
            ],
        )
    )
    assert len(found) == 4
    assert (found["Flour"]["quantity"], found["Flour"]["unit"]) == (1.5, "kg")
    assert (found["Egg"]["quantity"], found["Egg"]["unit"]) == (12, "unit(s)")
    assert (found["Bacon"]["quantity"], found["Bacon"]["unit"]) == (204, "unit")
    assert (found["Milk"]["quantity"], found["Milk"]["unit"]) == (2, "l")


def test_stock_with_an_older_date_is_a_batch_of_its_own(client, member, kitchen, settings):
    store = new_store(client, member, "Fridge")
    today = local_today(settings)
    receive(client, member, store["id"], [{"value": kitchen.value("Milk"), "quantity": 1, "unit": "l"}])
    answer = receive(
        client,
        member,
        store["id"],
        [
            {
                "value": kitchen.value("Milk"),
                "quantity": 2,
                "unit": "l",
                "date_added": added_on(today - timedelta(days=5)),
            }
        ],
    )
    batches = sorted((i["expiry_date"], i["quantity"]) for i in answer["items"])
    assert batches == [((today + timedelta(days=2)).isoformat(), 2), ((today + timedelta(days=7)).isoformat(), 1)]
    # More of the old batch's day merges into the old batch; more of today's into today's.
    answer = receive(
        client,
        member,
        store["id"],
        [
            {
                "value": kitchen.value("Milk"),
                "quantity": 500,
                "unit": "ml",
                "date_added": added_on(today - timedelta(days=5)),
            },
            {"value": kitchen.value("Milk"), "quantity": 1, "unit": "l"},
        ],
    )
    batches = sorted((i["expiry_date"], i["quantity"], i["unit"]) for i in answer["items"])
    assert batches == [
        ((today + timedelta(days=2)).isoformat(), 2.5, "l"),
        ((today + timedelta(days=7)).isoformat(), 2, "l"),
    ]


def test_custom_items_merge_by_value_and_a_new_name_is_a_new_item(client, member):
    store = new_store(client, member, "Pantry")
    (jam,) = receive(client, member, store["id"], [{"name": "Jam", "quantity": 2}])["items"]
    answer = receive(client, member, store["id"], [{"value": jam["value"], "quantity": 1}, {"name": "Jam"}])
    jams = sorted((i["value"] == jam["value"], i["quantity"]) for i in answer["items"])
    assert jams == [(False, 1), (True, 3)]


# -- expiry answers and badges ------------------------------------------------------------------


def test_freshness_and_badges_follow_the_expiry_windows(client, member, kitchen, settings):
    store = new_store(client, member, "Pantry")
    today = local_today(settings)
    stock = [
        ("Chicken breast", -1),  # expired yesterday
        ("Milk", 0),  # expires today: expiring
        ("Flour", 3),  # three days left: expiring
        ("Egg", 4),  # four days left: fresh
    ]
    answer = receive(
        client,
        member,
        store["id"],
        [
            {"value": kitchen.value(name), "date_added": added_on(today), "estimated_expiry_days": 0}
            for name, _ in stock[:1]
        ]
        + [
            {
                "value": kitchen.value(name),
                "date_added": added_on(today - timedelta(days=10)),
                "estimated_expiry_days": 10 + left,
            }
            for name, left in stock
        ],
    )
    found = {(i["name"], i["expiry_date"]): i["freshness"] for i in answer["items"]}
    assert found == {
        ("Chicken breast", today.isoformat()): "expiring",
        ("Chicken breast", (today - timedelta(days=1)).isoformat()): "expired",
        ("Milk", today.isoformat()): "expiring",
        ("Flour", (today + timedelta(days=3)).isoformat()): "expiring",
        ("Egg", (today + timedelta(days=4)).isoformat()): "fresh",
    }
    assert (answer["expired"], answer["expiring"], answer["in_plan"]) == (1, 3, 0)
    listed = client.get(STORES, headers=member.headers).json()["data"]
    assert [(s["expired"], s["expiring"], s["in_plan"]) for s in listed] == [(1, 3, 0)]


def test_an_item_without_days_keeps_fourteen_in_the_store(client, member, kitchen, settings):
    store = new_store(client, member, "Pantry")
    today = local_today(settings)
    receive(
        client,
        member,
        store["id"],
        [{"value": kitchen.value("Flour"), "date_added": added_on(today - timedelta(days=12))}],
    )
    sql(settings, "update store_item set estimated_expiry_days = null")
    (flour,) = get_store(client, member, store["id"])["items"]
    assert flour["estimated_expiry_days"] is None
    assert flour["expiry_date"] == (today + timedelta(days=2)).isoformat()
    assert flour["freshness"] == "expiring"


# -- stale writes -------------------------------------------------------------------------------


def test_a_whole_store_write_based_on_an_old_version_is_refused(client, member, kitchen, settings):
    store = new_store(client, member, "Pantry")
    seen = store["updated_at"]
    newer = put_store(client, member, store["id"], {"items": [{"value": kitchen.value("Flour")}], "updated_at": seen})
    assert newer.status_code == 200, newer.text
    before = snapshot(settings)
    stale = put_store(
        client, member, store["id"], {"name": "Renamed", "items": [{"value": kitchen.value("Egg")}], "updated_at": seen}
    )
    assert stale.status_code == 409
    assert stale.json() == {"message": MSG_STALE}
    assert snapshot(settings) == before
    current = newer.json()["data"]["updated_at"]
    fresh = put_store(client, member, store["id"], {"name": "Renamed", "updated_at": current})
    assert fresh.status_code == 200, fresh.text
    assert fresh.json()["data"]["name"] == "Renamed"


@pytest.mark.parametrize("updated_at", ["2020-01-01T00:00:00", "2020-01-01T00:00:00+02:00", "2999-01-01T00:00:00"])
def test_updated_at_with_or_without_a_zone_is_compared_not_a_500(client, member, updated_at):
    store = new_store(client, member, "Pantry")
    response = put_store(client, member, store["id"], {"name": "Renamed", "updated_at": updated_at})
    assert response.status_code in (200, 409), response.text
    if updated_at.startswith("2020"):
        assert response.status_code == 409


# -- delete and ids -----------------------------------------------------------------------------


def test_delete_removes_a_store_and_its_stock(client, member, kitchen, settings):
    new_store(client, member, "Pantry")
    other = new_store(client, member, "Cupboard")
    receive(client, member, other["id"], [{"value": kitchen.value("Flour")}])
    assert client.delete(f"{STORES}/{other['id']}", headers=member.headers).status_code == 204
    assert client.get(f"{STORES}/{other['id']}", headers=member.headers).status_code == 404
    assert sql(settings, "select count(*) from store_item") == [(0,)]


@pytest.mark.parametrize("store_id", ["0", "-1", str(ID_MAX + 1), "99999999999999999999999", "999999"])
def test_ids_that_name_no_store_are_a_404(client, member, kitchen, store_id):
    url = f"{STORES}/{store_id}"
    calls = [
        client.get(url, headers=member.headers),
        client.put(url, json={"name": "x"}, headers=member.headers),
        client.delete(url, headers=member.headers),
        client.get(f"{url}/default", headers=member.headers),
        client.post(f"{url}/items", json={"items": [{"value": kitchen.value("Egg")}]}, headers=member.headers),
    ]
    assert [call.status_code for call in calls] == [404] * len(calls)


@pytest.mark.parametrize(
    "date_added",
    [
        "9999-12-31T23:59:59-05:00",
        "9999-12-31T23:59:59",
        "0001-01-01T00:00:00+05:00",
        "1999-12-31T12:00:00Z",
        "2101-01-01T00:00:00",
    ],
)
def test_a_date_added_outside_2000_to_2100_is_refused(client, member, kitchen, settings, date_added):
    store = new_store(client, member, "Pantry")
    (flour,) = receive(client, member, store["id"], [{"value": kitchen.value("Flour")}])["items"]
    before = snapshot(settings)
    for response in (
        client.post(
            f"{STORES}/{store['id']}/items",
            json={"items": [{"value": kitchen.value("Egg"), "date_added": date_added}]},
            headers=member.headers,
        ),
        put_store(client, member, store["id"], {"items": [{"value": kitchen.value("Egg"), "date_added": date_added}]}),
        put_store(client, member, store["id"], {"items": [{"id": flour["id"], "date_added": date_added}]}),
    ):
        assert response.status_code == 422, response.text
        assert response.json()["errors"] == {"items.date_added": [MSG_DATE_ADDED]}
    assert snapshot(settings) == before


def test_the_first_and_last_days_of_the_range_are_taken(client, member, kitchen):
    store = new_store(client, member, "Pantry")
    answer = receive(
        client,
        member,
        store["id"],
        [
            {"value": kitchen.value("Flour"), "date_added": "2000-01-01T12:00:00", "estimated_expiry_days": 1},
            {"value": kitchen.value("Egg"), "date_added": "2100-12-31T12:00:00", "estimated_expiry_days": 3650},
        ],
    )
    found = items_by_name(answer)
    assert found["Flour"]["expiry_date"] == "2000-01-02"
    assert found["Egg"]["expiry_date"] == "2110-12-29"
    assert (answer["expired"], answer["expiring"]) == (1, 0)


def test_items_to_remove_takes_ids_only(client, member):
    store = new_store(client, member, "Pantry")
    for ids in ([0], [ID_MAX + 1], ["1"], [-3]):
        assert put_store(client, member, store["id"], {"items_to_remove": ids}).status_code == 422
