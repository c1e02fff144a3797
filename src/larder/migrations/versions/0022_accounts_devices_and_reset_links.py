"""accounts devices and reset links

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-27 21:00:00
"""

from __future__ import annotations

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
