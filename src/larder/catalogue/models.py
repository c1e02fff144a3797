"""Catalogue tables: categories, ingredients with their diet and allergen flags, verified recipes.

A recipe's tags are columns derived from its ingredients on every write (never typed by hand), so
preference filters are plain indexed comparisons even with 100,000 recipes.
"""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint, func
from sqlalchemy.orm import Mapped, mapped_column, relationship

from larder.core.db.engine import Base

KIND_RECIPE = "recipe"
KIND_INGREDIENT = "ingredient"


class Category(Base):
    __tablename__ = "category"

    key: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(100))
    kind: Mapped[str] = mapped_column(String(16), index=True)  # recipe | ingredient
    image: Mapped[str | None] = mapped_column(String(255), default=None)
    external_link: Mapped[bool] = mapped_column(Boolean, default=False)


class Ingredient(Base):
    __tablename__ = "ingredient"

    name: Mapped[str] = mapped_column(String(100))
    category_id: Mapped[int | None] = mapped_column(ForeignKey("category.id", ondelete="SET NULL"), index=True)
    default_unit: Mapped[str] = mapped_column(String(16), default="unit(s)")
    # How a household buys it, for an item added without an amount: 1 of `buy_unit` (1 l of milk,
    # 1 kg of flour, 1 pack of feta), and - and + by `buy_step` (eggs by 6). Recipes keep their own
    # units (`default_unit` is theirs); kitchen/ converts. Null: the default unit and steps of 1.
    buy_unit: Mapped[str | None] = mapped_column(String(16), default=None)
    buy_step: Mapped[float | None] = mapped_column(Float, default=None)
    storage: Mapped[str] = mapped_column(String(16), default="pantry")
    allergens: Mapped[list[str]] = mapped_column(JSON, default=list)
    allergen: Mapped[bool] = mapped_column(Boolean, default=False)
    vegan: Mapped[bool] = mapped_column(Boolean, default=False)
    vegetarian: Mapped[bool] = mapped_column(Boolean, default=False)
    diabetes_ok: Mapped[bool] = mapped_column(Boolean, default=False)
    sugar_free: Mapped[bool] = mapped_column(Boolean, default=False)
    gluten_free: Mapped[bool] = mapped_column(Boolean, default=False)
    dairy_free: Mapped[bool] = mapped_column(Boolean, default=False)
    estimated_expiry_days: Mapped[int] = mapped_column(Integer, default=14)
    # Days the ingredient keeps in each kind of store (USDA FoodKeeper), null when unknown or not
    # recommended there; estimated_expiry_days is the figure for its own `storage`.
    pantry_days: Mapped[int | None] = mapped_column(Integer, default=None)
    fridge_days: Mapped[int | None] = mapped_column(Integer, default=None)
    freezer_days: Mapped[int | None] = mapped_column(Integer, default=None)
    image: Mapped[str | None] = mapped_column(String(255), default=None)

    category: Mapped[Category | None] = relationship(lazy="raise")


Index("ix_ingredient_name_lower", func.lower(Ingredient.name), unique=True)


class Recipe(Base):
    __tablename__ = "recipe"
    __table_args__ = (Index("ix_recipe_updated", "updated_at", "id"),)

    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    image: Mapped[str | None] = mapped_column(String(255), default=None)
    serves: Mapped[int] = mapped_column(Integer, default=1)
    category_id: Mapped[int | None] = mapped_column(ForeignKey("category.id", ondelete="SET NULL"), index=True)
    verified: Mapped[bool] = mapped_column(Boolean, default=True, index=True)
    comments: Mapped[str | None] = mapped_column(Text, default=None)
    # Set when an administrator approves a user's recipe into the catalogue: who to credit.
    author_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"), default=None, index=True
    )
    author_name: Mapped[str | None] = mapped_column(String(100), default=None)
    # Derived from the ingredients on every write.
    tag_allergen: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    tag_vegetarian: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    tag_vegan: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    tag_dairy_free: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    tag_gluten_free: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    tag_sugar_free: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    allergens: Mapped[list[str]] = mapped_column(JSON, default=list)

    category: Mapped[Category | None] = relationship(lazy="raise")
    recipe_ingredients: Mapped[list[RecipeIngredient]] = relationship(
        back_populates="recipe", cascade="all, delete-orphan", order_by="RecipeIngredient.position", lazy="raise"
    )
    recipe_steps: Mapped[list[RecipeStep]] = relationship(
        back_populates="recipe", cascade="all, delete-orphan", order_by="RecipeStep.step_order", lazy="raise"
    )


# Name uniqueness is checked while a user types a new recipe's name.
Index("ix_recipe_name_lower", func.lower(Recipe.name))


class RecipeIngredient(Base):
    __tablename__ = "recipe_ingredient"
    __table_args__ = (Index("ix_recipe_ingredient_ingredient_recipe", "ingredient_id", "recipe_id"),)

    recipe_id: Mapped[int] = mapped_column(ForeignKey("recipe.id", ondelete="CASCADE"), index=True)
    ingredient_id: Mapped[int] = mapped_column(ForeignKey("ingredient.id", ondelete="RESTRICT"))
    position: Mapped[int] = mapped_column(Integer, default=0)
    quantity: Mapped[float] = mapped_column(Float, default=1)
    measurement: Mapped[str] = mapped_column(String(16))
    treatment: Mapped[str | None] = mapped_column(String(16), default=None)

    recipe: Mapped[Recipe] = relationship(back_populates="recipe_ingredients", lazy="raise")
    ingredient: Mapped[Ingredient] = relationship(lazy="raise")


class RecipeStep(Base):
    __tablename__ = "recipe_step"

    recipe_id: Mapped[int] = mapped_column(ForeignKey("recipe.id", ondelete="CASCADE"), index=True)
    step_order: Mapped[int] = mapped_column(Integer)
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    image: Mapped[str | None] = mapped_column(String(255), default=None)
    timer: Mapped[str | None] = mapped_column(String(8), default=None)
    ingredients: Mapped[list[int]] = mapped_column(JSON, default=list)  # recipe_ingredient ids

    recipe: Mapped[Recipe] = relationship(back_populates="recipe_steps", lazy="raise")


class SavedRecipe(Base):
    __tablename__ = "saved_recipe"
    __table_args__ = (UniqueConstraint("user_id", "recipe_id"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    recipe_id: Mapped[int] = mapped_column(ForeignKey("recipe.id", ondelete="CASCADE"), index=True)
