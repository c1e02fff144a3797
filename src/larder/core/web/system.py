"""Health and version endpoints; know nothing of any domain."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Response, get
from litestar.datastructures import State

from larder.core.web.access import PUBLIC
from larder.core.web.spa import NO_CACHE_HEADERS


class Health(msgspec.Struct):
    status: str
    version: str


@get("/api/health", tags=["system"], sync_to_thread=False, opt=PUBLIC)
def health(state: State) -> Health:
    return Health(status="ok", version=state["settings"].version)


@get("/latest-version.json", include_in_schema=False, sync_to_thread=False, opt=PUBLIC)
def latest_version(state: State) -> Response[Any]:
    # The PWA compares this with its installed version to offer the Update button.
    return Response({"currentVersion": state["settings"].version}, headers=NO_CACHE_HEADERS)
