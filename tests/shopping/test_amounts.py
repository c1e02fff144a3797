"""An item's amount as a household writes it: a unit chosen alone is the same amount in it, and an
amount typed with a name joins what the list holds by the merge rule."""

from __future__ import annotations

from tests.stores.support import LISTS, get_list, items_by_name, new_list


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
