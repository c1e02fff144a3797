"""A request's session: admitted among a few at once, its unit of work and write turns, closed when the
answer starts; and the reader's own connections for reads off the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

from advanced_alchemy.config import SQLAlchemyAsyncConfig
from litestar import Litestar
from litestar.config.app import AppConfig
from litestar.constants import HTTP_DISCONNECT, HTTP_RESPONSE_START
from litestar.datastructures import State
from litestar.plugins import InitPluginProtocol
from litestar.types import Message, Scope
from sqlalchemy import create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession
from sqlalchemy.orm import Session

from larder.core.base.settings import Settings
from larder.core.db.engine import install_sqlite_pragmas
from larder.core.db.loop_reads import LOOP_READS_STATE_KEY
from larder.core.db.uow import (
    WriteFileLock,
    WriteTurns,
    open_request_work,
)

logger = logging.getLogger("larder")
T = TypeVar("T")
_WRITE_TURNS = "larder_write_turns"
WRITE_LOCK_FILE = ".write.lock"  # in the data dir
_WRITE_FILE_LOCK = "larder_write_file_lock"
_ADMISSION = "larder_db_admission"
DB_CONCURRENCY = 4  # requests working with the database at once; the rest wait in line


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
    # The ASGI scope's type names its keys; ours is one more, kept beside them.
    state = cast("dict[str, Any]", scope)
    session = state.get(_SESSION_SCOPE_KEY)
    if session is None:
        session = state[_SESSION_SCOPE_KEY] = config.create_session_maker()()
    return cast(AsyncSession, session)


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
        install_sqlite_pragmas(self.engine)

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
    config: SQLAlchemyAsyncConfig = state["alchemy_config"]
    return config


async def provide_db_session(state: State, scope: Scope) -> AsyncGenerator[AsyncSession, None]:
    """The request's session and its unit of work (core/db/uow.py): reads run in a deferred transaction,
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
    work = open_request_work(session, write_turns(state), state.get(LOOP_READS_STATE_KEY))
    await work.admit(_admission(state))
    try:
        yield session
        if session.new or session.dirty or session.deleted:
            raise RuntimeError("a change outside a write block (core/db/uow.py) would be lost")
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
