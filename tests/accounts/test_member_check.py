"""The event stream's session check (`provide_member_check`): while a stream stays open, its member
is read again from their session, so signing out ends the stream and an address change stops
shares counting until the new address is verified."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from litestar.testing import TestClient

from larder.accounts.guards import provide_member_check
from larder.core.base.settings import Settings
from larder.sharing.service import Member as PolicyMember
from tests.factories import Member, make_member


def check_for(client: TestClient[Any], token: str) -> PolicyMember | None:
    request = SimpleNamespace(headers={"authorization": f"Bearer {token}"}, app=client.app)
    check = provide_member_check(request)  # type: ignore[arg-type]
    # On the app's own event loop: its database connections belong to it (asyncpg's cannot move).
    return client.blocking_portal.call(check)


def test_a_live_session_gives_the_member_as_it_is_now(client: TestClient[Any], settings: Settings) -> None:
    alice: Member = make_member(settings, "alice_1", "alice@example.org", verified=True)
    found = check_for(client, alice.token)
    assert found is not None
    assert (found.id, found.email, found.verified) == (alice.id, alice.email, True)


def test_after_sign_out_the_check_finds_nobody(client: TestClient[Any], settings: Settings) -> None:
    alice: Member = make_member(settings, "alice_1", "alice@example.org", verified=True)
    assert client.post("/api/pwa/logout", headers=alice.headers).status_code == 200
    assert check_for(client, alice.token) is None
    assert check_for(client, "not-a-token") is None


def test_a_changed_address_is_unverified_until_confirmed(client: TestClient[Any], settings: Settings) -> None:
    alice: Member = make_member(settings, "alice_1", "alice@example.org", verified=True)
    changed = client.put(
        "/api/pwa/account/update",
        headers=alice.headers,
        json={"name": alice.name, "email": "alice.new@example.org", "current_password": alice.password},
    )
    assert changed.status_code == 200, changed.text
    found = check_for(client, alice.token)
    assert found is not None
    assert (found.email, found.verified) == ("alice.new@example.org", False)
