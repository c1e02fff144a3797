"""The imported-recipe calls: validation, ownership, order, throttling, and a slow site not blocking others."""

from __future__ import annotations

import json
import threading

import pytest

from larder.core.db.throttle import Limit
from larder.imports import service
from larder.imports.fetch import FetchPolicy
from larder.imports.service import IMPORTS_PER_USER
from tests.imports.conftest import import_url

API = "/api/pwa/user-imported-recipes"


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "JavaScript:alert(document.cookie)",
        "file:///etc/passwd",
        "ftp://example.com/recipe.html",
        "data:text/html,<h1>hi</h1>",
        "example.com/recipe",
        "//example.com/recipe",
        "http://",
        "https:///recipe",
        "http://exa mple.com/recipe",
        "",
        "   ",
        "https://example.com/" + "a" * 2030,
    ],
)
def test_anything_but_an_http_url_is_422(client, member, pages, url):
    response = client.post(API, json={"url": url}, headers=member.headers)
    assert response.status_code == 422, response.text
    body = response.json()
    assert set(body["errors"]) == {"url"}
    assert body["message"] == body["errors"]["url"][0]
    assert client.get(API, headers=member.headers).json() == []


def test_a_url_of_exactly_2048_characters_is_accepted(client, member, pages):
    url = pages.url("/status/404?pad=")
    url += "a" * (2048 - len(url))
    assert client.post(API, json={"url": url}, headers=member.headers).status_code == 201


def test_a_missing_url_is_422(client, member):
    response = client.post(API, json={}, headers=member.headers)
    assert response.status_code == 422
    assert "url" in response.json()["errors"]


def test_importing_needs_a_session(client, pages):
    assert client.post(API, json={"url": pages.page("jsonld_graph.html")}).status_code == 401
    assert client.get(API).status_code == 401
    assert pages.paths() == []


def test_import_answers_the_stored_record(client, member, pages):
    response = client.post(API, json={"url": "  " + pages.page("jsonld_graph.html") + " "}, headers=member.headers)
    assert response.status_code == 201
    record = response.json()["data"]
    assert set(record) == {"import_recipe_id", "url", "created_at", "import_failed", "data"}
    assert record["url"] == pages.page("jsonld_graph.html")  # trimmed
    assert isinstance(record["data"], str)
    assert json.loads(record["data"])["name"] == "Shakshuka with Feta & Herbs"
    again = client.get(f"{API}/{record['import_recipe_id']}", headers=member.headers)
    assert again.status_code == 200
    assert again.json() == record


def test_list_is_newest_first_and_own_only(client, member_factory, pages):
    alice = member_factory("alice_1", "alice@example.org")
    bob = member_factory("bobby_1", "bob@example.org")
    first = import_url(client, alice, pages.page("jsonld_graph.html"))
    second = import_url(client, alice, pages.url("/status/404"))
    third = import_url(client, alice, pages.page("no_recipe.html"))
    import_url(client, bob, pages.page("microdata.html"))
    listed = client.get(API, headers=alice.headers).json()
    assert [r["import_recipe_id"] for r in listed] == [
        third["import_recipe_id"],
        second["import_recipe_id"],
        first["import_recipe_id"],
    ]
    assert [r["import_failed"] for r in listed] == [False, True, False]
    assert [r["url"] for r in client.get(API, headers=bob.headers).json()] == [pages.page("microdata.html")]


def test_get_and_delete_are_owner_only(client, member_factory, pages):
    alice = member_factory("alice_1", "alice@example.org")
    bob = member_factory("bobby_1", "bob@example.org")
    record = import_url(client, alice, pages.page("jsonld_graph.html"))
    path = f"{API}/{record['import_recipe_id']}"
    assert client.get(path, headers=bob.headers).status_code == 404
    assert client.delete(path, headers=bob.headers).status_code == 404
    assert client.get(path, headers=alice.headers).status_code == 200
    assert client.delete(path, headers=alice.headers).status_code == 204
    assert client.get(path, headers=alice.headers).status_code == 404
    assert client.delete(path, headers=alice.headers).status_code == 404
    assert client.get(API, headers=alice.headers).json() == []


def test_imports_are_throttled_per_user(client, member_factory, pages):
    assert Limit(60, 3600) == IMPORTS_PER_USER
    alice = member_factory("alice_1", "alice@example.org")
    bob = member_factory("bobby_1", "bob@example.org")
    url = pages.url("/status/404")
    for _ in range(IMPORTS_PER_USER.attempts):
        assert client.post(API, json={"url": url}, headers=alice.headers).status_code == 201
    fetched = len(pages.paths())
    blocked = client.post(API, json={"url": url}, headers=alice.headers)
    assert blocked.status_code == 429
    assert int(blocked.headers["retry-after"]) > 0
    assert len(pages.paths()) == fetched  # nothing fetched for a throttled call
    # an invalid link is still answered 422 and does not count; other users are not affected
    assert client.post(API, json={"url": "ftp://x"}, headers=alice.headers).status_code == 422
    assert client.post(API, json={"url": url}, headers=bob.headers).status_code == 201
    assert len(client.get(API, headers=alice.headers).json()) == IMPORTS_PER_USER.attempts


@pytest.fixture
def patient_limits(monkeypatch):
    """Limits long enough that the slow import below waits until the test releases it."""

    def policy(settings):
        return FetchPolicy(allow_private=settings.import_allow_private, read_timeout=120.0, deadline=120.0)

    monkeypatch.setattr(service, "fetch_policy", policy)


def test_a_slow_site_does_not_block_other_requests(client, member_factory, pages, patient_limits):
    """While one import waits on a site, other calls are answered, writes (another import) included.

    The waiting import holds neither the event loop nor the database's write lock.
    """
    alice = member_factory("alice_1", "alice@example.org")
    bob = member_factory("bobby_1", "bob@example.org")
    slow: dict[str, object] = {}

    def slow_import() -> None:
        slow["response"] = client.post(API, json={"url": pages.url("/hang")}, headers=alice.headers)

    worker = threading.Thread(target=slow_import)
    worker.start()
    try:
        assert pages.hang_arrived.wait(30)  # the slow import is now waiting on the site
        assert client.get(API, headers=bob.headers).status_code == 200
        quick = client.post(API, json={"url": pages.page("jsonld_graph.html")}, headers=bob.headers)
        assert quick.status_code == 201, quick.text
        assert quick.json()["data"]["import_failed"] is False
        assert client.get("/api/pwa/account", headers=alice.headers).status_code == 200
        assert "response" not in slow  # still waiting
    finally:
        pages.release.set()
        worker.join(30)
    response = slow["response"]
    assert response.status_code == 201, response.text
    assert json.loads(response.json()["data"]["data"])["name"] == "Crème brûlée"
