"""ingredient shelf life per kind of store

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25 09:00:00

An item stocked in a pantry, fridge or freezer keeps for the FoodKeeper figure of that storage
(chicken: 2 days in the fridge, 270 in the freezer), so each ingredient carries three nullable
figures besides its one `estimated_expiry_days`. An instance that already holds the starter
catalogue gets them from the shipped ingredients.json, matched by name ignoring case as the seed
loader matches; other ingredients stay null (unknown).
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

from larder.core.base.paths import seed_data_dir

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

COLUMNS = ("pantry_days", "fridge_days", "freezer_days")


def _shipped_figures() -> dict[str, dict[str, Any]]:
    """Lower-cased name -> the three figures, from the catalogue this release ships."""
    path = seed_data_dir() / "catalogue" / "ingredients.json"
    if not path.is_file():
        return {}
    entries = json.loads(path.read_text(encoding="utf-8"))
    return {entry["name"].lower(): {column: entry.get(column) for column in COLUMNS} for entry in entries}


def _backfill() -> None:
    figures = _shipped_figures()
    bind = op.get_bind()
    # Matched in Python: SQLite's lower() folds ASCII letters only, the seed loader uses str.lower().
    updates = [
        {"id": row.id, **figures[row.name.lower()]}
        for row in bind.execute(sa.text("SELECT id, name FROM ingredient"))
        if row.name.lower() in figures
    ]
    if updates:
        bind.execute(
            sa.text(
                "UPDATE ingredient SET pantry_days = :pantry_days, fridge_days = :fridge_days, "
                "freezer_days = :freezer_days WHERE id = :id"
            ),
            updates,
        )


def upgrade() -> None:
    with op.batch_alter_table("ingredient", schema=None) as batch_op:
        for column in COLUMNS:
            batch_op.add_column(sa.Column(column, sa.Integer(), nullable=True))
    _backfill()


def downgrade() -> None:
    # Dropped in place (SQLite 3.35+): a batch rebuild of the table would lose its AUTOINCREMENT
    # and the lower(name) unique index.
    for column in reversed(COLUMNS):
        op.drop_column("ingredient", column)
