"""POST /verify-email — part 1 §2.15, §7 ('any error field is shown')."""

from __future__ import annotations

import time

import jwt

from tests.support import DEFAULT_PASSWORD, new_invites, registration


def register_and_get_token(client, settings, mail, email="alice@example.org"):
    (code,) = new_invites(settings)
    assert client.post("/api/pwa/register-beta", json=registration("alice_1", email, code)).status_code == 201
    _, kind, token = mail.next_mail(email).link()
    assert kind == "verify"
    return token


def test_verification_link_from_the_mail_verifies(client, settings, mail):
    token = register_and_get_token(client, settings, mail)
    response = client.post("/api/pwa/verify-email", json={"token": token})
    assert response.status_code == 200
    login = client.post("/api/pwa/login", json={"email": "alice@example.org", "password": "secret123"})
    assert login.json()["user"]["email_verified"] is True


def test_verification_token_is_single_use_and_errors_have_an_error_field(client, settings, mail):
    token = register_and_get_token(client, settings, mail)
    assert client.post("/api/pwa/verify-email", json={"token": token}).status_code == 200
    again = client.post("/api/pwa/verify-email", json={"token": token})
    assert again.status_code == 409
    assert again.json() == {"message": "This link has already been used.", "error": "This link has already been used."}


def test_expired_and_invalid_verification_tokens(client, settings, mail):
    token = register_and_get_token(client, settings, mail)
    claims = jwt.decode(token, options={"verify_signature": False})
    expired = jwt.encode({**claims, "exp": int(time.time()) - 1}, settings.secret_key, algorithm="HS256")
    late = client.post("/api/pwa/verify-email", json={"token": expired})
    assert (late.status_code, late.json()["error"]) == (409, "This link has expired.")
    junk = client.post("/api/pwa/verify-email", json={"token": "junk"})
    assert (junk.status_code, junk.json()["error"]) == (404, "This link is invalid.")


def test_reset_token_cannot_verify(client, settings, mail):
    register_and_get_token(client, settings, mail)
    client.post("/api/pwa/forgot-email", json={"email": "alice@example.org"})
    _, kind, reset_token = mail.next_mail("alice@example.org").link()
    assert kind == "reset-password"
    response = client.post("/api/pwa/verify-email", json={"token": reset_token})
    assert response.status_code == 404
    assert response.json()["error"] == "This link is invalid."


def test_old_link_is_void_after_the_address_changes(client, settings, mail):
    token = register_and_get_token(client, settings, mail)
    login = client.post("/api/pwa/login", json={"email": "alice@example.org", "password": "secret123"}).json()
    headers = {"Authorization": f"Bearer {login['token']}"}
    client.put(
        "/api/pwa/account/update",
        headers=headers,
        json={"name": "alice_1", "email": "new@example.org", "current_password": DEFAULT_PASSWORD},
    )
    new_token = mail.next_mail("new@example.org").link()[2]
    assert client.post("/api/pwa/verify-email", json={"token": token}).json()["error"] == "This link is invalid."
    assert client.post("/api/pwa/verify-email", json={"token": new_token}).status_code == 200
