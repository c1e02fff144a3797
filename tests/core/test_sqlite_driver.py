"""The SQLite driver (core/db/sqlite_driver.py): statements answer as through aiosqlite's own adapter
(rows, counts, last row ids, errors), with one trip to the connection's thread each."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiosqlite
import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import create_async_engine

from larder.core.db.sqlite_driver import DRIVER, one_hop_url


def run(database: Path, work: Any) -> Any:
    async def main() -> Any:
        engine = create_async_engine(one_hop_url(f"sqlite+aiosqlite:///{database}"))
        try:
            async with engine.connect() as connection:
                return await work(connection)
        finally:
            await engine.dispose()

    return asyncio.run(main())


def test_the_url_names_the_driver_for_sqlite_only() -> None:
    assert one_hop_url("sqlite+aiosqlite:////data/larder.db") == f"sqlite+{DRIVER}:////data/larder.db"
    assert one_hop_url("postgresql+asyncpg://db/larder") == "postgresql+asyncpg://db/larder"


def test_rows_counts_and_ids_are_answered_as_usual(tmp_path: Path) -> None:
    async def work(connection: Any) -> dict[str, Any]:
        await connection.execute(text("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT UNIQUE, n INTEGER)"))
        inserted = await connection.execute(text("INSERT INTO item (name, n) VALUES ('egg', 1)"))
        many = await connection.execute(
            text("INSERT INTO item (name, n) VALUES (:name, :n)"), [{"name": "milk", "n": 2}, {"name": "oat", "n": 3}]
        )
        updated = await connection.execute(text("UPDATE item SET n = n + 10 WHERE n >= 2"))
        rows = (await connection.execute(text("SELECT name, n FROM item ORDER BY id"))).all()
        empty = (await connection.execute(text("SELECT name FROM item WHERE n > 100"))).all()
        return {
            "id": inserted.lastrowid,
            "many": many.rowcount,
            "updated": updated.rowcount,
            "rows": [tuple(row) for row in rows],
            "empty": empty,
        }

    assert run(tmp_path / "a.db", work) == {
        "id": 1,
        "many": 2,
        "updated": 2,
        "rows": [("egg", 1), ("milk", 12), ("oat", 13)],
        "empty": [],
    }


def test_errors_are_the_usual_exceptions(tmp_path: Path) -> None:
    async def work(connection: Any) -> None:
        await connection.execute(text("CREATE TABLE item (name TEXT UNIQUE)"))
        await connection.execute(text("INSERT INTO item VALUES ('egg')"))
        await connection.execute(text("INSERT INTO item VALUES ('egg')"))

    with pytest.raises(IntegrityError):
        run(tmp_path / "b.db", work)


@pytest.fixture
def trips(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each trip to a connection's thread, counted."""
    found: list[str] = []
    original = aiosqlite.Connection._execute

    async def counted(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        found.append("trip")
        return await original(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    return found


def trips_of(trips: list[str], connection: Any, statements: list[str]) -> Any:
    async def each() -> list[int]:
        counts = []
        for statement in statements:
            trips.clear()
            await connection.execute(text(statement))
            counts.append(len(trips))
        return counts

    return each()


def test_a_read_runs_on_the_event_loop_and_a_change_without_the_write_lock_on_the_thread(
    tmp_path: Path, trips: list[str]
) -> None:
    async def work(connection: Any) -> list[int]:
        await connection.execute(text("CREATE TABLE item (name TEXT)"))
        return await trips_of(
            trips,
            connection,
            ["INSERT INTO item VALUES ('egg')", "SELECT name FROM item", "UPDATE item SET name = 'oat'"],
        )

    assert run(tmp_path / "c.db", work) == [1, 0, 1]  # aiosqlite's adapter: 3, 4 and 3


def test_changes_under_the_write_lock_run_on_the_event_loop_until_the_transaction_ends(
    tmp_path: Path, trips: list[str]
) -> None:
    async def work(connection: Any) -> tuple[list[int], list[int], list[tuple[str]]]:
        await connection.execute(text("CREATE TABLE item (name TEXT)"))
        await connection.commit()
        under_lock = await trips_of(
            trips, connection, ["BEGIN IMMEDIATE", "INSERT INTO item VALUES ('egg')", "UPDATE item SET name = 'oat'"]
        )
        await connection.commit()
        after = await trips_of(trips, connection, ["BEGIN DEFERRED", "UPDATE item SET name = 'rye'"])
        await connection.commit()
        rows = (await connection.execute(text("SELECT name FROM item"))).all()
        return under_lock, after, [tuple(row) for row in rows]

    # BEGIN IMMEDIATE may wait for another process's lock: on the thread, as a change without it;
    # a deferred BEGIN takes no lock.
    assert run(tmp_path / "d.db", work) == ([1, 0, 0], [0, 1], [("rye",)])


def test_a_rollback_runs_on_the_event_loop_and_undoes_the_changes(tmp_path: Path, trips: list[str]) -> None:
    async def work(connection: Any) -> tuple[int, list[int], list[tuple[str]]]:
        await connection.execute(text("CREATE TABLE item (name TEXT)"))
        await connection.commit()
        await connection.execute(text("BEGIN IMMEDIATE"))
        await connection.execute(text("INSERT INTO item VALUES ('egg')"))
        trips.clear()
        await connection.rollback()
        rollback = len(trips)
        # The write lock went with the transaction: a change goes to the thread again.
        change = await trips_of(trips, connection, ["UPDATE item SET name = 'oat'"])
        rows = (await connection.execute(text("SELECT name FROM item"))).all()
        return rollback, change, [tuple(row) for row in rows]

    assert run(tmp_path / "g.db", work) == (0, [1], [])


def test_a_read_over_its_budget_runs_again_on_the_thread_in_the_same_transaction(
    tmp_path: Path, trips: list[str]
) -> None:
    # Counting to two million takes SQLite far longer than READ_BUDGET_SECONDS.
    long_read = (
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000000) "
        "SELECT count(*) + (SELECT count(*) FROM item) FROM n"
    )

    async def work(connection: Any) -> tuple[int, int, list[tuple[str]]]:
        await connection.execute(text("CREATE TABLE item (name TEXT)"))
        await connection.commit()
        await connection.execute(text("BEGIN IMMEDIATE"))
        await connection.execute(text("INSERT INTO item VALUES ('egg')"))
        trips.clear()
        counted = (await connection.execute(text(long_read))).scalar_one()
        moved = len(trips)
        await connection.commit()  # the insert before the interrupted read is kept
        return counted, moved, [tuple(row) for row in (await connection.execute(text("SELECT name FROM item"))).all()]

    assert run(tmp_path / "e.db", work) == (2000001, 1, [("egg",)])


def test_a_failing_read_on_the_event_loop_fails_as_usual(tmp_path: Path) -> None:
    async def work(connection: Any) -> None:
        await connection.execute(text("SELECT name FROM nowhere"))

    with pytest.raises(OperationalError, match="no such table"):
        run(tmp_path / "f.db", work)
