"""Parsing fetched pages in a process of their own, so the server never holds the parsing libraries.

recipe-scrapers brings about 950 modules (a scraper per site), and with extruct, rdflib, html5lib,
lxml and requests they take some 25 MB that a Python process never gives back once imported. The
server only fetches (larder/imports/fetch.py); the page is parsed (larder/imports/parse.py) in a
worker process started on the first import and ended after `IDLE_SECONDS` without one, so a
household importing a few recipes in a row pays the start once and the server's memory is back
to its size a minute later.

The worker reads requests from stdin and answers on stdout, one at a time, each message a 4-byte
big-endian length and that many bytes: a request is a JSON header {content_type, url} and the
page's bytes; the answer is JSON {data, logs}, where logs are the worker's log records of that
parse (the server logs them as its own). The worker ends when its stdin closes, so it never
outlives the server, and is killed when one page takes longer than `PARSE_DEADLINE_SECONDS`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import struct
import sys
from typing import Any, BinaryIO

logger = logging.getLogger("larder.imports")

IDLE_SECONDS = 60.0
PARSE_DEADLINE_SECONDS = 60.0
STOP_SECONDS = 5.0
WORKER_ARGUMENT = "__parse-worker"  # how the one-file binary is told to be the worker (packaging/entry.py)
_LENGTH = struct.Struct(">I")


def worker_command() -> list[str]:
    if getattr(sys, "frozen", False):  # the one-file binary: its entry script dispatches on the argument
        return [sys.executable, WORKER_ARGUMENT]
    # -P: the server's working directory is not put on the path of the worker's imports
    return [sys.executable, "-P", "-m", "larder.imports.worker"]


class ParseFailed(Exception):
    """The worker gave no answer for a page (it died, or the page took too long)."""


class PageParser:
    """The server's side: one worker process, started when needed, one page at a time."""

    def __init__(self, idle_seconds: float = IDLE_SECONDS, deadline_seconds: float = PARSE_DEADLINE_SECONDS) -> None:
        self.idle_seconds = idle_seconds
        self.deadline_seconds = deadline_seconds
        self._process: asyncio.subprocess.Process | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock: asyncio.Lock | None = None
        self._stopped: asyncio.Event | None = None
        self._idle: asyncio.TimerHandle | None = None
        self._idle_stop: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int | None:
        """The worker's process id while it runs."""
        process = self._process
        return process.pid if process is not None and process.returncode is None else None

    async def parse(self, body: bytes, content_type: str | None, url: str) -> dict[str, Any]:
        """The parsed page (larder.imports.parse.parse_fetched, in the worker); ParseFailed when the
        worker gave no answer."""
        lock = self._bind_loop()
        async with lock:
            self._cancel_idle()
            try:
                answer = await asyncio.wait_for(self._exchange(body, content_type, url), self.deadline_seconds)
            except (OSError, EOFError, asyncio.IncompleteReadError, TimeoutError, ValueError) as exc:
                await self._stop(kill=True)
                raise ParseFailed(f"the parsing process gave no answer ({type(exc).__name__})") from exc
            except BaseException:  # cancelled mid-message: the worker's stream is out of step
                self._abandon()
                raise
            finally:
                self._schedule_idle()
        for level, message in answer.get("logs", []):
            logger.log(level, "%s", message)
        if answer.get("failed"):
            raise ParseFailed("parsing raised an error")
        return answer["data"]

    async def close(self) -> None:
        """End the worker (at shutdown)."""
        self._cancel_idle()
        if self._process is not None and self._loop is asyncio.get_running_loop():
            await self._stop(kill=False)
        self._process = None

    # -- the process ----------------------------------------------------------------------------------
    def _bind_loop(self) -> asyncio.Lock:
        """The lock of the running loop: a test client runs each app start in a loop of its own, and
        a worker's pipes belong to the loop that started it."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop or self._lock is None:
            if self._process is not None and self._process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    self._process.kill()  # left by a loop that has ended; its pipes cannot be used here
            self._process = None
            self._idle = None
            self._loop = loop
            self._lock = asyncio.Lock()
            self._stopped = asyncio.Event()
            self._stopped.set()  # no worker yet
        return self._lock

    async def wait_stopped(self) -> None:
        """Until the worker has ended (after IDLE_SECONDS without a page, or a failure)."""
        if self._stopped is not None:
            await self._stopped.wait()

    async def _running(self) -> asyncio.subprocess.Process:
        if self._process is None or self._process.returncode is not None:
            self._process = await asyncio.create_subprocess_exec(
                *worker_command(),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                # its crashes and warnings go where the server's own go
                stderr=None,
            )
            assert self._stopped is not None
            self._stopped.clear()
        return self._process

    async def _exchange(self, body: bytes, content_type: str | None, url: str) -> dict[str, Any]:
        process = await self._running()
        assert process.stdin is not None and process.stdout is not None
        header = json.dumps({"content_type": content_type, "url": url}).encode()
        process.stdin.write(_LENGTH.pack(len(header)) + header + _LENGTH.pack(len(body)))
        process.stdin.write(body)
        await process.stdin.drain()
        (size,) = _LENGTH.unpack(await process.stdout.readexactly(_LENGTH.size))
        return json.loads(await process.stdout.readexactly(size))

    def _abandon(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
        if self._stopped is not None:
            self._stopped.set()

    async def _stop(self, *, kill: bool) -> None:
        process, self._process = self._process, None
        try:
            if process is not None and process.returncode is None:
                await self._end(process, kill=kill)
        finally:
            if self._stopped is not None:
                self._stopped.set()

    async def _end(self, process: asyncio.subprocess.Process, *, kill: bool) -> None:
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

    def _schedule_idle(self) -> None:
        if self._loop is not None:
            self._idle = self._loop.call_later(self.idle_seconds, self._on_idle)

    def _cancel_idle(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None

    def _on_idle(self) -> None:
        self._idle = None
        self._idle_stop = asyncio.ensure_future(self._stop_when_idle())

    async def _stop_when_idle(self) -> None:
        assert self._lock is not None
        async with self._lock:
            if self._idle is None:  # no page came meanwhile (each one sets a new timer)
                await self._stop(kill=False)


# -- the worker process -------------------------------------------------------------------------------
def _read_message(stream: BinaryIO) -> bytes | None:
    head = stream.read(_LENGTH.size)
    if len(head) < _LENGTH.size:
        return None
    (size,) = _LENGTH.unpack(head)
    data = stream.read(size)
    if len(data) < size:
        return None
    return data


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.kept: list[tuple[int, str]] = []
        self.setFormatter(logging.Formatter("%(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.kept.append((record.levelno, self.format(record)))


def main() -> None:
    """Answer parse requests from stdin until it closes."""
    import signal

    # Ctrl-C in a terminal reaches the whole process group: the server ends the worker itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # whatever a library prints must not corrupt the answers
    records = _Records()
    imports_logger = logging.getLogger("larder.imports")
    imports_logger.addHandler(records)
    imports_logger.setLevel(logging.DEBUG)
    imports_logger.propagate = False

    from larder.imports.parse import parse_fetched

    while True:
        header = _read_message(requests)
        body = _read_message(requests) if header is not None else None
        if header is None or body is None:
            return
        meta = json.loads(header)
        records.kept.clear()
        try:
            reply: dict[str, Any] = {"data": parse_fetched(body, meta["content_type"], meta["url"])}
        except Exception:  # a page must never end the worker
            imports_logger.exception("parsing a page failed")
            reply = {"data": None, "failed": True}
        reply["logs"] = records.kept
        answer = json.dumps(reply).encode()
        answers.write(_LENGTH.pack(len(answer)) + answer)
        answers.flush()


if __name__ == "__main__":
    main()
    sys.stdout.flush()
    os._exit(0)  # nothing of the parsing libraries needs tearing down
