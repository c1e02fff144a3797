"""The verified catalogue: discovery (list, search, filter), recipe detail, saved recipes, options.

Tags are derived from ingredients on every write; the FTS5 index is rewritten with the recipe.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy import delete, func, select, text
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from larder.catalogue import ranking, reading, search_index
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
    RecipeQuery,
    check_page,
    check_search,
    facets_of,
)
from larder.catalogue.ranking import RecipeFacts, recipe_filter
from larder.catalogue.reading import to_ingredient_out
from larder.catalogue.rules import (
    DraftLine,
    DraftStep,
    RecipeDraft,
    missing_references,
    raise_if_invalid,
    shape_problems,
)
from larder.catalogue.schemas import (
    CatalogueRecipeIn,
    CategoryRef,
    FilterItem,
    IngredientLine,
    IngredientMatch,
    IngredientOptionOut,
    IngredientOut,
    OptionOut,
    RecipeLines,
    RecipeOptionOut,
    RecipeOut,
    RecipeSummary,
    SavedRecipeOut,
    StockFacts,
    Tags,
)
from larder.core.bounded_cache import BoundedCache
from larder.core.db import DbReader
from larder.core.errors import NotFound
from larder.core.ids import is_id
from larder.core.read_cache import READ_CACHE_STATE_KEY, ReadVersion, VersionSource
from larder.core.service import DomainService
from larder.core.wire import Page
from larder.kitchen.lines import name_forms, parse_line
from larder.sharing.service import CATALOGUE, account_scope

T = TypeVar("T")
K = TypeVar("K")
LATEST_ON_HOME = 12
# The read version (core/read_cache.py) every write to the catalogue's tables counts up, by
# database triggers (migration 0020): its public reads are answered from memory meanwhile.
CATALOGUE_VERSION = "catalogue"
RECIPE_OPTIONS_LIMIT = 200
FLAGS = ("vegan", "vegetarian", "gluten_free", "sugar_free", "dairy_free")


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


class CatalogueService(DomainService[Recipe]):
    class Repo(SQLAlchemyAsyncRepository[Recipe]):
        model_type = Recipe

    repository_type = Repo

    def __init__(
        self,
        session: AsyncSession,
        *,
        uploads_dir: Path,
        reader: DbReader | None = None,
        versions: VersionSource | None = None,
    ) -> None:
        """`reader`: the request's read-only connection for discovery; without one (other domains, the
        command line) every read runs in the session's own transaction. `versions`: where the
        catalogue's version is read without a transaction (core/read_cache.py), so what the
        catalogue says of an ingredient is kept while it stays the same."""
        super().__init__(session)
        self.uploads_dir = uploads_dir
        self.reader = reader
        self.versions = versions

    # -- reading ------------------------------------------------------------------------------
    async def _read(self, work: Callable[..., T], *args: Any, fresh: bool = False) -> T:
        """Run a sync read (reading.py) in one worker-thread hop on the reader's own connection, or
        inside this request's transaction when asked for `fresh` data or when there is no reader."""
        if self.reader is not None and not fresh:
            return await self.reader.run(work, *args)
        return await self.session.run_sync(work, *args)

    async def list_page(self, page: int) -> Page[RecipeSummary]:
        return await self._read(reading.page, RecipeQuery(), check_page(page))

    async def search_page(self, page: int, search: str) -> Page[RecipeSummary]:
        return await self._read(reading.page, RecipeQuery(search=check_search(search) or None), check_page(page))

    async def filter_page(self, page: int, search: str, filters: list[FilterItem]) -> Page[RecipeSummary]:
        return await self._read(reading.page, RecipeQuery.from_filters(search, filters), check_page(page))

    async def latest(self, limit: int = LATEST_ON_HOME) -> list[RecipeSummary]:
        return await self._read(reading.latest, limit)

    async def detail(self, recipe_id: int, *, fresh: bool = False) -> RecipeOut:
        found = await self._read(reading.detail, recipe_id, fresh=fresh)
        if found is None:
            raise NotFound("No recipe with this id.")
        return found

    # -- options -----------------------------------------------------------------------------
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
            matching = search_index.matching_ids(self.session.bind.dialect.name, query)
            if matching is None:
                return []
            statement = statement.where(Recipe.id.in_(matching))
        rows = await self.session.execute(statement.order_by(func.lower(Recipe.name)).limit(RECIPE_OPTIONS_LIMIT))
        return [RecipeOptionOut(r.id, r.name, r.image, r.category_id) for r in rows]

    # -- saved recipes -------------------------------------------------------------------------
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

    # -- writing -------------------------------------------------------------------------------
    # Every write to the catalogue takes its scope; a caller's block (a publish request approved,
    # a published recipe withdrawn) just nests it.
    async def refresh_derived(self, recipe: Recipe) -> None:
        """Recompute tags from the ingredients and rewrite the recipe's search entry."""
        async with self.uow.write(CATALOGUE):
            rows = await self.session.scalars(
                select(Ingredient)
                .join(RecipeIngredient, RecipeIngredient.ingredient_id == Ingredient.id)
                .where(RecipeIngredient.recipe_id == recipe.id)
            )
            await self.index_recipe(recipe, list(rows))

    async def index_recipe(self, recipe: Recipe, ingredients: list[Ingredient], *, is_new: bool = False) -> None:
        """Set the derived tags and the search entry of a recipe whose ingredients are known."""
        async with self.uow.write(CATALOGUE):
            for key, value in derive_tags(ingredients).items():
                setattr(recipe, key, value)
            if not is_new:
                await self.session.execute(text("DELETE FROM recipe_fts WHERE rowid = :id"), {"id": recipe.id})
            if not recipe.verified:
                return  # the search index holds verified catalogue recipes only
            await self.session.execute(
                text(
                    "INSERT INTO recipe_fts (rowid, name, description, ingredients, facets) "
                    "VALUES (:id, :n, :d, :i, :f)"
                ),
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
        async with self.uow.write(CATALOGUE):
            # Checked in the turn: the ingredients and the category named are there now.
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
        # Read once committed (inside a caller's block: as that block has it so far).
        return await self.detail(recipe.id, fresh=True)

    async def _check_recipe(self, data: CatalogueRecipeIn) -> None:
        known = await self.ingredients_by_id(line.ingredient_id for line in data.ingredients)
        draft = RecipeDraft(
            name=data.name.strip(),
            description=data.description.strip(),
            serves=data.serves,
            category_id=data.category_id,
            image=data.image,
            lines=[
                DraftLine(known.get(line.ingredient_id), "", line.quantity, line.measurement, line.treatment)
                for line in data.ingredients
            ],
            steps=[
                DraftStep(str(number), s.title.strip(), s.description.strip(), s.timer, s.image, list(s.ingredients))
                for number, s in enumerate(data.steps, start=1)
            ],
        )
        raise_if_invalid(
            shape_problems(draft, custom_allowed=False),
            missing_references(
                draft,
                category_known=await self.is_recipe_category(data.category_id),
                image_stored=self.is_stored_image,
                custom_allowed=False,
            ),
        )

    def is_stored_image(self, name: str) -> bool:
        return (self.uploads_dir / name).is_file()

    async def is_recipe_category(self, category_id: int | None) -> bool:
        return category_id is not None and await self.recipe_category(category_id) is not None

    async def remove_recipe(self, recipe_id: int) -> None:
        async with self.uow.write(CATALOGUE):
            recipe = await self.session.scalar(select(Recipe).where(Recipe.id == recipe_id))
            if recipe is None:
                raise NotFound("No recipe with this id.")
            await self.session.execute(text("DELETE FROM recipe_fts WHERE rowid = :id"), {"id": recipe_id})
            await self.session.execute(delete(Recipe).where(Recipe.id == recipe_id))

    async def withdraw_recipe(self, recipe_id: int) -> None:
        """Take a recipe out of the catalogue but keep its row, so re-approval keeps its id and
        the households that saved it get it back."""
        async with self.uow.write(CATALOGUE):
            recipe = await self.session.scalar(select(Recipe).where(Recipe.id == recipe_id))
            if recipe is None:
                return
            recipe.verified = False
            await self.session.execute(text("DELETE FROM recipe_fts WHERE rowid = :id"), {"id": recipe_id})
            await self.session.flush()

    # -- lookups for other domains (cookbook, stores) ------------------------------------------
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

    # -- ranking by the stock at home ----------------------------------------------------------
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


# What the catalogue says of each ingredient a list or store names, by catalogue version: every
# change of a list or store reads it before its write turn.
STOCK_FACTS: BoundedCache[StockFacts] = BoundedCache(20_000)


def provide_catalogue_service(
    db_session: NamedDependency[AsyncSession], db_reader: NamedDependency[DbReader | None], state: State
) -> CatalogueService:
    return CatalogueService(
        session=db_session,
        uploads_dir=state["settings"].uploads_dir,
        reader=db_reader,
        versions=state[READ_CACHE_STATE_KEY].versions,
    )


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


__all__ = [
    "KIND_INGREDIENT",
    "KIND_RECIPE",
    "CatalogueService",
    "DraftLine",
    "DraftStep",
    "RecipeDraft",
    "RecipeFacts",
    "catalogue_recipe_cards",
    "derive_tags",
    "missing_references",
    "provide_catalogue_service",
    "raise_if_invalid",
    "recipe_filter",
    "shape_problems",
    "tags_from",
]
