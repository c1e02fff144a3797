"""expiry digest

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-24 14:38:40

The opt-in daily e-mail of items about to expire: the member's hour and the last local day it
went out, so it is sent once a day across restarts.
"""

from __future__ import annotations

import advanced_alchemy.types
import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "expiry_digest",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("hour", sa.Integer(), nullable=False),
        sa.Column("last_sent_on", sa.Date(), nullable=True),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_expiry_digest_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_expiry_digest")),
        sa.UniqueConstraint("user_id", name=op.f("uq_expiry_digest_user_id")),
        sqlite_autoincrement=True,
    )


def downgrade() -> None:
    op.drop_table("expiry_digest")
