from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from larder.app import build_app, install_instance
from larder.core.base import clock
from larder.core.base.settings import Settings
from tests import postgres_cluster
from tests.factories import Member, make_member
from tests.support import TOKYO, TOKYO_MORNING, MailCatcher, login, make_settings, new_invites, registration

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
    """One database migrated to head per test session; each test gets its own copy of the file.
    On PostgreSQL tests/postgres_cluster.py has migrated a template database instead."""
    if os.environ.get(postgres_cluster.ENV_SERVER):
        return Path(os.devnull)
    settings = make_settings(str(tmp_path_factory.mktemp("template")))
    return settings.data_dir / "larder.db"


@pytest.fixture(autouse=True)
def _drop_new_databases() -> Iterator[None]:
    """The PostgreSQL databases a test made through make_settings go with it (nothing on SQLite)."""
    yield
    postgres_cluster.drop_new_databases()


@pytest.fixture
def database_env() -> Iterator[dict[str, str]]:
    """Nothing on SQLite (each test copies the migrated file); under `make test-postgres` a
    database of the test's own (tests/postgres_cluster.py)."""
    with postgres_cluster.own_database() as env:
        yield env


@pytest.fixture
def settings(tmp_path: Path, mail: MailCatcher, migrated_db: Path, database_env: dict[str, str]) -> Settings:
    """A fresh instance: its own data dir and database, mail going to the real SMTP server."""
    return make_settings(
        str(tmp_path / "data"),
        template_db=migrated_db,
        LARDER_SMTP_HOST="127.0.0.1",
        LARDER_SMTP_PORT=str(mail.port),
        **database_env,
    )


@pytest.fixture(scope="session")
def built_app() -> Litestar:
    """One app per test process: building its routes is what costs (~0.3 s, Litestar parses every
    handler), and each test gives it an instance of its own before starting it (larder.app)."""
    return build_app()


@pytest.fixture
def client(settings: Settings, built_app: Litestar) -> Iterator[TestClient[Any]]:
    install_instance(built_app, settings.prepared())
    with TestClient(built_app) as test_client:
        yield test_client


@pytest.fixture
def member_factory(settings: Settings) -> Callable[..., Member]:
    """Accounts made as rows with a real session (tests/factories.py): no argon2, invite or mail per user."""

    def make(
        name: str = "alice_1", email: str = "alice@example.org", *, verified: bool = False, admin: bool = False
    ) -> Member:
        return make_member(settings, name, email, verified=verified, admin=admin)

    return make


@pytest.fixture
def member(member_factory: Callable[..., Member]) -> Member:
    return member_factory()


@pytest.fixture
def registered_member_factory(client: TestClient[Any], settings: Settings, mail: MailCatcher) -> Callable[..., Member]:
    """Accounts made the full HTTP way: an invite, POST /register-beta, the verification mail, POST /login."""

    def make(name: str = "alice_1", email: str = "alice@example.org") -> Member:
        (code,) = new_invites(settings)
        response = client.post("/api/pwa/register-beta", json=registration(name, email, code))
        assert response.status_code == 201, response.text
        mail.next_mail(email)  # the verification mail
        token = login(client, email)
        return Member(name, email, token, response.json()["user"]["id"])

    return make


@pytest.fixture
def registered_member(registered_member_factory: Callable[..., Member]) -> Member:
    return registered_member_factory()


@pytest.fixture
def tokyo_settings(tmp_path: Path, mail: MailCatcher, migrated_db: Path, database_env: dict[str, str]) -> Settings:
    """An instance in Tokyo (UTC+9, no summer time), for the tests of days counted in
    LARDER_TIMEZONE: a module takes it with `def settings(tokyo_settings)`."""
    return make_settings(
        str(tmp_path / "data"),
        template_db=migrated_db,
        LARDER_SMTP_HOST="127.0.0.1",
        LARDER_SMTP_PORT=str(mail.port),
        LARDER_TIMEZONE=TOKYO,
        **database_env,
    )


@pytest.fixture
def tokyo_morning(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's clock stopped at TOKYO_MORNING (08:00 on 11 March in Tokyo, still 10 March in
    UTC), for "today" and for the stock it dates itself (stores read the one clock as `clock.now`)."""
    monkeypatch.setattr(clock, "now", lambda: TOKYO_MORNING)
