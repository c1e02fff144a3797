from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from larder.app import create_app
from larder.core.settings import Settings
from tests.support import DEFAULT_PASSWORD, MailCatcher, login, make_settings, new_invites, registration

logging.getLogger("httpx").setLevel(logging.WARNING)


@pytest.fixture(scope="session")
def smtp_server() -> Iterator[MailCatcher]:
    catcher = MailCatcher()
    catcher.start()
    yield catcher
    catcher.stop()


@pytest.fixture
def mail(smtp_server: MailCatcher) -> MailCatcher:
    smtp_server.clear()
    return smtp_server


@pytest.fixture(scope="session")
def migrated_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One database migrated to head per test session; each test gets its own copy of the file."""
    settings = make_settings(str(tmp_path_factory.mktemp("template")))
    return settings.data_dir / "larder.db"


@pytest.fixture
def settings(tmp_path: Path, mail: MailCatcher, migrated_db: Path) -> Settings:
    """A fresh instance: its own data dir and SQLite file, mail going to the real SMTP server."""
    return make_settings(
        str(tmp_path / "data"),
        template_db=migrated_db,
        LARDER_SMTP_HOST="127.0.0.1",
        LARDER_SMTP_PORT=str(mail.port),
    )


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient[Any]]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


class Member:
    """A registered account with its credentials and a live token."""

    def __init__(self, name: str, email: str, token: str, user_id: int) -> None:
        self.name = name
        self.email = email
        self.password = DEFAULT_PASSWORD
        self.token = token
        self.id = user_id

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


@pytest.fixture
def member_factory(client: TestClient[Any], settings: Settings, mail: MailCatcher) -> Any:
    def make(name: str = "alice_1", email: str = "alice@example.org") -> Member:
        (code,) = new_invites(settings)
        response = client.post("/api/pwa/register-beta", json=registration(name, email, code))
        assert response.status_code == 201, response.text
        mail.next_mail(email)  # the verification mail
        token = login(client, email)
        return Member(name, email, token, response.json()["user"]["id"])

    return make


@pytest.fixture
def member(member_factory: Any) -> Member:
    return member_factory()
