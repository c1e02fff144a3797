"""POST /api/pwa/uploads: signed-in users upload one image (multipart field `file`).

The app-wide guard refuses a missing or dead token before the body is read, so nobody can make
the server parse an upload without a session.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from litestar import Controller, post
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency, Provide

from larder.core.base.errors import FormError, TooManyRequests
from larder.core.media.upload_forms import image_form, image_form_operation
from larder.media.schemas import ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, MSG_NO_FILE, UPLOAD_FIELD, UploadOut
from larder.media.service import MediaService, provide_media_service

# The form as the document shows it: one part `file`, an image of at most 2 MB. A type built at
# runtime is no type to mypy: it sees the dict the form is.
if TYPE_CHECKING:
    UploadForm = dict[str, Any]
else:
    UploadForm = image_form(
        UPLOAD_FIELD, MAX_UPLOAD_BYTES, "A JPEG, PNG, GIF or WebP image of at most 2 MB (2097152 bytes)."
    )
UploadOperation = image_form_operation(UPLOAD_FIELD, ACCEPTED_IMAGE_TYPES)


class MediaController(Controller):
    path = "/api/pwa"
    tags = ["media"]
    dependencies = {"media": Provide(provide_media_service)}

    # No database session at all: the throttle counts on sessions of its own, the image goes to a file.
    @post("/uploads", operation_class=UploadOperation, raises=[TooManyRequests])
    async def upload_image(
        self, data: UploadForm, caller_id: NamedDependency[int], media: NamedDependency[MediaService]
    ) -> UploadOut:
        """Answer 201 {image: name}; 422 {message, errors: {file: [...]}} when the file is refused."""
        upload = data.get(UPLOAD_FIELD) if isinstance(data, dict) else None
        if isinstance(upload, list):  # several parts named `file`: the first one that is a file
            upload = next((item for item in upload if isinstance(item, UploadFile)), None)
        if not isinstance(upload, UploadFile):
            raise FormError({UPLOAD_FIELD: [MSG_NO_FILE]})
        return UploadOut(image=await media.store_upload(caller_id, upload))
