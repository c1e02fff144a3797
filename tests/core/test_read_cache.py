"""The answer cache of public reads, on a small app of its own over a migrated SQLite file."""

from __future__ import annotations

import os
import sqlite3
from typing import Any

import pytest
from litestar import Litestar, get
from litestar.testing import TestClient

from larder.core.access import PUBLIC
from larder.core.answers import EncodedAnswer
from larder.core.read_cache import ReadCache, ReadCacheMiddleware, ReadVersions, cached_read
from tests.support import make_settings


def small_app(database: str) -> tuple[Litestar, ReadVersions]:
    runs = {"public": 0, "closed": 0}

    @get("/public", opt={**PUBLIC, **cached_read("catalogue")})
    async def public() -> dict[str, Any]:
        runs["public"] += 1
        return {"runs": runs["public"]}

    # Marked for the cache but not public: a kept answer would skip the guard, so it never is.
    @get("/closed", opt=cached_read("catalogue"))
    async def closed() -> dict[str, Any]:
        runs["closed"] += 1
        return {"runs": runs["closed"]}

    versions = ReadVersions(database)
    app = Litestar([public, closed], middleware=[ReadCacheMiddleware(ReadCache(versions))])
    return app, versions


@pytest.fixture
def database(tmp_path) -> str:
    settings = make_settings(str(tmp_path / "data"))
    return settings.database_url.split("///", 1)[1]


def bump(database: str) -> None:
    with sqlite3.connect(database) as connection:
        connection.execute("update read_version set version = version + 1 where name = 'catalogue'")


def test_the_handler_runs_once_per_version(database):
    app, versions = small_app(database)
    with TestClient(app) as client:
        assert [client.get("/public").json()["runs"] for _ in range(3)] == [1, 1, 1]
        bump(database)
        assert [client.get("/public").json()["runs"] for _ in range(2)] == [2, 2]
    versions.close()


def test_routes_that_are_not_public_always_run(database):
    app, versions = small_app(database)
    with TestClient(app) as client:
        assert [client.get("/closed").json()["runs"] for _ in range(3)] == [1, 2, 3]
    versions.close()


def test_without_versions_to_read_every_request_runs(tmp_path):
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()
    app, versions = small_app(str(empty))
    with TestClient(app) as client:
        assert [client.get("/public").json()["runs"] for _ in range(2)] == [1, 2]
        # Still compressed and tagged, as the route leaves compression to the cache.
        answer = client.get("/public", headers={"Accept-Encoding": "gzip"})
        assert (answer.headers["content-encoding"], answer.json()) == ("gzip", {"runs": 3})
        assert answer.headers["etag"]
    versions.close()


def answer(size: int) -> EncodedAnswer:
    # Random bytes stay about their size when gzipped.
    return EncodedAnswer(os.urandom(size))


def test_the_least_recently_used_answers_go_when_the_budget_is_spent(database):
    cache = ReadCache(ReadVersions(database), budget_bytes=25_000)
    keys = [("GET", f"/r/{n}", b"", b"") for n in range(3)]
    assert cache.get("catalogue", 1, keys[0]) is None
    for key in keys[:2]:
        cache.put("catalogue", 1, key, answer(10_000))
    assert cache.get("catalogue", 1, keys[0]) is not None  # now the most recently used
    cache.put("catalogue", 1, keys[2], answer(10_000))
    assert cache.get("catalogue", 1, keys[1]) is None
    assert cache.get("catalogue", 1, keys[0]) is not None
    assert cache.size <= 25_000
    cache.versions.close()


def test_a_new_version_drops_the_older_answers_and_a_late_one_is_not_kept(database):
    cache = ReadCache(ReadVersions(database))
    key = ("GET", "/r/1", b"", b"")
    cache.get("catalogue", 1, key)
    cache.put("catalogue", 1, key, answer(100))
    assert cache.get("catalogue", 2, key) is None
    assert (len(cache), cache.size) == (0, 0)
    # An answer made at version 1 arriving after version 2 was seen is not kept.
    cache.put("catalogue", 1, key, answer(100))
    assert len(cache) == 0
    cache.versions.close()
