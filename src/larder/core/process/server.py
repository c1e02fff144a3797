"""Running the app under uvicorn with limits a client cannot sit on (`larder serve`).

uvicorn 0.54 (its h11 protocol; httptools is not installed) times out only an idle keep-alive
connection: a connection that never finishes its headers, or a body that never finishes arriving,
holds its slot for ever (one slow client, or a few hundred, can starve a home server). So the
protocol here adds two deadlines to uvicorn's own:

- the request line and headers must arrive in full within `header_timeout` of the connection
  being opened (or of the first byte of the next request on a kept-alive connection);
- once the headers are in, the whole body must arrive within `body_timeout`;
- between requests, uvicorn's `timeout_keep_alive` closes an idle connection.

A deadline that passes closes the connection (a handler still waiting for the body sees the
client disconnect). Headers are capped by h11's incomplete-event size (a longer head gets a 400).

Connections are counted by kind and by client address (core/web/connections.py): event streams apart
from request slots, and each address held to its share of connections and of unfinished request
heads (a connection past its address's share is closed at once). Connections beyond
`max_connections` are still accepted (so they hear why), but each of their requests is answered
503 in the API's error shape with `Connection: close`; uvicorn's own `limit_concurrency` would
answer in plain text, count every stream as a request, and one connection early.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
import resource
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from larder.core.base.settings import ServerLimits, Settings
from larder.core.web.connections import Admission, ConnectionBook

logger = logging.getLogger("larder")

MAX_HEADER_BYTES = 16 * 1024  # request line and headers; a bearer token is well under 1 KiB
GRACEFUL_SHUTDOWN_SECONDS = 10  # on SIGTERM, requests in flight get this long to finish
FILES_BESIDE_CONNECTIONS = 256  # the database, its journal, uploads being read, the OCR process's pipes
_BUSY_BODY = json.dumps({"message": "The server is busy. Please try again."}).encode()
_EVENT_STREAM = b"text/event-stream"
REFUSAL_LOG_SECONDS = 10.0  # one warning per this long: a flood must not flood the log too


async def _over_the_limit(scope: Any, receive: Any, send: Any) -> None:
    """The ASGI answer of every request on a connection beyond the limit."""
    await send(
        {
            "type": "http.response.start",
            "status": 503,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(_BUSY_BODY)).encode()),
                (b"retry-after", b"1"),
                (b"x-content-type-options", b"nosniff"),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": _BUSY_BODY, "more_body": False})


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with header and body deadlines, per-address shares, event streams
    counted apart, and a JSON connection limit."""

    limits: ServerLimits = ServerLimits()
    book: ConnectionBook = ConnectionBook(ServerLimits())  # one per server (protocol_for)
    _refusal_logged_at = float("-inf")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._deadline_for: Any = None  # the h11 state the running deadline guards
        self._address = ""
        self._admitted = False  # counted in the book (until connection_lost)
        self._unfinished = False  # still owes a request head
        self._stream = False  # its answer in progress is an event stream

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._address = self.client[0] if self.client else ""
        admission = self.book.admit(self._address)
        if admission is Admission.REFUSE:
            self._log_refusal()
            transport.close()
            return
        self._admitted = True
        self._unfinished = True
        if admission is Admission.BUSY:
            self.app = _over_the_limit
            logger.warning("over %d open connections: answering 503", self.limits.max_connections)
        else:
            self.app = self._streams_apart(self.app)
        self._watch()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        if self._stream:
            self._stream = False
            self.book.stream_ended()
        super().on_response_complete()
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._admitted:
            self._admitted = False
            self.book.closed(self._address, stream=self._stream, unfinished=self._unfinished)
        super().connection_lost(exc)

    def _streams_apart(self, app: Any) -> Any:
        """The app, watched for answers that are event streams: their connection leaves the request
        pool for as long as the stream runs."""

        async def watched(scope: Any, receive: Any, send: Any) -> None:
            async def sending(message: Any) -> None:
                if message["type"] == "http.response.start" and _is_event_stream(message.get("headers", ())):
                    self._stream_started()
                await send(message)

            await app(scope, receive, sending)

        return watched

    def _stream_started(self) -> None:
        if self._admitted and not self._stream:
            self._stream = True
            self.book.stream_started()

    def _log_refusal(self) -> None:
        now = time.monotonic()
        if now - GuardedH11Protocol._refusal_logged_at >= REFUSAL_LOG_SECONDS:
            GuardedH11Protocol._refusal_logged_at = now
            logger.warning(
                "closing connections from %s: over its share of connections (%d) or of unfinished request heads",
                self._address,
                self.limits.max_connections_per_address,
            )

    def _watch(self) -> None:
        """Keep the deadline of whatever the client still owes us: headers, body, or nothing."""
        if self.transport is None or self.transport.is_closing():
            return
        state = self.conn.their_state
        # A head is owed on a new connection, and on a kept-alive one once its next head has begun.
        self._set_unfinished(state is h11.IDLE and self.timeout_keep_alive_task is None)
        if state is h11.IDLE:
            if self.timeout_keep_alive_task is None:
                self._arm(h11.IDLE, self.limits.header_timeout, "headers")
            else:
                self._disarm()  # between requests: uvicorn's keep-alive timeout until the next byte
        elif state is h11.SEND_BODY:
            self._arm(h11.SEND_BODY, self.limits.body_timeout, "body")
        else:
            self._disarm()  # the request is in: the handler may take its time

    def _set_unfinished(self, unfinished: bool) -> None:
        if self._admitted and unfinished != self._unfinished:
            self._unfinished = unfinished
            self.book.unfinished(self._address, unfinished)

    def _arm(self, state: Any, seconds: float, what: str) -> None:
        if self._deadline is not None and self._deadline_for is state:
            return  # a deadline runs from the start of what it guards, not from the last byte
        self._disarm()
        self._deadline_for = state
        self._deadline = self.loop.call_later(seconds, self._expire, what)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = None
        self._deadline_for = None

    def _expire(self, what: str) -> None:
        self._deadline = None
        self._deadline_for = None
        if not self.transport.is_closing():
            logger.info("closing a connection whose %s did not arrive in time (%s)", what, self.client)
            self.transport.close()


def _is_event_stream(headers: Any) -> bool:
    return any(name.lower() == b"content-type" and value.startswith(_EVENT_STREAM) for name, value in headers)


def protocol_for(limits: ServerLimits, trusted_proxies: tuple[str, ...] = ()) -> type[GuardedH11Protocol]:
    """The protocol class of one server, with the book its connections share."""
    book = ConnectionBook(limits, trusted_proxies)
    return type("LarderHttpProtocol", (GuardedH11Protocol,), {"limits": limits, "book": book})


def _enough_file_descriptors(limits: ServerLimits) -> None:
    """Raise this process's soft limit on open files to what the connection limits may hold: a
    default of 1,024 would fail new connections (and database files) long before the limits do."""
    wanted = limits.max_connections + limits.max_event_streams + FILES_BESIDE_CONNECTIONS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))
        if ceiling < wanted:
            logger.warning("open files are limited to %d: fewer connections than the limits allow can be served", hard)


def server_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's settings for `larder serve`."""
    limits = settings.limits
    return {
        "host": settings.host,
        "port": settings.port,
        "http": protocol_for(limits, settings.trusted_proxies),
        "ws": "none",  # the app serves no WebSocket: no upgrade to accept
        "timeout_keep_alive": limits.keepalive_timeout,
        "timeout_graceful_shutdown": GRACEFUL_SHUTDOWN_SECONDS,
        "h11_max_incomplete_event_size": MAX_HEADER_BYTES,
        "log_level": "info",
        "access_log": False,
        "proxy_headers": False,
    }


class LarderServer(uvicorn.Server):
    """uvicorn's server that first ends the app's never-ending answers (live event streams) when it
    stops: uvicorn waits for every answer in flight before it shuts the app down, and would
    otherwise wait out its whole grace period on them."""

    def __init__(self, config: uvicorn.Config, on_stop: Callable[[], None]) -> None:
        super().__init__(config)
        self.on_stop = on_stop

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.on_stop()
        await super().shutdown(sockets)


STARTUP_FAILURE = 3  # uvicorn's exit status when the server cannot start (port taken)


def run(app: Any, settings: Settings, listener: socket.socket, on_stop: Callable[[], None] = lambda: None) -> None:
    """Serve on `listener`, bound before the address is announced: a client that connects as soon as
    it reads it waits in the socket's backlog until the app has started, never gets a refusal."""
    _enough_file_descriptors(settings.limits)
    server = LarderServer(uvicorn.Config(app, **server_options(settings)), on_stop)
    settle_heap()
    server.run(sockets=[listener])
    if not server.started:
        sys.exit(STARTUP_FAILURE)


# The garbage collector's thresholds while serving (Python's are 700, 10, 10). A full pass walks every
# long-lived object: under a neighbourhood's load (600 open streams, each with its coroutines and
# buffers) one stopped the event loop for 100-220 ms, with every write waiting on it, about ten
# times a minute. Young passes 3x rarer make full ones rare (every 20 s at 130 writes/s) while still
# collecting the garbage that cycles leave (with no full pass, 26 MB a minute of it stayed).
GC_THRESHOLDS = (2_000, 10, 10)


def settle_heap() -> None:
    """Before serving: what was made to start (the libraries, the app) is set aside from the garbage
    collector's passes for good (half of the server's objects), and its passes made rarer."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


# -- several worker processes (`larder serve --workers N`) ---------------------------------------------

RESTART_PAUSE_SECONDS = 1.0  # between a worker's unexpected end and its replacement
PARENT_CHECK_SECONDS = 1.0


def run_workers(settings: Settings, make_app: Callable[[], Any], workers: int, listener: socket.socket) -> None:
    """Serve with `workers` processes forked from this one, all accepting on one listening socket
    (the kernel hands each connection to one of them). This process only supervises: it forwards
    SIGTERM and SIGINT to the workers once, and replaces a worker that ends on its own. Each worker
    builds its own app after the fork (its own engine, event loop and threads)."""
    parent = os.getpid()
    children: dict[int, int] = {}
    stopping = False

    def start(index: int) -> None:
        pid = os.fork()
        if pid == 0:
            _serve_as_worker(settings, make_app, listener, parent)  # never returns
        children[pid] = index

    def stop(signum: int, _frame: Any) -> None:
        nonlocal stopping
        if not stopping:
            stopping = True
            for pid in children:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for index in range(workers):
        start(index)
    logger.info("serving with %d worker processes: %s", workers, sorted(children))
    failed = False
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        ended = children.pop(pid, None)
        if ended is None:
            continue
        code = os.waitstatus_to_exitcode(status)
        if stopping:
            continue
        if code == STARTUP_FAILURE:
            failed = True  # it will not start the next time either
            stop(signal.SIGTERM, None)
            continue
        logger.error("worker %d (pid %d) ended with status %d; starting another", ended, pid, code)
        time.sleep(RESTART_PAUSE_SECONDS)
        start(ended)
    listener.close()
    if failed:
        sys.exit(STARTUP_FAILURE)


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's TCP socket (all the workers', when there are several). Made with its protocol
    named: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on connections of a socket whose
    protocol says TCP, and with it on, every small answer waited ~40 ms for the client's delayed
    acknowledgement."""
    family, _, _, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)[0]
    listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    listener.bind(address)
    listener.listen(2048)
    listener.set_inheritable(True)
    return listener


def _serve_as_worker(settings: Settings, make_app: Callable[[], Any], listener: socket.socket, parent: int) -> None:
    status = 1
    try:
        # Its own process group: a Ctrl-C in the terminal reaches the supervisor alone, which tells
        # each worker once (a second signal would make uvicorn skip the graceful shutdown).
        os.setpgid(0, 0)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        _end_with_parent(parent)
        _enough_file_descriptors(settings.limits)
        app = make_app()
        server = LarderServer(uvicorn.Config(app, **server_options(settings)), app.state.event_bus.close)
        settle_heap()
        server.run(sockets=[listener])
        status = 0 if server.started else STARTUP_FAILURE
    except BaseException:
        logger.exception("a worker process failed")
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _end_with_parent(parent: int) -> None:
    """A worker whose supervisor was killed (SIGKILL, no forwarding) stops serving by itself."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)  # a poll of the parent's existence, not a synchronisation
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
