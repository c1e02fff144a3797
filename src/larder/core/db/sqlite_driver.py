"""SQLAlchemy's aiosqlite dialect: most statements on the event loop, the others in one thread hop
instead of four.

aiosqlite runs each call on its connection's thread and hands the result back to the event loop:
SQLAlchemy's adapter makes four such calls per SELECT (open a cursor, execute, fetch all rows,
close the cursor) and three per write. Each hop costs the event loop a wake-up and the thread a
handover, and a request makes ten or so statements: the hops were a good part of a write's CPU.
This cursor sends one function per statement to the connection's thread that does all four and
answers the rows, the description, the row count and the last row id together.

Most statements need no hop at all. A household's reads and writes are a few indexed rows: SQLite
answers them in microseconds, less than the hop itself (a thread handover, a wake-up of the event
loop, the GIL passed back and forth), which was a third of a list tick's CPU. So a statement runs
on the event loop when it cannot wait there:
- a SELECT, within a budget of READ_BUDGET_SECONDS: SQLite's progress handler interrupts one that
  runs longer (a search, a large export) and it runs again on the connection's thread, in the same
  transaction (an interrupted SELECT leaves it as it was);
- a change made while the connection holds SQLite's write lock (after BEGIN IMMEDIATE: a write
  turn), which nobody else can make it wait for. Its statements are small; none is interrupted (an
  interrupted change would roll the whole transaction back).
A deferred BEGIN and a ROLLBACK wait for nothing either: they run on the event loop too. What may
wait stays on the thread: BEGIN IMMEDIATE (the write lock), COMMIT (a checkpoint), a change without
the write lock (it would take the lock), PRAGMAs and whatever else.

Used through the URL scheme `sqlite+larder_aiosqlite` (core/db/engine.py picks it for SQLite files).
"""

from __future__ import annotations

import collections
import sqlite3
import time
from collections.abc import Callable
from typing import Any, TypeVar, cast

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
T = TypeVar("T")

# How long a SELECT may hold the event loop before it is handed to the connection's thread, and
# how many of SQLite's virtual machine steps pass between two looks at the clock.
READ_BUDGET_SECONDS = 0.001
STEPS_BETWEEN_LOOKS = 1000
_WRITE_LOCK_TAKEN = ("BEGIN IMMEDIATE", "BEGIN EXCLUSIVE")
_NO_LOCK_TAKEN = ("BEGIN", "BEGIN DEFERRED")  # a read's snapshot is taken by its first SELECT
_CHANGES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


class _OverBudget(Exception):
    """A SELECT interrupted on the event loop, to be run on the connection's thread."""


def _kind(operation: str) -> str:
    """The statement's first word, upper-cased."""
    return operation.lstrip()[:16].split(None, 1)[0].upper() if operation.strip() else ""


def _run_within_budget(connection: sqlite3.Connection, operation: str, parameters: Any) -> _Result:
    """A SELECT run here, interrupted (`_OverBudget`) once it has run READ_BUDGET_SECONDS."""
    deadline = time.perf_counter() + READ_BUDGET_SECONDS
    stopped = False

    def look() -> int:
        nonlocal stopped
        stopped = time.perf_counter() > deadline
        return 1 if stopped else 0

    connection.set_progress_handler(look, STEPS_BETWEEN_LOOKS)
    try:
        return _run(connection, operation, parameters, False)
    except sqlite3.OperationalError:
        if stopped:
            raise _OverBudget from None
        raise
    finally:
        connection.set_progress_handler(None, 0)


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
        adapt_connection = cast("OneHopConnection", self._adapt_connection)
        aiosqlite_connection = self._connection
        raw = aiosqlite_connection._conn
        kind = _kind(operation)
        try:
            result: _Result | None = None
            if kind == "BEGIN" and operation.strip().upper() in _NO_LOCK_TAKEN:
                result = await_(_here(_run, raw, operation, parameters, many))
            elif kind == "SELECT" and not many:
                try:
                    result = await_(_here(_run_within_budget, raw, operation, parameters))
                except _OverBudget:
                    result = None
            elif kind in _CHANGES and adapt_connection.holds_write_lock:
                result = await_(_here(_run, raw, operation, parameters, many))
            if result is None:
                result = await_(aiosqlite_connection._execute(lambda: _run(raw, operation, parameters, many)))
        except Exception as error:
            adapt_connection._handle_exception(error)
        if kind == "BEGIN":
            adapt_connection.holds_write_lock = operation.strip().upper() in _WRITE_LOCK_TAKEN
        elif kind in ("COMMIT", "END", "ROLLBACK"):
            adapt_connection.holds_write_lock = False
        description, rows, rowcount, lastrowid = result
        self._description = description
        self._rows = collections.deque(rows)
        self._rowcount = rowcount
        self._lastrowid = lastrowid

    def close(self) -> None:
        self._rows.clear()


async def _here(work: Callable[..., T], *args: Any) -> T:
    """`work` run at once on the event loop, as the awaitable SQLAlchemy's adapter waits for."""
    return work(*args)


class OneHopConnection(AsyncAdapt_aiosqlite_connection):
    __slots__ = ("holds_write_lock",)
    _cursor_cls = OneHopCursor

    def __init__(self, dbapi: Any, connection: Any) -> None:
        super().__init__(dbapi, connection)
        self.holds_write_lock = False  # from BEGIN IMMEDIATE to the end of its transaction

    def rollback(self) -> None:
        """On the event loop: a rollback waits for no lock (it gives up what the transaction held)."""
        self.holds_write_lock = False
        raw = self._connection._connection
        if raw is None:  # closed
            return
        try:
            await_(_here(raw.rollback))
        except Exception as error:
            self._handle_exception(error)

    def commit(self) -> None:
        self.holds_write_lock = False
        super().commit()


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
