"""several processes on one database

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-25 00:10:00

Live changes written down for the other processes to hear (live_event), and the claims by which
one process of several takes a daily job (job_claim).
"""

from __future__ import annotations

import advanced_alchemy.types
import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_event",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("process", sa.String(length=32), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_event")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("live_event", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_live_event_at"), ["at"], unique=False)
    op.create_table(
        "job_claim",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("job", sa.String(length=64), nullable=False),
        sa.Column("period", sa.String(length=32), nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_job_claim")),
        sa.UniqueConstraint("job", "period", name=op.f("uq_job_claim_job")),
        sqlite_autoincrement=True,
    )


def downgrade() -> None:
    op.drop_table("job_claim")
    with op.batch_alter_table("live_event", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_live_event_at"))
    op.drop_table("live_event")
