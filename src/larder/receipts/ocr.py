"""The on-device text recognition engine (rapidocr-onnxruntime's models, see engine.py).

One `ReceiptReader` per process (kept in app state). The engine runs in a worker process of its
own (larder/core/process/worker_process.py), started on the first scan (not at server start) and ended
after `idle_seconds` without one (`LARDER_OCR_IDLE_SECONDS`, 120 by default): a household scanning
a few receipts in a row pays the start once (~1 s: imports and models), and the server's memory is
back to exactly what it was a couple of minutes later. In a thread of the server the same engine
would leave it ~120 MB larger for good: numpy, OpenCV and onnxruntime (~70 MB of libraries once
imported) never leave a Python process, and neither do the pages glibc keeps after a scan's large
buffers (measured: 101 MB before the first scan, 219 MB after unloading the engine and
`malloc_trim`).

One scan at a time per process: the members take turns for it (turns.ScanTurns: one scan per
member in flight or waiting, the others in the order they came, a few waiting at most), and a read
while another runs raises `ScanBusy` at once. The photo is checked by content (magic bytes) before
the worker is involved; the worker decodes it with Pillow with the limits of larder.core.media.images
(decompression bombs refused), upright by its EXIF orientation, grey and downscaled first.

A request is one message, the photo's bytes; the answer is JSON
{"boxes": [[text, [[x, y] x4], score], ...]} or {"error": "not_an_image" | "failed"}. A photo that
takes longer than `deadline_seconds` gets the worker killed.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable
from typing import Any

from larder.core.process.worker_process import WorkerGaveNoAnswer, WorkerProcess, serve
from larder.receipts.lines import Box

logger = logging.getLogger("larder.receipts")

IDLE_SECONDS = 120.0
SCAN_DEADLINE_SECONDS = 60.0
WORKER_ARGUMENT = "__ocr-worker"  # how the one-file binary is told to be the worker (packaging/entry.py)


class ScanBusy(Exception):
    """Another scan is running in this process."""


class NotAnImage(Exception):
    """The bytes are not a picture Pillow reads, or one too large to decode safely."""


class ScanFailed(Exception):
    """The engine gave no answer for a photo (its process died, or the photo took too long)."""


def worker_command() -> list[str]:
    if getattr(sys, "frozen", False):  # the one-file binary: its entry script dispatches on the argument
        return [sys.executable, WORKER_ARGUMENT]
    # -P: the server's working directory is not put on the path of the worker's imports
    return [sys.executable, "-P", "-m", "larder.receipts.ocr"]


class ReceiptReader(WorkerProcess):
    """The server's side: one engine process, started when needed, one photo at a time."""

    def __init__(self, idle_seconds: float = IDLE_SECONDS, deadline_seconds: float = SCAN_DEADLINE_SECONDS) -> None:
        super().__init__(worker_command, idle_seconds, deadline_seconds)
        self._busy = False

    @property
    def busy(self) -> bool:
        return self._busy

    async def read(self, photo: bytes) -> list[Box]:
        """The text boxes of the photo, in the photo's upright orientation (EXIF applied), in its
        pixels, top to bottom. ScanBusy when a scan is running, NotAnImage for anything but a
        picture, ScanFailed when the engine gave no answer."""
        from larder.core.media.images import (
            sniff_format,  # (not at import: the binary's other workers load this module)
        )

        if self._busy:
            raise ScanBusy("another receipt is being read")
        if sniff_format(photo[:16]) is None:
            raise NotAnImage("content is not a JPEG, PNG, WebP or GIF image")
        self._busy = True  # set before the first await: a second read in the meantime is refused
        try:
            answer = await self.exchange_json(photo)
        except WorkerGaveNoAnswer as exc:
            raise ScanFailed(f"the OCR process gave no answer ({type(exc.cause).__name__})") from exc.cause
        finally:
            self._busy = False
        error = answer.get("error")
        if error == "not_an_image":
            raise NotAnImage("the photo could not be decoded")
        if error is not None:
            raise ScanFailed("reading the photo raised an error")
        return [_box(item) for item in answer["boxes"]]

    async def wait_unloaded(self) -> None:
        """Until the engine is not loaded (after `idle_seconds` without a scan, or a failure)."""
        await self.wait_stopped()


def _box(item: list[Any]) -> Box:
    text, corners, score = item
    (a, b, c, d) = (tuple(point) for point in corners)
    return Box(text=text, corners=(a, b, c, d), score=score)


# -- the worker process -------------------------------------------------------------------------------
def _load() -> Callable[[bytes], bytes]:
    from larder.core.process.memory import limit_malloc_arenas, release_free_memory
    from larder.receipts.engine import Engine
    from larder.receipts.photo import UnreadablePhoto

    limit_malloc_arenas()
    engine = Engine()

    def answer(photo: bytes) -> bytes:
        try:
            found = engine.read(photo)
            reply: dict[str, Any] = {"boxes": [[box.text, box.corners, box.score] for box in found]}
        except UnreadablePhoto:
            reply = {"error": "not_an_image"}
        except Exception:  # a photo must never end the worker
            logger.exception("reading a receipt photo failed")
            reply = {"error": "failed"}
        finally:
            # What the photo used (its pixels, the arena the engine shrank) goes back to the system
            # now: the worker holds the models and no photo between scans (a few ms).
            release_free_memory()
        return json.dumps(reply).encode()

    return answer


def main() -> None:
    """Read photos from stdin until it closes, answering each with its text boxes."""
    serve(_load)


if __name__ == "__main__":
    main()
