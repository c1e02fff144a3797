"""POST /api/pwa/register-beta — part 1 §5 'Registration', §9 constants."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from larder.app import create_app
from tests.support import MailCatcher, new_invites, registration, sql

USERNAME_MESSAGE = "Invalid username, must be 6 or more characters. Letters numbers, dash and underscore allowed only."


def register(client: Any, body: dict[str, Any]) -> Any:
    return client.post("/api/pwa/register-beta", json=body)


def test_registration_creates_unverified_user_and_sends_verification_mail(client, settings, mail: MailCatcher):
    (code,) = new_invites(settings)
    response = register(client, registration("alice_1", "Alice@Example.org", code))
    assert response.status_code == 201
    user = response.json()["user"]
    assert user["name"] == "alice_1"
    assert user["email"] == "alice@example.org"
    assert user["email_verified"] is False
    received = mail.next_mail("alice@example.org")
    url, kind, _ = received.link()
    assert kind == "verify"
    assert url.startswith("http://larder.test/verify?token=")


@pytest.mark.parametrize("name", ["abcde", "alice smith", "al!ce_1", "émile_1", "", "x" * 65])
def test_username_rule(client, settings, name):
    (code,) = new_invites(settings)
    response = register(client, registration(name, "a@example.org", code))
    assert response.status_code == 422
    assert response.json()["errors"]["name"] == [USERNAME_MESSAGE]


@pytest.mark.parametrize("name", ["abcdef", "Al-ice_9", "______"])
def test_username_rule_accepts_letters_digits_dash_underscore(client, settings, name):
    (code,) = new_invites(settings)
    assert register(client, registration(name, "a@example.org", code)).status_code == 201


@pytest.mark.parametrize("address", ["alice", "alice@example", "@example.org", "a b@example.org", "a@b@c.d"])
def test_email_rule(client, settings, address):
    (code,) = new_invites(settings)
    response = register(client, registration("alice_1", address, code))
    assert response.status_code == 422
    assert response.json()["errors"]["email"] == ["Invalid email address"]


def test_passwords_must_match(client, settings):
    (code,) = new_invites(settings)
    body = registration("alice_1", "a@example.org", code) | {"password_confirmation": "different1"}
    response = register(client, body)
    assert response.status_code == 422
    assert response.json()["errors"]["password_confirmation"] == ["Passwords do not match"]


def test_all_problems_reported_at_once(client, settings):
    response = register(
        client,
        {"name": "ab", "email": "nope", "password": "abcdef", "password_confirmation": "x", "beta_code": "SHORT"},
    )
    assert response.status_code == 422
    assert set(response.json()["errors"]) == {"name", "email", "password_confirmation", "beta_code"}
    assert response.json()["message"] == USERNAME_MESSAGE


def test_invite_code_must_exist(client):
    response = register(client, registration("alice_1", "a@example.org", "ABCDEFGH"))
    assert response.status_code == 409
    assert "beta_code" in response.json()["errors"]
    assert sql_users(client) == 0


def sql_users(client: Any) -> int:
    return len(sql(client.app.state["settings"], "select id from user_account"))


def test_invite_code_is_single_use_by_default(client, settings, mail):
    (code,) = new_invites(settings)
    assert register(client, registration("alice_1", "a@example.org", code)).status_code == 201
    second = register(client, registration("bobby_1", "b@example.org", code))
    assert second.status_code == 409
    assert "beta_code" in second.json()["errors"]
    assert sql_users(client) == 1


def test_invite_code_with_several_uses(client, settings):
    (code,) = new_invites(settings, uses=2)
    assert register(client, registration("alice_1", "a@example.org", code)).status_code == 201
    assert register(client, registration("bobby_1", "b@example.org", code)).status_code == 201
    assert register(client, registration("carol_1", "c@example.org", code)).status_code == 409
    assert sql(settings, "select uses, max_uses from invite_code") == [(2, 2)]


def test_expired_invite_code_is_refused(client, settings):
    (code,) = new_invites(settings, expires_days=1)
    sql(settings, "update invite_code set expires_at = '2001-01-01 00:00:00.000000+00:00'")
    response = register(client, registration("alice_1", "a@example.org", code))
    assert response.status_code == 409
    assert "beta_code" in response.json()["errors"]


def test_invite_code_is_case_insensitive(client, settings):
    (code,) = new_invites(settings)
    assert register(client, registration("alice_1", "a@example.org", code.lower())).status_code == 201


def test_invite_code_length_is_counted_before_upper_casing(client):
    # Eight characters are the shape the document allows, even when upper-casing makes them more.
    response = register(client, registration("alice_1", "a@example.org", "ßßßßßßßß"))
    assert response.status_code == 409
    assert response.json()["errors"] == {"beta_code": ["This invite code is not valid, used up or expired."]}


def test_white_space_around_the_fields_is_no_error(client, settings):
    (code,) = new_invites(settings)
    response = register(client, registration(" alice_1\u00a0", "\u3000a@example.org ", f" {code} "))
    assert response.status_code == 201
    assert response.json()["user"]["name"] == "alice_1"
    assert response.json()["user"]["email"] == "a@example.org"


def test_invite_code_must_be_exactly_eight_characters(client, settings):
    (code,) = new_invites(settings)
    response = register(client, registration("alice_1", "a@example.org", code + "X"))
    assert response.status_code == 422
    assert response.json()["errors"]["beta_code"] == ["The invite code must be exactly 8 characters."]


def test_duplicate_email_refused_and_invite_not_spent(client, settings, member):
    (code,) = new_invites(settings)
    response = register(client, registration("other_1", member.email.upper(), code))
    assert response.status_code == 409
    assert response.json()["errors"]["email"] == ["An account with this email address already exists."]
    assert sql(settings, "select uses from invite_code where code = :c", c=code) == [(0,)]


def test_without_a_valid_invite_nobody_learns_which_accounts_exist(client, settings, member):
    for code, status in (("ZZZZZZZZ", 409), ("SHORT", 422)):
        response = register(client, registration(member.name, member.email, code))
        assert response.status_code == status
        assert set(response.json()["errors"]) == {"beta_code"}, response.json()
    (used,) = new_invites(settings)
    sql(settings, "update invite_code set uses = max_uses where code = :c", c=used)
    response = register(client, registration(member.name, member.email, used))
    assert set(response.json()["errors"]) == {"beta_code"}
    assert response.json()["errors"]["beta_code"] == ["This invite code is not valid, used up or expired."]


def test_duplicate_username_refused_regardless_of_case(client, settings, member):
    (code,) = new_invites(settings)
    response = register(client, registration(member.name.upper(), "new@example.org", code))
    assert response.status_code == 409
    assert response.json()["errors"]["name"] == ["This username is already taken."]


def test_first_user_becomes_admin_only_when_configured(tmp_path, mail):
    from litestar.testing import TestClient

    from larder.app import create_app
    from tests.support import make_settings

    for flag, expected in (("1", "admin"), ("0", "user")):
        settings = make_settings(
            str(tmp_path / flag),
            LARDER_FIRST_USER_ADMIN=flag,
            LARDER_SMTP_HOST="127.0.0.1",
            LARDER_SMTP_PORT=str(mail.port),
        )
        (first, second) = new_invites(settings, count=2)
        with TestClient(create_app(settings)) as client:
            one = register(client, registration("alice_1", "a@example.org", first)).json()["user"]
            two = register(client, registration("bobby_1", "b@example.org", second)).json()["user"]
        assert one["role"] == expected
        assert two["role"] == "user"


async def _nothing_found(*_args: Any, **_kwargs: Any) -> Any:
    from larder.core.base.errors import FieldCollector

    return FieldCollector()


def test_a_name_or_address_taken_after_the_checks_is_refused_by_the_index_with_the_same_409(
    client, settings, member, monkeypatch
):
    """Registrations with different invites do not wait for each other (PostgreSQL): another may take
    the name or address between the checks and the insert, and the unique index refuses it then."""
    from larder.accounts.service import UserService

    monkeypatch.setattr(UserService, "_registration_conflicts", _nothing_found)
    (code,) = new_invites(settings)
    response = register(client, registration("other_1", member.email, code))
    assert response.status_code == 409
    assert response.json()["errors"] == {"email": ["An account with this email address already exists."]}
    response = register(client, registration(member.name.upper(), "new@example.org", code))
    assert response.status_code == 409
    assert response.json()["errors"] == {"name": ["This username is already taken."]}
    assert sql(settings, "select uses from invite_code where code = :c", c=code) == [(0,)]
    assert sql(settings, "select count(*) from user_account") == [(1,)]
    assert register(client, registration("other_1", "new@example.org", code)).status_code == 201


def test_registrations_at_once_with_one_code_or_one_address_make_one_account(settings):
    """Registrations with one code take turns on it; with different codes they do not wait for each
    other (PostgreSQL), and one address still makes one account."""
    (shared,) = new_invites(settings)
    own_codes = new_invites(settings, count=4)

    async def scenario() -> tuple[list[Any], list[Any]]:
        async with AsyncTestClient(app=create_app(settings)) as client:
            one_code = await asyncio.gather(
                *(
                    client.post("/api/pwa/register-beta", json=registration(f"sharer_{n}", f"s{n}@example.org", shared))
                    for n in range(4)
                )
            )
            one_address = await asyncio.gather(
                *(
                    client.post("/api/pwa/register-beta", json=registration(f"twin_{n}_x", "twin@example.org", code))
                    for n, code in enumerate(own_codes)
                )
            )
            return list(one_code), list(one_address)

    one_code, one_address = asyncio.run(scenario())
    assert sorted(r.status_code for r in one_code) == [201, 409, 409, 409]
    unusable = ["This invite code is not valid, used up or expired."]
    assert all(r.json()["errors"] == {"beta_code": unusable} for r in one_code if r.status_code == 409)
    assert sql(settings, "select uses from invite_code where code = :c", c=shared) == [(1,)]
    assert sorted(r.status_code for r in one_address) == [201, 409, 409, 409]
    taken = ["An account with this email address already exists."]
    assert all(r.json()["errors"] == {"email": taken} for r in one_address if r.status_code == 409)
    assert sql(settings, "select count(*) from user_account where email = 'twin@example.org'") == [(1,)]
    assert sql(settings, "select sum(uses) from invite_code where code != :c", c=shared) == [(1,)]
