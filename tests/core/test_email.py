"""E-mail without SMTP goes to the outbox; SMTP failures are kept too."""

from __future__ import annotations

from litestar.testing import TestClient

from larder.app import create_app
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
