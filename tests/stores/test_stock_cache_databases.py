"""The cached stock answer belongs to one database: two instances in one process never see each other's stock."""

from __future__ import annotations

from pathlib import Path

from litestar.testing import TestClient

from larder.app import create_app
from larder.core.base.settings import Settings
from tests import postgres_cluster
from tests.factories import make_member
from tests.stores.support import STORES, seed_kitchen
from tests.support import make_settings


def test_two_databases_with_the_same_store_ids_keep_their_own_stock(settings, migrated_db: Path, tmp_path: Path):
    with postgres_cluster.own_database() as database:
        other = make_settings(str(tmp_path / "other"), template_db=migrated_db, **database)
        check_own_stock(settings, other, tmp_path)


def check_own_stock(settings: Settings, other: Settings, tmp_path: Path) -> None:
    answers = []
    for instance, ingredient in ((settings, "Flour"), (other, "Milk")):
        kitchen = seed_kitchen(instance, tmp_path / instance.data_dir.name)
        member = make_member(instance)
        with TestClient(create_app(instance)) as client:
            store = client.post(STORES, json={"name": "Pantry", "description": "Shelves"}, headers=member.headers)
            store_id = store.json()["data"]["id"]
            stocked = client.post(
                f"{STORES}/{store_id}/items",
                json={"items": [{"value": kitchen.value(ingredient)}]},
                headers=member.headers,
            )
            assert stocked.status_code == 200, stocked.text
            answers.append((store_id, client.get(STORES, headers=member.headers).json()["data"][0]["items"]))
    # Same store id, same version of its stock, same day: still each database's own items.
    assert answers[0][0] == answers[1][0]
    assert [i["name"] for i in answers[0][1]] == ["Flour"]
    assert [i["name"] for i in answers[1][1]] == ["Milk"]
