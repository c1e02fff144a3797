"""Imported-recipe calls of part 1 §7 under /api/pwa."""

from __future__ import annotations

from litestar import Controller, delete, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody
from litestar.status_codes import HTTP_201_CREATED

from larder.accounts.service import Auth
from larder.core.ids import PathId
from larder.core.wire import Data
from larder.imports.schemas import ImportedRecipeOut, ImportIn
from larder.imports.service import ImportService


class ImportController(Controller):
    path = "/api/pwa"
    tags = ["imports"]

    @get("/user-imported-recipes")
    async def imported_recipes(
        self, auth: NamedDependency[Auth], imports: NamedDependency[ImportService]
    ) -> list[ImportedRecipeOut]:
        return await imports.owned(auth.user.id)

    @post("/user-imported-recipes", status_code=HTTP_201_CREATED)
    async def import_recipe(
        self, data: JSONBody[ImportIn], auth: NamedDependency[Auth], imports: NamedDependency[ImportService]
    ) -> Data[ImportedRecipeOut]:
        return Data(data=await imports.import_url(auth.user.id, data.url))

    @get("/user-imported-recipes/{import_id:int}")
    async def imported_recipe(
        self, import_id: PathId, auth: NamedDependency[Auth], imports: NamedDependency[ImportService]
    ) -> ImportedRecipeOut:
        return await imports.owned_one(auth.user.id, import_id)

    @delete("/user-imported-recipes/{import_id:int}")
    async def delete_imported_recipe(
        self, import_id: PathId, auth: NamedDependency[Auth], imports: NamedDependency[ImportService]
    ) -> None:
        await imports.remove(auth.user.id, import_id)
