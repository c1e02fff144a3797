"""accounts devices and reset links

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-27 21:00:00

`user_account.credential_stamp` changes whenever an account's password is set (reset, change).
Password-reset links and device tokens (the sign-in cookie that spares a known browser the
account-wide back-off) carry the stamp they were issued under and are void once it differs, so a
password change ends every outstanding reset link and every device token of the account at once.
Existing accounts start with "" (links already mailed keep working until the next change); new
accounts get a random stamp.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Adding a column with a constant default is a plain ALTER TABLE on SQLite too (no rebuild).
    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.add_column(sa.Column("credential_stamp", sa.String(length=32), server_default="", nullable=False))


def downgrade() -> None:
    # A native DROP COLUMN (SQLite 3.35+, PostgreSQL): a batch rebuild of user_account would lose
    # its AUTOINCREMENT id (0009) and its expression index on lower(name).
    op.execute("ALTER TABLE user_account DROP COLUMN credential_stamp")
