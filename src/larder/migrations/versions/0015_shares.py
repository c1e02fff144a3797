"""shares

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-24 16:38:19

Shares of lists, stores and plans by e-mail address, each view-only or with edit rights.
"""

from __future__ import annotations

import advanced_alchemy.types
import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "share",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("entity_type", sa.String(length=32), nullable=False),
        sa.Column("entity_id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("can_edit", sa.Boolean(), nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["user_account.id"], name=op.f("fk_share_owner_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_share")),
        sa.UniqueConstraint("entity_type", "entity_id", "email", name=op.f("uq_share_entity_type")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("share", schema=None) as batch_op:
        batch_op.create_index("ix_share_email_type", ["email", "entity_type"], unique=False)
        batch_op.create_index(batch_op.f("ix_share_owner_id"), ["owner_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("share", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_share_owner_id"))
        batch_op.drop_index("ix_share_email_type")

    op.drop_table("share")
