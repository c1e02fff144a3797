"""The engine: SQLite's pragmas and BEGIN, every table's ids never reused, inserts of many rows in one
statement, statistics, and a session of its own for commands.

SQLite runs in WAL mode with foreign keys on and a busy timeout. Requests that may write open
their transaction with BEGIN IMMEDIATE so two writers queue on the busy timeout instead of one
failing with "database is locked" when it upgrades a read lock.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from advanced_alchemy.base import BigIntAuditBase, orm_registry
from advanced_alchemy.config import AsyncSessionConfig, EngineConfig, SQLAlchemyAsyncConfig
from sqlalchemy import Table, event, insert, text
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.ext.asyncio import AsyncSession, async_scoped_session

from larder.core.base.settings import Settings
from larder.core.db.sqlite_driver import one_hop_url
from larder.core.db.uow import (
    BEGIN_OPTION,
    PG_INSTANCE_KEY,
)

Base = BigIntAuditBase
metadata = orm_registry.metadata


@event.listens_for(Table, "after_parent_attach")
def _never_reuse_ids(table: Table, parent: Any) -> None:
    """Every table of ours gets SQLite's AUTOINCREMENT: without it a deleted row's id goes to the next
    row, and whatever still names the old id (a publish request, a link, a share) names a stranger's row."""
    if parent is metadata:
        table.dialect_kwargs["sqlite_autoincrement"] = True


async def insert_all(
    session: AsyncSession | async_scoped_session[AsyncSession], model: type[Any], rows: Sequence[Any]
) -> None:
    """New, never added objects of one model written in one INSERT, sent once for all of them.

    The ORM's flush sends one INSERT per new object on SQLite: it wants each id back, and SQLite
    does not say which id a many-row INSERT gave which row. The objects stay transient; the caller
    reloads what it answers with. Columns left unset get their defaults as in a flush.
    """
    if not rows:
        return
    keys = [attribute.key for attribute in sa_inspect(model).column_attrs]
    await session.execute(
        insert(model), [{key: row.__dict__[key] for key in keys if key in row.__dict__} for row in rows]
    )


BUSY_TIMEOUT_MS = 10_000


def install_sqlite_pragmas(sync_engine: Engine) -> None:
    @event.listens_for(sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take over BEGIN from the driver so we choose DEFERRED or IMMEDIATE ourselves.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        # Migrations leave the file in WAL (`use_wal`); asked for here only for a file they did not
        # prepare, since switching needs every other connection of the file out of the way.
        cursor.execute("PRAGMA journal_mode")
        if str(cursor.fetchone()[0]).lower() != "wal":
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(sync_engine, "begin")
    def _on_begin(connection: Any) -> None:
        mode = connection.get_execution_options().get(BEGIN_OPTION, "DEFERRED")
        connection.exec_driver_sql(f"BEGIN {mode}")


def build_alchemy_config(settings: Settings) -> SQLAlchemyAsyncConfig:
    config = SQLAlchemyAsyncConfig(
        # One thread hop per statement on SQLite (core/db/sqlite_driver.py).
        connection_string=one_hop_url(settings.database_url),
        engine_config=EngineConfig(pool_pre_ping=not settings.is_sqlite),
        session_config=AsyncSessionConfig(expire_on_commit=False),
        create_all=False,
    )
    if settings.is_sqlite:
        install_sqlite_pragmas(config.get_engine().sync_engine)
    return config


def _sqlite_path(settings: Settings) -> str | None:
    return make_url(settings.database_url).database if settings.is_sqlite else None


def use_wal(settings: Settings) -> None:
    """Put the file in WAL mode once, before any server or worker opens it.

    The mode is kept in the file. Left to the first connections of a running app, two of them
    switching at once each hold a shared lock and wait for the other's: one fails at once with
    "database is locked", whatever the busy timeout.
    """
    path = _sqlite_path(settings)
    if not path:
        return
    with contextlib.closing(sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000)) as connection:
        connection.execute("PRAGMA journal_mode=WAL")


ANALYSIS_LIMIT = 1000


def refresh_statistics(settings: Settings) -> None:
    """Give SQLite's planner fresh statistics at every start (sampled, so ~0.3 s at 100,000 recipes).

    Without them some plans collapse: the planner cannot tell a rare value of an index from a
    common one (bench/README.md, "plans without ANALYZE").
    """
    path = _sqlite_path(settings)
    if not path:
        return
    with contextlib.closing(sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000)) as connection:
        connection.execute(f"PRAGMA analysis_limit={ANALYSIS_LIMIT}")
        connection.execute("ANALYZE")
        connection.commit()


@asynccontextmanager
async def standalone_session(settings: Settings) -> AsyncIterator[AsyncSession]:
    """A session outside any request (CLI, start-up): committed on success, rolled back on error."""
    config = build_alchemy_config(settings)
    engine = config.get_engine()
    try:
        async with config.get_session() as session:
            # The write turn as requests take it, so its reads see no other writer's change.
            if engine.dialect.name == "sqlite":
                await session.connection(execution_options={BEGIN_OPTION: "IMMEDIATE"})
            else:
                await session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_INSTANCE_KEY})
            async with _one_transaction(session):
                yield session
    finally:
        await engine.dispose()


@asynccontextmanager
async def _one_transaction(session: AsyncSession) -> AsyncIterator[None]:
    """Commit what the block did, or roll all of it back when it raises."""
    try:
        yield
    except BaseException:
        await session.rollback()
        raise
    else:
        await session.commit()


def asyncpg_dsn(database_url: str) -> str:
    """The SQLAlchemy URL (`postgresql+asyncpg://…`) as asyncpg's own connection string."""
    return make_url(database_url).set(drivername="postgresql").render_as_string(hide_password=False)
