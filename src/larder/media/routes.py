"""POST /api/pwa/uploads: signed-in users upload one image (multipart field `file`)."""

from __future__ import annotations

from typing import Any

from litestar import Controller, post
from litestar.connection import ASGIConnection
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency, Provide
from litestar.handlers import BaseRouteHandler
from litestar.params import MultipartBody

from larder.accounts.service import MSG_NO_SESSION, Auth
from larder.core.errors import FormError, Unauthorized
from larder.media.schemas import MSG_NO_FILE, UPLOAD_FIELD, UploadOut
from larder.media.service import MediaService, provide_media_service


def bearer_present(connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler) -> None:
    """Cheap pre-check that runs before the body is read: no token, no upload parsing (the token itself is then
    checked by the `auth` dependency)."""
    scheme, _sep, token = connection.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized(MSG_NO_SESSION)


class MediaController(Controller):
    path = "/api/pwa"
    tags = ["media"]
    dependencies = {"media": Provide(provide_media_service)}

    @post("/uploads", guards=[bearer_present])
    async def upload_image(
        self,
        data: MultipartBody[dict[str, Any]],
        auth: NamedDependency[Auth],
        media: NamedDependency[MediaService],
    ) -> UploadOut:
        """Answer 201 {image: name}; 422 {message, errors: {file: [...]}} when the file is refused."""
        upload = data.get(UPLOAD_FIELD) if isinstance(data, dict) else None
        if isinstance(upload, list):  # several parts named `file`: the first one that is a file
            upload = next((item for item in upload if isinstance(item, UploadFile)), None)
        if not isinstance(upload, UploadFile):
            raise FormError({UPLOAD_FIELD: [MSG_NO_FILE]})
        return UploadOut(image=await media.store_upload(upload))
