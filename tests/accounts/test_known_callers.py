"""The caller behind a token is kept between requests while no account or session is written, by
any writer (the 'accounts' read version, counted by triggers): a revoke, a change or the end of a
session is seen by the very next request."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from larder.accounts import sessions
from larder.core.base.clock import now
from tests.support import sql

ACCOUNT = "/api/pwa/account"


def reads_of_the_caller(monkeypatch: Any) -> list[str]:
    seen: list[str] = []
    original = sessions.session_claims

    def counting(settings: Any, bearer: Any) -> Any:
        seen.append(bearer)
        return original(settings, bearer)

    monkeypatch.setattr(sessions, "session_claims", counting)
    return seen


def test_a_caller_is_read_once_while_nothing_of_accounts_changes(client, member, monkeypatch):
    reads = reads_of_the_caller(monkeypatch)
    for _ in range(3):
        assert client.get(ACCOUNT, headers=member.headers).status_code == 200
    assert reads == [member.token]


def test_a_session_revoked_by_any_writer_ends_at_the_next_request(client, member, settings):
    assert client.get(ACCOUNT, headers=member.headers).status_code == 200
    sql(settings, "update user_session set revoked_at = :at", at=now())
    assert client.get(ACCOUNT, headers=member.headers).status_code == 401


def test_an_account_changed_by_any_writer_is_seen_at_the_next_request(client, member, settings):
    assert client.get(ACCOUNT, headers=member.headers).json()["name"] == member.name
    sql(settings, "update user_account set name = 'renamed_1'")
    assert client.get(ACCOUNT, headers=member.headers).json()["name"] == "renamed_1"


def test_a_kept_session_still_ends_when_its_time_is_up(client, member, monkeypatch):
    assert client.get(ACCOUNT, headers=member.headers).status_code == 200
    later = now() + timedelta(days=400)
    monkeypatch.setattr(sessions, "now", lambda: later)
    assert client.get(ACCOUNT, headers=member.headers).status_code == 401
