"""Login, forgot-password and registration are throttled per client and per e-mail."""

from __future__ import annotations

from larder.accounts.service import FORGOT_PER_EMAIL, LOGIN_PER_CLIENT, LOGIN_PER_EMAIL, REGISTER_PER_CLIENT
from tests.support import new_invites, registration


def test_burst_of_wrong_passwords_gets_429(client, member):
    for _ in range(LOGIN_PER_EMAIL.attempts):
        wrong = client.post("/api/pwa/login", json={"email": member.email, "password": "nope-nope"})
        assert wrong.status_code == 401
    blocked = client.post("/api/pwa/login", json={"email": member.email, "password": member.password})
    assert blocked.status_code == 429
    assert blocked.json()["message"].startswith("Too many attempts")
    assert int(blocked.headers["retry-after"]) > 0


def test_login_throttle_per_email_does_not_block_other_accounts(client, member_factory):
    alice = member_factory("alice_1", "alice@example.org")
    bob = member_factory("bobby_1", "bob@example.org")
    for _ in range(LOGIN_PER_EMAIL.attempts):
        client.post("/api/pwa/login", json={"email": alice.email, "password": "nope-nope"})
    assert client.post("/api/pwa/login", json={"email": bob.email, "password": bob.password}).status_code == 200


def test_login_throttle_per_client_across_emails(client):
    statuses = [
        client.post("/api/pwa/login", json={"email": f"user{i}@example.org", "password": "x"}).status_code
        for i in range(LOGIN_PER_CLIENT.attempts + 1)
    ]
    assert statuses[:-1] == [401] * LOGIN_PER_CLIENT.attempts
    assert statuses[-1] == 429


def test_forgot_password_throttled_per_email(client, member, mail):
    for _ in range(FORGOT_PER_EMAIL.attempts):
        assert client.post("/api/pwa/forgot-email", json={"email": member.email}).status_code == 200
        mail.next_mail(member.email)
    assert client.post("/api/pwa/forgot-email", json={"email": member.email}).status_code == 429
    mail.assert_empty()


def test_registration_throttled_per_client(client, settings):
    codes = new_invites(settings, count=REGISTER_PER_CLIENT.attempts + 1)
    statuses = [
        client.post("/api/pwa/register-beta", json=registration(f"user_{i:03d}", f"u{i}@example.org", code)).status_code
        for i, code in enumerate(codes)
    ]
    assert statuses[:-1] == [201] * REGISTER_PER_CLIENT.attempts
    assert statuses[-1] == 429
