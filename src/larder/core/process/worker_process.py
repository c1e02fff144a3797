"""A worker process for work whose libraries the server must not hold, started when needed.

A Python process never gives back what its imports take, nor the pages glibc keeps after large
buffers. Work that needs such libraries runs in a worker process started on the first request
and ended after `idle_seconds` without one: a burst of requests pays the start once, and the
server's memory is back to its size a while later. The event loop never waits: the request goes
through a pipe and the answer is awaited.

Each message is a 4-byte big-endian length and that many bytes; a request is one or more
messages, its answer one. One request at a time (a lock of the running loop). The worker ends
when its stdin closes, so it never outlives the server, and is killed when a request takes longer
than `deadline_seconds`. A worker that died while idle (killed, out of memory) costs nothing: the
request is tried once more with a new one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import struct
import sys
from collections.abc import Callable
from typing import Any, BinaryIO, TypeVar

STOP_SECONDS = 5.0  # how long a worker asked to end (its stdin closed) may take before it is killed
_LENGTH = struct.Struct(">I")
_NO_ANSWER = (OSError, EOFError, asyncio.IncompleteReadError, TimeoutError, ValueError)
_DIED = (OSError, EOFError, asyncio.IncompleteReadError)
T = TypeVar("T")


class WorkerGaveNoAnswer(Exception):
    """The worker gave no answer (it died, took too long, or answered out of step); `cause` tells which."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(f"the worker gave no answer ({type(cause).__name__})")
        self.cause = cause


class WorkerProcess:
    """The server's side: one worker process, started when needed, one request at a time."""

    def __init__(
        self, command: Callable[[], list[str]] | list[str], idle_seconds: float, deadline_seconds: float
    ) -> None:
        self.command = command
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

    async def exchange(self, *parts: bytes) -> bytes:
        """Send the request's parts, a message each, and return the answer; WorkerGaveNoAnswer when
        the worker died or took longer than `deadline_seconds` (it is killed)."""
        return await self._request(parts, bytes)

    async def exchange_json(self, *parts: bytes) -> Any:
        """`exchange` for an answer in JSON; one that is not JSON gets the worker killed too (its
        stream is out of step)."""
        return await self._request(parts, json.loads)

    async def _request(self, parts: tuple[bytes, ...], decode: Callable[[bytes], T]) -> T:
        lock = self._bind_loop()
        async with lock:
            self._cancel_idle()
            try:
                return decode(await asyncio.wait_for(self._exchange(parts), self.deadline_seconds))
            except _NO_ANSWER as exc:
                await self._stop(kill=True)
                raise WorkerGaveNoAnswer(exc) from exc
            except BaseException:  # cancelled mid-message: the worker's stream is out of step
                self._abandon()
                raise
            finally:
                self._schedule_idle()

    async def wait_stopped(self) -> None:
        """Until no worker runs (after `idle_seconds` without a request, or a failure)."""
        if self._stopped is not None:
            await self._stopped.wait()

    async def close(self) -> None:
        """End the worker (server shutdown)."""
        self._cancel_idle()
        if self._loop is asyncio.get_running_loop():
            await self._stop(kill=False)
            if self._idle_stop is not None:
                await self._idle_stop
        else:
            self._abandon()

    # -- the process ----------------------------------------------------------------------------------
    def _bind_loop(self) -> asyncio.Lock:
        """The lock of the running loop: a test client runs each app start in a loop of its own, and
        a worker's pipes belong to the loop that started it."""
        loop = asyncio.get_running_loop()
        if self._loop is loop and self._lock is not None:
            return self._lock
        if self._process is not None and self._process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._process.kill()  # left by a loop that has ended; its pipes cannot be used here
        self._process = None
        self._idle = None
        self._idle_stop = None
        self._loop = loop
        self._lock = asyncio.Lock()
        self._stopped = asyncio.Event()
        self._stopped.set()  # no worker yet
        return self._lock

    async def _running(self) -> asyncio.subprocess.Process:
        if self._process is None or self._process.returncode is not None:
            command = self.command() if callable(self.command) else self.command
            self._process = await asyncio.create_subprocess_exec(
                *command,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=None,  # its crashes and warnings go where the server's own go
            )
            assert self._stopped is not None
            self._stopped.clear()
        return self._process

    async def _exchange(self, parts: tuple[bytes, ...]) -> bytes:
        reused = self.pid is not None
        try:
            return await self._send(parts)
        except _DIED:
            if not reused:
                raise
            # The worker ended while idle (killed, out of memory): one more try with a new one.
            await self._stop(kill=True)
            return await self._send(parts)

    async def _send(self, parts: tuple[bytes, ...]) -> bytes:
        process = await self._running()
        assert process.stdin is not None and process.stdout is not None
        for part in parts:
            process.stdin.write(_LENGTH.pack(len(part)))
            process.stdin.write(part)
        await process.stdin.drain()
        (size,) = _LENGTH.unpack(await process.stdout.readexactly(_LENGTH.size))
        return await process.stdout.readexactly(size)

    def _abandon(self) -> None:
        """Kill the worker now (its stream is out of step with the requests)."""
        process, self._process = self._process, None
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
        self._note_stopped()

    async def _stop(self, *, kill: bool) -> None:
        process, self._process = self._process, None
        await self._finish(process, kill=kill)

    async def _finish(self, process: asyncio.subprocess.Process | None, *, kill: bool) -> None:
        try:
            if process is not None and process.returncode is None:
                await _end(process, kill=kill)
        finally:
            self._note_stopped()

    def _note_stopped(self) -> None:
        if self._process is None and self._stopped is not None:  # no newer process was started meanwhile
            self._stopped.set()

    def _schedule_idle(self) -> None:
        if self._loop is not None and self._process is not None:
            self._idle = self._loop.call_later(self.idle_seconds, self._on_idle)

    def _cancel_idle(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None

    def _on_idle(self) -> None:
        # Detached here, synchronously: a request that comes while it ends starts a new process.
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


# -- the worker's side --------------------------------------------------------------------------------
def read_message(stream: BinaryIO) -> bytes | None:
    """The next message; None when the stream has ended (also in the middle of one)."""
    head = stream.read(_LENGTH.size)
    if len(head) < _LENGTH.size:
        return None
    (size,) = _LENGTH.unpack(head)
    data = stream.read(size)
    return data if len(data) == size else None


def write_message(stream: BinaryIO, data: bytes) -> None:
    stream.write(_LENGTH.pack(len(data)) + data)
    stream.flush()


def serve(load: Callable[[], Callable[..., bytes]], parts: int = 1) -> None:
    """Answer requests of `parts` messages each from stdin until it closes. `load` makes the function
    that answers one request (the worker's imports belong there: they run once Ctrl-C is ignored and
    stdout is kept for the answers)."""
    import signal

    # Ctrl-C in a terminal reaches the whole process group: the server ends the worker itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # whatever a library prints must not corrupt the answers
    answer = load()
    while True:
        request = []
        for _ in range(parts):
            message = read_message(requests)
            if message is None:
                return
            request.append(message)
        write_message(answers, answer(*request))
