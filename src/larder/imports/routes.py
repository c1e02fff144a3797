"""Imported-recipe calls of part 1 §7 under /api/pwa (contract-5-6 'Imported recipes')."""

from __future__ import annotations

from litestar import Controller, delete, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody
from litestar.status_codes import HTTP_201_CREATED

from larder.accounts.service import Auth, throttle_of
from larder.imports.schemas import ImportedRecipeEnvelope, ImportedRecipeOut, ImportIn
from larder.imports.service import IMPORTS_PER_USER, ImportService, checked_url, to_imported_out


class ImportController(Controller):
    path = "/api/pwa"
    tags = ["imports"]

    @get("/user-imported-recipes")
    async def imported_recipes(
        self, auth: NamedDependency[Auth], imports: NamedDependency[ImportService]
    ) -> list[ImportedRecipeOut]:
        return [to_imported_out(item) for item in await imports.owned(auth.user.id)]

    @post("/user-imported-recipes", status_code=HTTP_201_CREATED)
    async def import_recipe(
        self,
        data: JSONBody[ImportIn],
        state: State,
        auth: NamedDependency[Auth],
        imports: NamedDependency[ImportService],
    ) -> ImportedRecipeEnvelope:
        url = checked_url(data.url)  # an invalid link does not count against the limit
        user_id = auth.user.id
        throttle_of(state).hit(f"import:user:{user_id}", IMPORTS_PER_USER)
        item = await imports.import_url(user_id, url)
        return ImportedRecipeEnvelope(data=to_imported_out(item))

    @get("/user-imported-recipes/{import_id:int}")
    async def imported_recipe(
        self, import_id: FromPath[int], auth: NamedDependency[Auth], imports: NamedDependency[ImportService]
    ) -> ImportedRecipeOut:
        return to_imported_out(await imports.owned_one(auth.user.id, import_id))

    @delete("/user-imported-recipes/{import_id:int}")
    async def delete_imported_recipe(
        self, import_id: FromPath[int], auth: NamedDependency[Auth], imports: NamedDependency[ImportService]
    ) -> None:
        await imports.remove(auth.user.id, import_id)
