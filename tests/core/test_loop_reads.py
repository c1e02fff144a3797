"""The event loop's own read connection (core/db/loop_reads.py) on a real SQLite file: it reads,
never writes, and never waits for a lock, answering None instead."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy import Connection, text

from larder.core.db.loop_reads import LoopReads


@pytest.fixture
def database(tmp_path):
    path = tmp_path / "larder.db"
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("create table shelf (id integer primary key, name text)")
        connection.execute("insert into shelf (name) values ('pantry')")
    finally:
        connection.close()
    return path


@pytest.fixture
def reads(database):
    found = LoopReads(f"sqlite+aiosqlite:///{database}")
    yield found
    found.dispose()


def names(connection: Connection) -> list[str]:
    return list(connection.execute(text("select name from shelf")).scalars())


def test_it_reads_what_another_connection_committed(database, reads):
    assert reads.read(names) == ["pantry"]
    writer = sqlite3.connect(database, isolation_level=None)
    try:
        writer.execute("insert into shelf (name) values ('fridge')")
    finally:
        writer.close()
    assert reads.read(names) == ["pantry", "fridge"]


def test_it_never_writes(reads):
    def write(connection: Connection) -> None:
        connection.execute(text("insert into shelf (name) values ('freezer')"))

    assert reads.read(write) is None  # refused by SQLite (query_only), reported as no answer
    assert reads.read(names) == ["pantry"]


def test_a_read_sqlite_cannot_start_at_once_answers_none_without_waiting(database, reads):
    # A connection with the file to itself (exclusive locking in WAL keeps every other reader out).
    holder = sqlite3.connect(database, isolation_level=None)
    try:
        holder.execute("PRAGMA locking_mode=EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("insert into shelf (name) values ('cellar')")
        assert reads.read(names) is None
        holder.execute("COMMIT")
    finally:
        holder.close()
    assert reads.read(names) == ["pantry", "cellar"]
    # None at once, rather than after SQLite's wait for the lock: the event loop waits for nothing.
    assert reads.read(lambda connection: connection.exec_driver_sql("PRAGMA busy_timeout").scalar()) == 0
