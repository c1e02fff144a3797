"""An item's amount as a household writes it: a unit chosen alone is the same amount in it, and an
amount typed with a name joins what the list holds by the merge rule."""

from __future__ import annotations

from tests.stores.support import LISTS, STORES, get_list, items_by_name, new_list
from tests.support import sql


def test_a_unit_chosen_alone_converts_what_the_list_holds(client, member, kitchen):
    created = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour"), "quantity": 500, "unit": "g"}])
    list_id = created["user_shoppinglist_id"]
    url = f"{LISTS}/{list_id}"
    flour = kitchen.value("Flour")

    def flour_amount() -> tuple[float, str]:
        item = items_by_name(get_list(client, member, list_id), "ingredients")["Flour"]
        return item["quantity"], item["unit"]

    assert (
        client.put(url, json={"ingredients": [{"value": flour, "unit": "kg"}]}, headers=member.headers).status_code
        == 200
    )
    assert flour_amount() == (0.5, "kg")
    # a quantity typed with the unit is written as it is
    body = {"ingredients": [{"value": flour, "quantity": 2, "unit": "g"}]}
    assert client.put(url, json=body, headers=member.headers).status_code == 200
    assert flour_amount() == (2, "g")
    # a unit of another kind cannot convert: the number stays, in the unit chosen
    assert (
        client.put(url, json={"ingredients": [{"value": flour, "unit": "cup(s)"}]}, headers=member.headers).status_code
        == 200
    )
    assert flour_amount() == (2, "cup(s)")


def test_an_amount_typed_with_a_name_joins_what_the_list_holds(client, member, kitchen):
    created = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour"), "quantity": 225, "unit": "g"}])
    list_id = created["user_shoppinglist_id"]
    merged = client.post(
        f"{LISTS}/{list_id}/merge",
        json={"ingredients": [{"value": kitchen.value("Flour"), "quantity": 1, "unit": "kg"}]},
        headers=member.headers,
    )
    assert merged.status_code == 200, merged.text
    flour = items_by_name(get_list(client, member, list_id), "ingredients")["Flour"]
    assert (flour["quantity"], flour["unit"]) == (1.225, "kg")


def test_an_item_added_without_an_amount_comes_at_buying_scale(client, member, kitchen, settings):
    sql(settings, "update ingredient set buy_unit = 'l', buy_step = 1 where name = 'Milk'")
    sql(settings, "update ingredient set buy_unit = 'unit(s)', buy_step = 6 where name = 'Egg'")
    created = new_list(client, member, "Weekly", [{"value": kitchen.value("Milk")}, {"value": kitchen.value("Egg")}])
    found = items_by_name(created, "ingredients")
    # 1 l of milk, not 1 ml; eggs stepped by 6
    assert (found["Milk"]["quantity"], found["Milk"]["unit"], found["Milk"]["default_quantity"]) == (1, "l", 1)
    assert (found["Egg"]["quantity"], found["Egg"]["unit"], found["Egg"]["default_quantity"]) == (1, "unit(s)", 6)
    # a recipe's amount keeps the recipe's unit, and joins by the merge rule: 1 l + 200 ml
    merged = client.post(
        f"{LISTS}/{created['user_shoppinglist_id']}/merge",
        json={"ingredients": [{"value": kitchen.value("Milk"), "quantity": 200, "unit": "ml"}]},
        headers=member.headers,
    )
    assert merged.status_code == 200, merged.text
    milk = items_by_name(get_list(client, member, created["user_shoppinglist_id"]), "ingredients")["Milk"]
    assert (milk["quantity"], milk["unit"]) == (1.2, "l")

    # the same in a store
    store = client.post(STORES, json={"name": "Fridge", "description": "Cold"}, headers=member.headers).json()["data"]
    stocked = client.put(
        f"{STORES}/{store['id']}", json={"items": [{"value": kitchen.value("Milk")}]}, headers=member.headers
    )
    assert stocked.status_code == 200, stocked.text
    (item,) = stocked.json()["data"]["items"]
    assert (item["quantity"], item["unit"]) == (1, "l")
