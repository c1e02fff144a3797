"""shopping lists and food stores

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-24 14:34:41

Part 2's household loop: shopping lists and their items, food stores with stock kept in dated
batches, each member's default store, and completed shops remembered by request id so an offline
shop sent twice is applied once.
"""

from __future__ import annotations

import advanced_alchemy.types
import sqlalchemy as sa
from alembic import op

from larder.migrations.portable import create_row_trigger, drop_row_trigger

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


# Every change of a store's items, by any writer (another server process, a foreign key action, a
# hand-made fix), counts up its store's stock_version: cached answers of that store are then unused.
_BUMP = "UPDATE food_store SET stock_version = stock_version + 1 WHERE id "
_STOCK_TRIGGERS = {
    "store_item_inserted": ("INSERT", _BUMP + "= new.store_id"),
    "store_item_updated": ("UPDATE", _BUMP + "IN (old.store_id, new.store_id)"),
    "store_item_deleted": ("DELETE", _BUMP + "= old.store_id"),
}


def upgrade() -> None:
    op.create_table(
        "food_store",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("description", sa.String(length=255), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("stock_version", sa.Integer(), server_default="0", nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_food_store_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_food_store")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("food_store", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_food_store_user_id"), ["user_id"], unique=False)

    op.create_table(
        "shop_completion",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("request_id", sa.String(length=64), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_shop_completion_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shop_completion")),
        sa.UniqueConstraint("user_id", "request_id", name=op.f("uq_shop_completion_user_id")),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "shopping_list",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_shopping_list_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shopping_list")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("shopping_list", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_shopping_list_user_id"), ["user_id"], unique=False)

    op.create_table(
        "default_store",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("store_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["store_id"], ["food_store.id"], name=op.f("fk_default_store_store_id_food_store"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_default_store_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_default_store")),
        sa.UniqueConstraint("user_id", name=op.f("uq_default_store_user_id")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("default_store", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_default_store_store_id"), ["store_id"], unique=False)

    op.create_table(
        "shopping_list_item",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("list_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("value", sa.String(length=64), nullable=False),
        sa.Column("ingredient_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("quantity", sa.Float(), nullable=False),
        sa.Column("unit", sa.String(length=16), nullable=False),
        sa.Column("default_unit", sa.String(length=16), nullable=False),
        sa.Column("default_quantity", sa.Float(), nullable=False),
        sa.Column("image", sa.String(length=255), nullable=True),
        sa.Column("checked", sa.Boolean(), nullable=False),
        sa.Column("date_added", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("category_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("estimated_expiry_days", sa.Integer(), nullable=True),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["category_id"],
            ["category.id"],
            name=op.f("fk_shopping_list_item_category_id_category"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["ingredient_id"],
            ["ingredient.id"],
            name=op.f("fk_shopping_list_item_ingredient_id_ingredient"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["list_id"],
            ["shopping_list.id"],
            name=op.f("fk_shopping_list_item_list_id_shopping_list"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shopping_list_item")),
        sa.UniqueConstraint("list_id", "value", name=op.f("uq_shopping_list_item_list_id")),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "store_item",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("store_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("value", sa.String(length=64), nullable=False),
        sa.Column("ingredient_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("quantity", sa.Float(), nullable=False),
        sa.Column("unit", sa.String(length=16), nullable=False),
        sa.Column("default_unit", sa.String(length=16), nullable=False),
        sa.Column("default_quantity", sa.Float(), nullable=False),
        sa.Column("date_added", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("estimated_expiry_days", sa.Integer(), nullable=True),
        sa.Column("category_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("image", sa.String(length=255), nullable=True),
        sa.Column("checked", sa.Boolean(), nullable=False),
        sa.Column("created_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", advanced_alchemy.types.datetime.DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["category_id"], ["category.id"], name=op.f("fk_store_item_category_id_category"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["ingredient_id"],
            ["ingredient.id"],
            name=op.f("fk_store_item_ingredient_id_ingredient"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["store_id"], ["food_store.id"], name=op.f("fk_store_item_store_id_food_store"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_store_item")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("store_item", schema=None) as batch_op:
        batch_op.create_index("ix_store_item_store_value", ["store_id", "value"], unique=False)

    for name, (event, body) in _STOCK_TRIGGERS.items():
        create_row_trigger(name, event, "store_item", body)


def downgrade() -> None:
    for name in _STOCK_TRIGGERS:
        drop_row_trigger(name, "store_item")
    with op.batch_alter_table("store_item", schema=None) as batch_op:
        batch_op.drop_index("ix_store_item_store_value")

    op.drop_table("store_item")
    op.drop_table("shopping_list_item")
    with op.batch_alter_table("default_store", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_default_store_store_id"))

    op.drop_table("default_store")
    with op.batch_alter_table("shopping_list", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_shopping_list_user_id"))

    op.drop_table("shopping_list")
    op.drop_table("shop_completion")
    with op.batch_alter_table("food_store", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_food_store_user_id"))

    op.drop_table("food_store")
