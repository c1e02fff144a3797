"""The verified catalogue: discovery (list, search, filter), recipe detail, saved recipes, options.

Tags are derived from ingredients on every write; the FTS5 index is rewritten with the recipe.
"""

from __future__ import annotations

import re
from collections.abc import AsyncGenerator, Iterable
from typing import Any

from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from advanced_alchemy.service import SQLAlchemyAsyncRepositoryService
from litestar.di import NamedDependency
from sqlalchemy import delete, func, select, text
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from larder.catalogue.models import (
    KIND_INGREDIENT,
    KIND_RECIPE,
    Category,
    Ingredient,
    Recipe,
    RecipeIngredient,
    RecipeStep,
    SavedRecipe,
)
from larder.catalogue.queries import (
    PER_PAGE,
    RANK,
    PageWindow,
    RecipeQuery,
    check_page,
    check_search,
    facets_of,
)
from larder.catalogue.schemas import (
    TREATMENTS,
    UNITS,
    CatalogueRecipeIn,
    CategoryRef,
    FilterItem,
    IngredientOptionOut,
    IngredientOut,
    OptionOut,
    Page,
    RecipeIngredientOut,
    RecipeOptionOut,
    RecipeOut,
    RecipeStepOut,
    RecipeSummary,
    SavedRecipeOut,
    Tags,
)
from larder.core.errors import FieldCollector, NotFound

LATEST_ON_HOME = 12
RECIPE_OPTIONS_LIMIT = 200
FLAGS = ("vegan", "vegetarian", "gluten_free", "sugar_free", "dairy_free")
TIMER = re.compile(r"^\d{2}:[0-5]\d:[0-5]\d$")


def derive_tags(ingredients: Iterable[Any]) -> dict[str, Any]:
    """A recipe is vegan (etc.) only when every ingredient is; it carries every ingredient's allergens."""
    items = list(ingredients)
    allergens = sorted({a for i in items for a in (i.allergens or [])})
    tags: dict[str, Any] = {f"tag_{flag}": bool(items) and all(getattr(i, flag) for i in items) for flag in FLAGS}
    tags["tag_allergen"] = any(i.allergen or i.allergens for i in items)
    tags["allergens"] = allergens
    return tags


def tags_from(ingredients: Iterable[Any]) -> Tags:
    """The tags a recipe made of these ingredients (models or IngredientOut) would carry."""
    derived = derive_tags(ingredients)
    return Tags(**{name: derived[f"tag_{name}"] for name in Tags.__struct_fields__})


def to_tags(recipe: Any) -> Tags:
    return Tags(
        allergen=recipe.tag_allergen,
        vegetarian=recipe.tag_vegetarian,
        vegan=recipe.tag_vegan,
        dairy_free=recipe.tag_dairy_free,
        gluten_free=recipe.tag_gluten_free,
        sugar_free=recipe.tag_sugar_free,
    )


def to_ingredient_out(ingredient: Ingredient) -> IngredientOut:
    return IngredientOut(
        ingredient_id=ingredient.id,
        name=ingredient.name,
        allergen=ingredient.allergen,
        allergens=list(ingredient.allergens or []),
        vegan=ingredient.vegan,
        vegetarian=ingredient.vegetarian,
        diabetes_ok=ingredient.diabetes_ok,
        sugar_free=ingredient.sugar_free,
        gluten_free=ingredient.gluten_free,
        dairy_free=ingredient.dairy_free,
        category_id=ingredient.category_id,
        image=ingredient.image,
        default_unit=ingredient.default_unit,
        estimated_expiry_days=ingredient.estimated_expiry_days,
    )


_PAGE_SQL = "SELECT rowid FROM recipe_fts WHERE recipe_fts MATCH :m ORDER BY {order} LIMIT :n OFFSET :o"
_RANKED_PAGE = text(_PAGE_SQL.format(order=f"{RANK}, rowid"))
_NEWEST_PAGE = text(_PAGE_SQL.format(order="rowid DESC"))  # FTS5 walks its rowids backwards: no sort

_SUMMARY_COLUMNS = (
    Recipe.id,
    Recipe.name,
    Recipe.description,
    Recipe.image,
    Recipe.serves,
    Recipe.category_id,
    Recipe.tag_allergen,
    Recipe.tag_vegetarian,
    Recipe.tag_vegan,
    Recipe.tag_dairy_free,
    Recipe.tag_gluten_free,
    Recipe.tag_sugar_free,
    Recipe.allergens,
    Recipe.verified,
    Recipe.comments,
    Recipe.updated_at,
    Recipe.author_name,
)


def _summary_of(row: Any) -> RecipeSummary:
    """A list row from plain columns (no ORM objects: a page is read many times a second)."""
    return RecipeSummary(
        recipe_id=row.id,
        name=row.name,
        description=row.description,
        image=row.image,
        serves=row.serves,
        category=CategoryRef(row.category_id, row.category_name) if row.category_id and row.category_name else None,
        category_id=row.category_id,
        tags=to_tags(row),
        allergens=list(row.allergens or []),
        verified=row.verified,
        comments=row.comments,
        updated_at=row.updated_at,
        author=row.author_name,
    )


class CatalogueService(SQLAlchemyAsyncRepositoryService[Recipe]):
    class Repo(SQLAlchemyAsyncRepository[Recipe]):
        model_type = Recipe

    repository_type = Repo

    @property
    def session(self) -> AsyncSession:
        return self.repository.session

    # -- reading ------------------------------------------------------------------------------
    async def _category_names(self) -> dict[int, str]:
        rows = await self.session.execute(select(Category.id, Category.name))
        return {row.id: row.name for row in rows}

    def _summary(self, recipe: Recipe, categories: dict[int, str]) -> RecipeSummary:
        category_name = categories.get(recipe.category_id) if recipe.category_id else None
        return RecipeSummary(
            recipe_id=recipe.id,
            name=recipe.name,
            description=recipe.description,
            image=recipe.image,
            serves=recipe.serves,
            category=CategoryRef(recipe.category_id, category_name) if recipe.category_id and category_name else None,
            category_id=recipe.category_id,
            tags=to_tags(recipe),
            allergens=list(recipe.allergens or []),
            verified=recipe.verified,
            comments=recipe.comments,
            updated_at=recipe.updated_at,
            author=recipe.author_name,
        )

    async def _page(self, query: RecipeQuery, page: int) -> Page[RecipeSummary]:
        """One page of a listing with its exact total, in at most three statements whose cost does
        not grow with the catalogue: a count (kept by triggers, or counted inside the FTS index), the
        page's ids (an index range, or the FTS index), and the page's rows."""
        check_page(page)
        if query.is_plain:
            total = await self.session.scalar(text("SELECT verified_count FROM recipe_stats")) or 0
            window = PageWindow(page=page, total=total)
            ids = list(
                await self.session.scalars(
                    select(Recipe.id)
                    .where(Recipe.verified.is_(True))
                    .order_by(Recipe.id.desc())
                    .limit(PER_PAGE)
                    .offset(window.offset)
                )
            )
        elif (match := query.fts_match()) is None:
            window, ids = PageWindow(page=page, total=0), []
        else:
            total = await self.session.scalar(
                text("SELECT count(*) FROM recipe_fts WHERE recipe_fts MATCH :m"), {"m": match}
            )
            window = PageWindow(page=page, total=total or 0)
            ids = []
            if window.offset < window.total:
                page_sql = _RANKED_PAGE if query.ranked else _NEWEST_PAGE
                ids = list(await self.session.scalars(page_sql, {"m": match, "n": PER_PAGE, "o": window.offset}))
        rows = await self._summaries(ids)
        first = window.offset + 1 if rows else None
        return Page(
            data=rows,
            current_page=page,
            last_page=window.last_page,
            per_page=PER_PAGE,
            from_=first,
            to=(window.offset + len(rows)) if rows else None,
            total=window.total,
        )

    async def _summaries(self, ids: list[int]) -> list[RecipeSummary]:
        """The list rows of these recipes, in this order, read as plain columns in one statement."""
        if not ids:
            return []
        result = await self.session.execute(
            select(*_SUMMARY_COLUMNS, Category.name.label("category_name"))
            .outerjoin(Category, Category.id == Recipe.category_id)
            .where(Recipe.id.in_(ids))
        )
        by_id = {row.id: row for row in result}
        return [_summary_of(by_id[i]) for i in ids if i in by_id]

    async def list_page(self, page: int) -> Page[RecipeSummary]:
        return await self._page(RecipeQuery(), page)

    async def search_page(self, page: int, search: str) -> Page[RecipeSummary]:
        return await self._page(RecipeQuery(search=check_search(search) or None), page)

    async def filter_page(self, page: int, search: str, filters: list[FilterItem]) -> Page[RecipeSummary]:
        return await self._page(RecipeQuery.from_filters(search, filters), page)

    async def latest(self, limit: int = LATEST_ON_HOME) -> list[RecipeSummary]:
        ids = await self.session.scalars(
            select(Recipe.id).where(Recipe.verified.is_(True)).order_by(Recipe.id.desc()).limit(limit)
        )
        return await self._summaries(list(ids))

    async def detail(self, recipe_id: int) -> RecipeOut:
        recipe = await self.session.scalar(
            select(Recipe)
            .where(Recipe.id == recipe_id, Recipe.verified.is_(True))
            .options(
                selectinload(Recipe.recipe_ingredients).selectinload(RecipeIngredient.ingredient),
                selectinload(Recipe.recipe_steps),
            )
        )
        if recipe is None:
            raise NotFound("No recipe with this id.")
        summary = self._summary(recipe, await self._category_names())
        return RecipeOut(
            **{f: getattr(summary, f) for f in summary.__struct_fields__},
            recipe_ingredients=[
                RecipeIngredientOut(
                    recipe_ingredient_id=ri.id,
                    quantity=ri.quantity,
                    measurement=ri.measurement,
                    treatment=ri.treatment,
                    ingredient_id=ri.ingredient_id,
                    ingredient=to_ingredient_out(ri.ingredient),
                )
                for ri in recipe.recipe_ingredients
            ],
            recipe_steps=[
                RecipeStepOut(
                    recipe_step_id=step.id,
                    step_order=step.step_order,
                    name=step.title,
                    title=step.title,
                    description=step.description,
                    image=step.image,
                    ingredients=list(step.ingredients or []),
                    timer=step.timer,
                )
                for step in recipe.recipe_steps
            ],
        )

    # -- options -----------------------------------------------------------------------------
    async def category_options(self) -> list[OptionOut]:
        rows = await self.session.execute(select(Category.id, Category.name).order_by(Category.kind, Category.name))
        return [OptionOut(value=r.id, name=r.name) for r in rows]

    async def ingredient_options(self) -> list[IngredientOptionOut]:
        rows = await self.session.execute(
            select(
                Ingredient.id, Ingredient.name, Ingredient.image, Ingredient.category_id, Ingredient.default_unit
            ).order_by(func.lower(Ingredient.name))
        )
        return [IngredientOptionOut(r.id, r.name, r.image, r.category_id, r.default_unit) for r in rows]

    async def recipe_options(self, search: str = "") -> list[RecipeOptionOut]:
        statement = select(Recipe.id, Recipe.name, Recipe.image, Recipe.category_id).where(Recipe.verified.is_(True))
        query = RecipeQuery(search=check_search(search) or None)
        if query.search:
            match = query.fts_match()
            if match is None:
                return []
            statement = statement.where(
                Recipe.id.in_(select(text("rowid")).select_from(text("recipe_fts")).where(text("recipe_fts MATCH :m")))
            ).params(m=match)
        rows = await self.session.execute(statement.order_by(func.lower(Recipe.name)).limit(RECIPE_OPTIONS_LIMIT))
        return [RecipeOptionOut(r.id, r.name, r.image, r.category_id) for r in rows]

    # -- saved recipes -------------------------------------------------------------------------
    async def saved(self, user_id: int) -> list[SavedRecipeOut]:
        recipes = await self.session.scalars(
            select(Recipe)
            .join(SavedRecipe, SavedRecipe.recipe_id == Recipe.id)
            .where(SavedRecipe.user_id == user_id, Recipe.verified.is_(True))
            .order_by(SavedRecipe.id.desc())
        )
        categories = await self._category_names()
        return [
            SavedRecipeOut(
                recipe_id=r.id,
                name=r.name,
                image=r.image,
                category=CategoryRef(r.category_id, categories[r.category_id]) if r.category_id in categories else None,
                description=r.description,
                serves=r.serves,
            )
            for r in recipes
        ]

    async def save(self, user_id: int, recipe_id: int) -> None:
        exists = await self.session.scalar(select(Recipe.id).where(Recipe.id == recipe_id, Recipe.verified.is_(True)))
        if exists is None:
            raise NotFound("No recipe with this id.")
        already = await self.session.scalar(
            select(SavedRecipe.id).where(SavedRecipe.user_id == user_id, SavedRecipe.recipe_id == recipe_id)
        )
        if already is None:
            self.session.add(SavedRecipe(user_id=user_id, recipe_id=recipe_id))
            await self.session.flush()

    async def unsave(self, user_id: int, recipe_id: int) -> None:
        await self.session.execute(
            delete(SavedRecipe).where(SavedRecipe.user_id == user_id, SavedRecipe.recipe_id == recipe_id)
        )

    # -- writing -------------------------------------------------------------------------------
    async def refresh_derived(self, recipe: Recipe) -> None:
        """Recompute tags from the ingredients and rewrite the recipe's search entry."""
        rows = await self.session.scalars(
            select(Ingredient)
            .join(RecipeIngredient, RecipeIngredient.ingredient_id == Ingredient.id)
            .where(RecipeIngredient.recipe_id == recipe.id)
        )
        await self.index_recipe(recipe, list(rows))

    async def index_recipe(self, recipe: Recipe, ingredients: list[Ingredient], *, is_new: bool = False) -> None:
        """Set the derived tags and the search entry of a recipe whose ingredients are known."""
        for key, value in derive_tags(ingredients).items():
            setattr(recipe, key, value)
        if not is_new:
            await self.session.execute(text("DELETE FROM recipe_fts WHERE rowid = :id"), {"id": recipe.id})
        if not recipe.verified:
            return  # the search index holds verified catalogue recipes only
        await self.session.execute(
            text("INSERT INTO recipe_fts (rowid, name, description, ingredients, facets) VALUES (:id, :n, :d, :i, :f)"),
            {
                "id": recipe.id,
                "n": recipe.name,
                "d": recipe.description,
                "i": " ".join(i.name for i in ingredients),
                "f": facets_of(recipe, [i.id for i in ingredients]),
            },
        )

    async def write_recipe(
        self,
        data: CatalogueRecipeIn,
        recipe_id: int | None = None,
        *,
        author_id: int | None = None,
        author_name: str | None = None,
    ) -> RecipeOut:
        """Create (or replace the content of) a catalogue recipe after checking every part of it.

        Writing a recipe (re)publishes it: a withdrawn recipe becomes verified again. The author is
        kept as it was unless one is given (administrators' own recipes credit nobody).
        """
        await self._check_recipe(data)
        if recipe_id is None:
            recipe = Recipe(verified=True)
            self.session.add(recipe)
        else:
            found = await self.session.scalar(select(Recipe).where(Recipe.id == recipe_id))
            if found is None:
                raise NotFound("No recipe with this id.")
            recipe = found
            await self.session.execute(delete(RecipeStep).where(RecipeStep.recipe_id == recipe.id))
            await self.session.execute(delete(RecipeIngredient).where(RecipeIngredient.recipe_id == recipe.id))
        recipe.name = data.name.strip()
        recipe.description = data.description.strip()
        recipe.serves = data.serves
        recipe.category_id = data.category_id
        recipe.image = data.image
        recipe.comments = data.comments
        recipe.verified = True
        if author_id is not None:
            recipe.author_id, recipe.author_name = author_id, author_name
        await self.session.flush()
        lines = [
            RecipeIngredient(
                recipe_id=recipe.id,
                ingredient_id=line.ingredient_id,
                position=position,
                quantity=line.quantity,
                measurement=line.measurement,
                treatment=line.treatment,
            )
            for position, line in enumerate(data.ingredients)
        ]
        self.session.add_all(lines)
        await self.session.flush()
        self.session.add_all(
            RecipeStep(
                recipe_id=recipe.id,
                step_order=order,
                title=step.title.strip(),
                description=step.description.strip(),
                image=step.image,
                timer=step.timer,
                ingredients=[lines[i].id for i in step.ingredients],
            )
            for order, step in enumerate(data.steps, start=1)
        )
        await self.session.flush()
        await self.refresh_derived(recipe)
        await self.session.flush()
        return await self.detail(recipe.id)

    async def _check_recipe(self, data: CatalogueRecipeIn) -> None:
        form = FieldCollector()
        if not data.name.strip():
            form.add("name", "Recipe name is required")
        if not data.description.strip():
            form.add("description", "Recipe description is required")
        if not data.ingredients:
            form.add("ingredients", "At least one ingredient is required")
        if not data.steps:
            form.add("steps", "At least one step is required")
        known = set(
            await self.session.scalars(
                select(Ingredient.id).where(Ingredient.id.in_({i.ingredient_id for i in data.ingredients}))
            )
        )
        for index, line in enumerate(data.ingredients):
            if line.ingredient_id not in known:
                form.add(f"ingredients.{index}", "Unknown ingredient.")
            if line.measurement not in UNITS:
                form.add(f"ingredients.{index}", f"Measurement must be one of {', '.join(UNITS)}.")
            if line.treatment is not None and line.treatment not in TREATMENTS:
                form.add(f"ingredients.{index}", f"Treatment must be one of {', '.join(TREATMENTS)}.")
        for number, step in enumerate(data.steps, start=1):
            if not step.title.strip():
                form.add(f"steps.{number - 1}", f"Step {number} title is required")
            if not step.description.strip():
                form.add(f"steps.{number - 1}", f"Step {number} description is required")
            if step.timer is not None and not TIMER.match(step.timer):
                form.add(f"steps.{number - 1}", "The timer must be HH:MM:SS.")
            if any(not 0 <= i < len(data.ingredients) for i in step.ingredients):
                form.add(f"steps.{number - 1}", "A step may only use the recipe's own ingredients.")
        if data.category_id is not None and not await self.session.scalar(
            select(Category.id).where(Category.id == data.category_id, Category.kind == KIND_RECIPE)
        ):
            form.add("category_id", "Unknown recipe category.")
        form.raise_if_any()

    async def remove_recipe(self, recipe_id: int) -> None:
        recipe = await self.session.scalar(select(Recipe).where(Recipe.id == recipe_id))
        if recipe is None:
            raise NotFound("No recipe with this id.")
        await self.session.execute(text("DELETE FROM recipe_fts WHERE rowid = :id"), {"id": recipe_id})
        await self.session.execute(delete(Recipe).where(Recipe.id == recipe_id))

    async def withdraw_recipe(self, recipe_id: int) -> None:
        """Take a recipe out of the catalogue but keep its row, so re-approval keeps its id and
        the households that saved it get it back."""
        recipe = await self.session.scalar(select(Recipe).where(Recipe.id == recipe_id))
        if recipe is None:
            return
        recipe.verified = False
        await self.session.execute(text("DELETE FROM recipe_fts WHERE rowid = :id"), {"id": recipe_id})
        await self.session.flush()

    # -- lookups for other domains (cookbook) ---------------------------------------------------
    async def ingredients_by_id(self, ids: Iterable[int]) -> dict[int, IngredientOut]:
        wanted = set(ids)
        if not wanted:
            return {}
        rows = await self.session.scalars(select(Ingredient).where(Ingredient.id.in_(wanted)))
        return {i.id: to_ingredient_out(i) for i in rows}

    async def recipe_category(self, category_id: int) -> CategoryRef | None:
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

    async def is_empty(self) -> bool:
        return await self.session.scalar(select(Recipe.id).limit(1)) is None


async def provide_catalogue_service(
    db_session: NamedDependency[AsyncSession],
) -> AsyncGenerator[CatalogueService, None]:
    yield CatalogueService(session=db_session)


__all__ = [
    "KIND_INGREDIENT",
    "KIND_RECIPE",
    "CatalogueService",
    "derive_tags",
    "provide_catalogue_service",
    "tags_from",
]
