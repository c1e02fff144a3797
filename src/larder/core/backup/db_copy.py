"""Every row of a Larder database copied between a SQLite file and a PostgreSQL database, for the
backups of a PostgreSQL install (core/backup/): an archive always holds a SQLite file, so one
archive format serves both, and an install moves between them by a backup and a restore.

Both sides are migrated to the same schema revision first; the copy checks it. Knows no domain:
the tables are those both schemas have, as each database describes them (reflected), less
`alembic_version` (the migrations set it) and SQLite's own (`sqlite_*` and the shadow tables of
a virtual table, the FTS5 search index's storage). A virtual table is copied as its rows,
named by their `rowid`, as PostgreSQL's plain-table counterpart names them.

Values go through each side's column types, so booleans, dates, JSON and bytes come out as the
other dialect stores them. Date-times are stored in UTC on both: PostgreSQL as `timestamptz`,
SQLite as naive text; a naive value gets UTC, an aware one loses its zone after conversion.

Triggers are off while rows go in (SQLite's dropped and made again from their own text,
PostgreSQL's disabled in the same transaction): what they keep (a counter of verified recipes,
the version of a list's items, the catalogue's read version) is copied as it was, not counted
again by every copied row. Ids are never reused, on either side: SQLite's AUTOINCREMENT counter
and PostgreSQL's sequences are each set to the larger of the highest id and the other's counter.
"""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    DateTime,
    Integer,
    MetaData,
    Table,
    create_engine,
    delete,
    insert,
    select,
    text,
)
from sqlalchemy.exc import SAWarning, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine
from sqlalchemy.types import NullType

VERSION_TABLE = "alembic_version"
BATCH = 2000  # rows read and written at a time

Row = dict[str, Any]


class CopyError(Exception):
    """The rows could not be copied; the message says why. Nothing was kept of a failed copy."""


# -- describing each side -----------------------------------------------------------------------------


def _sqlite_tables(connection: Connection) -> tuple[list[str], set[str]]:
    """The ordinary and the virtual tables of a SQLite file, less SQLite's own and shadow tables."""
    tables, virtual = [], set()
    for _schema, name, kind, *_ in connection.exec_driver_sql("PRAGMA main.table_list"):
        if name.startswith("sqlite_") or name == VERSION_TABLE or kind not in ("table", "virtual"):
            continue
        tables.append(name)
        if kind == "virtual":
            virtual.add(name)
    return sorted(tables), virtual


def _reflect_sqlite(connection: Connection, names: Iterable[str], virtual: set[str]) -> MetaData:
    metadata = MetaData()
    ordinary = [name for name in names if name not in virtual]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SAWarning)  # expression indexes, of no use to a copy
        metadata.reflect(connection, only=ordinary)
    for name in sorted(set(names) & virtual):
        # A virtual table's rows are named by rowid, which PRAGMA table_info leaves out.
        columns = [row[1] for row in connection.exec_driver_sql(f'PRAGMA table_info("{name}")')]
        Table(name, metadata, Column("rowid", Integer, primary_key=True), *(Column(c, NullType()) for c in columns))
    return metadata


def _reflect(connection: Connection, names: Iterable[str]) -> MetaData:
    metadata = MetaData()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SAWarning)
        metadata.reflect(connection, only=list(names))
    return metadata


def _postgres_tables(connection: Connection) -> list[str]:
    rows = connection.execute(
        text("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
    )
    return [name for (name,) in rows if name != VERSION_TABLE]


def _revision(connection: Connection) -> str | None:
    """The schema revision of a database, None when it has none."""
    if not connection.dialect.has_table(connection, VERSION_TABLE):
        return None
    return connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar()  # noqa: S608 (a constant)


# Sequences owned by a column (serial and identity columns), with the table and column they serve.
_OWNED_SEQUENCES = text(
    """
    SELECT t.relname, a.attname, s.oid::regclass::text
    FROM pg_class s
    JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass
         AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
    JOIN pg_class t ON t.oid = d.refobjid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
    WHERE s.relkind = 'S' AND n.nspname = current_schema()
    """
)


def _owned_sequences(connection: Connection) -> list[tuple[str, str, str]]:
    return [(table, column, sequence) for table, column, sequence in connection.execute(_OWNED_SEQUENCES)]


# -- values -------------------------------------------------------------------------------------------


def _converter(column: Column[Any]) -> Callable[[Any], Any] | None:
    """What a value read from the other side needs before it is written to `column`."""
    if not isinstance(column.type, DateTime):
        return None
    if column.type.timezone:
        return lambda v: v.replace(tzinfo=UTC) if isinstance(v, datetime) and v.tzinfo is None else v
    return lambda v: v.astimezone(UTC).replace(tzinfo=None) if isinstance(v, datetime) and v.tzinfo else v


def _shaper(source: Table, target: Table) -> tuple[list[Column[Any]], Callable[[Any], Row]]:
    """The source's columns to read, and how one of its rows becomes a row of the target."""
    missing = [column.name for column in target.columns if column.name not in source.columns]
    if missing:
        raise CopyError(f"Table {target.name} has no column {', '.join(missing)} in the copy's source.")
    names = [column.name for column in target.columns]
    converters = [(name, _converter(target.columns[name])) for name in names]
    converting = [(index, name, convert) for index, (name, convert) in enumerate(converters) if convert]

    def shape(row: Any) -> Row:
        values = dict(zip(names, row, strict=True))
        for index, name, convert in converting:
            values[name] = convert(row[index])
        return values

    return [source.columns[name] for name in names], shape


@contextlib.contextmanager
def _naming(table: str) -> Iterator[None]:
    """A value one side cannot hold (text too long for its column, a date SQLite holds in a form of
    its own) ends the copy with the table's name and the database's own words."""
    try:
        yield
    except (SQLAlchemyError, ValueError, TypeError) as exc:
        reason = getattr(exc, "orig", None) or exc
        raise CopyError(f"The rows of table {table} could not be copied: {reason}") from None


def _select(source: Table, columns: list[Column[Any]]) -> Any:
    # Rows in id order: the copy is laid out as the rows were made.
    return select(*columns).order_by(*source.primary_key.columns)


def _common(source_names: Iterable[str], target_names: Iterable[str]) -> set[str]:
    return set(source_names) & set(target_names)


# -- PostgreSQL into a SQLite file --------------------------------------------------------------------


async def postgres_to_sqlite(url: str, database: Path) -> str:
    """Every row of the PostgreSQL database at `url` into the SQLite file `database`, migrated
    already to the same schema revision, whose rows are replaced. The rows are read in one
    REPEATABLE READ, READ ONLY transaction: one snapshot, for which no writer waits. The revision."""
    engine = create_async_engine(url)
    sqlite_engine = create_engine(f"sqlite:///{database}")
    try:
        async with engine.connect() as source:
            await source.execution_options(isolation_level="REPEATABLE READ", postgresql_readonly=True)
            async with source.begin():
                revision = await source.run_sync(_revision)
                with sqlite_engine.connect() as target:
                    expected = _revision(target)
                    if revision != expected:
                        raise CopyError(
                            f"The PostgreSQL database is at schema {revision}, this Larder's is {expected}: "
                            "run `larder migrate` first."
                        )
                    await _copy_into_sqlite(source, target)
                    target.commit()
        return str(revision)
    except SQLAlchemyError as exc:
        raise CopyError(f"The database could not be copied: {exc}") from None
    finally:
        sqlite_engine.dispose()
        await engine.dispose()


async def _copy_into_sqlite(source: AsyncConnection, target: Connection) -> None:
    target_names, virtual = _sqlite_tables(target)
    names = _common(await source.run_sync(_postgres_tables), target_names)
    source_metadata = await source.run_sync(_reflect, names)
    target_metadata = _reflect_sqlite(target, names, virtual)
    sequences = await source.run_sync(_owned_sequences)
    counters: dict[str, int] = {}
    for owner, _column, sequence in sequences:
        if owner in names:
            last, called = (await source.execute(text(f"SELECT last_value, is_called FROM {sequence}"))).one()  # noqa: S608 (a regclass name)
            if called:
                counters[owner] = max(counters.get(owner, 0), int(last))

    with _without_triggers(target):
        for table in target_metadata.sorted_tables:  # foreign keys are off: any order would do
            target.execute(delete(table))
        for table in target_metadata.sorted_tables:
            columns, shape = _shaper(source_metadata.tables[table.name], table)
            with _naming(table.name):
                result = await source.stream(
                    _select(source_metadata.tables[table.name], columns).execution_options(yield_per=BATCH)
                )
                async for rows in result.partitions(BATCH):
                    target.execute(insert(table), [shape(row) for row in rows])
    for table_name, last in counters.items():
        _raise_sqlite_counter(target, table_name, last)
    broken = target.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if broken:
        raise CopyError(f"The copy breaks foreign keys (in {sorted({row[0] for row in broken})}).")


@contextlib.contextmanager
def _without_triggers(connection: Connection) -> Iterator[None]:
    """SQLite has no disabling of a trigger: each is dropped, and made again from its own text."""
    found = connection.exec_driver_sql("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name")
    triggers = found.fetchall()
    for name, _sql in triggers:
        connection.exec_driver_sql(f'DROP TRIGGER "{name}"')
    yield
    for _name, sql in triggers:
        connection.exec_driver_sql(sql)


def _raise_sqlite_counter(connection: Connection, table: str, last: int) -> None:
    """AUTOINCREMENT's counter of `table` at least at `last`, so no id PostgreSQL gave comes again."""
    if not connection.dialect.has_table(connection, "sqlite_sequence"):
        return
    updated = connection.execute(
        text("UPDATE sqlite_sequence SET seq = :last WHERE name = :name AND seq < :last"),
        {"name": table, "last": last},
    ).rowcount
    if not updated:
        present = connection.execute(text("SELECT 1 FROM sqlite_sequence WHERE name = :name"), {"name": table}).first()
        if present is None:
            connection.execute(
                text("INSERT INTO sqlite_sequence (name, seq) VALUES (:name, :last)"), {"name": table, "last": last}
            )


# -- a SQLite file into PostgreSQL --------------------------------------------------------------------


async def sqlite_to_postgres(database: Path, url: str, *, lock_key: int | None = None) -> dict[str, int]:
    """Replace every row of the PostgreSQL database at `url` with the rows of the SQLite file
    `database` (both at the same schema revision), in one transaction: all of it or nothing.
    `lock_key`: an advisory lock the app's writers take, held while rows are replaced. The number
    of rows copied, per table."""
    engine = create_async_engine(url)
    sqlite_engine = create_engine(f"sqlite:///{database}")
    try:
        with sqlite_engine.connect() as source:
            async with engine.begin() as target:
                if lock_key is not None:
                    await target.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": lock_key})
                revision, expected = _revision(source), await target.run_sync(_revision)
                if revision != expected:
                    raise CopyError(
                        f"The backup's database is at schema {revision}, the PostgreSQL database at {expected}."
                    )
                return await _copy_into_postgres(source, target)
    except SQLAlchemyError as exc:
        raise CopyError(f"The database could not be copied: {exc}") from None
    finally:
        sqlite_engine.dispose()
        await engine.dispose()


async def _copy_into_postgres(source: Connection, target: AsyncConnection) -> dict[str, int]:
    source_names, virtual = _sqlite_tables(source)
    names = _common(source_names, await target.run_sync(_postgres_tables))
    source_metadata = _reflect_sqlite(source, names, virtual)
    target_metadata = await target.run_sync(_reflect, names)
    ordered = target_metadata.sorted_tables  # parents before children: foreign keys are checked
    quoted = ", ".join(f'"{table.name}"' for table in ordered)
    for table in ordered:
        await target.execute(text(f'ALTER TABLE "{table.name}" DISABLE TRIGGER USER'))
    await target.execute(text(f"TRUNCATE {quoted} RESTART IDENTITY CASCADE"))
    copied = {}
    for table in ordered:
        columns, shape = _shaper(source_metadata.tables[table.name], table)
        copied[table.name] = 0
        with _naming(table.name):
            for rows in _batches(source.execute(_select(source_metadata.tables[table.name], columns))):
                await target.execute(insert(table), [shape(row) for row in rows])
                copied[table.name] += len(rows)
    for table in ordered:
        await target.execute(text(f'ALTER TABLE "{table.name}" ENABLE TRIGGER USER'))
    counters = _sqlite_counters(source)
    for table_name, column, sequence in await target.run_sync(_owned_sequences):
        if table_name not in names:
            continue
        highest = (await target.execute(text(f'SELECT max("{column}") FROM "{table_name}"'))).scalar()  # noqa: S608 (names from the catalogue)
        last = max(int(highest or 0), counters.get(table_name, 0))
        if last > 0:
            await target.execute(text("SELECT setval(CAST(:s AS regclass), :v, true)"), {"s": sequence, "v": last})
        else:
            await target.execute(text("SELECT setval(CAST(:s AS regclass), 1, false)"), {"s": sequence})
    return copied


def _batches(result: Any) -> Iterator[list[Any]]:
    while rows := result.fetchmany(BATCH):
        yield rows


def _sqlite_counters(connection: Connection) -> dict[str, int]:
    """AUTOINCREMENT's counters: the highest id each table ever gave, deleted rows' included."""
    if not connection.dialect.has_table(connection, "sqlite_sequence"):
        return {}
    return {name: int(seq) for name, seq in connection.exec_driver_sql("SELECT name, seq FROM sqlite_sequence")}


async def postgres_revision(url: str) -> str | None:
    """The schema revision of the PostgreSQL database at `url`; None when it has no schema yet."""
    engine = create_async_engine(url)
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(_revision)
    except SQLAlchemyError as exc:
        raise CopyError(f"The PostgreSQL database cannot be read: {exc}") from None
    finally:
        await engine.dispose()


__all__ = ["CopyError", "postgres_revision", "postgres_to_sqlite", "sqlite_to_postgres"]
