"""Sign-ins from different places, each with its own address (X-Test-Client, see the `from_clients`
fixture) and its own browser cookies. All places share one test client, whose cookie jar is emptied
around every request: a place sends only the cookies the server gave that place."""

from __future__ import annotations

from typing import Any

import httpx
from litestar.testing import TestClient


class Place:
    def __init__(self, client: TestClient[Any], where: str) -> None:
        self.client = client
        self.where = where
        self.cookies: dict[str, str] = {}

    def login(self, email: str, password: str) -> httpx.Response:
        self.client.cookies.clear()
        headers = {"X-Test-Client": self.where}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        response = self.client.post("/api/pwa/login", json={"email": email, "password": password}, headers=headers)
        self.cookies.update(response.cookies)
        self.client.cookies.clear()
        return response


def sign_in_from(client: TestClient[Any], email: str, password: str, where: str) -> httpx.Response:
    """One sign-in from a place that has never been given a cookie."""
    return Place(client, where).login(email, password)
