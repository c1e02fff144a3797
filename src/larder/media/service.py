"""Storing uploaded images: capped read, processing in a worker thread, random name, atomic write."""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path
from typing import Any, Protocol

import anyio.to_thread
from litestar import Request
from litestar.datastructures import State

from larder.core.base.errors import FormError
from larder.core.db.throttle import Limit, NoThrottle, Throttle, request_throttle
from larder.core.media.images import DECODE_SLOTS, ImageProcessingFailed, NotAnImage, process_image
from larder.media.schemas import MAX_UPLOAD_BYTES, MSG_FAILED, MSG_NOT_AN_IMAGE, MSG_TOO_LARGE, UPLOAD_FIELD

UPLOADS_PER_USER_MINUTE = Limit(20, 60)
UPLOADS_PER_USER_HOUR = Limit(200, 3600)


class Readable(Protocol):
    async def read(self, size: int = -1) -> bytes: ...


def new_upload_name() -> str:
    """A fresh unguessable name (192 random bits) that always passes the /uploads/{name} check, which wants
    URL-safe characters and a letter or digit first (a token may start with '-' or '_': draw again)."""
    while True:
        token = secrets.token_urlsafe(24)
        if token[0].isalnum():
            return f"{token}.jpg"


class MediaService:
    def __init__(self, uploads_dir: Path, throttle: Throttle | None = None) -> None:
        self.uploads_dir = uploads_dir
        self.throttle = throttle or NoThrottle()

    async def store_upload(self, user_id: int, upload: Readable) -> str:
        """Process and store one uploaded image; the stored name. FormError {file: [...]} when it is refused."""
        # A recipe with a picture for every step is a few dozen uploads; a script is far more.
        await self.throttle.hit(f"upload:user:{user_id}", UPLOADS_PER_USER_MINUTE)
        await self.throttle.hit(f"upload:user-hour:{user_id}", UPLOADS_PER_USER_HOUR)
        data = await upload.read(MAX_UPLOAD_BYTES + 1)  # never more than one byte past the limit
        if len(data) > MAX_UPLOAD_BYTES:
            raise _file_error(MSG_TOO_LARGE)
        return await anyio.to_thread.run_sync(self._process_and_write, data)

    def _process_and_write(self, data: bytes) -> str:
        with DECODE_SLOTS:
            try:
                processed = process_image(data)
            except NotAnImage:
                raise _file_error(MSG_NOT_AN_IMAGE) from None
            except ImageProcessingFailed:
                raise _file_error(MSG_FAILED) from None
        return self._write_atomically(processed.data)

    def _write_atomically(self, content: bytes) -> str:
        self.uploads_dir.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(dir=self.uploads_dir, prefix=".upload-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(content)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(temp_name, 0o644)
            while True:
                name = new_upload_name()
                target = self.uploads_dir / name
                if not target.exists():  # 192 random bits: a clash is practically impossible, but never overwrite
                    break
            os.replace(temp_name, target)
        except BaseException:
            Path(temp_name).unlink(missing_ok=True)
            raise
        return name


def collect_unused(uploads_dir: Path, referenced: set[str], *, grace_seconds: float, now: float) -> list[str]:
    """Delete stored images nothing refers to any more; the names deleted.

    A picture is uploaded before the recipe that shows it is saved, and a draft in the browser may
    hold it for days, so only files older than the grace period go. Unfinished temporary files of an
    upload that crashed go after the same period.
    """
    if not uploads_dir.is_dir():
        return []
    removed: list[str] = []
    for path in uploads_dir.iterdir():
        if path.name in referenced or not path.is_file():
            continue
        try:
            if now - path.stat().st_mtime < grace_seconds:
                continue
            path.unlink()
        except FileNotFoundError:
            continue
        removed.append(path.name)
    return sorted(removed)


def _file_error(message: str) -> FormError:
    return FormError({UPLOAD_FIELD: [message]})


__all__ = ["UPLOADS_PER_USER_HOUR", "UPLOADS_PER_USER_MINUTE", "MediaService", "collect_unused", "new_upload_name"]


async def provide_media_service(state: State, request: Request[Any, Any, Any]) -> MediaService:
    return MediaService(state["settings"].uploads_dir, request_throttle(state, None))
