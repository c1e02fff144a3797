"""Imported-recipe calls of part 1 §7 under /api/pwa, and the proxy that shows their pictures."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, delete, get, post
from litestar.di import NamedDependency, Provide
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import JSONBody, PathParameter, QueryParameter
from litestar.status_codes import HTTP_201_CREATED

from larder.accounts.service import Auth
from larder.core.base.errors import NotFound, TooManyRequests
from larder.core.base.ids import PathId
from larder.core.base.wire import Data
from larder.core.media.uploads import STORED_IMAGE_HEADERS
from larder.core.web.access import PUBLIC
from larder.core.web.openapi import ErrorOut
from larder.core.web.spa import ALREADY_COMPRESSED
from larder.imports.images import ImageNotAccepted
from larder.imports.schemas import ImportedRecipeOut, ImportIn
from larder.imports.service import ImageProxy, ImportService, provide_image_proxy


class ImportController(Controller):
    path = "/api/pwa"
    tags = ["imports"]

    @get("/user-imported-recipes")
    async def imported_recipes(
        self, auth: NamedDependency[Auth], imports: NamedDependency[ImportService]
    ) -> list[ImportedRecipeOut]:
        return await imports.owned(auth.user.id)

    @post("/user-imported-recipes", status_code=HTTP_201_CREATED, raises=[TooManyRequests])
    async def import_recipe(
        self, data: JSONBody[ImportIn], auth: NamedDependency[Auth], imports: NamedDependency[ImportService]
    ) -> Data[ImportedRecipeOut]:
        return Data(data=await imports.import_url(auth.user.id, data.url))

    @get("/user-imported-recipes/{import_id:int}", raises=[NotFound])
    async def imported_recipe(
        self, import_id: PathId, auth: NamedDependency[Auth], imports: NamedDependency[ImportService]
    ) -> ImportedRecipeOut:
        return await imports.owned_one(auth.user.id, import_id)

    @delete("/user-imported-recipes/{import_id:int}", raises=[NotFound])
    async def delete_imported_recipe(
        self, import_id: PathId, auth: NamedDependency[Auth], imports: NamedDependency[ImportService]
    ) -> None:
        await imports.remove(auth.user.id, import_id)

    # Public like /uploads (an <img> sends no bearer token); only addresses this server signed are
    # served. A JPEG compresses no further: the answer is sent as it is.
    @get(
        "/imported-images/{signature:str}",
        opt={**PUBLIC, ALREADY_COMPRESSED: True},
        media_type="image/jpeg",
        dependencies={"image_proxy": Provide(provide_image_proxy, sync_to_thread=False)},
        raises=[NotFound, ImageNotAccepted],
        responses={
            200: ResponseSpec(
                data_container=bytes,
                media_type="image/jpeg",
                description="The picture: a JPEG of at most 1920x1080, kept for a week by the browser.",
                generate_examples=False,
            ),
            415: ResponseSpec(
                data_container=ErrorOut,
                description="The link does not lead to an image that can be shown (not an image, SVG, broken).",
                generate_examples=False,
            ),
        },
    )
    async def imported_image(
        self,
        signature: Annotated[str, PathParameter(description="The server's signature of the link.")],
        image_proxy: NamedDependency[ImageProxy],
        u: Annotated[str, QueryParameter(description="The image's link on its own site.")] = "",
    ) -> Response[bytes]:
        """The picture of an imported recipe, fetched from its site once, re-encoded as a JPEG and
        kept: the addresses come from the answers' `data.image`. 404 for an address this server did
        not hand out (nothing is fetched) or a picture that cannot be fetched."""
        return Response(
            await image_proxy.signed_image(signature, u), media_type="image/jpeg", headers=STORED_IMAGE_HEADERS
        )
