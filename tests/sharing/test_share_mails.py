"""Sharing is no open mail relay (sharing/mails.py): a member's share e-mails are limited per hour
and per day, an address hears of one item at most once a day, and an address with hidden or
markup characters is refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from litestar.testing import TestClient

from larder.app import create_app
from larder.sharing import mails
from larder.sharing.mails import (
    MSG_HIDDEN,
    MSG_INVALID_EMAIL,
    MSG_MARKUP,
    SHARE_MAILS_PER_DAY,
    SHARE_MAILS_PER_HOUR,
)
from tests.stores.support import LISTS
from tests.support import MailCatcher, sql

SHARE = "/api/pwa/share"


class Clock:
    """The clock share e-mails are counted by, moved on by the test."""

    def __init__(self) -> None:
        self.at = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += timedelta(**delta)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    stopped = Clock()
    monkeypatch.setattr(mails, "now", stopped)
    return stopped


@pytest.fixture
def owner(member_factory):
    return member_factory("owner_1", "owner@example.org", verified=True)


def new_list(client, who, name: str = "Weekly shop") -> int:
    response = client.post(LISTS, json={"name": name}, headers=who.headers)
    assert response.status_code == 201, response.text
    return response.json()["data"]["user_shoppinglist_id"]


def share(client, who, entity_id: int, emails: list[str], entity_type: str = "UserShoppinglist") -> Any:
    body = {
        "entity_id": entity_id,
        "type": entity_type,
        "shared_with": [{"email": e, "canEdit": False} for e in emails],
    }
    return client.put(SHARE, json=body, headers=who.headers)


def unshare(client, who, entity_id: int, emails: list[str]) -> Any:
    body = {"entity_id": entity_id, "type": "UserShoppinglist", "unshared_with": emails}
    return client.put(SHARE, json=body, headers=who.headers)


def addresses(first: int, count: int) -> list[str]:
    return [f"guest{n:03d}@example.org" for n in range(first, first + count)]


def share_many(client, who, list_id: int, emails: list[str]) -> None:
    """Shares with every address, ten to a change, each change accepted."""
    for start in range(0, len(emails), 10):
        response = share(client, who, list_id, emails[start : start + 10])
        assert response.status_code == 200, response.text


def received(mail: MailCatcher) -> list[str]:
    """The recipients of every mail delivered so far (delivery ends before the answer is sent)."""
    found = []
    while not mail.inbox.empty():
        found += mail.inbox.get_nowait().recipients
    return found


def sharing_rows(settings) -> dict[str, list[tuple[Any, ...]]]:
    return {table: sql(settings, f"select * from {table} order by id") for table in ("share", "share_mail")}  # noqa: S608


# -- per member, per hour and per day -----------------------------------------------------------


def test_a_member_sends_at_most_the_hourly_share_mails_and_then_gets_a_429(client, owner, mail, clock, settings):
    list_id = new_list(client, owner)
    share_many(client, owner, list_id, addresses(0, SHARE_MAILS_PER_HOUR))
    assert len(received(mail)) == SHARE_MAILS_PER_HOUR

    clock.advance(minutes=20)
    before = sharing_rows(settings)
    refused = share(client, owner, list_id, ["one-more@example.org"])
    assert refused.status_code == 429
    assert refused.headers["retry-after"] == str(40 * 60)
    assert refused.json() == {
        "message": f"You have sent as many share e-mails as one member may ({SHARE_MAILS_PER_HOUR} an hour, "
        f"{SHARE_MAILS_PER_DAY} a day). Please try again in 40 minutes."
    }
    # Refused whole: no share, no mail, nothing counted.
    assert sharing_rows(settings) == before
    assert received(mail) == []

    clock.advance(minutes=40)
    again = share(client, owner, list_id, ["one-more@example.org"])
    assert again.status_code == 200, again.text
    assert received(mail) == ["one-more@example.org"]


def test_a_change_that_would_pass_the_limit_is_refused_whole(client, owner, mail, clock, settings):
    list_id = new_list(client, owner)
    share_many(client, owner, list_id, addresses(0, SHARE_MAILS_PER_HOUR - 2))
    received(mail)
    before = sharing_rows(settings)
    refused = share(client, owner, list_id, addresses(100, 3))
    assert refused.status_code == 429
    assert sharing_rows(settings) == before
    assert received(mail) == []
    assert share(client, owner, list_id, addresses(100, 2)).status_code == 200


def test_more_new_addresses_than_an_hour_allows_in_one_change_is_a_422(client, owner, mail, clock):
    list_id = new_list(client, owner)
    refused = share(client, owner, list_id, addresses(0, SHARE_MAILS_PER_HOUR + 1))
    assert refused.status_code == 422
    assert refused.json()["errors"] == {"shared_with": [refused.json()["message"]]}
    assert str(SHARE_MAILS_PER_HOUR) in refused.json()["message"]
    assert received(mail) == []


def test_a_member_sends_at_most_the_daily_share_mails(client, owner, mail, clock):
    list_id = new_list(client, owner)
    hours = SHARE_MAILS_PER_DAY // SHARE_MAILS_PER_HOUR
    for hour in range(hours):
        share_many(client, owner, list_id, addresses(hour * 100, SHARE_MAILS_PER_HOUR))
        clock.advance(hours=1)
    assert len(received(mail)) == SHARE_MAILS_PER_DAY

    refused = share(client, owner, list_id, ["one-more@example.org"])
    assert refused.status_code == 429
    # The first hour's mails leave the day's window 24 hours after they were sent.
    assert refused.headers["retry-after"] == str((24 - hours) * 3600)
    assert refused.json()["message"].endswith(f"Please try again in {24 - hours} hours.")

    clock.advance(hours=24 - hours)
    assert share(client, owner, list_id, ["one-more@example.org"]).status_code == 200
    assert received(mail) == ["one-more@example.org"]


def test_each_member_has_limits_of_their_own(client, owner, member_factory, mail, clock):
    other = member_factory("other_1", "other@example.org", verified=True)
    share_many(client, owner, new_list(client, owner), addresses(0, SHARE_MAILS_PER_HOUR))
    assert share(client, other, new_list(client, other), ["guest000@example.org"]).status_code == 200


def test_the_limit_holds_across_server_processes(settings, owner, mail, clock):
    """Two app instances on one database (as `larder serve --workers 2` runs them) count together."""
    with TestClient(create_app(settings)) as first, TestClient(create_app(settings)) as second:
        list_id = new_list(first, owner)
        share_many(first, owner, list_id, addresses(0, SHARE_MAILS_PER_HOUR // 2))
        share_many(second, owner, list_id, addresses(100, SHARE_MAILS_PER_HOUR - SHARE_MAILS_PER_HOUR // 2))
        assert share(first, owner, list_id, ["one-more@example.org"]).status_code == 429
        assert share(second, owner, list_id, ["one-more@example.org"]).status_code == 429
    assert len(received(mail)) == SHARE_MAILS_PER_HOUR


# -- one invitation per address and item a day --------------------------------------------------


def test_sharing_again_within_the_day_shares_but_sends_no_second_mail(client, owner, mail, clock, settings):
    list_id = new_list(client, owner)
    assert share(client, owner, list_id, ["friend@example.org"]).status_code == 200
    for _ in range(5):
        assert unshare(client, owner, list_id, ["friend@example.org"]).json()["data"]["shared_with"] == []
        again = share(client, owner, list_id, ["friend@example.org"])
        assert again.status_code == 200
        assert again.json()["data"]["shared_with"] == [{"email": "friend@example.org", "canEdit": False}]
    assert received(mail) == ["friend@example.org"]

    # Another item is news to the address; the same item is again a day later.
    assert share(client, owner, new_list(client, owner, "Party"), ["friend@example.org"]).status_code == 200
    assert received(mail) == ["friend@example.org"]
    unshare(client, owner, list_id, ["friend@example.org"])
    clock.advance(hours=24)
    share(client, owner, list_id, ["friend@example.org"])
    assert received(mail) == ["friend@example.org"]


def test_a_share_that_sends_no_mail_is_not_held_back_by_the_limit(client, owner, mail, clock):
    list_id = new_list(client, owner)
    share(client, owner, list_id, ["friend@example.org"])
    share_many(client, owner, list_id, addresses(0, SHARE_MAILS_PER_HOUR - 1))
    unshare(client, owner, list_id, ["friend@example.org"])
    received(mail)
    # At the limit: sharing again with an address told today, and flipping canEdit, still work.
    assert share(client, owner, list_id, ["friend@example.org"]).status_code == 200
    flipped = client.put(
        SHARE,
        json={
            "entity_id": list_id,
            "type": "UserShoppinglist",
            "shared_with": [{"email": "guest000@example.org", "canEdit": True}],
        },
        headers=owner.headers,
    )
    assert flipped.status_code == 200, flipped.text
    assert received(mail) == []
    assert share(client, owner, list_id, ["stranger@example.org"]).status_code == 429


# -- addresses ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("email", "message"),
    [
        ("<script>@x.y", MSG_MARKUP),
        ("friend@example.org<img>", MSG_MARKUP),
        ("friend@example.org,victim@example.org", MSG_MARKUP),
        ('"friend"@example.org', MSG_MARKUP),
        ("friend@exa`mple.org", MSG_MARKUP),
        ("fri\u200bend@example.org", MSG_HIDDEN),  # zero-width space
        ("friend\u200d@example.org", MSG_HIDDEN),  # zero-width joiner
        ("\ufefffriend@example.org", MSG_HIDDEN),  # byte order mark
        ("friend@\u200eexample.org", MSG_HIDDEN),  # left-to-right mark
        ("friend@example.org\u200f", MSG_HIDDEN),  # right-to-left mark
        ("friend\u061c@example.org", MSG_HIDDEN),  # Arabic letter mark
        ("fri\u00a0end@example.org", MSG_HIDDEN),  # no-break space
        ("fri\u3164end@example.org", MSG_HIDDEN),  # Hangul filler
        ("friend@example..org", MSG_INVALID_EMAIL),
        ("friend@-example.org", MSG_INVALID_EMAIL),
        (".friend@example.org", MSG_INVALID_EMAIL),
        ("friend@example_org.com", MSG_INVALID_EMAIL),
    ],
)
def test_an_address_with_hidden_or_markup_characters_is_refused(client, owner, mail, settings, email, message):
    list_id = new_list(client, owner)
    before = sharing_rows(settings)
    refused = share(client, owner, list_id, [email])
    assert refused.status_code == 422, refused.text
    assert refused.json() == {"message": message, "errors": {"shared_with": [message]}}
    assert sharing_rows(settings) == before
    assert received(mail) == []


@pytest.mark.parametrize("email", ["fri\u202eend@example.org", "fri\u2066end@example.org", "fri\x07end@example.org"])
def test_control_characters_and_direction_overrides_are_refused_as_the_body_is_read(client, owner, mail, email):
    refused = share(client, owner, new_list(client, owner), [email])
    assert refused.status_code == 422, refused.text
    assert set(refused.json()) == {"message", "errors"}
    assert received(mail) == []


@pytest.mark.parametrize("email", ["o'neil+list@sub.example.co.uk", "jörg@exämple.de", "ülkü@例え.jp"])
def test_ordinary_addresses_in_any_alphabet_are_shared_with(client, owner, email):
    response = share(client, owner, new_list(client, owner), [email])
    assert response.status_code == 200, response.text
    assert response.json()["data"]["shared_with"] == [{"email": email, "canEdit": False}]
