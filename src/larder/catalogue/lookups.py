"""What other domains ask of the catalogue: ingredients by id or name, what a store needs to know
of them (kept in memory by catalogue version), the ingredient lines of recipes, and the facts that
rank recipes by the stock at home.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from larder.catalogue import ranking
from larder.catalogue.base import CATALOGUE_VERSION, CatalogueBase
from larder.catalogue.models import KIND_RECIPE, Category, Ingredient, Recipe, RecipeIngredient, RecipeStep
from larder.catalogue.reading import to_ingredient_out
from larder.catalogue.schemas import (
    CategoryRef,
    FilterItem,
    IngredientLine,
    IngredientMatch,
    IngredientOut,
    RecipeLines,
    RecipeOptionOut,
    StockFacts,
)
from larder.core.base.bounded_cache import BoundedCache
from larder.core.base.ids import is_id
from larder.core.cache.read_cache import ReadVersion
from larder.kitchen.lines import name_forms, parse_line

K = TypeVar("K")


# What the catalogue says of each ingredient a list or store names, by catalogue version: every
# change of a list or store reads it before its write turn.
STOCK_FACTS: BoundedCache[StockFacts] = BoundedCache(20_000)


class CatalogueLookups(CatalogueBase):
    """Look-ups for other domains (cookbook, stores, meal plans, suggestions)."""

    async def ingredients_by_id(self, ids: Iterable[int]) -> dict[int, IngredientOut]:
        wanted = set(ids)
        if not wanted:
            return {}
        rows = await self.session.scalars(select(Ingredient).where(Ingredient.id.in_(wanted)))
        return {i.id: to_ingredient_out(i) for i in rows}

    async def ingredient_names(self, ids: Iterable[int]) -> dict[int, str]:
        """Catalogue ingredients' names by id, read as rows in one query; unknown ids are absent."""
        wanted = {i for i in ids if is_id(i)}
        if not wanted:
            return {}
        rows = await self.session.execute(select(Ingredient.id, Ingredient.name).where(Ingredient.id.in_(wanted)))
        return {ingredient_id: name for ingredient_id, name in rows}

    async def stock_facts(self, ids: Iterable[int]) -> dict[int, StockFacts]:
        """Facts about the ingredients a store stocks, by id, in one query; unknown ids are absent.
        Read before a write turn (every change of a list or store reads them), in one hop on the
        reader's connection; inside a write block in its transaction, which may have changed them."""
        wanted = {i for i in ids if is_id(i)}
        if not wanted:
            return {}
        if self.uow.writing or self.versions is None:
            return await self._read(_stock_facts, wanted, fresh=self.uow.writing)
        # Read before the facts: facts kept under a version are never older than it.
        version = await self.versions.current(CATALOGUE_VERSION)
        if version is None:
            return await self._read(_stock_facts, wanted)
        database = self.database_key
        found = {i: facts for i in wanted if (facts := STOCK_FACTS.get((database, version, i))) is not None}
        missing = wanted - found.keys()
        if missing:
            read = await self._read(_stock_facts, missing)
            for ingredient_id, facts in read.items():
                STOCK_FACTS.put((database, version, ingredient_id), facts)
            found |= read
        return found

    async def ingredient_lines(self, recipe_ids: Iterable[int]) -> dict[int, list[IngredientLine]]:
        """The ingredients of verified catalogue recipes, by recipe, in their order, in one query
        (a meal plan's recipes). Unknown or withdrawn recipes are absent."""
        wanted = {i for i in recipe_ids if is_id(i)}
        if not wanted:
            return {}
        rows = await self.session.execute(ranking.VERIFIED_LINES.where(RecipeIngredient.recipe_id.in_(wanted)))
        return ranking.lines_by_recipe(rows)

    async def read_ingredient_texts(self, texts: Mapping[K, Sequence[str]]) -> dict[K, list[IngredientLine]]:
        """Lines of text (an imported recipe's) read for their amount and name, and matched to
        catalogue ingredients by name (ignoring case and plural) in one query; a line that names
        none keeps its own name and no ingredient id."""
        parsed = {key: [parse_line(text) for text in lines] for key, lines in texts.items()}
        forms = {line: name_forms(line.name) for lines in parsed.values() for line in lines}
        known = await self.ingredients_named(form for found in forms.values() for form in found)
        found: dict[K, list[IngredientLine]] = {}
        for key, lines in parsed.items():
            found[key] = []
            for line in lines:
                match = next((known[form] for form in forms[line] if form in known), None)
                found[key].append(
                    IngredientLine(
                        match.ingredient_id if match else None,
                        match.name if match else (line.name or line.text),
                        line.quantity,
                        line.unit,
                    )
                )
        return found

    async def version(self) -> int:
        """The count of writes to the catalogue's tables (kept by triggers in every database)."""
        return await self.session.scalar(select(ReadVersion.version).where(ReadVersion.name == CATALOGUE_VERSION)) or 0

    async def recipes_with_lines(self) -> list[RecipeLines]:
        """Every verified recipe with its ingredient lines, in two statements."""
        return await self.session.run_sync(ranking.recipes_with_lines)

    async def matching_recipe_ids(self, search: str, filters: list[FilterItem]) -> set[int] | None:
        """The verified recipes a Discover search and filters let through (None: all of them)."""
        return await self.session.run_sync(ranking.matching_ids, search, filters)

    async def ingredient_tags(self, ids: Iterable[int]) -> dict[int, frozenset[str]]:
        """The preference tags (vegan, vegetarian, gluten_free, sugar_free, dairy_free) of each ingredient."""
        return await self.session.run_sync(ranking.ingredient_tags, ids)

    async def ingredients_named(self, names: Iterable[str]) -> dict[str, IngredientMatch]:
        """Catalogue ingredients whose name is one of `names`, ignoring case, by lower-case name, in
        one query (imported recipe lines matched to the catalogue)."""
        wanted = {name.strip().lower() for name in names if name.strip()}
        if not wanted:
            return {}
        rows = await self.session.execute(
            select(Ingredient.id, Ingredient.name, Ingredient.default_unit).where(
                func.lower(Ingredient.name).in_(wanted)
            )
        )
        return {r.name.lower(): IngredientMatch(r.id, r.name, r.default_unit) for r in rows}

    async def recipe_category(self, category_id: int) -> CategoryRef | None:
        if not is_id(category_id):
            return None
        row = (
            await self.session.execute(
                select(Category.id, Category.name).where(Category.id == category_id, Category.kind == KIND_RECIPE)
            )
        ).first()
        return CategoryRef(row.id, row.name) if row else None

    async def name_taken(self, name: str, except_recipe_id: int | None = None) -> bool:
        """Whether a verified catalogue recipe already has this name, ignoring case and outer spaces."""
        statement = select(Recipe.id).where(Recipe.verified.is_(True), func.lower(Recipe.name) == name.strip().lower())
        if except_recipe_id is not None:
            statement = statement.where(Recipe.id != except_recipe_id)
        return await self.session.scalar(statement.limit(1)) is not None

    async def referenced_uploads(self) -> set[str]:
        """The stored images the catalogue shows (recipes, steps, categories, ingredients)."""
        found: set[str] = set()
        for column in (Recipe.image, RecipeStep.image, Category.image, Ingredient.image):
            found.update(await self.session.scalars(select(column).where(column.is_not(None)).distinct()))
        return found

    async def is_empty(self) -> bool:
        return await self.session.scalar(select(Recipe.id).limit(1)) is None


async def catalogue_recipe_cards(session: AsyncSession, ids: Iterable[int]) -> dict[int, RecipeOptionOut]:
    """The catalogue recipes among `ids` anyone may see (verified), by id, in one query: name, image
    and category, for another domain that names recipes (a meal plan). Withdrawn or unknown ids are
    absent."""
    wanted = {i for i in ids if is_id(i)}
    if not wanted:
        return {}
    rows = await session.execute(
        select(Recipe.id, Recipe.name, Recipe.image, Recipe.category_id).where(
            Recipe.id.in_(wanted), Recipe.verified.is_(True)
        )
    )
    return {r.id: RecipeOptionOut(r.id, r.name, r.image, r.category_id) for r in rows}


_STOCK_FACTS = select(
    Ingredient.id,
    Ingredient.name,
    Ingredient.image,
    Ingredient.category_id,
    Ingredient.default_unit,
    Ingredient.storage,
    Ingredient.estimated_expiry_days,
    Ingredient.pantry_days,
    Ingredient.fridge_days,
    Ingredient.freezer_days,
    Ingredient.buy_unit,
    Ingredient.buy_step,
)


def _stock_facts(session: Session, wanted: set[int]) -> dict[int, StockFacts]:
    return {
        r.id: StockFacts(
            ingredient_id=r.id,
            name=r.name,
            image=r.image,
            category_id=r.category_id,
            default_unit=r.default_unit,
            storage=r.storage,
            estimated_expiry_days=r.estimated_expiry_days,
            pantry_days=r.pantry_days,
            fridge_days=r.fridge_days,
            freezer_days=r.freezer_days,
            buy_unit=r.buy_unit or r.default_unit,
            buy_step=r.buy_step or 1.0,
        )
        for r in session.execute(_STOCK_FACTS.where(Ingredient.id.in_(wanted)))
    }
