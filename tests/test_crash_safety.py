"""Crash safety: `larder serve` killed with SIGKILL under concurrent writes loses no acknowledged write.

Each round: four writers create their own recipes (one transaction of recipe, ingredient and step
rows each) as fast as the server takes them; at a random moment in the load the server gets
SIGKILL (no shutdown, no checkpoint: the WAL holds the latest commits), then starts again on the
same data dir. Every write it answered 201 must be there, whole, and SQLite's integrity check must
pass. A write cut off by the kill may or may not be there; that is what "not acknowledged" means.

SQLite runs with synchronous=NORMAL in WAL mode: durable across a crash of the process (this
test), not across a power cut of the machine.

`make crash-test` runs this file alone and prints the figures; `make test` runs it with the rest.
CRASH_ROUNDS and CRASH_SEED choose the rounds and the kill moments.
"""

from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from tests.serving import Served, larder_cli

ROUNDS = int(os.environ.get("CRASH_ROUNDS", "6"))
SEED = int(os.environ.get("CRASH_SEED", str(time.time_ns() % 1_000_000)))
WRITERS = 4
ACKS_BEFORE_KILL = 12  # the load is under way before the kill moment is drawn
KILL_AFTER_SECONDS = (0.2, 3.0)  # then the kill comes this much later, drawn per round
EMAIL, NAME, PASSWORD = "crash@example.org", "crash_tester", "crash-secret-1"


def recipe(name: str) -> dict[str, object]:
    return {
        "name": name,
        "description": "Written while the server may die.",
        "serves": 2,
        "ingredients": [{"value": "custom-salt", "name": "Salt", "quantity": 1, "measurement": "g"}],
        "steps": [{"id": "step-1", "title": "Stir", "description": "Stir it.", "timer": None}],
    }


@dataclass
class Load:
    """What the writers of one round were told: acknowledged writes and everything else."""

    acked: dict[int, str] = field(default_factory=dict)
    refused: list[int] = field(default_factory=list)
    cut: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    enough: threading.Event = field(default_factory=threading.Event)
    stop: threading.Event = field(default_factory=threading.Event)

    def write(self, url: str, token: str, label: str) -> None:
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=30) as http:
            n = 0
            while not self.stop.is_set():
                name = f"{label}-{n}"
                n += 1
                try:
                    answer = http.post("/api/pwa/user-recipe-creator", json=recipe(name))
                except httpx.TransportError:
                    with self.lock:
                        self.cut += 1
                    return  # the server is gone; what was in flight is unacknowledged
                with self.lock:
                    if answer.status_code == 201:
                        self.acked[answer.json()["data"]["user_recipe_id"]] = name
                        if len(self.acked) >= ACKS_BEFORE_KILL:
                            self.enough.set()
                    else:
                        self.refused.append(answer.status_code)


def integrity(db: Path) -> tuple[str, list[tuple[object, ...]]]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
        return connection.execute("PRAGMA integrity_check").fetchone()[0], connection.execute(
            "PRAGMA foreign_key_check"
        ).fetchall()


def stored_recipes(url: str, token: str) -> dict[int, dict[str, object]]:
    answer = httpx.get(f"{url}/api/pwa/user-recipe-creator", headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert answer.status_code == 200, answer.text
    return {item["user_recipe_id"]: item for item in answer.json()}


@pytest.mark.sqlite_only  # SQLite's own durability (WAL, synchronous=NORMAL); PostgreSQL keeps its own
def test_no_acknowledged_write_is_lost_to_sigkill(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    data_dir = tmp_path / "data"
    larder_cli(data_dir, "user", "create", "--email", EMAIL, "--name", NAME, LARDER_PASSWORD=PASSWORD)
    server = Served(data_dir)
    server.start()
    started = time.monotonic()
    acked: dict[int, str] = {}
    figures: list[str] = []
    try:
        login = httpx.post(f"{server.url}/api/pwa/login", json={"email": EMAIL, "password": PASSWORD}, timeout=30)
        assert login.status_code == 200, login.text
        token = login.json()["token"]  # a session row: it must survive the kills too

        for round_no in range(1, ROUNDS + 1):
            load = Load()
            writers = [
                threading.Thread(target=load.write, args=(server.url, token, f"r{round_no}w{n}"), daemon=True)
                for n in range(WRITERS)
            ]
            for writer in writers:
                writer.start()
            assert load.enough.wait(timeout=60), f"round {round_no}: the load never got going:\n{server.log()}"
            load.stop.wait(rng.uniform(*KILL_AFTER_SECONDS))  # the kill moment, inside the load
            wal = data_dir / "larder.db-wal"
            server.kill()
            wal_bytes = wal.stat().st_size if wal.exists() else 0
            load.stop.set()
            for writer in writers:
                writer.join(timeout=30)
                assert not writer.is_alive()
            with load.lock:
                acked.update(load.acked)

            server.start()
            stored = stored_recipes(server.url, token)
            lost = {rid: name for rid, name in acked.items() if stored.get(rid, {}).get("name") != name}
            broken = [
                rid
                for rid in acked
                if rid in stored and (len(stored[rid]["steps"]), len(stored[rid]["ingredients"])) != (1, 1)
            ]
            check, orphans = integrity(data_dir / "larder.db")
            figures.append(
                f"round {round_no}: {len(load.acked)} acknowledged, {load.cut} in flight at the kill, "
                f"{len(load.refused)} refused {sorted(set(load.refused))}, WAL {wal_bytes} bytes at the kill; "
                f"after the restart {len(stored)} stored ({len(stored) - len(acked)} never acknowledged), "
                f"{len(lost)} lost"
            )
            assert not lost, f"acknowledged writes lost after round {round_no} (seed {SEED}): {lost}"
            assert not broken, f"recipes missing their rows after round {round_no}: {broken}"
            assert check == "ok", f"integrity check after round {round_no}: {check}"
            assert orphans == [], f"foreign key violations after round {round_no}: {orphans}"
    finally:
        server.stop()
    assert integrity(data_dir / "larder.db") == ("ok", [])
    summary = (
        f"crash test (CRASH_SEED={SEED}): {ROUNDS} rounds of SIGKILL under {WRITERS} writers, "
        f"{len(acked)} acknowledged writes, 0 lost, {time.monotonic() - started:.1f} s"
    )
    print("\n" + "\n".join([*figures, summary]))
