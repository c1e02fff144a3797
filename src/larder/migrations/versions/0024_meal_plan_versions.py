"""meal plan versions

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-27 21:00:00

Every change of a meal plan's row or of its entries, by any writer, counts up the plan's `version`
(as 0021 does for a shopping list's items): the calendar feed's ETag is made of the versions of the
plans it shows, so a calendar app polling a feed that did not change gets a 304 without the feed
being built.

On SQLite the entries' triggers run for each row (SQLite has no other kind). On PostgreSQL they run
once per statement over its transition tables, so an autosave that replaces a plan's 1,840 entries
bumps the plan once, not 3,680 times. The plan's own trigger counts a change of any other column
and leaves alone the update that counts (its version already moved), which ends the recursion.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from larder.migrations.portable import create_row_trigger, drop_row_trigger, on_postgres

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None

_BUMP = "UPDATE meal_plan SET version = version + 1 WHERE id "
_PLAN_TRIGGER = "meal_plan_changed"
# SQLite: one trigger per row of meal_plan_entry.
_ROW_TRIGGERS = {
    "meal_plan_entry_inserted": ("INSERT", _BUMP + "= new.plan_id"),
    "meal_plan_entry_updated": ("UPDATE", _BUMP + "IN (old.plan_id, new.plan_id)"),
    "meal_plan_entry_deleted": ("DELETE", _BUMP + "= old.plan_id"),
}
# PostgreSQL: one trigger per statement on meal_plan_entry, over the rows it touched.
_STATEMENT_TRIGGERS = {
    "meal_plan_entry_inserted": ("INSERT", "NEW TABLE AS new_rows", "SELECT plan_id FROM new_rows"),
    "meal_plan_entry_updated": (
        "UPDATE",
        "OLD TABLE AS old_rows NEW TABLE AS new_rows",
        "SELECT plan_id FROM old_rows UNION SELECT plan_id FROM new_rows",
    ),
    "meal_plan_entry_deleted": ("DELETE", "OLD TABLE AS old_rows", "SELECT plan_id FROM old_rows"),
}


def upgrade() -> None:
    with op.batch_alter_table("meal_plan", schema=None) as batch_op:
        batch_op.add_column(sa.Column("version", sa.Integer(), server_default="0", nullable=False))
    create_row_trigger(_PLAN_TRIGGER, "UPDATE", "meal_plan", _BUMP + "= new.id", when="new.version = old.version")
    if on_postgres():
        for name, (event, transitions, plan_ids) in _STATEMENT_TRIGGERS.items():
            op.execute(
                f"CREATE FUNCTION {name}_fn() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                f"{_BUMP}IN ({plan_ids}); RETURN NULL; END $$"
            )
            op.execute(
                f"CREATE TRIGGER {name} AFTER {event} ON meal_plan_entry REFERENCING {transitions} "
                f"FOR EACH STATEMENT EXECUTE FUNCTION {name}_fn()"
            )
        return
    for name, (event, body) in _ROW_TRIGGERS.items():
        create_row_trigger(name, event, "meal_plan_entry", body)


def downgrade() -> None:
    for name in _ROW_TRIGGERS:
        drop_row_trigger(name, "meal_plan_entry")  # either kind: a trigger and its function by name
    drop_row_trigger(_PLAN_TRIGGER, "meal_plan")
    with op.batch_alter_table("meal_plan", schema=None) as batch_op:
        batch_op.drop_column("version")
