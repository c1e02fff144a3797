"""Two household members on one list or store at once never lose each other's change (DESIGN "Part 2").

Sharing between members comes later; two sessions of one member are two clients all the same.
"""

from __future__ import annotations

import asyncio
from typing import Any

from litestar.testing import AsyncTestClient

from larder.accounts.models import User
from larder.app import create_app
from tests.factories import Member, open_session
from tests.stores.support import LISTS, STORES, get_list, get_store, items_by_name, new_list, new_store, receive
from tests.support import run_db


def second_session(settings, member: Member) -> Member:
    """Another signed-in device of the same member."""

    async def work(session: Any) -> str:
        user = await session.get(User, member.id)
        return await open_session(session, settings, user, "second device")

    return Member(member.name, member.email, run_db(settings, work), member.id)


def test_interleaved_item_edits_of_one_list_keep_both(client, member, kitchen, settings):
    phone = member
    tablet = second_session(settings, member)
    created = new_list(client, phone, "Weekly", [{"value": kitchen.value("Flour"), "quantity": 1, "unit": "kg"}])
    url = f"{LISTS}/{created['user_shoppinglist_id']}"
    # Both devices loaded the list; each sends only the item it changed.
    assert get_list(client, tablet, created["user_shoppinglist_id"])["ingredients"] == created["ingredients"]
    first = client.put(
        url, json={"ingredients": [{"value": kitchen.value("Milk"), "quantity": 2}]}, headers=phone.headers
    )
    second = client.put(
        url, json={"ingredients": [{"value": kitchen.value("Egg"), "quantity": 6}]}, headers=tablet.headers
    )
    third = client.put(
        url,
        json={"ingredients": [{"value": kitchen.value("Flour"), "quantity": 2, "unit": "kg"}]},
        headers=phone.headers,
    )
    fourth = client.put(
        url, json={"ingredients_to_remove": [kitchen.value("Milk")], "name": "Weekly big"}, headers=tablet.headers
    )
    assert [r.status_code for r in (first, second, third, fourth)] == [200] * 4
    found = items_by_name(get_list(client, phone, created["user_shoppinglist_id"]), "ingredients")
    assert {name: (i["quantity"], i["unit"]) for name, i in found.items()} == {
        "Flour": (2, "kg"),
        "Egg": (6, "unit(s)"),
    }


def test_simultaneous_writes_to_one_list_all_land(settings, member, kitchen):
    phone = member
    tablet = second_session(settings, member)
    names = [f"Item {n}" for n in range(12)]

    async def scenario() -> dict[str, Any]:
        async with AsyncTestClient(app=create_app(settings)) as client:
            created = await client.post(LISTS, json={"name": "Party", "ingredients": []}, headers=phone.headers)
            url = f"{LISTS}/{created.json()['data']['user_shoppinglist_id']}"
            writes = [
                client.put(url, json={"ingredients": [{"name": name}]}, headers=(phone if n % 2 else tablet).headers)
                for n, name in enumerate(names)
            ]
            writes += [
                client.post(
                    f"{url}/merge",
                    json={"ingredients": [{"value": kitchen.value("Flour"), "quantity": 100}]},
                    headers=device.headers,
                )
                for device in (phone, tablet, phone, tablet)
            ]
            answers = await asyncio.gather(*writes)
            assert [a.status_code for a in answers] == [200] * len(answers), [a.text for a in answers]
            return (await client.get(url, headers=phone.headers)).json()["shopping_list"]

    final = asyncio.run(scenario())
    found = items_by_name(final, "ingredients")
    assert set(found) == {*names, "Flour"}
    # Four merges of 100 g at once: none overwrote another.
    assert (found["Flour"]["quantity"], found["Flour"]["unit"]) == (400, "g")


def test_steps_sent_at_the_same_moment_from_two_devices_all_count(settings, member, kitchen):
    tablet = second_session(settings, member)

    async def scenario() -> dict[str, Any]:
        async with AsyncTestClient(app=create_app(settings)) as client:
            created = await client.post(
                LISTS,
                json={"name": "Party", "ingredients": [{"value": kitchen.value("Egg"), "quantity": 6}]},
                headers=member.headers,
            )
            url = f"{LISTS}/{created.json()['data']['user_shoppinglist_id']}"
            step = {"ingredients": [{"value": kitchen.value("Egg"), "change": 1}]}
            answers = await asyncio.gather(*(client.put(url, json=step, headers=d.headers) for d in (member, tablet)))
            assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
            return (await client.get(url, headers=member.headers)).json()["shopping_list"]

    # 6 and two steps of +1 at once: 8, where two absolute writes of 7 would leave 7
    assert items_by_name(asyncio.run(scenario()), "ingredients")["Egg"]["quantity"] == 8


def test_a_step_is_applied_to_what_the_list_holds_and_never_below_1(client, member, kitchen):
    created = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour"), "quantity": 2, "unit": "kg"}])
    url = f"{LISTS}/{created['user_shoppinglist_id']}"
    flour = kitchen.value("Flour")

    def step(change: float) -> Any:
        return client.put(url, json={"ingredients": [{"value": flour, "change": change}]}, headers=member.headers)

    assert step(0.5).status_code == 200
    assert (
        items_by_name(get_list(client, member, created["user_shoppinglist_id"]), "ingredients")["Flour"]["quantity"]
        == 2.5
    )
    assert step(-5).status_code == 200
    assert (
        items_by_name(get_list(client, member, created["user_shoppinglist_id"]), "ingredients")["Flour"]["quantity"]
        == 1
    )
    # 0 is no step; a step and a quantity together say two things
    for body in ({"value": flour, "change": 0}, {"value": flour, "change": 1, "quantity": 3}):
        refused = client.put(url, json={"ingredients": [body]}, headers=member.headers)
        assert refused.status_code == 422, refused.text
        assert "ingredients.change" in refused.json()["errors"]


def test_simultaneous_stock_into_one_store_all_lands(settings, member, kitchen):
    tablet = second_session(settings, member)

    async def scenario() -> dict[str, Any]:
        async with AsyncTestClient(app=create_app(settings)) as client:
            created = await client.post(
                STORES, json={"name": "Pantry", "description": "Shelves"}, headers=member.headers
            )
            url = f"{STORES}/{created.json()['data']['id']}"
            writes = [
                client.post(
                    f"{url}/items",
                    json={"items": [{"value": kitchen.value("Flour"), "quantity": 250}]},
                    headers=device.headers,
                )
                for device in (member, tablet) * 3
            ]
            writes += [
                client.put(url, json={"items": [{"name": f"Jar {n}"}]}, headers=(member, tablet)[n % 2].headers)
                for n in range(6)
            ]
            answers = await asyncio.gather(*writes)
            assert [a.status_code for a in answers] == [200] * len(answers), [a.text for a in answers]
            return (await client.get(url, headers=member.headers)).json()["data"]

    found = items_by_name(asyncio.run(scenario()))
    assert set(found) == {"Flour", *(f"Jar {n}" for n in range(6))}
    assert (found["Flour"]["quantity"], found["Flour"]["unit"]) == (1500, "g")


def test_item_edits_of_one_store_from_two_devices_keep_both(client, member, kitchen, settings):
    tablet = second_session(settings, member)
    store = new_store(client, member, "Fridge")
    found = items_by_name(
        receive(client, member, store["id"], [{"value": kitchen.value("Milk")}, {"value": kitchen.value("Egg")}])
    )
    url = f"{STORES}/{store['id']}"
    # Item-level writes without updated_at: each device's change to its own item stays.
    one = client.put(url, json={"items": [{"id": found["Milk"]["id"], "quantity": 3}]}, headers=member.headers)
    two = client.put(url, json={"items": [{"id": found["Egg"]["id"], "quantity": 12}]}, headers=tablet.headers)
    assert (one.status_code, two.status_code) == (200, 200)
    final = items_by_name(get_store(client, member, store["id"]))
    assert (final["Milk"]["quantity"], final["Egg"]["quantity"]) == (3, 12)


def test_a_stale_whole_store_write_from_the_other_device_is_refused(client, member, kitchen, settings):
    tablet = second_session(settings, member)
    store = new_store(client, member, "Fridge")
    seen_by_tablet = get_store(client, tablet, store["id"])["updated_at"]
    changed = client.put(
        f"{STORES}/{store['id']}",
        json={"items": [{"value": kitchen.value("Milk")}], "updated_at": store["updated_at"]},
        headers=member.headers,
    )
    assert changed.status_code == 200
    stale = client.put(
        f"{STORES}/{store['id']}", json={"name": "Tablet fridge", "updated_at": seen_by_tablet}, headers=tablet.headers
    )
    assert stale.status_code == 409
    final = get_store(client, member, store["id"])
    assert final["name"] == "Fridge"
    assert [i["name"] for i in final["items"]] == ["Milk"]


def test_the_same_shop_sent_twice_at_once_stocks_once(settings, member, kitchen):
    """An offline shop replayed while the first send is still in flight."""
    tablet = second_session(settings, member)

    async def scenario() -> tuple[list[Any], dict[str, Any]]:
        async with AsyncTestClient(app=create_app(settings)) as client:
            store = (
                await client.post(STORES, json={"name": "Pantry", "description": "Shelves"}, headers=member.headers)
            ).json()
            created = await client.post(
                LISTS,
                json={
                    "name": "Weekly",
                    "ingredients": [{"value": kitchen.value("Flour"), "quantity": 1, "unit": "kg"}],
                },
                headers=member.headers,
            )
            url = f"{LISTS}/{created.json()['data']['user_shoppinglist_id']}/complete"
            body = {"request_id": "offline-replay-1", "checked": [kitchen.value("Flour")], "delete_list": True}
            answers = await asyncio.gather(
                *(client.post(url, json=body, headers=device.headers) for device in (member, tablet, member))
            )
            final = await client.get(f"{STORES}/{store['data']['id']}", headers=member.headers)
            return answers, final.json()["data"]

    answers, store = asyncio.run(scenario())
    assert [a.status_code for a in answers] == [200, 200, 200], [a.text for a in answers]
    assert answers[0].json() == answers[1].json() == answers[2].json()
    assert [(i["name"], i["quantity"], i["unit"]) for i in store["items"]] == [("Flour", 1, "kg")]
