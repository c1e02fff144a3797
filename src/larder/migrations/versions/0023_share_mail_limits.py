"""share mail limits

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-27 21:00:00
"""

from __future__ import annotations

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
