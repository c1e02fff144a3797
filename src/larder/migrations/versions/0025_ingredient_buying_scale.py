"""ingredient buying scale

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-06 02:10:00

How a household buys each catalogue ingredient: `buy_unit` (1 l of milk, 1 kg of flour, 1 pack of
feta) and `buy_step` (eggs by 6), for an item added to a list or a store without an amount. The
starter catalogue's ingredients already in a database get the shipped figures by name; an
ingredient an administrator added keeps null (its default unit, steps of 1).
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from larder.core.base.paths import seed_data_dir

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE (SQLite has ADD and DROP COLUMN): a batch copy of the table would lose its
    # index on lower(name).
    op.add_column("ingredient", sa.Column("buy_unit", sa.String(16), nullable=True))
    op.add_column("ingredient", sa.Column("buy_step", sa.Float(), nullable=True))
    shipped = json.loads((seed_data_dir() / "catalogue" / "ingredients.json").read_text(encoding="utf-8"))
    ingredient = sa.table("ingredient", sa.column("name", sa.String), sa.column("buy_unit"), sa.column("buy_step"))
    connection = op.get_bind()
    for entry in shipped:
        if entry.get("buy_unit"):
            connection.execute(
                ingredient.update()
                .where(sa.func.lower(ingredient.c.name) == entry["name"].lower())
                .values(buy_unit=entry["buy_unit"], buy_step=entry["buy_step"])
            )


def downgrade() -> None:
    op.drop_column("ingredient", "buy_step")
    op.drop_column("ingredient", "buy_unit")
