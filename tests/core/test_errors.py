"""Bad input anywhere gets a clear 4xx in the DESIGN error shape; nothing gets a 500."""

from __future__ import annotations

import pytest

ENDPOINTS = [
    ("post", "/api/pwa/login"),
    ("post", "/api/pwa/forgot-email"),
    ("post", "/api/pwa/register-beta"),
    ("post", "/api/pwa/reset-password"),
    ("post", "/api/pwa/verify-email"),
    ("put", "/api/pwa/account/update"),
    ("put", "/api/pwa/account/change-password"),
]


@pytest.mark.parametrize(("method", "path"), ENDPOINTS)
def test_malformed_json_is_400(client, member, method, path):
    response = getattr(client, method)(
        path, content=b'{"email": ', headers={**member.headers, "Content-Type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json() == {"message": "The request body could not be read as JSON."}


@pytest.mark.parametrize(("method", "path"), ENDPOINTS)
@pytest.mark.parametrize("body", [[], "text", 12, None])
def test_non_object_body_is_4xx(client, member, method, path, body):
    response = getattr(client, method)(path, json=body, headers=member.headers)
    assert response.status_code in (400, 422)
    assert isinstance(response.json()["message"], str)


@pytest.mark.parametrize(("method", "path"), ENDPOINTS)
def test_missing_fields_are_422_per_field(client, member, method, path):
    response = getattr(client, method)(path, json={}, headers=member.headers)
    assert response.status_code == 422
    body = response.json()
    assert body["errors"]
    assert all(messages == ["This field is required."] for messages in body["errors"].values())


def test_wrong_types_are_422(client):
    response = client.post("/api/pwa/login", json={"email": 5, "password": ["x"]})
    assert response.status_code == 422
    assert "email" in response.json()["errors"]


@pytest.mark.parametrize(("method", "path"), ENDPOINTS)
def test_huge_strings_are_refused(client, member, method, path):
    huge = "x" * 100_000
    body = {
        key: huge
        for key in [
            "email",
            "name",
            "password",
            "password_confirmation",
            "beta_code",
            "token",
            "current_password",
            "new_password",
            "confirm_password",
        ]
    }
    response = getattr(client, method)(path, json=body, headers=member.headers)
    assert response.status_code == 422
    assert response.json()["errors"]


def test_body_over_the_size_cap_is_413(client):
    response = client.post("/api/pwa/login", content=b"x" * (13 * 1024 * 1024))
    assert response.status_code == 413
    assert response.json()["message"]


def test_unknown_api_route_is_json_404(client):
    for method in ("get", "post", "put", "delete"):
        response = getattr(client, method)("/api/pwa/no-such-thing")
        assert response.status_code == 404
        assert response.headers["content-type"].startswith("application/json")
        assert response.json()["message"]


def test_wrong_method_on_a_known_route_is_json_405(client):
    response = client.get("/api/pwa/login")
    assert response.status_code == 405
    assert response.json()["message"]
