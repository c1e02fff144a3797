"""One rule for free text (core/base/text.py): no NUL, control characters or hidden direction marks.

Multi-line texts (descriptions, messages, news, reasons, comments) keep newlines and tabs.
"""

from __future__ import annotations

import pytest

from larder.core.base.text import LINE_PATTERN, TEXT_PATTERN
from tests.admin.test_admin import make_admin
from tests.core.wire_types import input_fields

BAD = ["\x00", "\x07", "\x1b[31m", "\x7f", "\u202e", "\u202a", "\u2066", "\u2069"]
VALIDATE = "/api/pwa/user-recipe-validate"


@pytest.mark.parametrize("bad", BAD)
@pytest.mark.parametrize(
    ("body", "field", "named"),
    [
        (lambda t: {"name": f"Soup{t}"}, "name", "name"),
        (lambda t: {"description": f"Hot{t}"}, "description", "description"),
        (lambda t: {"steps": [{"title": "Cook", "description": f"Stir{t}"}]}, "steps", "steps[0].description"),
        (lambda t: {"ingredients": [{"name": f"Salt{t}"}]}, "ingredients", "ingredients[0].name"),
    ],
)
def test_recipe_texts_refuse_hidden_characters(client, member, bad, body, field, named):
    response = client.post(VALIDATE, headers=member.headers, json=body(bad))
    assert response.status_code == 422, response.text
    (message,) = response.json()["errors"][field]
    assert message.lower().startswith(named.lower())
    assert "control characters" in message


@pytest.mark.parametrize("field", ["name", "ingredients"])
def test_one_line_texts_refuse_newlines_and_tabs(client, member, field):
    body = {"name": "Soup\n"} if field == "name" else {"ingredients": [{"name": "Salt\tand pepper"}]}
    response = client.post(VALIDATE, headers=member.headers, json=body)
    assert response.status_code == 422
    assert field in response.json()["errors"]


def test_multi_line_texts_keep_newlines_and_tabs(client, member):
    body = {
        "name": "Soup",
        "description": "Line one\nLine two\r\n\tindented\n",
        "steps": [{"title": "Cook", "description": "Stir\n\tthen rest"}],
    }
    response = client.post(VALIDATE, headers=member.headers, json=body)
    assert response.status_code == 200, response.text


def test_nothing_hidden_is_stored(client, member):
    response = client.post("/api/pwa/user-recipe-creator", headers=member.headers, json={"name": "Tr\u202eap"})
    assert response.status_code == 422
    assert client.get("/api/pwa/user-recipe-creator", headers=member.headers).json() == []


def test_contact_and_bug_report_messages(client, member):
    refused = client.post("/api/pwa/contact", json={"name": "Al\x00", "email": "al@example.org", "message": "Hi"})
    assert refused.status_code == 422
    assert list(refused.json()["errors"]) == ["name"]
    refused = client.post("/api/pwa/bug-report", headers=member.headers, json={"message": "It\x1b[2J broke"})
    assert refused.status_code == 422
    assert list(refused.json()["errors"]) == ["message"]


def test_news_titles(client, settings, member):
    make_admin(settings, member)
    response = client.post("/api/admin/news", headers=member.headers, json={"title": "N\u2067ews", "HtmlContent": "x"})
    assert response.status_code == 422
    assert list(response.json()["errors"]) == ["title"]


def test_import_urls(client, member):
    response = client.post(
        "/api/pwa/user-imported-recipes", headers=member.headers, json={"url": "https://example.org/\x00recipe"}
    )
    assert response.status_code == 422
    assert list(response.json()["errors"]) == ["url"]


def test_every_input_text_field_follows_the_rule():
    """Every str in every request body carries the rule, so a new field cannot forget it."""
    texts = [f for f in input_fields() if f.is_str]
    assert len(texts) >= 40
    # A password may hold any character: it is never shown, only hashed.
    ruled = (LINE_PATTERN, TEXT_PATTERN)
    missing = [f.where for f in texts if "password" not in f.name and f.meta["pattern"] not in ruled]
    assert missing == []
