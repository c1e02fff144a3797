"""Migrations and the setup turn: whatever migrates or seeds an instance does it alone."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

from sqlalchemy.engine import make_url

from larder.core.base.paths import migrations_dir
from larder.core.base.settings import Settings
from larder.core.db.data_dir import SetupBusy, setup_busy_message, setup_file_lock
from larder.core.db.engine import asyncpg_dsn, refresh_statistics, use_wal

T = TypeVar("T")


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
