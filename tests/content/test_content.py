"""News (sanitised on write), /home-beta, contact and bug reports — issue #3 'Content pages'."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from litestar.testing import TestClient

from larder.app import create_app
from tests.support import make_settings, sql


@pytest.fixture
def admin(member_factory):
    return member_factory(admin=True)


def write_news(client, admin, title="Beta open", html="<p>Hello <b>kitchen</b></p>"):
    return client.post("/api/admin/news", headers=admin.headers, json={"title": title, "HtmlContent": html})


@pytest.mark.parametrize(
    ("dirty", "forbidden"),
    [
        ("<p>hi</p><script>alert(1)</script>", "script"),
        ('<p onclick="steal()">hi</p>', "onclick"),
        ('<img src="x.png" onerror="steal()">', "onerror"),
        ('<a href="javascript:alert(1)">click</a>', "javascript:"),
        ('<a href="JaVaScRiPt:alert(1)">click</a>', "alert"),
        ('<iframe src="https://evil.example"></iframe><p>ok</p>', "iframe"),
        ('<p style="background:url(javascript:x)">ok</p>', "style"),
    ],
)
def test_news_html_is_sanitised_on_write(client, admin, dirty, forbidden):
    response = write_news(client, admin, html=dirty)
    assert response.status_code == 201
    stored = response.json()["HtmlContent"]
    assert forbidden.lower() not in stored.lower()
    assert sql(client.app.state["settings"], "select html_content from news_item")[0][0] == stored


def test_news_keeps_formatting_and_safe_links(client, admin):
    html = '<h2>New</h2><p><strong>Bold</strong> <a href="https://larder.example/news">more</a></p><ul><li>a</li></ul>'
    stored = write_news(client, admin, html=html).json()["HtmlContent"]
    assert "<h2>New</h2>" in stored
    assert "<strong>Bold</strong>" in stored
    assert 'href="https://larder.example/news"' in stored
    assert "<li>a</li>" in stored


def test_news_needs_a_title_and_some_content(client, admin):
    response = write_news(client, admin, title="  ", html=" \n")
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "title": ["A title is required."],
        "HtmlContent": ["Some content is required."],
    }


def test_news_content_that_sanitising_removes_leaves_the_title_alone(client, admin):
    """Content is required as sent; what the cleaning then removes entirely (a script) leaves none."""
    response = write_news(client, admin, title="Only a title", html="<script>only()</script>")
    assert response.status_code == 201, response.text
    assert (response.json()["title"], response.json()["HtmlContent"]) == ("Only a title", "")


def test_only_admins_write_news(client, member):
    assert write_news(client, member).status_code == 403
    assert client.post("/api/admin/news", json={"title": "x", "HtmlContent": "y"}).status_code == 401


def test_admin_edits_and_deletes_news(client, admin):
    item = write_news(client, admin).json()
    edited = client.put(
        f"/api/admin/news/{item['id']}", headers=admin.headers, json={"title": "New title", "HtmlContent": "<p>x</p>"}
    )
    assert edited.json()["title"] == "New title"
    assert client.delete(f"/api/admin/news/{item['id']}", headers=admin.headers).status_code == 204
    assert client.delete(f"/api/admin/news/{item['id']}", headers=admin.headers).status_code == 404
    assert client.get("/api/admin/news", headers=admin.headers).json() == []


def test_home_beta_answers_news_newest_first(client, admin):
    write_news(client, admin, title="first")
    write_news(client, admin, title="second")
    body = client.get("/api/pwa/home-beta", headers=admin.headers).json()
    assert set(body) == {"news", "categories", "recipes", "featured"}
    assert [n["title"] for n in body["news"]] == ["second", "first"]
    assert set(body["news"][0]) == {"id", "title", "HtmlContent", "created_at"}


def test_home_beta_is_for_signed_in_users(client):
    assert client.get("/api/pwa/home-beta").status_code == 401


def test_contact_needs_all_three_fields(client, mail):
    response = client.post("/api/pwa/contact", json={"name": " ", "email": "", "message": ""})
    assert response.status_code == 422
    assert set(response.json()["errors"]) == {"name", "email", "message"}
    mail.assert_empty()


def test_contact_is_stored_even_without_an_admin_address(client, settings, mail):
    response = client.post("/api/pwa/contact", json={"name": "Ann", "email": "ann@example.org", "message": "Hi"})
    assert response.status_code == 201
    assert sql(settings, "select kind, name, email, message, user_id from inbox_message") == [
        ("contact", "Ann", "ann@example.org", "Hi", None)
    ]
    mail.assert_empty()


def test_contact_mails_the_administrator(tmp_path, mail, migrated_db):
    settings = make_settings(
        str(tmp_path / "d"),
        template_db=migrated_db,
        LARDER_ADMIN_EMAIL="admin@home.example",
        LARDER_SMTP_HOST="127.0.0.1",
        LARDER_SMTP_PORT=str(mail.port),
    )
    with TestClient(create_app(settings)) as client:
        response = client.post(
            "/api/pwa/contact", json={"name": "Ann", "email": "ann@example.org", "message": "The oven timer is great"}
        )
    assert response.status_code == 201
    received = mail.next_mail("admin@home.example")
    assert received.subject == "Contact message from Ann"
    assert "The oven timer is great" in received.body
    assert "ann@example.org" in received.body


def test_contact_from_a_signed_in_member_is_linked_to_them(client, settings, member):
    client.post("/api/pwa/contact", headers=member.headers, json={"name": "A", "email": "a@b.co", "message": "m"})
    assert sql(settings, "select user_id from inbox_message") == [(member.id,)]


def test_contact_is_throttled(client):
    body = {"name": "Ann", "email": "ann@example.org", "message": "Hi"}
    statuses = [client.post("/api/pwa/contact", json=body).status_code for _ in range(6)]
    assert statuses == [201] * 5 + [429]


def test_bug_report(client, settings, member):
    assert client.post("/api/pwa/bug-report", json={"message": "x"}).status_code == 401
    empty = client.post("/api/pwa/bug-report", headers=member.headers, json={"message": "  "})
    assert empty.status_code == 422
    sent = client.post("/api/pwa/bug-report", headers=member.headers, json={"message": "Boom", "page": "/diary"})
    assert sent.status_code == 201
    assert sql(settings, "select kind, message, page, user_id from inbox_message") == [
        ("bug", "Boom", "/diary", member.id)
    ]


def test_admin_reads_the_inbox_newest_first(client, admin, member_factory):
    member = member_factory("bobby_1", "bob@example.org")
    assert client.get("/api/admin/inbox", headers=admin.headers).json() == []
    client.post("/api/pwa/contact", json={"name": "Ann", "email": "ann@example.org", "message": "<b>Hi</b>"})
    client.post("/api/pwa/bug-report", headers=member.headers, json={"message": "Boom", "page": "/diary"})
    response = client.get("/api/admin/inbox", headers=admin.headers)
    assert response.status_code == 200
    bug, contact = response.json()
    assert (bug["kind"], bug["message"], bug["page"], bug["user_id"]) == ("bug", "Boom", "/diary", member.id)
    assert (bug["name"], bug["email"]) == (member.name, member.email)
    assert (contact["kind"], contact["name"], contact["email"]) == ("contact", "Ann", "ann@example.org")
    assert (contact["message"], contact["page"], contact["user_id"]) == ("<b>Hi</b>", None, None)
    assert contact["created_at"] and bug["id"] > contact["id"]


def test_inbox_is_for_administrators_only(client, member_factory):
    member = member_factory("bobby_1", "bob@example.org")
    assert client.get("/api/admin/inbox").status_code == 401
    assert client.get("/api/admin/inbox", headers=member.headers).status_code == 403


def test_inbox_is_bounded(client, settings, admin):
    for i in range(205):
        sql(
            settings,
            "insert into inbox_message (kind, name, email, message, created_at, updated_at) "
            "values ('contact', 'A', 'a@b.co', :m, :at, :at)",
            m=f"m{i}",
            at=datetime(2026, 1, 1, tzinfo=UTC),
        )
    listed = client.get("/api/admin/inbox", headers=admin.headers).json()
    assert len(listed) == 200
    assert listed[0]["message"] == "m204"
