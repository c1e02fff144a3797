"""meal plan versions

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-27 21:00:00
"""

from __future__ import annotations

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
