"""The factory-made member is the member registration makes, so tests using it test the real thing."""

from __future__ import annotations

from tests.support import login, sql

DIFFERS = {"id", "name", "email", "created_at"}


def account(client, who) -> dict:
    response = client.get("/api/pwa/account", headers=who.headers)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_made_member_is_what_registration_and_login_leave(
    client, settings, member_factory, registered_member_factory
):
    made = member_factory("alice_1", "alice@example.org")
    registered = registered_member_factory("bobby_1", "bob@example.org")
    made_account, registered_account = account(client, made), account(client, registered)
    assert {k: v for k, v in made_account.items() if k not in DIFFERS} == {
        k: v for k, v in registered_account.items() if k not in DIFFERS
    }
    assert (made_account["id"], made_account["name"], made_account["email"]) == (made.id, made.name, made.email)
    assert made_account["email_verified"] is False
    assert made_account["role"] == "user"
    rows = sql(settings, "select role, email_verified_at is null, preferences, length(password_hash) from user_account")
    assert rows[0] == rows[1]
    sessions = "select user_agent, revoked_at is null, expires_at > CURRENT_TIMESTAMP from user_session order by id"
    assert sql(settings, sessions) == [("testclient", 1, 1)] * 2


def test_a_made_member_logs_in_with_the_default_password(client, member):
    assert login(client, member.email, member.password)
    wrong = client.post("/api/pwa/login", json={"email": member.email, "password": member.password + "x"})
    assert wrong.status_code == 401


def test_a_made_token_is_a_session_that_logout_revokes(client, member):
    assert client.post("/api/pwa/logout", headers=member.headers).status_code == 200
    assert client.get("/api/pwa/account", headers=member.headers).status_code == 401


def test_verified_and_admin_options(client, member_factory):
    boss = member_factory("admin_1", "admin@example.org", verified=True, admin=True)
    body = account(client, boss)
    assert (body["email_verified"], body["role"]) == (True, "admin")
    assert client.get("/api/admin/invites", headers=boss.headers).status_code == 200
