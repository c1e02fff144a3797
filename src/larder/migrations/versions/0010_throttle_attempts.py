"""throttle attempts kept in the database

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24 12:20:00

Limits on login, password reset, registration, uploads and imports counted in memory were lost at
every restart and could not be shared by several server processes.
"""

from __future__ import annotations

import advanced_alchemy.types
import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "throttle_attempt",
        sa.Column("key", sa.String(length=255), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_throttle_attempt")),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_throttle_attempt_key_at", "throttle_attempt", ["key", "at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_throttle_attempt_key_at", table_name="throttle_attempt")
    op.drop_table("throttle_attempt")
