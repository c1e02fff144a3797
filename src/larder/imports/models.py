"""Imported recipes: a user's link to a recipe page and what Larder extracted from it (part 1 §3)."""

from __future__ import annotations

from sqlalchemy import Boolean, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from larder.core.db.engine import Base


class ImportedRecipe(Base):
    __tablename__ = "imported_recipe"
    __table_args__ = (Index("ix_imported_recipe_user_created", "user_id", "created_at"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    url: Mapped[str] = mapped_column(String(2048))
    # schema.org-shaped JSON text (name, description, image, url, @id, recipeCuisine, recipeYield,
    # recipeInstructions, recipeIngredient), or {"message": ...} for a page without a recipe.
    data: Mapped[str] = mapped_column(Text, default="{}")
    import_failed: Mapped[bool] = mapped_column(Boolean, default=False)
