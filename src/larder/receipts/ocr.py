"""The on-device text recognition engine (rapidocr-onnxruntime's models, see engine.py).

One `ReceiptReader` per process (kept in app state). The engine runs in a worker process of its
own, started on the first scan (not at server start) and ended after `idle_seconds` without one
(`LARDER_OCR_IDLE_SECONDS`, 120 by default): a household scanning a few receipts in a row pays
the start once (~1 s: imports and models), and the server's memory is back to exactly what it was
a couple of minutes later. In a thread of the server the same engine would leave it ~120 MB larger
for good: numpy, OpenCV and onnxruntime (~70 MB of libraries once imported) never leave a Python
process, and neither do the pages glibc keeps after a scan's large buffers (measured: 101 MB before
the first scan, 219 MB after unloading the engine and `malloc_trim`). The event loop never waits:
the photo goes to the worker through a pipe and the answer is awaited.

One scan at a time per process: a second scan while one runs raises `ScanBusy` at once (the route
answers 429 with Retry-After) rather than queueing: a scan takes about a second of both cores, a
queue would only make every waiting member slower and hold their uploads in memory, and the app
can simply try again. The photo is checked by content (magic bytes) before the worker is involved;
the worker decodes it with Pillow with the limits of larder.core.images (decompression bombs
refused), upright by its EXIF orientation, grey and downscaled first.

The worker reads requests from stdin and answers on stdout, one at a time: a request is a 4-byte
big-endian length and the photo's bytes; the answer the same framing around JSON
{"boxes": [[text, [[x, y] x4], score], ...]} or {"error": "not_an_image" | "failed"}. It ends
when its stdin closes (so it never outlives the server) and is killed when one photo takes longer
than `deadline_seconds`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import struct
import sys
from typing import Any, BinaryIO

from larder.receipts.lines import Box

logger = logging.getLogger("larder.receipts")

IDLE_SECONDS = 120.0
SCAN_DEADLINE_SECONDS = 60.0
STOP_SECONDS = 5.0
WORKER_ARGUMENT = "__ocr-worker"  # how the one-file binary is told to be the worker (packaging/entry.py)
_LENGTH = struct.Struct(">I")


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


class ReceiptReader:
    """The server's side: one engine process, started when needed, one photo at a time."""

    def __init__(self, idle_seconds: float = IDLE_SECONDS, deadline_seconds: float = SCAN_DEADLINE_SECONDS) -> None:
        self.idle_seconds = idle_seconds
        self.deadline_seconds = deadline_seconds
        self._busy = False
        self._process: asyncio.subprocess.Process | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._unloaded: asyncio.Event | None = None
        self._idle: asyncio.TimerHandle | None = None
        self._idle_stop: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        return self._busy

    @property
    def pid(self) -> int | None:
        """The engine process's id while it is loaded."""
        process = self._process
        return process.pid if process is not None and process.returncode is None else None

    async def read(self, photo: bytes) -> list[Box]:
        """The text boxes of the photo, in the photo's upright orientation (EXIF applied), in its
        pixels, top to bottom. ScanBusy when a scan is running, NotAnImage for anything but a
        picture, ScanFailed when the engine gave no answer."""
        from larder.core.images import sniff_format  # (not at import: the binary's other workers load this module)

        if self._busy:
            raise ScanBusy("another receipt is being read")
        if sniff_format(photo[:16]) is None:
            raise NotAnImage("content is not a JPEG, PNG, WebP or GIF image")
        self._busy = True  # set before the first await: a second read in the meantime is refused
        try:
            self._bind_loop()
            self._cancel_idle()
            try:
                answer = await asyncio.wait_for(self._exchange(photo), self.deadline_seconds)
            except (OSError, EOFError, asyncio.IncompleteReadError, TimeoutError, ValueError) as exc:
                await self._stop(kill=True)
                raise ScanFailed(f"the OCR process gave no answer ({type(exc).__name__})") from exc
            except BaseException:  # cancelled mid-message: the worker's stream is out of step
                self._abandon()
                raise
            finally:
                self._schedule_idle()
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
        if self._unloaded is not None:
            await self._unloaded.wait()

    async def close(self) -> None:
        """Unload the engine (server shutdown)."""
        self._cancel_idle()
        if self._loop is asyncio.get_running_loop():
            await self._stop(kill=False)
            if self._idle_stop is not None:
                await self._idle_stop
        else:
            self._abandon()

    # -- the process ----------------------------------------------------------------------------------
    def _bind_loop(self) -> None:
        """A test client runs each app start in a loop of its own, and a process's pipes belong to
        the loop that started it."""
        loop = asyncio.get_running_loop()
        if self._loop is loop and self._unloaded is not None:
            return
        if self._process is not None and self._process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._process.kill()  # left by a loop that has ended; its pipes cannot be used here
        self._process = None
        self._idle = None
        self._loop = loop
        self._unloaded = asyncio.Event()
        self._unloaded.set()  # nothing loaded yet

    async def _running(self) -> asyncio.subprocess.Process:
        if self._process is None or self._process.returncode is not None:
            self._process = await asyncio.create_subprocess_exec(
                *worker_command(),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=None,  # its crashes and warnings go where the server's own go
            )
            assert self._unloaded is not None
            self._unloaded.clear()
        return self._process

    async def _exchange(self, photo: bytes) -> dict[str, Any]:
        reused = self.pid is not None
        try:
            return await self._send(photo)
        except (OSError, EOFError, asyncio.IncompleteReadError):
            if not reused:
                raise
            # The worker ended while idle (killed, out of memory): one more try with a new one.
            await self._stop(kill=True)
            return await self._send(photo)

    async def _send(self, photo: bytes) -> dict[str, Any]:
        process = await self._running()
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(_LENGTH.pack(len(photo)))
        process.stdin.write(photo)
        await process.stdin.drain()
        (size,) = _LENGTH.unpack(await process.stdout.readexactly(_LENGTH.size))
        return json.loads(await process.stdout.readexactly(size))

    def _abandon(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
        self._note_unloaded()

    async def _stop(self, *, kill: bool) -> None:
        process, self._process = self._process, None
        await self._finish(process, kill=kill)

    async def _finish(self, process: asyncio.subprocess.Process | None, *, kill: bool) -> None:
        try:
            if process is not None and process.returncode is None:
                await _end(process, kill=kill)
        finally:
            self._note_unloaded()

    def _note_unloaded(self) -> None:
        if self._process is None and self._unloaded is not None:  # no newer process was started meanwhile
            self._unloaded.set()

    def _schedule_idle(self) -> None:
        if self._loop is not None and self._process is not None:
            self._idle = self._loop.call_later(self.idle_seconds, self._on_idle)

    def _cancel_idle(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None

    def _on_idle(self) -> None:
        # Detached here, synchronously: a scan that comes while it ends starts a new process.
        self._idle = None
        process, self._process = self._process, None
        self._idle_stop = asyncio.ensure_future(self._finish(process, kill=False))


async def _end(process: asyncio.subprocess.Process, *, kill: bool) -> None:
    if kill:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
    elif process.stdin is not None:
        process.stdin.close()  # the worker's read ends: it exits
    try:
        await asyncio.wait_for(process.wait(), STOP_SECONDS)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()


def _box(item: list[Any]) -> Box:
    text, corners, score = item
    (a, b, c, d) = (tuple(point) for point in corners)
    return Box(text=text, corners=(a, b, c, d), score=score)  # type: ignore[arg-type]


# -- the worker process -------------------------------------------------------------------------------
def _read_message(stream: BinaryIO) -> bytes | None:
    head = stream.read(_LENGTH.size)
    if len(head) < _LENGTH.size:
        return None
    (size,) = _LENGTH.unpack(head)
    data = stream.read(size)
    return data if len(data) == size else None


def main() -> None:
    """Read photos from stdin until it closes, answering each with its text boxes."""
    import signal

    # Ctrl-C in a terminal reaches the whole process group: the server ends the worker itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # whatever a library prints must not corrupt the answers

    from larder.core.memory import limit_malloc_arenas
    from larder.receipts.engine import Engine, UnreadablePhoto

    limit_malloc_arenas()
    engine = Engine()
    while (photo := _read_message(requests)) is not None:
        try:
            found = engine.read(photo)
            reply: dict[str, Any] = {"boxes": [[box.text, box.corners, box.score] for box in found]}
        except UnreadablePhoto:
            reply = {"error": "not_an_image"}
        except Exception:  # a photo must never end the worker
            logger.exception("reading a receipt photo failed")
            reply = {"error": "failed"}
        data = json.dumps(reply).encode()
        answers.write(_LENGTH.pack(len(data)) + data)
        answers.flush()


if __name__ == "__main__":
    main()
