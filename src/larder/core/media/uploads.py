"""Serving stored images from the data dir's uploads folder at /uploads/{name}."""

from __future__ import annotations

import mimetypes
import re
from typing import Any

from litestar import Response, get
from litestar.datastructures import State
from litestar.params import FromPath
from litestar.response import File

from larder.core.base.errors import NotFound
from larder.core.web.access import PUBLIC

# The one pattern of a stored upload's name (what media.service makes, what recipes may refer to).
UPLOAD_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$")


def is_upload_name(name: str) -> bool:
    return bool(UPLOAD_NAME.match(name)) and ".." not in name


# Stored names are never reused for other content, so a long cache is safe; the policy keeps an
# image from running anything even if opened directly. Every image the server serves has them.
STORED_IMAGE_HEADERS = {
    "Cache-Control": "public, max-age=604800",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "X-Content-Type-Options": "nosniff",
}


# Public like the pages that show them: names are unguessable, and <img> sends no bearer token.
@get("/uploads/{name:str}", include_in_schema=False, sync_to_thread=False, opt=PUBLIC)
def uploaded_file(name: FromPath[str], state: State) -> Response[Any]:
    if not is_upload_name(name):
        raise NotFound("No such file.")
    path = state["settings"].uploads_dir / name
    if not path.is_file():
        raise NotFound("No such file.")
    media_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
    return File(path=path, media_type=media_type, content_disposition_type="inline", headers=STORED_IMAGE_HEADERS)
