"""POST /api/pwa/uploads: signed-in users upload one image (multipart field `file`).

The app-wide guard refuses a missing or dead token before the body is read, so nobody can make
the server parse an upload without a session.
"""

from __future__ import annotations

from typing import Any

from litestar import Controller, post
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency, Provide
from litestar.params import MultipartBody

from larder.core.errors import FormError
from larder.media.schemas import MSG_NO_FILE, UPLOAD_FIELD, UploadOut
from larder.media.service import MediaService, provide_media_service


class MediaController(Controller):
    path = "/api/pwa"
    tags = ["media"]
    dependencies = {"media": Provide(provide_media_service)}

    @post("/uploads")
    async def upload_image(
        self, data: MultipartBody[dict[str, Any]], caller_id: NamedDependency[int], media: NamedDependency[MediaService]
    ) -> UploadOut:
        """Answer 201 {image: name}; 422 {message, errors: {file: [...]}} when the file is refused."""
        upload = data.get(UPLOAD_FIELD) if isinstance(data, dict) else None
        if isinstance(upload, list):  # several parts named `file`: the first one that is a file
            upload = next((item for item in upload if isinstance(item, UploadFile)), None)
        if not isinstance(upload, UploadFile):
            raise FormError({UPLOAD_FIELD: [MSG_NO_FILE]})
        return UploadOut(image=await media.store_upload(caller_id, upload))
