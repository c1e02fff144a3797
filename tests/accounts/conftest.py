"""The account tests sign up, verify and log in the way a person does: every `member` here is
registered over HTTP (invite, register-beta, verification mail, login), not made as rows."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from larder.accounts import service as accounts_service
from tests.factories import Member


@pytest.fixture
def member_factory(registered_member_factory: Callable[..., Member]) -> Callable[..., Member]:
    return registered_member_factory


class FakeClock:
    def __init__(self) -> None:
        self.now = 2_000_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(client) -> FakeClock:
    """The throttle's clock, moved by hand."""
    fake = FakeClock()
    client.app.state["throttle_store"].clock = fake
    return fake


@pytest.fixture
def from_clients(monkeypatch):
    """Requests name their client with X-Test-Client (the test client always comes from one address)."""
    monkeypatch.setattr(
        accounts_service, "client_address", lambda connection: connection.headers.get("x-test-client", "testclient")
    )
