"""Imported recipes' pictures, served from here: the browser never loads an image from another site.

An import keeps its page's image links as the page gave them (`data.image`). They leave the API as
same-origin addresses, `/api/pwa/imported-images/{signature}?u=<link>`, where the signature is an
HMAC of the link under the instance's secret key (`proxied_image`). The proxy (`ImageProxy`) takes
only links the server itself handed out: a missing, forged or altered signature is a 404 before
anything is fetched, so it cannot be used as an open proxy. It is public, as /uploads is: an <img>
sends no bearer token.

A signed link is fetched through the import's guarded fetcher (imports/fetch.py: the same address
rules, redirects checked, timeouts), at most 10 MB and only an image type (never SVG), then decoded
and re-encoded by core/media/images.py like an upload (a metadata-free JPEG of at most 1920x1080; too many
pixels, a decompression bomb, a polyglot or a broken file is refused). What cannot be fetched is a
404, what is not an accepted image a 415; neither is stored, and the same link is not fetched again
for `FAILURE_SECONDS` (per process), so a broken link cannot make the server fetch it over and over.

The re-encoded image is kept in DATA_DIR/image-cache/ (one file per link, named by its SHA-256), so
a picture seen again costs no fetch. The folder stays under `CACHE_MAX_BYTES`: after each new file
the least recently seen go first (a view refreshes a file's modification time, at most hourly).
Concurrent first views of one link share one fetch. The cache is not part of a backup; an emptied
cache only costs fetching again.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import json
import logging
import os
import re
import tempfile
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import anyio
import anyio.to_thread

from larder.core.base.errors import AppError, NotFound
from larder.core.base.logsafe import loggable_url
from larder.core.media.images import DECODE_SLOTS, ImageError, process_image
from larder.imports.fetch import FetchError, FetchPolicy, WrongContent, fetch_image

logger = logging.getLogger("larder.imports")

IMAGE_PATH = "/api/pwa/imported-images"
LINK_PARAM = "u"
MAX_LINK_LENGTH = 2048
SIGNATURE_BYTES = 16  # 128 bits of HMAC-SHA256, 22 characters in the address
IMAGE_MAX_BYTES = 10 * 1024 * 1024  # what is read of the site's answer, before re-encoding
CACHE_DIR_NAME = "image-cache"
CACHE_MAX_BYTES = 256 * 1024 * 1024  # about a thousand pictures at 1920x1080
TOUCH_AFTER_SECONDS = 3600.0  # a view refreshes a cached file's age at most this often
FAILURE_SECONDS = 300.0  # a link that failed is not fetched again for this long
FAILURES_KEPT = 1000
FETCH_SLOTS = 4  # image fetches at once per process: each may hold up to IMAGE_MAX_BYTES
TEMP_MAX_AGE_SECONDS = 3600.0  # an unfinished write (a crash) is swept after this

MSG_NO_IMAGE = "No such image."
MSG_NOT_AN_IMAGE = "The link does not lead to an image that can be shown."

_PURPOSE = b"larder imported image\n"
_UNSAFE_CHARS = re.compile(r"[\s\x00-\x1f\x7f]")
_SIGNATURE = re.compile(r"[A-Za-z0-9_-]{22}")


class ImageNotAccepted(AppError):
    """The site answered with something that is not an image Larder shows (HTML, SVG, broken...)."""

    status_code = 415


# -- the addresses handed to the browser ---------------------------------------------------------


def image_link(value: Any) -> str | None:
    """`value` as an image link the proxy may fetch (an absolute http(s) URL, no spaces or control
    characters, at most 2048 characters), or None."""
    if not isinstance(value, str):
        return None
    link = value.strip()
    if not link or len(link) > MAX_LINK_LENGTH or _UNSAFE_CHARS.search(link):
        return None
    try:
        link.encode("utf-8")
        parts = urlsplit(link)
        host = parts.hostname
    except (UnicodeError, ValueError):
        return None
    if parts.scheme.lower() not in ("http", "https") or not host:
        return None
    return link


def image_signature(key: str, link: str) -> str:
    mac = hmac.new(key.encode("utf-8"), _PURPOSE + link.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:SIGNATURE_BYTES]).rstrip(b"=").decode("ascii")


def is_signed(key: str, signature: str, link: str) -> bool:
    """True only when `signature` is the one this instance gives `link` (compared in constant time)."""
    if not _SIGNATURE.fullmatch(signature) or image_link(link) != link:
        return False
    return hmac.compare_digest(signature, image_signature(key, link))


def proxied_image(key: str, value: Any) -> str | None:
    """The same-origin address that shows the image link `value`, or None when it is not a link."""
    link = image_link(value)
    if link is None:
        return None
    # Only what a query value must escape: the address stays readable and short (a meal plan keeps
    # at most 300 characters of it).
    return f"{IMAGE_PATH}/{image_signature(key, link)}?{LINK_PARAM}={quote(link, safe=':/@!$()*,')}"


def proxied_images(key: str, value: Any) -> Any:
    """schema.org's `image` as answered: each link (alone, in a list, or an ImageObject's `url`)
    becomes its proxied address; anything that is not a link is left out ("" when none is left)."""
    if value is None:
        return None
    if isinstance(value, list):
        return [shown for item in value if (shown := proxied_images(key, item))]
    if isinstance(value, dict):
        value = value.get("url")
    return proxied_image(key, value) or ""


def proxied_data(key: str, data: str) -> str:
    """An import's stored `data` JSON text as answered: its `image` proxied, the rest as kept."""
    if '"image"' not in data:
        return data
    try:
        parsed = json.loads(data)
    except ValueError:
        return data
    if not isinstance(parsed, dict) or "image" not in parsed:
        return data
    parsed["image"] = proxied_images(key, parsed["image"])
    return json.dumps(parsed, ensure_ascii=False)


# -- the proxy -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Failure:
    until: float
    not_an_image: bool


def image_fetch_policy(policy: FetchPolicy) -> FetchPolicy:
    """The import's fetch policy with the image size cap."""
    return replace(policy, max_bytes=IMAGE_MAX_BYTES)


def cache_name(link: str) -> str:
    return hashlib.sha256(link.encode("utf-8")).hexdigest() + ".jpg"


class ImageProxy:
    """Fetches, re-encodes and keeps imported images (one per process, kept in the app's state)."""

    def __init__(
        self,
        key: str,
        cache_dir: Path,
        policy: FetchPolicy,
        *,
        max_bytes: int = CACHE_MAX_BYTES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.key = key
        self.cache_dir = cache_dir
        self.policy = image_fetch_policy(policy)
        self.max_bytes = max_bytes
        self.clock = clock
        self._pending: dict[str, asyncio.Task[bytes]] = {}
        self._failures: OrderedDict[str, _Failure] = OrderedDict()
        self._slots: asyncio.Semaphore | None = None

    async def signed_image(self, signature: str, link: str) -> bytes:
        """The re-encoded JPEG behind an address this instance handed out: from the cache, or
        fetched once and kept.

        Raises NotFound for an unsigned or altered address (nothing is fetched) and for a picture
        that cannot be fetched, ImageNotAccepted when the link does not lead to an accepted image.
        """
        if not is_signed(self.key, signature, link):
            raise NotFound(MSG_NO_IMAGE)
        name = cache_name(link)
        if name not in self._pending:  # with a fetch under way, its result is awaited instead
            cached = await anyio.to_thread.run_sync(self._read, name)
            if cached is not None:
                return cached
            failure = self._failures.get(name)
            if failure is not None and failure.until > self.clock():
                raise _refusal(failure.not_an_image)
            self._failures.pop(name, None)
        task = self._pending.get(name)
        if task is None:
            task = asyncio.ensure_future(self._fetch_and_keep(link, name))
            self._pending[name] = task
            task.add_done_callback(lambda done: self._settled(name, done))
        # Shielded: a viewer who goes away does not cancel the fetch the others wait for.
        return await asyncio.shield(task)

    def _settled(self, name: str, task: asyncio.Task[bytes]) -> None:
        self._pending.pop(name, None)
        if not task.cancelled():
            task.exception()  # seen, even when every viewer went away before the end

    async def _fetch_and_keep(self, link: str, name: str) -> bytes:
        if self._slots is None:
            self._slots = asyncio.Semaphore(FETCH_SLOTS)
        try:
            async with self._slots:
                page = await fetch_image(link, self.policy)
                return await anyio.to_thread.run_sync(self._process_and_keep, page.body, name)
        except WrongContent as exc:
            raise self._failed(link, name, exc.reason, not_an_image=True) from None
        except FetchError as exc:
            raise self._failed(link, name, exc.reason, not_an_image=False) from None
        except ImageError as exc:
            raise self._failed(link, name, str(exc), not_an_image=True) from None
        except Exception:  # a bug must not turn into a 500: the picture is missing, the page shows
            logger.exception("imported image %s failed unexpectedly", loggable_url(link))
            raise self._failed(link, name, "unexpected error", not_an_image=False) from None

    def _failed(self, link: str, name: str, reason: str, *, not_an_image: bool) -> AppError:
        """Remember the failure for a while; the answer to give."""
        logger.info("imported image %s not shown: %s", loggable_url(link), loggable_url(reason, 500))
        self._failures[name] = _Failure(self.clock() + FAILURE_SECONDS, not_an_image)
        self._failures.move_to_end(name)
        while len(self._failures) > FAILURES_KEPT:
            self._failures.popitem(last=False)
        return _refusal(not_an_image)

    # -- the cache folder (these run in a worker thread) -------------------------------------------

    def _read(self, name: str) -> bytes | None:
        path = self.cache_dir / name
        try:
            data = path.read_bytes()
            if time.time() - path.stat().st_mtime > TOUCH_AFTER_SECONDS:
                os.utime(path)  # seen now: the last to be evicted
        except FileNotFoundError:
            return None
        return data

    def _process_and_keep(self, body: bytes, name: str) -> bytes:
        with DECODE_SLOTS:
            data = process_image(body).data
        try:
            self._write(name, data)
            self.prune()
        except OSError as exc:  # a full or read-only disk: shown all the same, fetched again next time
            logger.warning("imported image not kept in %s: %s", self.cache_dir, exc)
        return data

    def _write(self, name: str, data: bytes) -> None:
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(dir=self.cache_dir, prefix=".image-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(temp_name, 0o644)
            os.replace(temp_name, self.cache_dir / name)
        except BaseException:
            Path(temp_name).unlink(missing_ok=True)
            raise

    def prune(self) -> list[str]:
        """Remove the least recently seen files until the folder holds at most `max_bytes`; the names
        removed. Counted from the folder itself, so what other server processes wrote counts too."""
        files: list[tuple[float, int, Path]] = []
        now = time.time()
        with contextlib.suppress(FileNotFoundError), os.scandir(self.cache_dir) as entries:
            for entry in entries:
                try:
                    stat = entry.stat()
                    if entry.name.endswith(".tmp"):
                        if now - stat.st_mtime > TEMP_MAX_AGE_SECONDS:
                            os.unlink(entry.path)
                        continue
                except FileNotFoundError:
                    continue
                files.append((stat.st_mtime, stat.st_size, Path(entry.path)))
        total = sum(size for _mtime, size, _path in files)
        removed: list[str] = []
        for _mtime, size, path in sorted(files, key=lambda item: item[0]):
            if total <= self.max_bytes:
                break
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
                removed.append(path.name)
            total -= size
        return removed


def _refusal(not_an_image: bool) -> AppError:
    return ImageNotAccepted(MSG_NOT_AN_IMAGE) if not_an_image else NotFound(MSG_NO_IMAGE)


__all__ = [
    "CACHE_DIR_NAME",
    "CACHE_MAX_BYTES",
    "IMAGE_MAX_BYTES",
    "IMAGE_PATH",
    "LINK_PARAM",
    "MSG_NOT_AN_IMAGE",
    "MSG_NO_IMAGE",
    "ImageNotAccepted",
    "ImageProxy",
    "cache_name",
    "image_link",
    "image_signature",
    "is_signed",
    "proxied_data",
    "proxied_image",
    "proxied_images",
]
