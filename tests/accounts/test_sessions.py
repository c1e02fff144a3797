"""Login, logout and bearer tokens — part 1 §4 'Auth', §7, §8 (401 on any authenticated call)."""

from __future__ import annotations

import time

import jwt
import pytest

from tests.support import bearer, login, sql


def test_login_answers_token_and_user(client, member):
    response = client.post("/api/pwa/login", json={"email": member.email, "password": member.password})
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"token", "user"}
    assert body["user"] == {
        "id": member.id,
        "name": member.name,
        "email": member.email,
        "email_verified": False,
        "role": "user",
        "created_at": body["user"]["created_at"],
        "preferences": [],
    }


def test_login_email_is_case_insensitive(client, member):
    assert login(client, member.email.upper())


@pytest.mark.parametrize(
    "payload",
    [{"email": "alice@example.org", "password": "wrong-password"}, {"email": "nobody@example.org", "password": "x"}],
)
def test_login_failure_has_a_message_the_ui_shows(client, member, payload):
    response = client.post("/api/pwa/login", json=payload)
    assert response.status_code == 401
    assert response.json() == {"message": "Invalid email or password."}


def test_account_needs_a_token(client):
    response = client.get("/api/pwa/account")
    assert response.status_code == 401
    assert response.json()["message"]


def test_account_with_token(client, member):
    response = client.get("/api/pwa/account", headers=member.headers)
    assert response.status_code == 200
    assert response.json()["email"] == member.email


@pytest.mark.parametrize(
    "header",
    ["Bearer", "Bearer ", "Bearer not-a-jwt", "Basic dXNlcjpwYXNz", "Token abc", "Bearer a.b.c"],
)
def test_malformed_authorization_is_401(client, member, header):
    response = client.get("/api/pwa/account", headers={"Authorization": header})
    assert response.status_code == 401
    assert "message" in response.json()


def test_tampered_token_is_401(client, member):
    header, payload, signature = member.token.split(".")
    forged = jwt.encode(
        {**jwt.decode(member.token, options={"verify_signature": False}), "sub": "999"}, "guess", algorithm="HS256"
    )
    assert client.get("/api/pwa/account", headers=bearer(forged)).status_code == 401
    flipped = signature[:-2] + ("AA" if signature[-2:] != "AA" else "BB")
    assert client.get("/api/pwa/account", headers=bearer(f"{header}.{payload}.{flipped}")).status_code == 401


def test_expired_session_token_is_401(client, settings, member):
    claims = jwt.decode(member.token, options={"verify_signature": False})
    expired = jwt.encode({**claims, "exp": int(time.time()) - 5}, settings.secret_key, algorithm="HS256")
    assert client.get("/api/pwa/account", headers=bearer(expired)).status_code == 401


def test_session_row_expiry_is_enforced_too(client, settings, member):
    sql(settings, "update user_session set expires_at = '2001-01-01 00:00:00.000000+00:00'")
    assert client.get("/api/pwa/account", headers=member.headers).status_code == 401


def test_a_reset_or_verify_token_is_not_a_session(client, settings, member):
    claims = jwt.decode(member.token, options={"verify_signature": False})
    for purpose in ("reset", "verify"):
        other = jwt.encode({**claims, "purpose": purpose}, settings.secret_key, algorithm="HS256")
        assert client.get("/api/pwa/account", headers=bearer(other)).status_code == 401


def test_logout_revokes_that_token_only(client, member):
    second = login(client, member.email)
    response = client.post("/api/pwa/logout", headers=member.headers)
    assert response.status_code == 200
    assert client.get("/api/pwa/account", headers=member.headers).status_code == 401
    assert client.post("/api/pwa/logout", headers=member.headers).status_code == 401
    assert client.get("/api/pwa/account", headers=bearer(second)).status_code == 200


def test_logout_needs_a_token(client):
    assert client.post("/api/pwa/logout").status_code == 401


def test_deleted_user_token_is_401(client, settings, member):
    sql(settings, "delete from user_session")
    sql(settings, "delete from user_account")
    assert client.get("/api/pwa/account", headers=member.headers).status_code == 401
