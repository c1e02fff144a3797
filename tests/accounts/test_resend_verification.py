"""POST /resend-verification: a signed-in account whose address is unproven asks for a new link."""

from __future__ import annotations

from larder.accounts.registration import RESEND_VERIFICATION_PER_ACCOUNT
from tests.support import DEFAULT_PASSWORD, PUBLIC_URL

URL = "/api/pwa/resend-verification"


def test_resend_mails_a_working_link_to_the_current_address(client, member, mail):
    response = client.post(URL, headers=member.headers)
    assert response.status_code == 200, response.text
    assert response.json() == {"message": "Verification email sent. Please check your inbox."}

    sent = mail.next_mail(member.email)
    assert sent.subject == "Verify your Larder email address"
    url, kind, token = sent.link()
    assert kind == "verify"
    assert url.startswith(f"{PUBLIC_URL}/verify?token=")
    mail.assert_empty()

    assert client.post("/api/pwa/verify-email", json={"token": token}).status_code == 200
    assert client.get("/api/pwa/account", headers=member.headers).json()["email_verified"] is True


def test_resend_goes_to_the_changed_address(client, member, mail):
    changed = client.put(
        "/api/pwa/account/update",
        headers=member.headers,
        json={"name": member.name, "email": "moved@example.org", "current_password": DEFAULT_PASSWORD},
    )
    assert changed.status_code == 200, changed.text
    mail.next_mail("moved@example.org")  # the link sent by the change itself

    assert client.post(URL, headers=member.headers).status_code == 200
    sent = mail.next_mail("moved@example.org")
    assert sent.recipients == ["moved@example.org"]
    assert client.post("/api/pwa/verify-email", json={"token": sent.link()[2]}).status_code == 200


def test_verified_account_gets_409_and_no_mail(client, member, mail):
    assert client.post(URL, headers=member.headers).status_code == 200
    token = mail.next_mail(member.email).link()[2]
    assert client.post("/api/pwa/verify-email", json={"token": token}).status_code == 200

    response = client.post(URL, headers=member.headers)
    assert response.status_code == 409
    assert response.json() == {"message": "Your email address is already verified."}
    mail.assert_empty()


def test_resend_is_throttled_per_account(client, member_factory, mail):
    alice = member_factory("alice_1", "alice@example.org")
    bob = member_factory("bobby_1", "bob@example.org")
    for _ in range(RESEND_VERIFICATION_PER_ACCOUNT.attempts):
        assert client.post(URL, headers=alice.headers).status_code == 200
        mail.next_mail(alice.email)

    blocked = client.post(URL, headers=alice.headers)
    assert blocked.status_code == 429
    body = blocked.json()
    assert set(body) == {"message"}
    assert body["message"].startswith("A verification email was already sent 3 times this hour. Please try again in ")
    assert 0 < int(blocked.headers["retry-after"]) <= RESEND_VERIFICATION_PER_ACCOUNT.window_seconds
    mail.assert_empty()

    # Another account is not held back by Alice's limit.
    assert client.post(URL, headers=bob.headers).status_code == 200
    mail.next_mail(bob.email)


def test_resend_needs_a_session(client, mail):
    response = client.post(URL)
    assert response.status_code == 401
    assert isinstance(response.json()["message"], str)
    mail.assert_empty()
