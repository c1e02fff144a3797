"""a shopping list's items version

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-25 03:20:00

Every change of a list's items, by any writer, counts up its list's items_version (as
food_store.stock_version does for a store): a write that read the list before it took the write
turn checks it, and reads the list again only when somebody changed it meanwhile.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from larder.migrations.portable import create_row_trigger, drop_row_trigger

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None

_BUMP = "UPDATE shopping_list SET items_version = items_version + 1 WHERE id "
_TRIGGERS = {
    "shopping_item_inserted": ("INSERT", _BUMP + "= new.list_id"),
    "shopping_item_updated": ("UPDATE", _BUMP + "IN (old.list_id, new.list_id)"),
    "shopping_item_deleted": ("DELETE", _BUMP + "= old.list_id"),
}


def upgrade() -> None:
    with op.batch_alter_table("shopping_list", schema=None) as batch_op:
        batch_op.add_column(sa.Column("items_version", sa.Integer(), server_default="0", nullable=False))
    for name, (event, body) in _TRIGGERS.items():
        create_row_trigger(name, event, "shopping_list_item", body)


def downgrade() -> None:
    for name in _TRIGGERS:
        drop_row_trigger(name, "shopping_list_item")
    with op.batch_alter_table("shopping_list", schema=None) as batch_op:
        batch_op.drop_column("items_version")
