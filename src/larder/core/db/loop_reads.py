"""Short reads of the local SQLite file on the event loop, for finding answers kept by version.

A household's answers (a list, a store) are kept encoded per state of what they show, and that state
is a few indexed rows: the entity's versions, its shares, a name. Read through the request's
session, those rows cost the session, the ORM and a transaction, half a millisecond of CPU: more than
the kept answer they find, and most of a read's cost. Read here, with SQLAlchemy Core on one
synchronous connection in one read transaction, they cost ~40 µs.

The loop never waits here: the connection's busy timeout is 0, so a read SQLite cannot start at
once (a WAL being recovered) answers None and the caller takes its usual path through the session.
WAL lets these reads run beside any writer. Only SQLite: on PostgreSQL every read is a round trip,
made through the session.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import Connection, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import StaticPool

from larder.core.base.settings import Settings

log = logging.getLogger(__name__)
T = TypeVar("T")
LOOP_READS_STATE_KEY = "loop_reads"  # the app instance's, in its state


class LoopReads:
    """One read-only connection of the process, used only from its event loop's thread."""

    def __init__(self, database_url: str) -> None:
        url = make_url(database_url).set(drivername="sqlite")
        # One connection (StaticPool), made on first use; the event loop's thread is its only user.
        self.engine = create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False, "timeout": 0})

        @event.listens_for(self.engine, "connect")
        def _on_connect(dbapi_connection: Any, _record: Any) -> None:
            # BEGIN is sent below (the driver would send none before a SELECT); no busy wait on
            # the loop, no writes.
            dbapi_connection.isolation_level = None
            dbapi_connection.execute("PRAGMA busy_timeout=0")
            dbapi_connection.execute("PRAGMA query_only=ON")

        @event.listens_for(self.engine, "begin")
        def _on_begin(connection: Connection) -> None:
            connection.exec_driver_sql("BEGIN DEFERRED")

    def read(self, work: Callable[[Connection], T]) -> T | None:
        """`work`'s answer, read in one transaction; None when SQLite cannot start the read now."""
        try:
            with self.engine.connect() as connection, connection.begin():
                return work(connection)
        except OperationalError as error:
            log.debug("read on the event loop not made, the session reads instead: %s", error)
            return None

    def dispose(self) -> None:
        self.engine.dispose()


def build_loop_reads(settings: Settings) -> LoopReads | None:
    return LoopReads(settings.database_url) if settings.is_sqlite else None


__all__ = ["LOOP_READS_STATE_KEY", "LoopReads", "build_loop_reads"]
