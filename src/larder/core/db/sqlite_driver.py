"""SQLAlchemy's aiosqlite dialect with one thread hop per statement instead of four.

aiosqlite runs each call on its connection's thread and hands the result back to the event loop:
SQLAlchemy's adapter makes four such calls per SELECT (open a cursor, execute, fetch all rows,
close the cursor) and three per write. Each hop costs the event loop a wake-up and the thread a
handover, and a request makes ten or so statements: the hops were a good part of a write's CPU.
This cursor sends one function per statement to the connection's thread that does all four and
answers the rows, the description, the row count and the last row id together.

Used through the URL scheme `sqlite+larder_aiosqlite` (core/db/engine.py picks it for SQLite files).
"""

from __future__ import annotations

import collections
import sqlite3
from typing import Any

from sqlalchemy.dialects import registry
from sqlalchemy.dialects.sqlite.aiosqlite import (
    AsyncAdapt_aiosqlite_connection,
    AsyncAdapt_aiosqlite_cursor,
    AsyncAdapt_aiosqlite_dbapi,
    SQLiteDialect_aiosqlite,
)
from sqlalchemy.util import EMPTY_DICT
from sqlalchemy.util.concurrency import await_

DRIVER = "larder_aiosqlite"

_Result = tuple[Any, list[Any], int, int | None]


def _run(connection: sqlite3.Connection, operation: str, parameters: Any, many: bool) -> _Result:
    """On the connection's thread: the whole statement, its rows and its counts."""
    cursor = connection.cursor()
    try:
        if many:
            cursor.executemany(operation, parameters)
        elif parameters is None:
            cursor.execute(operation)
        else:
            cursor.execute(operation, parameters)
        description = cursor.description
        rows = cursor.fetchall() if description else []
        return description, rows, cursor.rowcount, cursor.lastrowid
    finally:
        cursor.close()


class OneHopCursor(AsyncAdapt_aiosqlite_cursor):
    __slots__ = ("_description", "_lastrowid", "_rowcount")

    # No aiosqlite cursor stays open between statements: nothing to close asynchronously.
    _awaitable_cursor_close = False

    def __init__(self, adapt_connection: Any) -> None:
        self._adapt_connection = adapt_connection
        self._connection = adapt_connection._connection
        self._cursor = None  # type: ignore[assignment]
        self._soft_closed_memoized = EMPTY_DICT
        self._rows = collections.deque()
        self._description: Any = None
        self._rowcount = -1
        self._lastrowid: int | None = None

    @property
    def description(self) -> Any:
        return self._description

    @property
    def rowcount(self) -> int:
        return self._rowcount

    @property
    def lastrowid(self) -> int:
        return self._lastrowid  # type: ignore[return-value]

    @property
    def arraysize(self) -> int:
        return 1

    @arraysize.setter
    def arraysize(self, value: int) -> None:
        pass

    def execute(self, operation: Any, parameters: Any = None) -> Any:
        return self._statement(operation, parameters, many=False)

    def executemany(self, operation: Any, seq_of_parameters: Any) -> Any:
        return self._statement(operation, seq_of_parameters, many=True)

    def _statement(self, operation: Any, parameters: Any, *, many: bool) -> None:
        aiosqlite_connection = self._connection
        try:
            description, rows, rowcount, lastrowid = await_(
                aiosqlite_connection._execute(lambda: _run(aiosqlite_connection._conn, operation, parameters, many))
            )
        except Exception as error:
            self._adapt_connection._handle_exception(error)
        self._description = description
        self._rows = collections.deque(rows)
        self._rowcount = rowcount
        self._lastrowid = lastrowid

    def close(self) -> None:
        self._rows.clear()


class OneHopConnection(AsyncAdapt_aiosqlite_connection):
    __slots__ = ()
    _cursor_cls = OneHopCursor


class OneHopDbapi(AsyncAdapt_aiosqlite_dbapi):
    def connect(self, *arg: Any, **kw: Any) -> OneHopConnection:
        adapted = super().connect(*arg, **kw)
        return OneHopConnection(self, adapted._connection)


class OneHopDialect(SQLiteDialect_aiosqlite):
    driver = DRIVER
    supports_statement_cache = True

    @classmethod
    def import_dbapi(cls) -> OneHopDbapi:
        return OneHopDbapi(__import__("aiosqlite"), __import__("sqlite3"))


registry.register(f"sqlite.{DRIVER}", __name__, "OneHopDialect")


def one_hop_url(url: str) -> str:
    """The same SQLite URL through this driver (other URLs as they are)."""
    prefix = "sqlite+aiosqlite:"
    return f"sqlite+{DRIVER}:" + url[len(prefix) :] if url.startswith(prefix) else url


__all__ = ["DRIVER", "OneHopDialect", "one_hop_url"]
