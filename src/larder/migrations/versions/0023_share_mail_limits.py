"""share mail limits

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-27 21:00:00

The share e-mails sent (share_mail), counted against each member's hourly and daily limits and
looked up so an address hears of one item at most once a day (sharing/mails.py). And the list a
completed shop was applied to (shop_completion.list_id), so a replayed request id answers only
for its own list; shops completed before this revision have none.
"""

from __future__ import annotations

import advanced_alchemy.types
import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "share_mail",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("sender_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("entity_type", sa.String(length=32), nullable=False),
        sa.Column("entity_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("sent_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["sender_id"], ["user_account.id"], name=op.f("fk_share_mail_sender_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_share_mail")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("share_mail", schema=None) as batch_op:
        batch_op.create_index("ix_share_mail_sender_sent", ["sender_id", "sent_at"], unique=False)
        batch_op.create_index("ix_share_mail_entity", ["entity_type", "entity_id", "email"], unique=False)
    with op.batch_alter_table("shop_completion", schema=None) as batch_op:
        batch_op.add_column(sa.Column("list_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("shop_completion", schema=None) as batch_op:
        batch_op.drop_column("list_id")
    with op.batch_alter_table("share_mail", schema=None) as batch_op:
        batch_op.drop_index("ix_share_mail_entity")
        batch_op.drop_index("ix_share_mail_sender_sent")
    op.drop_table("share_mail")
