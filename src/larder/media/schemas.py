"""Wire contract of image uploads (POST /api/pwa/uploads) and the user-facing texts of the spec (§5 'Image')."""

from __future__ import annotations

import msgspec

MAX_UPLOAD_BYTES = 2 * 1024 * 1024  # 2097152, spec §9 'Image size limit'
UPLOAD_FIELD = "file"
# What core.images takes, told by the content (not by a name or a declared type).
ACCEPTED_IMAGE_TYPES = ("image/jpeg", "image/png", "image/gif", "image/webp")

MSG_TOO_LARGE = "file size must be under 2MB."
MSG_NOT_AN_IMAGE = "only image files are allowed."
MSG_FAILED = "failed to process image."
MSG_NO_FILE = "Please choose an image file to upload."


class UploadOut(msgspec.Struct):
    image: str  # the stored name, served at /uploads/{image}
