"""The SQLite driver (core/db/sqlite_driver.py): statements answer as through aiosqlite's own adapter
(rows, counts, last row ids, errors), with one trip to the connection's thread each."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiosqlite
import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError
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


def test_a_statement_is_one_trip_to_the_connections_thread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trips: list[str] = []
    original = aiosqlite.Connection._execute

    async def counted(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        trips.append("trip")
        return await original(self, fn, *args, **kwargs)

    async def work(connection: Any) -> list[int]:
        await connection.execute(text("CREATE TABLE item (name TEXT)"))
        counts = []
        for statement in ("INSERT INTO item VALUES ('egg')", "SELECT name FROM item", "UPDATE item SET name = 'oat'"):
            trips.clear()
            await connection.execute(text(statement))
            counts.append(len(trips))
        return counts

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    assert run(tmp_path / "c.db", work) == [1, 1, 1]  # aiosqlite's adapter: 3, 4 and 3
