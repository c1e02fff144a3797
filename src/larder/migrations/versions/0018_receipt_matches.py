"""receipt matches

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-24 21:42:33

What each member taught the receipt matcher: a printed name (normalised) and the catalogue
ingredient it is, so the next receipt that prints it is matched the same way.
"""

from __future__ import annotations

import advanced_alchemy.types
import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "receipt_match",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("name_key", sa.String(length=200), nullable=False),
        sa.Column("ingredient_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["ingredient_id"],
            ["ingredient.id"],
            name=op.f("fk_receipt_match_ingredient_id_ingredient"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_receipt_match_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_receipt_match")),
        sa.UniqueConstraint("user_id", "name_key", name=op.f("uq_receipt_match_user_id")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("receipt_match", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_receipt_match_ingredient_id"), ["ingredient_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("receipt_match", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_receipt_match_ingredient_id"))
    op.drop_table("receipt_match")
