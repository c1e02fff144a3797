"""What the catalogue says of an ingredient, as lists and stores use it."""

from __future__ import annotations

from tests.stores.support import LISTS, new_list
from tests.support import sql


def test_facts_kept_between_requests_follow_every_change_of_the_catalogue(client, member, kitchen, settings):
    """Lists and stores read the facts before their write turn, kept by the catalogue's version:
    a change of an ingredient (by any writer: here one outside the app) is seen at the next write."""
    egg = kitchen.value("Egg")
    first = new_list(client, member, ingredients=[])["user_shoppinglist_id"]
    second = new_list(client, member, "Later", ingredients=[])["user_shoppinglist_id"]

    def merged_into(list_id: int) -> list[tuple[str, str]]:
        answer = client.post(f"{LISTS}/{list_id}/merge", json={"ingredients": [{"value": egg}]}, headers=member.headers)
        assert answer.status_code == 200, answer.text
        return [(i["name"], i["unit"]) for i in answer.json()["data"]["ingredients"]]

    assert merged_into(first) == [("Egg", "unit(s)")]
    sql(settings, "update ingredient set name = 'Hen egg', default_unit = 'dozen' where id = :id", id=int(egg))
    assert merged_into(second) == [("Hen egg", "dozen")]
