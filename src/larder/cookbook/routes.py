"""Own recipes (creator, editor, validate) and publish requests under /api/pwa."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Response, delete, get, post, put
from litestar.di import NamedDependency
from litestar.params import JSONBody
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED, HTTP_409_CONFLICT

from larder.accounts.service import Auth
from larder.cookbook.schemas import (
    PublishIn,
    PublishRejectedOut,
    PublishRequestOut,
    RecipeDraftIn,
    UnpublishBody,
    UserRecipeIn,
    UserRecipeOut,
    ValidateOut,
)
from larder.cookbook.service import CookbookService, PublishingService
from larder.core.base.errors import Conflict, NotFound
from larder.core.base.ids import PathId
from larder.core.base.wire import Data


class CookbookController(Controller):
    path = "/api/pwa"
    tags = ["cookbook"]

    @get("/user-recipe-creator")
    async def list_recipes(
        self, auth: NamedDependency[Auth], cookbook: NamedDependency[CookbookService]
    ) -> list[UserRecipeOut]:
        return await cookbook.list_own(auth.user.id)

    @post("/user-recipe-creator", status_code=HTTP_201_CREATED, raises=[NotFound])
    async def create_recipe(
        self, data: JSONBody[UserRecipeIn], auth: NamedDependency[Auth], cookbook: NamedDependency[CookbookService]
    ) -> Data[UserRecipeOut]:
        return Data(data=await cookbook.create_own(auth.user.id, data))

    @get("/user-recipe-creator/{user_recipe_id:int}")
    async def get_recipe(
        self, user_recipe_id: PathId, auth: NamedDependency[Auth], cookbook: NamedDependency[CookbookService]
    ) -> UserRecipeOut:
        return await cookbook.get_own(auth.user.id, user_recipe_id)

    @put("/user-recipe-creator/{user_recipe_id:int}")
    async def update_recipe(
        self,
        user_recipe_id: PathId,
        data: JSONBody[UserRecipeIn],
        auth: NamedDependency[Auth],
        cookbook: NamedDependency[CookbookService],
    ) -> Data[UserRecipeOut]:
        return Data(data=await cookbook.update_own(auth.user.id, user_recipe_id, data))

    @delete("/user-recipe-creator/{user_recipe_id:int}")
    async def delete_recipe(
        self, user_recipe_id: PathId, auth: NamedDependency[Auth], cookbook: NamedDependency[CookbookService]
    ) -> None:
        await cookbook.delete_own(auth.user.id, user_recipe_id)

    @post("/user-recipe-validate", status_code=HTTP_200_OK)
    async def validate_recipe(
        self, data: JSONBody[RecipeDraftIn], auth: NamedDependency[Auth], cookbook: NamedDependency[CookbookService]
    ) -> ValidateOut:
        return await cookbook.validate(auth.user.id, data)


class PublishRequestController(Controller):
    path = "/api/pwa/publish-requests"
    tags = ["cookbook"]

    @get("/")
    async def list_requests(
        self, auth: NamedDependency[Auth], publishing: NamedDependency[PublishingService]
    ) -> list[PublishRequestOut]:
        return await publishing.own_requests(auth.user.id)

    @post("/", raises=[Conflict, NotFound])
    async def request_publish(
        self, data: JSONBody[PublishIn], auth: NamedDependency[Auth], publishing: NamedDependency[PublishingService]
    ) -> Response[Any]:
        request, error = await publishing.request_publish(auth.user.id, data.entity_id)
        if error is not None:
            # Answered, not raised: the rejected request is kept (its write has committed). The
            # recipe as it stands conflicts with publishing (409): the body itself was fine.
            return Response(
                PublishRejectedOut(message=error, error=error, request=request),
                status_code=HTTP_409_CONFLICT,
            )
        return Response(Data(data=request), status_code=HTTP_201_CREATED)

    @get("/{request_id:int}/cancel", raises=[Conflict])
    async def cancel_request(
        self, request_id: PathId, auth: NamedDependency[Auth], publishing: NamedDependency[PublishingService]
    ) -> Data[PublishRequestOut]:
        return Data(data=await publishing.cancel_request(auth.user.id, request_id))

    @put("/unpublish", status_code=HTTP_200_OK, raises=[Conflict, NotFound])
    async def unpublish(
        self,
        data: UnpublishBody,
        auth: NamedDependency[Auth],
        publishing: NamedDependency[PublishingService],
    ) -> Data[UserRecipeOut]:
        user_recipe_id = data if isinstance(data, int) else data.user_recipe_id
        return Data(data=await publishing.unpublish(auth.user.id, user_recipe_id))


__all__ = ["CookbookController", "PublishRequestController"]
