"""Serving stored images from the data dir's uploads folder at /uploads/{name}."""

from __future__ import annotations

import mimetypes
import re
from typing import Any

from litestar import Response, get
from litestar.datastructures import State
from litestar.params import FromPath
from litestar.response import File

from larder.core.errors import NotFound

_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$")
# Stored names are never reused for other content, so a long cache is safe; the policy keeps an
# image from running anything even if opened directly.
_HEADERS = {
    "Cache-Control": "public, max-age=604800",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "X-Content-Type-Options": "nosniff",
}


@get("/uploads/{name:str}", include_in_schema=False, sync_to_thread=False)
def uploaded_file(name: FromPath[str], state: State) -> Response[Any]:
    if not _SAFE_NAME.match(name) or ".." in name:
        raise NotFound("No such file.")
    path = state["settings"].uploads_dir / name
    if not path.is_file():
        raise NotFound("No such file.")
    media_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
    return File(path=path, media_type=media_type, content_disposition_type="inline", headers=_HEADERS)
