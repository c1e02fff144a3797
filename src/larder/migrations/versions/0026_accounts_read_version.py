"""a read version of accounts and their sessions

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-06 07:10:00

Every signed-in request looks up the session behind its token and the account it belongs to. The
answer is kept per process while 'accounts' stays the same (accounts/sessions.py); every insert,
change or delete of an account or a session counts it up, whoever writes (a sign-in, a sign-out,
a password change, an account deleted, a session expired and swept).
"""

from __future__ import annotations

from alembic import op

from larder.migrations.portable import create_row_trigger, drop_row_trigger

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None

ACCOUNT_TABLES = ("user_account", "user_session")
WRITES = ("INSERT", "UPDATE", "DELETE")


def _trigger(table: str, write: str) -> str:
    return f"read_version_{table}_{write.lower()}"


def upgrade() -> None:
    op.execute(
        "INSERT INTO read_version (name, version, created_at, updated_at) "
        "VALUES ('accounts', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
    )
    bump = "UPDATE read_version SET version = version + 1 WHERE name = 'accounts'"
    for table in ACCOUNT_TABLES:
        for write in WRITES:
            create_row_trigger(_trigger(table, write), write, table, bump)


def downgrade() -> None:
    for table in ACCOUNT_TABLES:
        for write in WRITES:
            drop_row_trigger(_trigger(table, write), table)
    op.execute("DELETE FROM read_version WHERE name = 'accounts'")
