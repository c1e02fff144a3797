"""Whole answers of public reads, kept per process while the data they show stays the same.

A public route opts in with `cached_read(name)` in its `opt`: its answer then depends on nothing but
the request line (and a POST's body) and on data whose writes bump the version `name` in the
`read_version` table (database triggers do it, so a write from any process, the command line or
a migration counts). A request reads the current version — one indexed row, on the event loop,
microseconds — and answers from memory when it has the answer made at that version: no session,
no thread hop, no serialization, no compression. Each answer carries an ETag of its content, so
a browser or the service worker that has it gets a 304.

The version is read before the handler runs, so an answer stored under a version is never older
than that version; a write that lands meanwhile only makes it newer. The versions live in the
database, so several processes on one file, or on one PostgreSQL database, agree on them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

from litestar.enums import ScopeType
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, HTTPScope, Message, Receive, ReceiveMessage, Scope, Send
from sqlalchemy import Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from larder.core.cache.answers import EncodedAnswer
from larder.core.db.engine import Base, asyncpg_dsn
from larder.core.web.access import PUBLIC_KEY
from larder.core.web.spa import ALREADY_COMPRESSED

if TYPE_CHECKING:
    import asyncpg

log = logging.getLogger(__name__)

CACHED_READ_KEY = "cached_read"
READ_CACHE_STATE_KEY = "read_cache"
# Per process (LARDER_READ_CACHE_MB). A catalogue page or recipe is 2-4 KB gzipped, the ingredient
# options ~60 KB: room for thousands of answers; the least recently used go first.
CACHE_BYTES = 16 * 1024 * 1024
LARGEST_ANSWER_BYTES = 1024 * 1024
# A filter's body is a few hundred bytes; a larger one is answered but not kept.
LARGEST_KEY_BODY_BYTES = 16 * 1024


def cached_read(version: str) -> dict[str, Any]:
    """Route `opt`: the answer is the same for every caller while version `version` stays the same.

    The middleware compresses the answer itself, once, when it keeps it."""
    return {CACHED_READ_KEY: version, ALREADY_COMPRESSED: True}


class VersionSource(Protocol):
    """Where the current read versions are found without a transaction (ReadVersions below, or
    PostgresReadVersions): what a process keeps by version is checked against it."""

    async def current(self, name: str) -> int | None: ...


class ReadVersion(Base):
    """A number bumped by database triggers on every write to the tables a kind of answer shows."""

    __tablename__ = "read_version"
    name: Mapped[str] = mapped_column(String(40), unique=True)
    version: Mapped[int] = mapped_column(Integer, default=0)


class ReadVersions:
    """The current versions, read from one connection of this process that never writes.

    Each read runs to its end, so the connection never holds a read transaction open (which would
    pin an old snapshot and keep checkpoints from finishing)."""

    def __init__(self, database: str | None) -> None:
        self.database = database
        self._connection: sqlite3.Connection | None = None

    async def current(self, name: str) -> int | None:
        """None where there is no SQLite file to ask, or it cannot answer: the route then runs as usual.

        Read on the event loop: one indexed row of a local file costs less than a thread hop."""
        if self.database is None:
            return None
        try:
            if self._connection is None:
                self._connection = sqlite3.connect(
                    self.database, isolation_level=None, check_same_thread=False, timeout=1
                )
                self._connection.execute("PRAGMA query_only=ON")
            rows = self._connection.execute("SELECT version FROM read_version WHERE name = ?", (name,)).fetchall()
        except sqlite3.Error as error:
            log.warning("read versions unavailable, answering without the cache: %s", error)
            self.close()
            return None
        return rows[0][0] if rows else None

    def close(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(sqlite3.Error):
                self._connection.close()
            self._connection = None


class PostgresReadVersions:
    """The same on PostgreSQL: a few connections of this process's own, each read one round trip
    of a prepared statement (asyncpg keeps it), so a kept answer still skips everything else."""

    def __init__(self, database_url: str, connections: int = 4) -> None:
        self.dsn = asyncpg_dsn(database_url)
        self.connections = connections
        self._pool: asyncpg.Pool | None = None
        self._opening = asyncio.Lock()

    async def current(self, name: str) -> int | None:
        import asyncpg  # only on PostgreSQL: a SQLite install never loads the driver

        try:
            pool = self._pool or await self._open()
            version = await pool.fetchval("SELECT version FROM read_version WHERE name = $1", name)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            # The pool drops a broken connection by itself and opens another on the next read.
            log.warning("read versions unavailable, answering without the cache: %s", error)
            return None
        return None if version is None else int(version)

    async def _open(self) -> asyncpg.Pool:
        import asyncpg

        async with self._opening:
            if self._pool is None:
                self._pool = await asyncpg.create_pool(self.dsn, min_size=1, max_size=self.connections)
            return self._pool

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            with contextlib.suppress(Exception):
                await pool.close()


RequestKey = tuple[str, str, bytes, bytes]


class ReadCache:
    """Answers by request, for the newest version seen of each name; older ones are dropped."""

    def __init__(self, versions: ReadVersions | PostgresReadVersions, budget_bytes: int = CACHE_BYTES) -> None:
        self.versions = versions
        self.budget_bytes = budget_bytes
        self.size = 0
        self._answers: OrderedDict[tuple[str, RequestKey], EncodedAnswer] = OrderedDict()
        self._seen: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._answers)

    def get(self, name: str, version: int, key: RequestKey) -> EncodedAnswer | None:
        if self._seen.get(name) != version:
            self._forget(name)
            self._seen[name] = version
            return None
        answer = self._answers.get((name, key))
        if answer is not None:
            self._answers.move_to_end((name, key))
        return answer

    def put(self, name: str, version: int, key: RequestKey, answer: EncodedAnswer) -> None:
        if self._seen.get(name) != version or answer.size > LARGEST_ANSWER_BYTES:
            return
        previous = self._answers.pop((name, key), None)
        if previous is not None:
            self.size -= previous.size
        self._answers[(name, key)] = answer
        self.size += answer.size
        while self.size > self.budget_bytes:
            _, dropped = self._answers.popitem(last=False)
            self.size -= dropped.size

    def _forget(self, name: str) -> None:
        for entry in [entry for entry in self._answers if entry[0] == name]:
            self.size -= self._answers.pop(entry).size


@dataclass
class _Captured:
    status: int = 0
    headers: list[tuple[bytes, bytes]] = field(default_factory=list)
    body: bytearray = field(default_factory=bytearray)
    messages: list[Message] = field(default_factory=list)

    def cacheable(self) -> bool:
        names = {name.lower() for name, _ in self.headers}
        content_type = _header(self.headers, b"content-type")
        return self.status == 200 and b"set-cookie" not in names and content_type.startswith(b"application/json")


def _header(headers: list[tuple[bytes, bytes]] | Any, name: bytes) -> bytes:
    for key, value in headers:
        if key.lower() == name:
            return value
    return b""


async def _read_body(receive: Receive) -> tuple[bytes | None, list[ReceiveMessage]]:
    """The request body when it fits a cache key (else None), and the messages read, to replay."""
    messages: list[ReceiveMessage] = []
    body = bytearray()
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return None, messages
        body += message.get("body", b"")
        if len(body) > LARGEST_KEY_BODY_BYTES:
            return None, messages
        if not message.get("more_body", False):
            return bytes(body), messages


def _replaying(messages: list[ReceiveMessage], receive: Receive) -> Receive:
    pending = list(messages)

    async def replay() -> ReceiveMessage:
        return pending.pop(0) if pending else await receive()

    return replay


class ReadCacheMiddleware(ASGIMiddleware):
    """Public cached reads answered from the instance's ReadCache (app state, READ_CACHE_STATE_KEY)."""

    scopes = (ScopeType.HTTP,)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        cache: ReadCache = scope["litestar_app"].state[READ_CACHE_STATE_KEY]
        opt = scope["route_handler"].opt
        name = opt.get(CACHED_READ_KEY)
        method = cast("HTTPScope", scope)["method"]  # an HTTP scope: `scopes` above
        # Only public routes: a kept answer is sent before any guard would run.
        if name is None or not opt.get(PUBLIC_KEY) or method not in {"GET", "POST"}:
            await next_app(scope, receive, send)
            return
        body: bytes | None = b""
        if method == "POST":
            body, messages = await _read_body(receive)
            receive = _replaying(messages, receive)
        # Without a version or a key the answer is made and sent the same way, but not kept.
        version = await cache.versions.current(name) if body is not None else None
        key: RequestKey = (method, scope["path"], scope["query_string"], body or b"")
        answer = cache.get(name, version, key) if version is not None else None
        if answer is None:
            captured = await _run(next_app, scope, receive)
            if not captured.cacheable():
                for message in captured.messages:
                    await send(message)
                return
            # The route's answer is not compressed on its way here (ALREADY_COMPRESSED in its opt).
            answer = EncodedAnswer(bytes(captured.body))
            if version is not None:
                cache.put(name, version, key, answer)
        headers = scope["headers"]
        status, answer_headers, content = answer.answer(
            _header(headers, b"accept-encoding").decode("latin-1"),
            # A POST's answer is never revalidated: only a GET may answer 304.
            _header(headers, b"if-none-match").decode("latin-1") if method == "GET" else None,
        )
        raw_headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in answer_headers.items()]
        raw_headers.append((b"content-length", str(len(content)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": raw_headers})
        await send({"type": "http.response.body", "body": content, "more_body": False})


async def _run(app: ASGIApp, scope: Scope, receive: Receive) -> _Captured:
    """Run the route with its answer held back: kept if it can be, else passed on as it was."""
    captured = _Captured()

    async def keep(message: Message) -> None:
        captured.messages.append(message)
        if message["type"] == "http.response.start":
            captured.status = message["status"]
            captured.headers = list(message.get("headers", []))
        elif message["type"] == "http.response.body":
            captured.body += message.get("body", b"")

    await app(scope, receive, keep)
    return captured


__all__ = [
    "CACHED_READ_KEY",
    "PostgresReadVersions",
    "ReadCache",
    "ReadCacheMiddleware",
    "ReadVersion",
    "ReadVersions",
    "cached_read",
]
