"""Shopping lists, their items, and the completed shops already applied (by request id)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from advanced_alchemy.types import DateTimeUTC
from sqlalchemy import JSON, Boolean, Float, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from larder.core.db.engine import Base


class ShoppingList(Base):
    __tablename__ = "shopping_list"

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    # Counted up by database triggers on every change of the list's items (migration 0021).
    items_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    items: Mapped[list[ShoppingListItem]] = relationship(
        back_populates="shopping_list",
        cascade="all, delete-orphan",
        order_by="ShoppingListItem.id",
        lazy="raise",
    )


class ShoppingListItem(Base):
    __tablename__ = "shopping_list_item"
    __table_args__ = (UniqueConstraint("list_id", "value"),)

    list_id: Mapped[int] = mapped_column(ForeignKey("shopping_list.id", ondelete="CASCADE"))
    # A catalogue ingredient id as text, or CUSTOM-<generated> for a custom item (part 2 §3).
    value: Mapped[str] = mapped_column(String(64))
    ingredient_id: Mapped[int | None] = mapped_column(ForeignKey("ingredient.id", ondelete="SET NULL"), default=None)
    name: Mapped[str] = mapped_column(String(100))
    quantity: Mapped[float] = mapped_column(Float, default=1)
    unit: Mapped[str] = mapped_column(String(16), default="unit")
    default_unit: Mapped[str] = mapped_column(String(16), default="unit")
    default_quantity: Mapped[float] = mapped_column(Float, default=1)
    image: Mapped[str | None] = mapped_column(String(255), default=None)
    checked: Mapped[bool] = mapped_column(Boolean, default=False)
    date_added: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
    category_id: Mapped[int | None] = mapped_column(ForeignKey("category.id", ondelete="SET NULL"), default=None)
    estimated_expiry_days: Mapped[int | None] = mapped_column(Integer, default=None)

    shopping_list: Mapped[ShoppingList] = relationship(back_populates="items", lazy="raise")


class ShopCompletion(Base):
    """A completed shop, kept by its member's request id and its list so a replay (an offline shop
    sent twice) changes nothing. The list is a plain id, no foreign key: a shop that deleted its
    list still answers its replay (ids are never reused)."""

    __tablename__ = "shop_completion"
    __table_args__ = (UniqueConstraint("user_id", "request_id"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    # None for the shops completed before completions were kept with their list (migration 0023).
    list_id: Mapped[int | None] = mapped_column(Integer, default=None)
    request_id: Mapped[str] = mapped_column(String(64))
    answer: Mapped[dict[str, Any]] = mapped_column(JSON)
