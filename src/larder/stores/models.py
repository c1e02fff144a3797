"""Food stores, their stock, and each member's default store."""

from __future__ import annotations

from datetime import datetime

from advanced_alchemy.types import DateTimeUTC
from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from larder.core.db.engine import Base
from larder.kitchen.storage import StoreKindName


class FoodStore(Base):
    __tablename__ = "food_store"

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    description: Mapped[str] = mapped_column(String(255), default="")
    # pantry | fridge | freezer: decides how long what is put in keeps (kitchen.storage).
    kind: Mapped[StoreKindName] = mapped_column(String(16), default="pantry")
    # Counted up by database triggers on every change of the store's items (migration 0012): the
    # key of the store's cached stock answer, right whoever wrote the change.
    stock_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class StoreItem(Base):
    """One batch of an ingredient in a store: what was put in on one day, with its own expiry."""

    __tablename__ = "store_item"
    __table_args__ = (Index("ix_store_item_store_value", "store_id", "value"),)

    store_id: Mapped[int] = mapped_column(ForeignKey("food_store.id", ondelete="CASCADE"))
    # A catalogue ingredient id as text, or CUSTOM-<generated> for a custom item (part 2 §3).
    value: Mapped[str] = mapped_column(String(64))
    ingredient_id: Mapped[int | None] = mapped_column(ForeignKey("ingredient.id", ondelete="SET NULL"), default=None)
    name: Mapped[str] = mapped_column(String(100))
    quantity: Mapped[float] = mapped_column(Float, default=1)
    unit: Mapped[str] = mapped_column(String(16), default="unit")
    default_unit: Mapped[str] = mapped_column(String(16), default="unit")
    default_quantity: Mapped[float] = mapped_column(Float, default=1)
    date_added: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
    estimated_expiry_days: Mapped[int | None] = mapped_column(Integer, default=None)
    category_id: Mapped[int | None] = mapped_column(ForeignKey("category.id", ondelete="SET NULL"), default=None)
    image: Mapped[str | None] = mapped_column(String(255), default=None)
    checked: Mapped[bool] = mapped_column(Boolean, default=False)


class DefaultStore(Base):
    """A member's default store: their own or one shared with them to edit (DESIGN "Part 2")."""

    __tablename__ = "default_store"

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), unique=True)
    store_id: Mapped[int] = mapped_column(ForeignKey("food_store.id", ondelete="CASCADE"), index=True)
