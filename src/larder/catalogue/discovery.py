"""Discovery: the catalogue's pages (list, search, filter), the latest recipes, the options
forms offer, and a member's saved recipes.
"""

from __future__ import annotations

from sqlalchemy import delete, func, select

from larder.catalogue import reading, search_index
from larder.catalogue.base import CatalogueBase
from larder.catalogue.models import Category, Ingredient, Recipe, SavedRecipe
from larder.catalogue.queries import RecipeQuery, check_page, check_search
from larder.catalogue.schemas import (
    CategoryRef,
    FilterItem,
    IngredientOptionOut,
    OptionOut,
    RecipeOptionOut,
    RecipeSummary,
    SavedRecipeOut,
)
from larder.core.base.errors import NotFound
from larder.core.base.wire import Page
from larder.sharing.service import account_scope

LATEST_ON_HOME = 12
RECIPE_OPTIONS_LIMIT = 200


class Discovery(CatalogueBase):
    """What members browse and keep of the catalogue."""

    async def list_page(self, page: int) -> Page[RecipeSummary]:
        return await self._read(reading.page, RecipeQuery(), check_page(page))

    async def search_page(self, page: int, search: str) -> Page[RecipeSummary]:
        return await self._read(reading.page, RecipeQuery(search=check_search(search) or None), check_page(page))

    async def filter_page(self, page: int, search: str, filters: list[FilterItem]) -> Page[RecipeSummary]:
        return await self._read(reading.page, RecipeQuery.from_filters(search, filters), check_page(page))

    async def latest(self, limit: int = LATEST_ON_HOME) -> list[RecipeSummary]:
        return await self._read(reading.latest, limit)

    async def category_options(self) -> list[OptionOut]:
        rows = await self.session.execute(
            select(Category.id, Category.name, Category.kind).order_by(Category.kind, Category.name)
        )
        return [OptionOut(value=r.id, name=r.name, kind=r.kind) for r in rows]

    async def ingredient_options(self) -> list[IngredientOptionOut]:
        rows = await self.session.execute(
            select(
                Ingredient.id,
                Ingredient.name,
                Ingredient.image,
                Ingredient.category_id,
                Ingredient.default_unit,
                Ingredient.buy_unit,
            ).order_by(func.lower(Ingredient.name))
        )
        return [
            IngredientOptionOut(r.id, r.name, r.image, r.category_id, r.default_unit, r.buy_unit or r.default_unit)
            for r in rows
        ]

    async def recipe_options(self, search: str = "") -> list[RecipeOptionOut]:
        statement = select(Recipe.id, Recipe.name, Recipe.image, Recipe.category_id).where(Recipe.verified.is_(True))
        query = RecipeQuery(search=check_search(search) or None)
        if query.search:
            matching = search_index.matching_ids(self.session.get_bind().dialect.name, query)
            if matching is None:
                return []
            statement = statement.where(Recipe.id.in_(matching))
        rows = await self.session.execute(statement.order_by(func.lower(Recipe.name)).limit(RECIPE_OPTIONS_LIMIT))
        return [RecipeOptionOut(r.id, r.name, r.image, r.category_id) for r in rows]

    async def saved(self, user_id: int) -> list[SavedRecipeOut]:
        rows = await self.session.execute(
            select(
                Recipe.id,
                Recipe.name,
                Recipe.image,
                Recipe.category_id,
                Recipe.description,
                Recipe.serves,
                Category.name.label("category_name"),
            )
            .join(SavedRecipe, SavedRecipe.recipe_id == Recipe.id)
            .outerjoin(Category, Category.id == Recipe.category_id)
            .where(SavedRecipe.user_id == user_id, Recipe.verified.is_(True))
            .order_by(SavedRecipe.id.desc())
        )
        return [
            SavedRecipeOut(
                recipe_id=r.id,
                name=r.name,
                image=r.image,
                category=CategoryRef(r.category_id, r.category_name) if r.category_name else None,
                description=r.description,
                serves=r.serves,
            )
            for r in rows
        ]

    async def save(self, user_id: int, recipe_id: int) -> None:
        async with self.uow.write(account_scope(user_id)):
            exists = await self.session.scalar(
                select(Recipe.id).where(Recipe.id == recipe_id, Recipe.verified.is_(True))
            )
            if exists is None:
                raise NotFound("No recipe with this id.")
            already = await self.session.scalar(
                select(SavedRecipe.id).where(SavedRecipe.user_id == user_id, SavedRecipe.recipe_id == recipe_id)
            )
            if already is None:
                self.session.add(SavedRecipe(user_id=user_id, recipe_id=recipe_id))
                await self.session.flush()

    async def unsave(self, user_id: int, recipe_id: int) -> None:
        async with self.uow.write(account_scope(user_id)):
            await self.session.execute(
                delete(SavedRecipe).where(SavedRecipe.user_id == user_id, SavedRecipe.recipe_id == recipe_id)
            )
