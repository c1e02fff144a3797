"""recipe verified index

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22 02:29:51.252142
"""

from __future__ import annotations

import advanced_alchemy.types  # noqa: F401  (autogenerate renders its column types)
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Counting the catalogue reads this small index instead of every recipe row.
    op.create_index("ix_recipe_verified", "recipe", ["verified"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_recipe_verified", table_name="recipe")
