"""Serving the built web app: hashed assets cached forever, index.html for client routes.

`html_mode` static serving cannot give a client-side router its deep links, so every GET that is
not under /api and is not a real top-level file of the build answers index.html (no-cache).

The build stores each script and stylesheet of /assets also compressed (`name.br`, `name.gz`, see
webui/vite.config.ts): those are sent as they are to a browser that accepts them, Brotli first,
instead of compressing the same bytes again on every request.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path
from typing import Any

from litestar import Request, Response, Router, get, route
from litestar.datastructures import CacheControlHeader
from litestar.enums import HttpMethod
from litestar.params import FromPath
from litestar.response import File

from larder.core.base.errors import NotFound
from larder.core.base.logsafe import loggable
from larder.core.web.access import PUBLIC
from larder.core.web.headers import app_page

mimetypes.add_type("application/manifest+json", ".webmanifest")
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("image/svg+xml", ".svg")

NO_CACHE = CacheControlHeader(no_cache=True)
NO_CACHE_HEADERS = {"Cache-Control": NO_CACHE.to_header()}
IMMUTABLE = CacheControlHeader(max_age=31_536_000, public=True, immutable=True)
# A route with this key in its `opt` is left alone by the compression middleware (app.py).
ALREADY_COMPRESSED = "already_compressed"
# The stored encodings of an asset, best first: (Content-Encoding, suffix of the stored file).
ASSET_ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
_NOT_BUILT = (
    "<!doctype html><meta charset=utf-8><title>Larder</title>"
    "<p>The web app has not been built. Run <code>make setup</code> (or <code>npm run build</code>).</p>"
)


# The longest file name the build has is far below this; a longer segment is a client route (or
# noise), and asking the file system about it would fail with ENAMETOOLONG.
FILE_NAME_MAX = 128


def _top_level_file(dist: Path, path: str) -> Path | None:
    """A real file directly in `dist` (service worker, manifest, icons; an asset), never outside it."""
    if not path or "/" in path or "\\" in path or path.startswith(".") or len(path) > FILE_NAME_MAX:
        return None
    try:
        candidate = (dist / path).resolve()
        candidate.relative_to(dist.resolve())
        return candidate if candidate.is_file() and candidate.name != "index.html" else None
    except (ValueError, OSError):  # outside the build, NUL in the name, or a name the OS refuses
        return None


def accepted_encodings(header: str) -> set[str]:
    """The content codings an Accept-Encoding header allows (`;q=0` refuses one)."""
    accepted = set()
    for part in header.split(","):
        name, *params = (piece.strip() for piece in part.split(";"))
        quality = next((param[2:] for param in params if param.lower().startswith("q=")), "1")
        try:
            if name and float(quality) > 0:
                accepted.add(name.lower())
        except ValueError:
            continue
    return accepted


def _asset_answer(dist: Path, path: str, accept_encoding: str) -> Response[Any]:
    relative = path.lstrip("/")
    assets = dist / "assets"
    file = _top_level_file(assets, relative)
    if file is None or file.suffix in (".br", ".gz"):
        raise NotFound("No such file in the web app.")
    media_type = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
    headers = {"Cache-Control": IMMUTABLE.to_header(), "Vary": "Accept-Encoding"}
    accepted = accepted_encodings(accept_encoding)
    for encoding, suffix in ASSET_ENCODINGS:
        stored = file.with_name(file.name + suffix)
        if encoding in accepted and stored.is_file():
            return File(
                path=stored,
                filename=file.name,
                media_type=media_type,
                content_disposition_type="inline",
                headers={**headers, "Content-Encoding": encoding},
            )
    return File(path=file, media_type=media_type, content_disposition_type="inline", headers=headers)


def spa_router(dist: Path) -> Router:
    index = dist / "index.html"

    @route("/api/{path:path}", http_method=list(HttpMethod), include_in_schema=False, sync_to_thread=False)
    def unknown_api(path: FromPath[str]) -> None:
        raise NotFound(f"No API route at /api{loggable(path)}.")

    @get(["/", "/{path:path}"], include_in_schema=False, sync_to_thread=False)
    def client_route(path: FromPath[str] = "/") -> Response[Any]:
        relative = path.lstrip("/")
        file = _top_level_file(dist, relative)
        if file is not None:
            media_type = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            headers = dict(NO_CACHE_HEADERS)
            if file.name == "service-worker.js":
                headers["Service-Worker-Allowed"] = "/"
            return File(path=file, media_type=media_type, content_disposition_type="inline", headers=headers)
        if not index.is_file():
            return Response(_NOT_BUILT, media_type="text/html", status_code=503, headers=NO_CACHE_HEADERS)
        return app_page(index, NO_CACHE_HEADERS)

    @get("/assets/{path:path}", include_in_schema=False, sync_to_thread=False, opt={ALREADY_COMPRESSED: True})
    def assets(path: FromPath[str], request: Request[Any, Any, Any]) -> Response[Any]:
        return _asset_answer(dist, path, request.headers.get("accept-encoding", ""))

    # The web app is public (it signs in itself); an unknown API path is a 404 for anyone.
    return Router(path="/", route_handlers=[unknown_api, client_route, assets], opt=PUBLIC)
