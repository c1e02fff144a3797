"""The API documentation runs no third-party script on the app's origin: it is the JSON document only."""

from __future__ import annotations

import re

import pytest

EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", re.IGNORECASE)


def test_the_schema_root_answers_the_json_document(client):
    response = client.get("/api/schema")
    assert response.status_code == 200
    assert "html" not in response.headers["content-type"]
    assert response.json()["paths"]["/api/health"]
    assert response.json() == client.get("/api/schema/openapi.json").json()


@pytest.mark.parametrize(
    "path",
    [
        "/api/schema",
        "/api/schema/",
        "/api/schema/openapi.json",
        "/api/schema/swagger",
        "/api/schema/redoc",
        "/api/schema/elements",
        "/api/schema/rapidoc",
        "/api/schema/scalar",
        "/api/schema/oauth2-redirect.html",
    ],
)
def test_no_docs_page_loads_anything_from_elsewhere(client, path):
    response = client.get(path)
    if path.endswith(("/swagger", "/redoc", "/elements", "/rapidoc", "/scalar", ".html")):
        assert response.status_code == 404, f"{path} renders the docs"
    assert "<script" not in response.text.lower(), f"{path} runs a script"
    assert not EXTERNAL.search(response.text), f"{path} refers to another origin"
