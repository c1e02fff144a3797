"""Database engine, one transaction per request, and migrations.

SQLite runs in WAL mode with foreign keys on and a busy timeout. Requests that may write open
their transaction with BEGIN IMMEDIATE so two writers queue on the busy timeout instead of one
failing with "database is locked" when it upgrades a read lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import threading
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from advanced_alchemy.base import BigIntAuditBase, orm_registry
from advanced_alchemy.config import AsyncSessionConfig, EngineConfig, SQLAlchemyAsyncConfig
from litestar import Litestar
from litestar.config.app import AppConfig
from litestar.constants import HTTP_DISCONNECT, HTTP_RESPONSE_START
from litestar.datastructures import State
from litestar.plugins import InitPluginProtocol
from litestar.types import Message, Scope
from sqlalchemy import Table, create_engine, event, insert, text
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession
from sqlalchemy.orm import Session

from larder.core.data_dir import SetupBusy, setup_busy_message, setup_file_lock
from larder.core.paths import migrations_dir
from larder.core.settings import Settings
from larder.core.sqlite_driver import one_hop_url
from larder.core.uow import (
    BEGIN_OPTION,
    PG_INSTANCE_KEY,
    WriteFileLock,
    WriteTurns,
    open_request_work,
)

__all__ = [
    "SETUP_WAIT_SECONDS",
    "WRITE_LOCK_FILE",
    "Base",
    "DatabasePlugin",
    "DatabaseUnavailable",
    "DbReader",
    "build_alchemy_config",
    "insert_all",
    "install_write_file_lock",
    "log_write_turn_waits",
    "provide_db_reader",
    "provide_db_session",
    "run_migrations",
    "setup_turn",
    "standalone_session",
    "write_turns",
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
_WRITE_TURNS = "larder_write_turns"
WRITE_LOCK_FILE = ".write.lock"  # in the data dir
_WRITE_FILE_LOCK = "larder_write_file_lock"
_ADMISSION = "larder_db_admission"
DB_CONCURRENCY = 4  # requests working with the database at once; the rest wait in line


def _install_sqlite_pragmas(sync_engine: Engine) -> None:
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
        # One thread hop per statement on SQLite (core/sqlite_driver.py).
        connection_string=one_hop_url(settings.database_url),
        engine_config=EngineConfig(pool_pre_ping=not settings.is_sqlite),
        session_config=AsyncSessionConfig(expire_on_commit=False),
        create_all=False,
    )
    if settings.is_sqlite:
        _install_sqlite_pragmas(config.get_engine().sync_engine)
    return config


_SESSION_SCOPE_KEY = "_larder_db_session"
_SESSION_END_EVENTS = {HTTP_RESPONSE_START, HTTP_DISCONNECT}


class DatabasePlugin(InitPluginProtocol):
    """The engine lives as long as the app; a request's session is closed when its answer starts
    (or its client leaves). `provide_db_session` commits or rolls back before that.

    This is the part of advanced-alchemy's Litestar plugin the app used. Its package also registers
    a command line, and importing it loaded alembic, mako, pygments, rich and click's rich variant
    into the server for good (about 14 MB) although the server never runs them.

    The instance's config is read from the app's state (`alchemy_config`) when the app stops.
    """

    def on_app_init(self, app_config: AppConfig) -> AppConfig:
        app_config.lifespan.append(self._lifespan)
        app_config.before_send.append(self._close_session)
        app_config.signature_namespace.update({"AsyncEngine": AsyncEngine, "AsyncSession": AsyncSession})
        return app_config

    @asynccontextmanager
    async def _lifespan(self, app: Litestar) -> AsyncIterator[None]:
        try:
            yield
        finally:
            await _alchemy_config(app.state).get_engine().dispose()

    @staticmethod
    async def _close_session(message: Message, scope: Scope) -> None:
        if message["type"] in _SESSION_END_EVENTS:
            session = scope.pop(_SESSION_SCOPE_KEY, None)  # type: ignore[misc]
            if session is not None:
                await session.close()


def _request_session(config: SQLAlchemyAsyncConfig, scope: Scope) -> AsyncSession:
    """The request's one session, made on first use and closed by DatabasePlugin."""
    session = scope.get(_SESSION_SCOPE_KEY)  # type: ignore[misc]
    if session is None:
        session = config.create_session_maker()()
        scope[_SESSION_SCOPE_KEY] = session  # type: ignore[literal-required]
    return session


READER_THREADS = 8


class DbReader:
    """Runs a read-only unit of work on its own SQLite connection in one worker-thread hop.

    aiosqlite hops to its thread for every cursor call (about seventeen for a list page, each a GIL
    hand-over); the hot discovery reads make one hop instead. WAL lets these readers run beside the
    writer; `query_only` makes sure they never write.
    """

    def __init__(self, settings: Settings) -> None:
        url = make_url(settings.database_url).set(drivername="sqlite")
        self.engine = create_engine(
            url, connect_args={"check_same_thread": False}, pool_size=READER_THREADS, max_overflow=0
        )
        _install_sqlite_pragmas(self.engine)

        @event.listens_for(self.engine, "connect")
        def _read_only(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.execute("PRAGMA query_only=ON")

        # Threads of its own, one per pooled connection: every signed-in request hops here, and
        # anyio's hop (a cancel scope, a capacity limiter, asking which event loop runs) cost more
        # than the read.
        self._threads = ThreadPoolExecutor(max_workers=READER_THREADS, thread_name_prefix="larder-reader")

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._threads, self._run, work, args)

    def _run(self, work: Callable[..., T], args: tuple[Any, ...]) -> T:
        # Objects read here are handed to the event loop's side as they were read (detached).
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            return work(session, *args)

    def dispose(self) -> None:
        self._threads.shutdown(wait=True)
        self.engine.dispose()


def build_db_reader(settings: Settings) -> DbReader | None:
    """A reader for SQLite; other databases read through the request session."""
    return DbReader(settings) if settings.is_sqlite else None


def provide_db_reader(state: State) -> DbReader | None:
    return state.get("db_reader")


def _alchemy_config(state: State) -> SQLAlchemyAsyncConfig:
    return state["alchemy_config"]


async def provide_db_session(state: State, scope: Scope) -> AsyncGenerator[AsyncSession, None]:
    """The request's session and its unit of work (core/uow.py): reads run in a deferred transaction,
    which never takes SQLite's write lock; a service writes inside `unit_of_work(session).write(...)`,
    which takes the write turn for what it changes and commits before the answer is read and sent
    (so a failed commit becomes an error answer, never a success the database did not keep). What
    is left open when the handler ends is a read, rolled back; a change left unwritten there is a
    bug, refused rather than lost.

    Before either, every request with a session is admitted among at most DB_CONCURRENCY at once,
    first come, first served. The server is one process: past a handful of requests in flight, more
    concurrency only interleaves them, and a writer holding the lock is then stretched by every
    reader's turn between its statements (50 busy readers made each write hold the lock ~250 ms).
    """
    config = _alchemy_config(state)
    session = _request_session(config, scope)
    work = open_request_work(session, write_turns(state))
    await work.admit(_admission(state))
    try:
        yield session
        if session.new or session.dirty or session.deleted:
            raise RuntimeError("a change outside a write block (core/uow.py) would be lost")
    finally:
        try:
            if session.in_transaction():
                await session.rollback()
        finally:
            work.leave()
            await work.run_after()


def write_turns(state: State) -> WriteTurns:
    """The app instance's write turns, made on first use (install_instance gives the data dir's lock
    file for `--workers N`)."""
    turns = state.get(_WRITE_TURNS)
    if turns is None:
        dialect = _alchemy_config(state).get_engine().dialect.name
        turns = state[_WRITE_TURNS] = WriteTurns(dialect == "sqlite", state.get(_WRITE_FILE_LOCK))
    return turns


def log_write_turn_waits(state: State) -> None:
    turns = state.get(_WRITE_TURNS)
    summary = turns.waits_summary() if turns is not None else None
    if summary:
        logger.info("%s", summary)


def install_write_file_lock(state: State, path: Path) -> None:
    state[_WRITE_FILE_LOCK] = WriteFileLock(path)


def _admission(state: State) -> asyncio.Semaphore:
    admission = state.get(_ADMISSION)
    if admission is None:
        admission = state[_ADMISSION] = asyncio.Semaphore(DB_CONCURRENCY)
    return admission


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
        use_wal(settings)
        refresh_statistics(settings)
        return
    raise RuntimeError("run_migrations() must not be called from inside a running event loop")


# The setup turn: whatever migrates the database or loads the starter catalogue holds it (`larder
# serve` before it listens, `migrate`, `seed`, the commands that migrate first, `restore`), so two
# processes started at once never run the same migrations side by side; the later one waits and
# then finds the schema at head and the catalogue loaded (both steps only add what is missing).
SETUP_WAIT_SECONDS = 600.0  # a large database's migrations on a small machine take minutes
PG_SETUP_KEY = 0x4C61726465725375  # "LarderSu": PostgreSQL's advisory lock of the setup turn
_PG_CONNECT_SECONDS = 30.0


class DatabaseUnavailable(Exception):
    """The database cannot be reached to take the setup turn; the message says where and why."""


@contextlib.contextmanager
def setup_turn(
    settings: Settings, *, timeout: float = SETUP_WAIT_SECONDS, on_wait: Callable[[], None] | None = None
) -> Iterator[None]:
    """Hold the instance's setup turn: on SQLite an exclusive lock on a file in the data dir, on
    PostgreSQL an advisory lock of the database (`PG_SETUP_KEY`) on a connection of its own, so
    processes of other machines with other data dirs take turns too. A process that has to wait
    calls `on_wait` once and waits at most `timeout` seconds (then SetupBusy). A process that dies
    lets go of it (the kernel drops the file lock; PostgreSQL ends the connection's session)."""
    if settings.is_sqlite:
        with setup_file_lock(settings.data_dir, timeout=timeout, on_wait=on_wait):
            yield
        return
    with _pg_setup_lock(settings.database_url, timeout, on_wait):
        yield


@contextlib.contextmanager
def _pg_setup_lock(database_url: str, timeout: float, on_wait: Callable[[], None] | None) -> Iterator[None]:
    """The advisory lock, held by a connection that lives in an event loop of its own thread: the
    migrations and the seeding run their own event loops (asyncio.run) meanwhile."""
    loop = asyncio.new_event_loop()
    holder = threading.Thread(target=loop.run_forever, name="larder-setup-turn", daemon=True)
    holder.start()

    def call(work: Awaitable[T]) -> T:
        async def run() -> T:
            return await work

        return asyncio.run_coroutine_threadsafe(run(), loop).result()

    try:
        connection = call(_pg_take_setup_turn(database_url, timeout, on_wait))
        try:
            yield
        finally:
            call(connection.close())  # the session ends, and its advisory lock with it
    finally:
        loop.call_soon_threadsafe(loop.stop)
        holder.join()
        loop.close()


async def _pg_take_setup_turn(database_url: str, wait_seconds: float, on_wait: Callable[[], None] | None) -> Any:
    import asyncpg  # only on PostgreSQL: a SQLite install never loads the driver

    from larder.core.pg_events import asyncpg_dsn

    where = make_url(database_url).render_as_string(hide_password=True)
    try:
        connection = await asyncpg.connect(asyncpg_dsn(database_url), timeout=_PG_CONNECT_SECONDS)
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        raise DatabaseUnavailable(f"The database at {where} cannot be reached: {exc}") from None
    try:
        if not await connection.fetchval("SELECT pg_try_advisory_lock($1)", PG_SETUP_KEY):
            if on_wait is not None:
                on_wait()
            # Advisory locks wait in PostgreSQL's lock manager, so lock_timeout bounds the wait.
            await connection.execute(f"SET lock_timeout = {max(1, round(wait_seconds * 1000))}")
            try:
                await connection.execute("SELECT pg_advisory_lock($1)", PG_SETUP_KEY)
            except asyncpg.exceptions.LockNotAvailableError:
                raise SetupBusy(setup_busy_message(where, wait_seconds)) from None
            await connection.execute("SET lock_timeout = 0")
    except BaseException:
        await connection.close()
        raise
    return connection


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
