"""calendar feed

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-24 19:50:00

A member's calendar feed link: the random half that finds it (the other half is a MAC under the
server's secret key, never stored).
"""

from __future__ import annotations

import advanced_alchemy.types
import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "calendar_feed",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("key", sa.String(length=32), nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_calendar_feed_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_calendar_feed")),
        sa.UniqueConstraint("key", name=op.f("uq_calendar_feed_key")),
        sa.UniqueConstraint("user_id", name=op.f("uq_calendar_feed_user_id")),
        sqlite_autoincrement=True,
    )


def downgrade() -> None:
    op.drop_table("calendar_feed")
