"""The database side of the command line (__main__.py): the instance's setup turn, a database at
head, and a command's work in one transaction, with every failure said as a command-line error
rather than a traceback."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Iterator
from typing import TypeVar

import click
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncSession

from larder.core.base.errors import AppError
from larder.core.base.settings import Settings

T = TypeVar("T")

MSG_WAITING_FOR_SETUP = "Another Larder process is preparing the database (migrations, starter catalogue): waiting."


@contextlib.contextmanager
def setup_turn(settings: Settings) -> Iterator[None]:
    """The instance's setup turn (core/db/setup.py `setup_turn`), held for the block: whatever migrates
    or seeds does it alone; a process started at the same moment waits, says so, and then finds
    the work done."""
    from larder.core.db import setup as db
    from larder.core.db.data_dir import SetupBusy

    def waiting() -> None:
        click.echo(MSG_WAITING_FOR_SETUP, err=True)

    with contextlib.ExitStack() as held:
        try:
            held.enter_context(db.setup_turn(settings, timeout=db.SETUP_WAIT_SECONDS, on_wait=waiting))
        except (SetupBusy, db.DatabaseUnavailable) as exc:
            raise click.ClickException(str(exc)) from None
        yield


@contextlib.contextmanager
def migrated(settings: Settings) -> Iterator[Settings]:
    """`settings`' database at head, the setup turn held for the block: a command's own work never
    meets another process's migrations or its loading of the starter catalogue."""
    from larder.core.db.setup import run_migrations

    with setup_turn(settings):
        run_migrations(settings)
        yield settings


def migrated_work(settings: Settings, work: Callable[[Settings, AsyncSession], Awaitable[T]]) -> T:
    """`work` in one transaction on a database at head, within the setup turn."""
    with migrated(settings):
        return with_session(settings, lambda session: work(settings, session))


def with_session(settings: Settings, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
    from larder.core.db.engine import standalone_session

    async def run() -> T:
        async with standalone_session(settings) as session:
            return await work(session)

    try:
        return asyncio.run(run())
    except AppError as exc:
        details = "; ".join(m for msgs in (exc.errors or {}).values() for m in msgs)
        raise click.ClickException(details or exc.detail) from None
    except OperationalError as exc:  # locked past the busy timeout, the server gone: said, not a traceback
        raise click.ClickException(f"The database could not be used: {exc.orig or exc}") from None
