"""Database engine, one transaction per request, and migrations.

SQLite runs in WAL mode with foreign keys on and a busy timeout. Requests that may write open
their transaction with BEGIN IMMEDIATE so two writers queue on the busy timeout instead of one
failing with "database is locked" when it upgrades a read lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import sqlite3
import threading
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Iterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import anyio.to_thread
from advanced_alchemy.base import BigIntAuditBase, orm_registry
from advanced_alchemy.config import AsyncSessionConfig, EngineConfig, SQLAlchemyAsyncConfig
from litestar import Litestar, Request
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

__all__ = [
    "LATE_WRITE_TURN",
    "SETUP_WAIT_SECONDS",
    "WRITE_LOCK_FILE",
    "Base",
    "DatabasePlugin",
    "DatabaseUnavailable",
    "DbReader",
    "after_transaction",
    "build_alchemy_config",
    "commit_writes_early",
    "end_transaction_early",
    "insert_all",
    "install_write_file_lock",
    "provide_db_reader",
    "provide_db_session",
    "run_migrations",
    "setup_turn",
    "standalone_session",
    "take_write_turn",
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
WRITE_LOCK_FILE = ".write.lock"  # in the data dir
_WRITE_FILE_LOCK = "larder_write_file_lock"
_FILE_LOCK_HELD = "larder_write_file_lock_held"
_LATE_TURN = "larder_late_write_turn"
# Route `opt`: the request reads first and takes the write turn only when it is about to write
# (`take_write_turn`), so the turn covers only the statements that change rows.
LATE_WRITE_TURN = "late_write_turn"
_ADMISSION = "larder_db_admission"
_ADMITTED = "larder_db_admitted"
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
        mode = connection.get_execution_options().get(_BEGIN_OPTION, "DEFERRED")
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
    session = _request_session(config, scope)
    opt = request.route_handler.opt
    writes = (request.method not in _READ_ONLY_METHODS or opt.get("writes")) and not opt.get("read_only")
    waiting: list[Callable[[], Awaitable[None]]] = []
    request.state[_AFTER_TRANSACTION] = waiting
    try:
        admission = _admission(state)
        await admission.acquire()
        request.state[_ADMITTED] = admission
        if writes and opt.get(LATE_WRITE_TURN):
            request.state[_LATE_TURN] = state
        elif writes:
            await _take_turn(state, request.state, session)
        async with _one_transaction(session):
            yield session
    finally:
        request.state.pop(_LATE_TURN, None)
        _leave_gate(request.state)
        del request.state[_AFTER_TRANSACTION]
        for callback in waiting:
            try:
                await callback()
            except Exception:  # the answer stands; what failed here is bookkeeping
                logger.exception("work after the transaction of %s failed", request.method)


# PostgreSQL's write turn: a transaction-level advisory lock every writer takes, so writers of all
# instances take turns as SQLite's do, and a request's reads and writes see no other writer's
# change in between (no lost update in a read-modify-write), as on SQLite.
PG_WRITE_TURN_KEY = 0x4C61726465  # "Larde"


async def _take_turn(state: State, request_state: Any, session: AsyncSession) -> None:
    """This process's turn, then (SQLite) the data dir's and SQLite's write lock (BEGIN IMMEDIATE)
    or (PostgreSQL) the advisory lock of the database."""
    gate = _write_gate(state)
    await gate.acquire()
    request_state[_GATE_HELD] = gate
    if _alchemy_config(state).get_engine().dialect.name != "sqlite":
        await session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_WRITE_TURN_KEY})
        return
    file_lock: WriteFileLock | None = state.get(_WRITE_FILE_LOCK)
    if file_lock is not None:
        await file_lock.acquire()
        request_state[_FILE_LOCK_HELD] = file_lock
    await session.connection(execution_options={_BEGIN_OPTION: "IMMEDIATE"})


async def take_write_turn(request_state: Any, session: AsyncSession) -> bool:
    """For a route marked LATE_WRITE_TURN: end the request's read transaction and take the write
    turn, before the first change. True when it was taken here: what the request read so far may
    have been changed by another writer since, and must be checked again. False when the request
    has held the turn from its start (any other writing route, other callers)."""
    state = request_state.pop(_LATE_TURN, None) if request_state is not None else None
    if state is None:
        return False
    if session.new or session.dirty or session.deleted:
        raise RuntimeError("take the write turn before changing anything")
    await session.commit()  # ends the read transaction; nothing is written yet
    await _take_turn(state, request_state, session)
    return True


class WriteFileLock:
    """The write turn among the processes of one data dir (`larder serve --workers N`): a lock file
    held from BEGIN IMMEDIATE to the end of the transaction. Waiting on it in the kernel wakes the
    next process the moment the turn is free, where SQLite's busy handler would poll with sleeps
    of up to 100 ms. Each process's own writers take turns at its asyncio lock first, so one thread
    per process at most waits here."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle = open(path, "a+b")  # noqa: SIM115 (held for the app's life)

    async def acquire(self) -> None:
        try:
            fcntl.flock(self._handle, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free: no thread needed
        except BlockingIOError:
            await anyio.to_thread.run_sync(fcntl.flock, self._handle, fcntl.LOCK_EX)

    def release(self) -> None:
        fcntl.flock(self._handle, fcntl.LOCK_UN)


def install_write_file_lock(state: State, path: Path) -> None:
    state[_WRITE_FILE_LOCK] = WriteFileLock(path)


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
    for key in (_FILE_LOCK_HELD, _GATE_HELD, _ADMITTED):
        held = request_state.pop(key, None)
        if held is not None:
            held.release()


async def end_transaction_early(request_state: Any, session: AsyncSession) -> None:
    """End a request's transaction before slow work that needs no database (a page fetched for an
    import): SQLite's write lock and this process's turn go to the next writer meanwhile. What the
    request writes afterwards runs in a fresh transaction that the request commits as usual."""
    await session.rollback()
    _leave_gate(request_state)


async def commit_writes_early(request_state: Any, session: AsyncSession) -> None:
    """Commit a request's writes before it reads its answer, once it has nothing more to write:
    the write turn (this process's, and the data dir's) goes to the next writer while the answer is
    read in a fresh read transaction. Writers queue on that turn, so every millisecond a request
    holds it after its last write is taken from all the writers behind it."""
    await session.commit()
    for key in (_FILE_LOCK_HELD, _GATE_HELD):
        held = request_state.pop(key, None)
        if held is not None:
            held.release()


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
                await session.connection(execution_options={_BEGIN_OPTION: "IMMEDIATE"})
            else:
                await session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_WRITE_TURN_KEY})
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
