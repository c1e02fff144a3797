"""The answer cache of public reads, on a small app of its own over a migrated database (the SQLite
file, or PostgreSQL under `make test-postgres`)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from litestar import Litestar, get
from litestar.datastructures import State
from litestar.testing import TestClient

from larder.core.base.settings import Settings
from larder.core.cache.answers import EncodedAnswer
from larder.core.cache.read_cache import (
    READ_CACHE_STATE_KEY,
    PostgresReadVersions,
    ReadCache,
    ReadCacheMiddleware,
    ReadVersions,
    cached_read,
)
from larder.core.web.access import PUBLIC
from tests.support import make_settings, sql


def versions_of(settings: Settings) -> ReadVersions | PostgresReadVersions:
    if settings.is_sqlite:
        return ReadVersions(settings.database_url.split("///", 1)[1])
    return PostgresReadVersions(settings.database_url)


def small_app(versions: ReadVersions | PostgresReadVersions) -> Litestar:
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

    return Litestar(
        [public, closed],
        middleware=[ReadCacheMiddleware()],
        state=State({READ_CACHE_STATE_KEY: ReadCache(versions)}),
        on_shutdown=[versions.close],
    )


@pytest.fixture
def database(tmp_path) -> Settings:
    return make_settings(str(tmp_path / "data"))


def bump(settings: Settings) -> None:
    """Another connection's write, as another process's would be."""
    sql(settings, "update read_version set version = version + 1 where name = 'catalogue'")


def test_the_handler_runs_once_per_version(database):
    with TestClient(small_app(versions_of(database))) as client:
        assert [client.get("/public").json()["runs"] for _ in range(3)] == [1, 1, 1]
        bump(database)
        assert [client.get("/public").json()["runs"] for _ in range(2)] == [2, 2]


def test_routes_that_are_not_public_always_run(database):
    with TestClient(small_app(versions_of(database))) as client:
        assert [client.get("/closed").json()["runs"] for _ in range(3)] == [1, 2, 3]


def test_without_versions_to_read_every_request_runs(database):
    sql(database, "drop table read_version")
    with TestClient(small_app(versions_of(database))) as client:
        assert [client.get("/public").json()["runs"] for _ in range(2)] == [1, 2]
        # Still compressed and tagged, as the route leaves compression to the cache.
        answer = client.get("/public", headers={"Accept-Encoding": "gzip"})
        assert (answer.headers["content-encoding"], answer.json()) == ("gzip", {"runs": 3})
        assert answer.headers["etag"]


def answer(size: int) -> EncodedAnswer:
    # Random bytes stay about their size when gzipped.
    return EncodedAnswer(os.urandom(size))


def test_the_least_recently_used_answers_go_when_the_budget_is_spent():
    cache = ReadCache(ReadVersions(None), budget_bytes=25_000)
    keys = [("GET", f"/r/{n}", b"", b"") for n in range(3)]
    assert cache.get("catalogue", 1, keys[0]) is None
    for key in keys[:2]:
        cache.put("catalogue", 1, key, answer(10_000))
    assert cache.get("catalogue", 1, keys[0]) is not None  # now the most recently used
    cache.put("catalogue", 1, keys[2], answer(10_000))
    assert cache.get("catalogue", 1, keys[1]) is None
    assert cache.get("catalogue", 1, keys[0]) is not None
    assert cache.size <= 25_000


def test_a_new_version_drops_the_older_answers_and_a_late_one_is_not_kept():
    cache = ReadCache(ReadVersions(None))
    key = ("GET", "/r/1", b"", b"")
    cache.get("catalogue", 1, key)
    cache.put("catalogue", 1, key, answer(100))
    assert cache.get("catalogue", 2, key) is None
    assert (len(cache), cache.size) == (0, 0)
    # An answer made at version 1 arriving after version 2 was seen is not kept.
    cache.put("catalogue", 1, key, answer(100))
    assert len(cache) == 0
