"""read versions of cached public answers

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-25 03:00:00

`read_version` counts writes to the data a kind of public answer shows (core/cache/read_cache.py).
The catalogue's public reads (list, search, filter, detail, form options) are answered from
memory while 'catalogue' stays the same; every insert, change or delete of the catalogue's tables
counts it up, whoever writes.
"""

from __future__ import annotations

import advanced_alchemy.types
import sqlalchemy as sa
from alembic import op

from larder.migrations.portable import create_row_trigger, drop_row_trigger

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

CATALOGUE_TABLES = ("category", "ingredient", "recipe", "recipe_ingredient", "recipe_step")
WRITES = ("INSERT", "UPDATE", "DELETE")


def _trigger(table: str, write: str) -> str:
    return f"read_version_{table}_{write.lower()}"


def upgrade() -> None:
    op.create_table(
        "read_version",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_read_version")),
        sa.UniqueConstraint("name", name=op.f("uq_read_version_name")),
        sqlite_autoincrement=True,
    )
    op.execute(
        "INSERT INTO read_version (name, version, created_at, updated_at) "
        "VALUES ('catalogue', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
    )
    bump = "UPDATE read_version SET version = version + 1 WHERE name = 'catalogue'"
    for table in CATALOGUE_TABLES:
        for write in WRITES:
            create_row_trigger(_trigger(table, write), write, table, bump)


def downgrade() -> None:
    for table in CATALOGUE_TABLES:
        for write in WRITES:
            drop_row_trigger(_trigger(table, write), table)
    op.drop_table("read_version")
