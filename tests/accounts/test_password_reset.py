"""Forgot password → e-mail link → POST /reset-password — part 1 §2.14, §5 'Password reset', §7."""

from __future__ import annotations

import time

import jwt
import pytest

from tests.support import bearer, login, sql


def request_reset(client, mail, email):
    response = client.post("/api/pwa/forgot-email", json={"email": email})
    assert response.status_code == 200, response.text
    received = mail.next_mail(email)
    url, kind, token = received.link()
    assert kind == "reset-password"
    assert url == f"http://larder.test/reset-password?token={token}"
    return token


def reset(client, email, token, password="newpass1", confirmation=None):
    return client.post(
        "/api/pwa/reset-password",
        json={
            "email": email,
            "password": password,
            "password_confirmation": password if confirmation is None else confirmation,
            "token": token,
        },
    )


def test_forgot_email_for_unknown_account_is_404(client, mail):
    response = client.post("/api/pwa/forgot-email", json={"email": "nobody@example.org"})
    assert response.status_code == 404
    assert response.json()["message"]
    mail.assert_empty()


def test_forgot_email_rejects_a_non_address(client):
    response = client.post("/api/pwa/forgot-email", json={"email": "nope"})
    assert response.status_code == 422
    assert response.json()["errors"]["email"] == ["Invalid email address"]


def test_full_reset_flow(client, mail, member):
    token = request_reset(client, mail, member.email)
    claims = jwt.decode(token, options={"verify_signature": False})
    assert claims["purpose"] == "reset"
    assert claims["exp"] > time.time()  # the web app decodes exp to tell expired from invalid
    response = reset(client, member.email, token)
    assert response.status_code == 200
    assert client.post("/api/pwa/login", json={"email": member.email, "password": member.password}).status_code == 401
    assert login(client, member.email, "newpass1")


def test_reset_revokes_existing_sessions_and_proves_the_address(client, mail, member):
    token = request_reset(client, mail, member.email)
    assert reset(client, member.email, token).status_code == 200
    assert client.get("/api/pwa/account", headers=member.headers).status_code == 401
    fresh = login(client, member.email, "newpass1")
    assert client.get("/api/pwa/account", headers=bearer(fresh)).json()["email_verified"] is True


def test_reset_token_is_single_use(client, mail, member):
    token = request_reset(client, mail, member.email)
    assert reset(client, member.email, token).status_code == 200
    again = reset(client, member.email, token, password="another1")
    assert again.status_code == 409
    assert again.json()["errors"]["token"] == ["This link has already been used."]
    assert login(client, member.email, "newpass1")


def test_reset_password_rules(client, mail, member):
    token = request_reset(client, mail, member.email)
    short = reset(client, member.email, token, password="five5")
    assert short.status_code == 422
    assert short.json()["errors"]["password"] == ["Passwords must be 6 characters or more."]
    mismatch = reset(client, member.email, token, password="sixsix", confirmation="sixsiz")
    assert mismatch.status_code == 422
    assert mismatch.json()["errors"]["password_confirmation"] == ["Passwords must match."]
    # Failed attempts did not spend the link.
    assert reset(client, member.email, token).status_code == 200


def test_errors_come_as_a_map_of_lists(client):
    response = reset(client, "nope", "", password="a", confirmation="b")
    assert response.status_code == 422
    errors = response.json()["errors"]
    assert set(errors) == {"email", "password", "password_confirmation", "token"}
    assert all(isinstance(v, list) and v for v in errors.values())


def test_expired_reset_token(client, settings, mail, member):
    token = request_reset(client, mail, member.email)
    claims = jwt.decode(token, options={"verify_signature": False})
    expired = jwt.encode({**claims, "exp": int(time.time()) - 1}, settings.secret_key, algorithm="HS256")
    response = reset(client, member.email, expired)
    assert response.status_code == 409
    assert response.json()["errors"]["token"] == ["This link has expired."]


@pytest.mark.parametrize("bad", ["garbage", "a.b.c"])
def test_malformed_reset_token(client, member, bad):
    response = reset(client, member.email, bad)
    assert response.status_code == 404
    assert response.json()["errors"]["token"] == ["This link is invalid."]


def test_tampered_reset_token(client, mail, member):
    token = request_reset(client, mail, member.email)
    claims = jwt.decode(token, options={"verify_signature": False})
    forged = jwt.encode(claims, "not-the-secret", algorithm="HS256")
    response = reset(client, member.email, forged)
    assert response.status_code == 404
    assert response.json()["errors"]["token"] == ["This link is invalid."]


def test_verify_token_cannot_reset_a_password(client, settings, mail, member_factory):
    # member_factory consumed the verification mail; ask for a new one by changing the address.
    alice = member_factory()
    client.put(
        "/api/pwa/account/update",
        headers=alice.headers,
        json={"name": alice.name, "email": "new@example.org", "current_password": alice.password},
    )
    _, kind, verify_token = mail.next_mail("new@example.org").link()
    assert kind == "verify"
    response = reset(client, "new@example.org", verify_token)
    assert response.status_code == 404
    assert response.json()["errors"]["token"] == ["This link is invalid."]


def test_reset_token_bound_to_the_email_it_was_sent_to(client, mail, member_factory):
    alice = member_factory("alice_1", "alice@example.org")
    member_factory("bobby_1", "bob@example.org")
    token = request_reset(client, mail, alice.email)
    response = reset(client, "bob@example.org", token)
    assert response.status_code == 409
    assert "email" in response.json()["errors"]
    assert login(client, "bob@example.org")


def change_password(client, member, new_password):
    response = client.put(
        "/api/pwa/account/change-password",
        headers=member.headers,
        json={"current_password": member.password, "new_password": new_password, "confirm_password": new_password},
    )
    assert response.status_code == 200, response.text


REPLACED = "This link is no longer valid: the password has been changed since it was sent."


def test_an_older_reset_link_fails_after_a_newer_one_was_used(client, mail, member):
    older = request_reset(client, mail, member.email)
    newer = request_reset(client, mail, member.email)
    assert reset(client, member.email, newer).status_code == 200
    late = reset(client, member.email, older, password="takeover1")
    assert late.status_code == 409
    assert late.json()["errors"]["token"] == [REPLACED]
    assert login(client, member.email, "newpass1")


def test_a_reset_link_fails_after_a_password_change(client, mail, member):
    mailed = request_reset(client, mail, member.email)
    change_password(client, member, "changed-1")
    late = reset(client, member.email, mailed, password="takeover1")
    assert late.status_code == 409
    assert late.json()["errors"]["token"] == [REPLACED]
    assert login(client, member.email, "changed-1")


def test_a_reset_link_asked_for_after_the_change_works(client, mail, member):
    change_password(client, member, "changed-1")
    assert reset(client, member.email, request_reset(client, mail, member.email)).status_code == 200
    assert login(client, member.email, "newpass1")


def test_a_verify_link_outlives_a_password_change(client, mail, member_factory):
    # A new password does not make an address less proven: only a changed address voids its links.
    alice = member_factory()
    client.put(
        "/api/pwa/account/update",
        headers=alice.headers,
        json={"name": alice.name, "email": "new@example.org", "current_password": alice.password},
    )
    _, _, verify_token = mail.next_mail("new@example.org").link()
    change_password(client, alice, "changed-1")
    assert client.post("/api/pwa/verify-email", json={"token": verify_token}).status_code == 200


def test_a_link_mailed_before_reset_links_carried_a_stamp_still_works(client, settings, mail, member):
    # Accounts made before the credential stamp existed start with "" and links then carried none.
    sql(settings, "update user_account set credential_stamp = '' where id = :id", id=member.id)
    token = request_reset(client, mail, member.email)
    claims = jwt.decode(token, options={"verify_signature": False})
    legacy = jwt.encode({k: v for k, v in claims.items() if k != "stamp"}, settings.secret_key, algorithm="HS256")
    assert reset(client, member.email, legacy).status_code == 200
