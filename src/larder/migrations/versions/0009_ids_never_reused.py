"""ids are never reused: every table's id becomes INTEGER PRIMARY KEY AUTOINCREMENT

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24 12:10:00

Without AUTOINCREMENT SQLite gives a new row the largest id + 1, so deleting the newest row hands
its id to the next one (a deleted recipe's id went to another user's draft, and an old publish
request then named it). SQLite accepts AUTOINCREMENT only on a column-level primary key, so each
table is rebuilt with SQLite's documented procedure (foreign keys off, new table, copy, drop,
rename, indexes and triggers again). The copied rows keep their ids, and the sequence starts at
the largest of them. Other databases never reuse identity values; there is nothing to do there.
"""

from __future__ import annotations

import re

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

TABLES = (
    "user_account",
    "user_session",
    "account_token",
    "invite_code",
    "outbox_email",
    "news_item",
    "inbox_message",
    "category",
    "ingredient",
    "recipe",
    "recipe_ingredient",
    "recipe_step",
    "saved_recipe",
    "imported_recipe",
    "user_recipe",
    "user_recipe_ingredient",
    "user_recipe_step",
    "publish_request",
)


def _scalar(sql: str, **params: object) -> object:
    return op.get_bind().exec_driver_sql(sql, tuple(params.values()) if params else ()).scalar()


def _autoincrement_sql(table: str, create: str) -> str:
    without_constraint, dropped = re.subn(rf",?\s*CONSTRAINT pk_{table} PRIMARY KEY \(id\)", "", create)
    with_column_key, keyed = re.subn(r"(\n\s*id INTEGER NOT NULL)", r"\1 PRIMARY KEY AUTOINCREMENT", without_constraint)
    renamed, named = re.subn(
        rf'^CREATE TABLE\s+"?{table}"?\s*\(', f'CREATE TABLE "_autoinc_{table}" (', with_column_key
    )
    if (dropped, keyed, named) != (1, 1, 1):
        raise RuntimeError(f"unexpected definition of table {table}: {create}")
    return renamed


def _rebuild(table: str) -> None:
    bind = op.get_bind()
    create = _scalar("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", t=table)
    if not isinstance(create, str) or "AUTOINCREMENT" in create.upper():
        return
    extras = [
        row[0]
        for row in bind.exec_driver_sql(
            "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL",
            (table,),
        )
    ]
    columns = ", ".join(f'"{row[1]}"' for row in bind.exec_driver_sql(f'PRAGMA table_info("{table}")'))
    bind.exec_driver_sql(_autoincrement_sql(table, create))
    # Names come from the fixed TABLES list and the table's own columns, never from input.
    bind.exec_driver_sql(f'INSERT INTO "_autoinc_{table}" ({columns}) SELECT {columns} FROM "{table}"')  # noqa: S608
    bind.exec_driver_sql(f'DROP TABLE "{table}"')
    bind.exec_driver_sql(f'ALTER TABLE "_autoinc_{table}" RENAME TO "{table}"')
    for sql in extras:
        bind.exec_driver_sql(sql)


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        return
    # Dropping a parent table with foreign keys on would cascade into its children.
    if _scalar("PRAGMA foreign_keys"):
        raise RuntimeError("this migration must run with foreign keys off")
    for table in TABLES:
        _rebuild(table)
    broken = bind.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if broken:
        raise RuntimeError(f"foreign keys broken by the rebuild: {broken[:5]}")


def downgrade() -> None:
    # AUTOINCREMENT changes no data and no query; older code runs on these tables unchanged.
    pass
