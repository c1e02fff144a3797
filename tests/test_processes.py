"""Several server processes on one SQLite file behave as one: two `larder serve` on one data dir
(each request sent to the one chosen), and `larder serve --workers 2` (the kernel chooses). A live
change crosses from the process that writes it to the streams the other holds; sign-in failures
count wherever they were made; writes from both processes all land; daily jobs are taken once."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from larder.accounts.signin import LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT
from larder.core.db.engine import build_alchemy_config
from larder.core.db.jobs import claim
from tests import postgres_cluster
from tests.serving import Served
from tests.sharing.test_live_events import LISTS, Live, change
from tests.stores.support import seed_kitchen
from tests.support import make_settings

WAIT = 10.0


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory, migrated_db: Path) -> Iterator[tuple[Live, Live]]:
    root = tmp_path_factory.mktemp("two")
    with contextlib.ExitStack() as held:
        # Under `make test-postgres`, two processes on one PostgreSQL database (NOTIFY/LISTEN).
        database = held.enter_context(postgres_cluster.own_database())
        settings = make_settings(str(root / "data"), template_db=migrated_db, **database)
        kitchen = seed_kitchen(settings, root)
        first = held.enter_context(Served(settings.data_dir, **database))
        second = held.enter_context(Served(settings.data_dir, **database))
        worlds = (Live(first, settings, kitchen), Live(second, settings, kitchen))
        yield worlds
        for world in worlds:
            world.http.close()


def test_a_change_written_through_one_process_reaches_the_streams_of_the_other(two):
    a, b = two
    owner, friend = a.member("owner"), a.member("friend")
    # Streams open before anything happens: a change made just before a stream opens may still
    # reach it from another process (read after it opened), which would blur what is checked.
    friend_on_a = a.listen(friend)
    owner_on_b = b.listen(owner)
    list_id = a.new_list(owner)
    assert owner_on_b.change() == change(list_id)  # made on a, heard on b
    a.share(owner, list_id, friend.email, can_edit=True)
    assert owner_on_b.change() == change(list_id)
    assert friend_on_a.change() == change(list_id)

    b.ok(owner, "PUT", f"{LISTS}/{list_id}", {"name": "Party food"}, client="tab-b")
    assert friend_on_a.change() == change(list_id, origin="tab-b")  # crossed from b to a
    assert owner_on_b.change() == change(list_id, origin="tab-b")  # b's own stream, at once

    a.ok(friend, "PUT", f"{LISTS}/{list_id}", {"name": "Picnic"}, client="tab-a")
    assert owner_on_b.change() == change(list_id, origin="tab-a")  # and back from a to b
    assert friend_on_a.change() == change(list_id, origin="tab-a")
    # Nobody was told twice: each stream's next change is its member's own new list.
    a.barrier(friend, friend_on_a)
    b.barrier(owner, owner_on_b)


def test_sign_in_failures_count_across_processes(two):
    a, b = two
    member = a.member("guarded")
    wrong = {"email": member.email, "password": "not-the-password"}
    for attempt in range(LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT.attempts):
        server = (a, b)[attempt % 2]
        assert server.http.post("/api/pwa/login", json=wrong).status_code == 401
    for server in (a, b):  # neither process saw all of them; together they did
        blocked = server.http.post("/api/pwa/login", json={"email": member.email, "password": member.password})
        assert blocked.status_code == 429, blocked.text


def test_writes_through_both_processes_all_land(two):
    a, b = two
    owner = a.member("busy")
    list_id = a.new_list(owner)
    values = [str(ingredient_id) for ingredient_id in list(a.kitchen.ingredients.values())[:12]]
    errors: list[Any] = []

    def add(server: Live, value: str) -> None:
        answer = server.call(owner, "POST", f"{LISTS}/{list_id}/merge", {"ingredients": [{"value": value}]})
        if answer.status_code not in (200, 201):
            errors.append(answer.text)

    threads = [threading.Thread(target=add, args=((a, b)[i % 2], value)) for i, value in enumerate(values)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    saved = a.ok(owner, "GET", f"{LISTS}/{list_id}")["shopping_list"]["ingredients"]
    assert sorted(item["value"] for item in saved) == sorted(values)


def test_a_daily_job_is_claimed_once_per_period(settings):
    config = build_alchemy_config(settings)

    async def claims() -> list[bool]:
        try:
            return [
                await claim(config, "backup", "2026-11-24"),
                await claim(config, "backup", "2026-11-24"),
                await claim(config, "backup", "2026-11-25"),
                await claim(config, "housekeeping", "2026-11-24"),
            ]
        finally:
            await config.get_engine().dispose()

    assert asyncio.run(claims()) == [True, False, True, True]


# -- larder serve --workers 2 -------------------------------------------------------------------------


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def test_workers_share_the_port_the_changes_and_a_clean_stop(
    tmp_path: Path, migrated_db: Path, database_env: dict[str, str]
) -> None:
    settings = make_settings(str(tmp_path / "data"), template_db=migrated_db, **database_env)
    kitchen = seed_kitchen(settings, tmp_path)
    served = Served(settings.data_dir, LARDER_WORKERS="2", **database_env).start()
    try:
        assert served.process is not None
        workers = children_of(served.process.pid)
        assert len(workers) == 2, (workers, served.log())
        world = Live(served, settings, kitchen)
        owner, friend = world.member("owner"), world.member("friend")
        list_id = world.new_list(owner)
        listening = world.listen(friend)
        world.share(owner, list_id, friend.email, can_edit=True)
        assert listening.change() == change(list_id)  # now shared with them
        # Whichever worker each write lands on, the stream (held by one of them) hears every one.
        for number in range(6):
            world.ok(owner, "PUT", f"{LISTS}/{list_id}", {"name": f"Shop {number}"}, client=f"tab-{number}")
        assert listening.changes(6) == [change(list_id, origin=f"tab-{number}") for number in range(6)]
        world.http.close()

        served.process.send_signal(signal.SIGTERM)
        assert served.process.wait(timeout=30) == 0, served.log()
        assert all(not Path(f"/proc/{pid}").exists() for pid in workers)
        listening.thread.join(timeout=WAIT)
        assert listening.next() == ("end", None)  # the stream was ended cleanly, not cut
    finally:
        served.stop()


def test_a_worker_that_dies_is_replaced(tmp_path: Path, migrated_db: Path) -> None:
    settings = make_settings(str(tmp_path / "data"), template_db=migrated_db)
    with Served(settings.data_dir, LARDER_WORKERS="2") as served:
        assert served.process is not None
        first = children_of(served.process.pid)
        os.kill(first[0], signal.SIGKILL)
        replaced: list[int] = []
        deadline = WAIT * 3
        waited = 0.0
        while waited < deadline:
            now = children_of(served.process.pid)
            if len(now) == 2 and first[0] not in now:
                replaced = now
                break
            threading.Event().wait(0.1)  # polling the process table, not a synchronisation
            waited += 0.1
        assert replaced, served.log()
        assert httpx.get(f"{served.url}/api/health", timeout=WAIT).status_code == 200
