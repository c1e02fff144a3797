"""meal plans

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-24 19:35:12

Meal plans: days dated from an optional start date, and the recipes planned on each day.
"""

from __future__ import annotations

import advanced_alchemy.types
import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "meal_plan",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("start_date", sa.Date(), nullable=True),
        sa.Column("end_date", sa.Date(), nullable=True),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_meal_plan_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_meal_plan")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("meal_plan", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_meal_plan_user_id"), ["user_id"], unique=False)

    op.create_table(
        "meal_plan_entry",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("plan_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("type", sa.String(length=32), nullable=False),
        sa.Column("value", sa.String(length=2048), nullable=True),
        sa.Column("image", sa.String(length=300), nullable=True),
        sa.Column("checked", sa.Boolean(), nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["plan_id"], ["meal_plan.id"], name=op.f("fk_meal_plan_entry_plan_id_meal_plan"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_meal_plan_entry")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("meal_plan_entry", schema=None) as batch_op:
        batch_op.create_index("ix_meal_plan_entry_plan_day", ["plan_id", "day", "position"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("meal_plan_entry", schema=None) as batch_op:
        batch_op.drop_index("ix_meal_plan_entry_plan_day")

    op.drop_table("meal_plan_entry")
    with op.batch_alter_table("meal_plan", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_meal_plan_user_id"))

    op.drop_table("meal_plan")
