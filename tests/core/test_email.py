"""E-mail without SMTP goes to the outbox; SMTP failures are kept too."""

from __future__ import annotations

from typing import Any

from litestar.testing import TestClient

from larder.app import create_app
from larder.core.db.uow import Scope, unit_of_work
from tests.support import free_port, make_settings, new_invites, registration, sql


def test_without_smtp_mail_is_kept_in_the_outbox_with_its_link(tmp_path):
    settings = make_settings(str(tmp_path))
    (code,) = new_invites(settings)
    with TestClient(create_app(settings)) as client:
        assert (
            client.post("/api/pwa/register-beta", json=registration("alice_1", "a@example.org", code)).status_code
            == 201
        )
    rows = sql(settings, "select recipient, body, status from outbox_email")
    assert len(rows) == 1
    recipient, body, status = rows[0]
    assert (recipient, status) == ("a@example.org", "kept")
    assert "http://larder.test/verify?token=" in body


def test_unreachable_smtp_server_keeps_the_mail_and_the_request_succeeds(tmp_path):
    settings = make_settings(str(tmp_path), LARDER_SMTP_HOST="127.0.0.1", LARDER_SMTP_PORT=str(free_port()))
    with TestClient(create_app(settings)) as client:
        (code,) = new_invites(settings)
        client.post("/api/pwa/register-beta", json=registration("alice_1", "a@example.org", code))
        response = client.post("/api/pwa/forgot-email", json={"email": "a@example.org"})
    assert response.status_code == 200
    statuses = [row[0] for row in sql(settings, "select status from outbox_email order by id")]
    assert statuses == ["failed", "failed"]


def test_smtp_message_headers(client, settings, mail):
    (code,) = new_invites(settings)
    client.post("/api/pwa/register-beta", json=registration("alice_1", "a@example.org", code))
    received = mail.next_mail("a@example.org")
    assert received.message["From"] == "Larder <larder@localhost>"
    assert received.message["Subject"] == "Verify your Larder email address"
    assert received.message["Message-ID"]


def test_a_mail_leaves_once_its_change_is_kept_and_the_write_turn_handed_on(client, settings, mail, monkeypatch):
    """A mail server may take seconds: nobody waits for the write turn meanwhile."""
    from larder.core.db.sessions import write_turns
    from larder.core.mail import email as outgoing

    seen: list[tuple[bool, list[tuple[str, ...]]]] = []
    original = outgoing._send_smtp

    def watching(smtp_settings: Any, message: Any) -> None:
        turns = write_turns(client.app.state)
        kept = sql(settings, "select email from user_account")  # the change is committed already
        seen.append((turns.gate.locked(), kept))
        original(smtp_settings, message)

    monkeypatch.setattr(outgoing, "_send_smtp", watching)
    (code,) = new_invites(settings)
    answer = client.post("/api/pwa/register-beta", json=registration("alice_1", "a@example.org", code))
    assert answer.status_code == 201, answer.text
    assert mail.next_mail("a@example.org").message["Subject"] == "Verify your Larder email address"
    assert seen == [(False, [("a@example.org",)])]


def test_a_change_that_is_not_kept_sends_no_mail(client, settings, mail, monkeypatch):
    from larder.accounts.links import AccountLinks

    original = AccountLinks.send_verification

    async def then_fail(self: Any, user: Any) -> None:
        async with unit_of_work(self.session).write(Scope("test-failure", user.id)):
            await original(self, user)
            raise RuntimeError("the write fails after the mail was asked for")

    monkeypatch.setattr(AccountLinks, "send_verification", then_fail)
    (code,) = new_invites(settings)
    answer = client.post("/api/pwa/register-beta", json=registration("alice_1", "a@example.org", code))
    assert answer.status_code == 500
    assert sql(settings, "select count(*) from user_account") == [(0,)]
    mail.assert_empty()
