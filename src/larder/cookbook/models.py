"""Cookbook tables: a user's own recipes (drafts that may be published) and publish requests.

A user recipe stays private; an administrator's approval copies it into the verified catalogue
(`recipe_id` keeps the link, so a re-approval rewrites the same catalogue row and every saved
link keeps working). Withdrawing only unverifies that row.
"""

from __future__ import annotations

from typing import Final, Literal

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from larder.core.db.engine import Base

PublishEntity = Literal["UserRecipe"]
ENTITY_USER_RECIPE: Final = "UserRecipe"

PublishStatus = Literal["pending", "approved", "rejected", "cancelled"]
STATUS_PENDING: Final = "pending"
STATUS_APPROVED: Final = "approved"
STATUS_REJECTED: Final = "rejected"
STATUS_CANCELLED: Final = "cancelled"
STATUSES = (STATUS_PENDING, STATUS_APPROVED, STATUS_REJECTED, STATUS_CANCELLED)


class UserRecipe(Base):
    __tablename__ = "user_recipe"
    __table_args__ = (Index("ix_user_recipe_user_updated", "user_id", "updated_at"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    image: Mapped[str | None] = mapped_column(String(255), default=None)
    serves: Mapped[int] = mapped_column(Integer, default=1)
    category_id: Mapped[int | None] = mapped_column(
        ForeignKey("category.id", ondelete="SET NULL"), default=None, index=True
    )
    # The catalogue copy while published (and after a withdrawal, so re-approval keeps its id).
    recipe_id: Mapped[int | None] = mapped_column(
        ForeignKey("recipe.id", ondelete="SET NULL"), default=None, index=True
    )
    published: Mapped[bool] = mapped_column(Boolean, default=False)

    ingredients: Mapped[list[UserRecipeIngredient]] = relationship(
        back_populates="user_recipe",
        cascade="all, delete-orphan",
        order_by="UserRecipeIngredient.position",
        lazy="raise",
        passive_deletes=True,
    )
    steps: Mapped[list[UserRecipeStep]] = relationship(
        back_populates="user_recipe",
        cascade="all, delete-orphan",
        order_by="UserRecipeStep.step_order",
        lazy="raise",
        passive_deletes=True,
    )


class UserRecipeIngredient(Base):
    """A catalogue ingredient (ingredient_id) or a custom one (custom_name, no id)."""

    __tablename__ = "user_recipe_ingredient"

    user_recipe_id: Mapped[int] = mapped_column(ForeignKey("user_recipe.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer, default=0)
    ingredient_id: Mapped[int | None] = mapped_column(
        ForeignKey("ingredient.id", ondelete="RESTRICT"), default=None, index=True
    )
    custom_name: Mapped[str | None] = mapped_column(String(100), default=None)
    quantity: Mapped[float] = mapped_column(Float, default=1)
    measurement: Mapped[str] = mapped_column(String(16))
    treatment: Mapped[str | None] = mapped_column(String(16), default=None)

    user_recipe: Mapped[UserRecipe] = relationship(back_populates="ingredients", lazy="raise")


class UserRecipeStep(Base):
    __tablename__ = "user_recipe_step"

    user_recipe_id: Mapped[int] = mapped_column(ForeignKey("user_recipe.id", ondelete="CASCADE"), index=True)
    step_order: Mapped[int] = mapped_column(Integer)
    step_key: Mapped[str] = mapped_column(String(64))  # the draft's own step id
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    timer: Mapped[str | None] = mapped_column(String(8), default=None)
    image: Mapped[str | None] = mapped_column(String(255), default=None)

    user_recipe: Mapped[UserRecipe] = relationship(back_populates="steps", lazy="raise")


class PublishRequest(Base):
    """A request to publish an entity (today only user recipes). Kept as history once decided."""

    __tablename__ = "publish_request"
    __table_args__ = (
        Index("ix_publish_request_entity_status", "entity_type", "entity_id", "status"),
        Index("ix_publish_request_status", "status"),
    )

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    entity_type: Mapped[PublishEntity] = mapped_column(String(32), default=ENTITY_USER_RECIPE)
    entity_id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer(), "sqlite"))
    status: Mapped[PublishStatus] = mapped_column(String(16), default=STATUS_PENDING)
    error: Mapped[str | None] = mapped_column(String(500), default=None)
