"""Database engine, one transaction per request, and migrations.

SQLite runs in WAL mode with foreign keys on and a busy timeout. Requests that may write open
their transaction with BEGIN IMMEDIATE so two writers queue on the busy timeout instead of one
failing with "database is locked" when it upgrades a read lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import anyio.to_thread
from advanced_alchemy.base import BigIntAuditBase, orm_registry
from advanced_alchemy.config import EngineConfig
from advanced_alchemy.extensions.litestar import (
    AlembicAsyncConfig,
    AsyncSessionConfig,
    SQLAlchemyAsyncConfig,
)
from litestar import Request
from litestar.datastructures import State
from litestar.types import Scope
from sqlalchemy import Table, create_engine, event, insert
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from larder.core.paths import migrations_dir
from larder.core.settings import Settings

__all__ = [
    "Base",
    "DbReader",
    "after_transaction",
    "build_alchemy_config",
    "end_transaction_early",
    "insert_all",
    "provide_db_reader",
    "provide_db_session",
    "run_migrations",
    "standalone_session",
]

T = TypeVar("T")
logger = logging.getLogger("larder")
Base = BigIntAuditBase
metadata = orm_registry.metadata


@event.listens_for(Table, "after_parent_attach")
def _never_reuse_ids(table: Table, parent: Any) -> None:
    """Every table of ours gets SQLite's AUTOINCREMENT: without it a deleted row's id goes to the next
    row, and whatever still names the old id (a publish request, a link, a share) names a stranger's row."""
    if parent is metadata:
        table.dialect_kwargs["sqlite_autoincrement"] = True


async def insert_all(session: AsyncSession, model: type[Any], rows: Sequence[Any]) -> None:
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
_BEGIN_OPTION = "larder_begin"
_READ_ONLY_METHODS = {"GET", "HEAD", "OPTIONS"}
_AFTER_TRANSACTION = "larder_after_transaction"
_WRITE_GATE = "larder_write_gate"
_GATE_HELD = "larder_write_gate_held"
_ADMISSION = "larder_db_admission"
_ADMITTED = "larder_db_admitted"
DB_CONCURRENCY = 4  # requests working with the database at once; the rest wait in line


def _install_sqlite_pragmas(sync_engine: Engine) -> None:
    @event.listens_for(sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take over BEGIN from the driver so we choose DEFERRED or IMMEDIATE ourselves.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(sync_engine, "begin")
    def _on_begin(connection: Any) -> None:
        mode = connection.get_execution_options().get(_BEGIN_OPTION, "DEFERRED")
        connection.exec_driver_sql(f"BEGIN {mode}")


_KEY_REGISTRIES = (
    "_SESSION_SCOPE_KEY_REGISTRY",
    "_ENGINE_APP_STATE_KEY_REGISTRY",
    "_SESSIONMAKER_APP_STATE_KEY_REGISTRY",
)


def build_alchemy_config(settings: Settings) -> SQLAlchemyAsyncConfig:
    # advanced-alchemy keeps every config's state keys in class-wide sets so that two configs of one
    # app get different keys; each new config then looks for a free suffix by recursion, one level
    # per config ever made. An app here has one config, so its keys may always be the plain ones;
    # without this, a process that builds many (the test suite, a long CLI session) ends in a
    # RecursionError after about a thousand.
    for registry in _KEY_REGISTRIES:
        getattr(SQLAlchemyAsyncConfig, registry, set()).clear()
    config = SQLAlchemyAsyncConfig(
        connection_string=settings.database_url,
        engine_config=EngineConfig(pool_pre_ping=not settings.is_sqlite),
        session_config=AsyncSessionConfig(expire_on_commit=False),
        # Our own `db_session` dependency commits or rolls back; the plugin only closes.
        session_dependency_key="alchemy_session",
        engine_dependency_key="db_engine",
        create_all=False,
        alembic_config=AlembicAsyncConfig(script_location=str(migrations_dir()), render_as_batch=True),
    )
    if settings.is_sqlite:
        _install_sqlite_pragmas(config.get_engine().sync_engine)
    return config


class DbReader:
    """Runs a read-only unit of work on its own SQLite connection in one worker-thread hop.

    aiosqlite hops to its thread for every cursor call (about seventeen for a list page, each a GIL
    hand-over); the hot discovery reads make one hop instead. WAL lets these readers run beside the
    writer; `query_only` makes sure they never write.
    """

    def __init__(self, settings: Settings) -> None:
        url = make_url(settings.database_url).set(drivername="sqlite")
        self.engine = create_engine(url, connect_args={"check_same_thread": False}, pool_size=8, max_overflow=8)
        _install_sqlite_pragmas(self.engine)

        @event.listens_for(self.engine, "connect")
        def _read_only(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.execute("PRAGMA query_only=ON")

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        return await anyio.to_thread.run_sync(self._run, work, args)

    def _run(self, work: Callable[..., T], args: tuple[Any, ...]) -> T:
        with Session(self.engine) as session, session.begin():
            return work(session, *args)

    def dispose(self) -> None:
        self.engine.dispose()


def build_db_reader(settings: Settings) -> DbReader | None:
    """A reader for SQLite; other databases read through the request session."""
    return DbReader(settings) if settings.is_sqlite else None


def provide_db_reader(state: State) -> DbReader | None:
    return state.get("db_reader")


def _alchemy_config(state: State) -> SQLAlchemyAsyncConfig:
    return state["alchemy_config"]


async def provide_db_session(
    state: State, scope: Scope, request: Request[Any, Any, Any]
) -> AsyncGenerator[AsyncSession, None]:
    """The request's session: committed when the handler succeeds, rolled back when it raises.

    A handler that only reads (GET, or `opt={"read_only": True}` on a POST such as a filter) runs in
    a deferred transaction, so it never takes SQLite's write lock; a GET that writes (the spec's
    cancel call) says so with `opt={"writes": True}`.

    The commit runs before the answer is sent, so a failed commit becomes an error answer and
    never a success the database did not keep.

    Writing requests of this process take turns at an asyncio lock before BEGIN IMMEDIATE. SQLite
    lets one writer in at a time anyway; waiting in line here is first come, first served and wakes
    the next writer the moment the lock is free, where SQLite's busy handler polls with sleeps of up
    to 100 ms and serves whoever polls first (seconds at the tail under load). The busy timeout still
    covers writers of other processes (the command line, a second server).

    Before either, every request with a session is admitted among at most DB_CONCURRENCY at once,
    first come, first served. The server is one process: past a handful of requests in flight, more
    concurrency only interleaves them, and a writer holding the lock is then stretched by every
    reader's turn between its statements (50 busy readers made each write hold the lock ~250 ms).
    """
    config = _alchemy_config(state)
    session = config.provide_session(state, scope)
    opt = request.route_handler.opt
    writes = (request.method not in _READ_ONLY_METHODS or opt.get("writes")) and not opt.get("read_only")
    waiting: list[Callable[[], Awaitable[None]]] = []
    request.state[_AFTER_TRANSACTION] = waiting
    try:
        admission = _admission(state)
        await admission.acquire()
        request.state[_ADMITTED] = admission
        if writes and config.get_engine().dialect.name == "sqlite":
            gate = _write_gate(state)
            await gate.acquire()
            request.state[_GATE_HELD] = gate
            await session.connection(execution_options={_BEGIN_OPTION: "IMMEDIATE"})
        async with _one_transaction(session):
            yield session
    finally:
        _leave_gate(request.state)
        del request.state[_AFTER_TRANSACTION]
        for callback in waiting:
            try:
                await callback()
            except Exception:  # the answer stands; what failed here is bookkeeping
                logger.exception("work after the transaction of %s failed", request.method)


def _write_gate(state: State) -> asyncio.Lock:
    gate = state.get(_WRITE_GATE)
    if gate is None:
        gate = state[_WRITE_GATE] = asyncio.Lock()
    return gate


def _admission(state: State) -> asyncio.Semaphore:
    admission = state.get(_ADMISSION)
    if admission is None:
        admission = state[_ADMISSION] = asyncio.Semaphore(DB_CONCURRENCY)
    return admission


def _leave_gate(request_state: Any) -> None:
    """Give up the write turn and the admission, whichever the request holds."""
    for key in (_GATE_HELD, _ADMITTED):
        held = request_state.pop(key, None)
        if held is not None:
            held.release()


async def end_transaction_early(request_state: Any, session: AsyncSession) -> None:
    """End a request's transaction before slow work that needs no database (a page fetched for an
    import): SQLite's write lock and this process's turn go to the next writer meanwhile. What the
    request writes afterwards runs in a fresh transaction that the request commits as usual."""
    await session.rollback()
    _leave_gate(request_state)


def after_transaction(request_state: Any, callback: Callable[[], Awaitable[None]]) -> bool:
    """Run `callback` once the request's transaction has ended, committed or rolled back. False when
    the request has no transaction open (the caller may then do its work at once)."""
    waiting = request_state.get(_AFTER_TRANSACTION) if request_state is not None else None
    if waiting is None:
        return False
    waiting.append(callback)
    return True


def run_migrations(settings: Settings) -> None:
    """Upgrade the schema to head. Call it before the event loop runs (alembic's env uses asyncio.run)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_dir()))
    cfg.set_main_option("sqlalchemy.url", settings.database_url.replace("%", "%%"))
    cfg.attributes["larder_settings"] = settings
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        command.upgrade(cfg, "head")
        refresh_statistics(settings)
        return
    raise RuntimeError("run_migrations() must not be called from inside a running event loop")


ANALYSIS_LIMIT = 1000


def refresh_statistics(settings: Settings) -> None:
    """Give SQLite's planner fresh statistics at every start (sampled, so ~0.3 s at 100,000 recipes).

    Without them some plans collapse: the planner cannot tell a rare value of an index from a
    common one (bench/README.md, "plans without ANALYZE").
    """
    if not settings.is_sqlite:
        return
    import sqlite3

    path = make_url(settings.database_url).database
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
            if engine.dialect.name == "sqlite":
                await session.connection(execution_options={_BEGIN_OPTION: "IMMEDIATE"})
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
