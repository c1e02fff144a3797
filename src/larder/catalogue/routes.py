"""Discovery calls of part 1 §7 under /api/pwa, and the option lists under /api/form-options."""

from __future__ import annotations

from litestar import Controller, delete, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED

from larder.accounts.service import Auth
from larder.catalogue.schemas import (
    IngredientOptionOut,
    OptionOut,
    PageQuery,
    RecipeFilterIn,
    RecipeOptionOut,
    RecipeOut,
    RecipeSummary,
    SavedRecipeOut,
    SaveIn,
    SearchQuery,
)
from larder.catalogue.service import CATALOGUE_VERSION, CatalogueService
from larder.core.base.errors import NotFound
from larder.core.base.ids import PathId
from larder.core.base.wire import Data, Page
from larder.core.cache.read_cache import cached_read
from larder.core.web.access import PUBLIC

# The same answer for every caller until the catalogue changes: kept in memory, with an ETag.
CATALOGUE_READ = {**PUBLIC, **cached_read(CATALOGUE_VERSION)}


class CatalogueController(Controller):
    path = "/api/pwa"
    tags = ["catalogue"]

    @get("/recipes", opt=CATALOGUE_READ)
    async def recipes(self, catalogue: NamedDependency[CatalogueService], page: PageQuery = 1) -> Page[RecipeSummary]:
        return await catalogue.list_page(page)

    @get("/recipes/{recipe_id:int}", opt=CATALOGUE_READ)
    async def recipe(self, recipe_id: PathId, catalogue: NamedDependency[CatalogueService]) -> RecipeOut:
        return await catalogue.detail(recipe_id)

    @get("/recipe-search", opt=CATALOGUE_READ)
    async def recipe_search(
        self, catalogue: NamedDependency[CatalogueService], page: PageQuery = 1, search: SearchQuery = ""
    ) -> Page[RecipeSummary]:
        return await catalogue.search_page(page, search)

    @post("/recipe-filter", status_code=HTTP_200_OK, opt=CATALOGUE_READ)
    async def recipe_filter(
        self, data: JSONBody[RecipeFilterIn], catalogue: NamedDependency[CatalogueService]
    ) -> Page[RecipeSummary]:
        return await catalogue.filter_page(data.pageToRequest, data.searchString, data.filters)

    @get("/user-saved-recipes")
    async def saved_recipes(
        self, auth: NamedDependency[Auth], catalogue: NamedDependency[CatalogueService]
    ) -> list[SavedRecipeOut]:
        return await catalogue.saved(auth.user.id)

    @post("/user-saved-recipes", status_code=HTTP_201_CREATED, raises=[NotFound])
    async def save_recipe(
        self, data: JSONBody[SaveIn], auth: NamedDependency[Auth], catalogue: NamedDependency[CatalogueService]
    ) -> list[SavedRecipeOut]:
        user_id = auth.user.id  # read before the write, which leaves the signed-in account unloaded
        await catalogue.save(user_id, data.recipe_id)
        return await catalogue.saved(user_id)

    @delete("/user-saved-recipes/{recipe_id:int}", status_code=HTTP_200_OK)
    async def unsave_recipe(
        self, recipe_id: PathId, auth: NamedDependency[Auth], catalogue: NamedDependency[CatalogueService]
    ) -> list[SavedRecipeOut]:
        user_id = auth.user.id  # read before the write, which leaves the signed-in account unloaded
        await catalogue.unsave(user_id, recipe_id)
        return await catalogue.saved(user_id)


class FormOptionsController(Controller):
    path = "/api/form-options"
    tags = ["catalogue"]
    opt = CATALOGUE_READ

    @get("/categories")
    async def categories(self, catalogue: NamedDependency[CatalogueService]) -> Data[list[OptionOut]]:
        return Data(data=await catalogue.category_options())

    @get("/ingredients")
    async def ingredients(self, catalogue: NamedDependency[CatalogueService]) -> Data[list[IngredientOptionOut]]:
        return Data(data=await catalogue.ingredient_options())

    @get("/recipes")
    async def recipes(
        self, catalogue: NamedDependency[CatalogueService], search: SearchQuery = ""
    ) -> Data[list[RecipeOptionOut]]:
        return Data(data=await catalogue.recipe_options(search))


__all__ = ["CatalogueController", "FormOptionsController"]
