"""Shared test helpers: a real SMTP server, instance set-up, and account shortcuts."""

from __future__ import annotations

import asyncio
import email
import os
import queue
import re
import shutil
import socket
from dataclasses import dataclass
from datetime import UTC, date, datetime
from email.message import Message
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from litestar.testing import TestClient

from larder.accounts.service import InviteService
from larder.core.base.settings import Settings
from larder.core.db.engine import standalone_session
from larder.core.db.setup import run_migrations
from tests import postgres_cluster

PUBLIC_URL = "http://larder.test"
LINK = re.compile(r"(https?://\S+/(verify|reset-password)\?token=([A-Za-z0-9._-]+))")
DEFAULT_PASSWORD = "secret123"


TOKYO = "Asia/Tokyo"
TOKYO_MORNING = datetime(2026, 3, 10, 23, 0, tzinfo=UTC)  # 2026-03-11 08:00 in Tokyo


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class ReceivedMail:
    sender: str
    recipients: list[str]
    message: Message

    @property
    def subject(self) -> str:
        return str(self.message["Subject"])

    @property
    def body(self) -> str:
        payload = self.message.get_payload(decode=True)
        assert isinstance(payload, bytes)
        return payload.decode()

    def link(self) -> tuple[str, str, str]:
        """(url, kind, token) of the one account link in the mail."""
        match = LINK.search(self.body)
        assert match, f"no link in mail: {self.body!r}"
        return match.group(1), match.group(2), match.group(3)


class MailCatcher:
    """A real aiosmtpd server on 127.0.0.1 collecting every message it receives."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[ReceivedMail] = queue.Queue()
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.inbox.put(
            ReceivedMail(envelope.mail_from, list(envelope.rcpt_tos), email.message_from_bytes(envelope.content))
        )
        return "250 Message accepted for delivery"

    def start(self) -> None:
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()

    def clear(self) -> None:
        while not self.inbox.empty():
            self.inbox.get_nowait()

    def next_mail(self, to: str, timeout: float = 10.0) -> ReceivedMail:
        """Wait for the next mail; the server delivers synchronously within the request, so it is usually there."""
        mail = self.inbox.get(timeout=timeout)
        assert to in mail.recipients, f"mail went to {mail.recipients}, expected {to}"
        return mail

    def assert_empty(self) -> None:
        assert self.inbox.empty(), f"unexpected mail: {self.inbox.queue[0].subject}"


def make_settings(data_dir: str, *, template_db: Path | None = None, **env: str) -> Settings:
    """A prepared instance in `data_dir`; its database copied from a migrated template when given."""
    base = {"LARDER_DATA_DIR": data_dir, "LARDER_PUBLIC_URL": PUBLIC_URL}
    if "LARDER_DATABASE_URL" in os.environ:
        # A test running `larder` commands names its database in the environment they inherit.
        base["LARDER_DATABASE_URL"] = os.environ["LARDER_DATABASE_URL"]
    elif "LARDER_DATABASE_URL" not in env:
        # Under `make test-postgres` every instance a test makes gets a PostgreSQL database of its own.
        base.update(postgres_cluster.new_database())
    base.update(env)
    settings = Settings.from_env(base).prepared()
    # On PostgreSQL the database is the test's own copy of the migrated template (tests/conftest.py).
    if settings.is_sqlite and template_db is not None:
        shutil.copyfile(template_db, settings.data_dir / "larder.db")
    elif settings.is_sqlite:
        run_migrations(settings)
    return settings


def sqlite_settings(data_dir: str, **env: str) -> Settings:
    """A prepared instance on a SQLite file whichever database the suite runs on (the SQLite side
    of a move between the two)."""
    url = f"sqlite+aiosqlite:///{Path(data_dir).resolve() / 'larder.db'}"
    return make_settings(data_dir, LARDER_DATABASE_URL=url, **env)


def run_db(settings: Settings, work: Any) -> Any:
    async def run() -> Any:
        async with standalone_session(settings) as session:
            return await work(session)

    return asyncio.run(run())


def new_invites(settings: Settings, count: int = 1, uses: int = 1, expires_days: int | None = None) -> list[str]:
    async def work(session: Any) -> list[str]:
        codes = await InviteService(session=session).create_codes(count=count, uses=uses, expires_days=expires_days)
        return [c.code for c in codes]

    return run_db(settings, work)


def _bound(settings: Settings, value: Any) -> Any:
    """A date or time as the database keeps it: SQLite as SQLAlchemy writes it there (text),
    PostgreSQL as the value itself."""
    if settings.is_sqlite and isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S.%f")
    if settings.is_sqlite and isinstance(value, date):
        return value.isoformat()
    return value


def as_date(value: date | str) -> date:
    """A date column as read by `sql`: text on SQLite, a date on PostgreSQL."""
    return value if isinstance(value, date) else date.fromisoformat(value)


def sql(settings: Settings, statement: str, **params: Any) -> list[tuple[Any, ...]]:
    """One statement in a transaction of its own; dates and times are given as Python values."""
    from sqlalchemy import text

    bound = {name: _bound(settings, value) for name, value in params.items()}

    async def work(session: Any) -> list[tuple[Any, ...]]:
        result = await session.execute(text(statement), bound)
        return [tuple(row) for row in result] if result.returns_rows else []

    return run_db(settings, work)


def registration(name: str, email_address: str, code: str, password: str = DEFAULT_PASSWORD) -> dict[str, str]:
    return {
        "name": name,
        "email": email_address,
        "password": password,
        "password_confirmation": password,
        "beta_code": code,
    }


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def login(client: TestClient[Any], email_address: str, password: str = DEFAULT_PASSWORD) -> str:
    response = client.post("/api/pwa/login", json={"email": email_address, "password": password})
    assert response.status_code == 200, response.text
    return response.json()["token"]


def drivers_of_statements(work: Any) -> list[str]:
    """The driver of each statement `work()` sends to any engine: "sqlite" for the event loop's own
    read connection (core/db/loop_reads.py), the session's driver otherwise."""
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    drivers: list[str] = []

    def seen(conn: Any, *_args: Any) -> None:
        drivers.append(conn.engine.url.drivername)

    event.listen(Engine, "before_cursor_execute", seen)
    try:
        work()
    finally:
        event.remove(Engine, "before_cursor_execute", seen)
    return drivers
