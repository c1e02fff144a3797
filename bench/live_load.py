"""Live changes under a neighbourhood's load: households editing shared lists with streams open.

    python bench/live_load.py [--households 200] [--seconds 300] [--quick] [--profile FILE]
                              [--workers N] [--postgres]

Starts `larder serve` on a fresh data directory with LARDER_MAX_CONNECTIONS raised for the run (two
connections per member: the event stream and the keep-alive connection its writes go over, plus
headroom). Each household is three verified accounts (made in-process, not through the throttled
register); the owner has a shopping list of 8 items shared with the other two (canEdit true, by
PUT /api/pwa/share with their verified addresses).

Every member holds GET /api/pwa/events open for the whole run and edits the household's list every
3-6 s (each wait drawn anew): PUT /api/pwa/user-shoppinglists/{id} ticking, unticking or changing
the quantity of one item, with X-Larder-Client set to a token unique to that write. The receivers
match each `change` event to the write by its `origin`, so the delivery latency runs from the
write's send to the other two members' receipt.

Measured: write latency, delivery latency (p50/p95/p99/max), non-2xx answers and failed writes,
dropped streams, `resync` events, missed deliveries (every 2xx write must reach both other members:
the run waits up to 15 s after the last write for stragglers), events that reached somebody outside
the household, server RSS (peak and at the end) and CPU, the client's CPU and how late its event
loop ran (so a slow client shows). Targets: write p99 <= 250 ms, delivery p99 <= 1 s, no misses.

The client is one asyncio process with a minimal HTTP/1.1 reader over asyncio streams (no HTTP
library: 600 streams through httpx would cost the server its core on this 2-core machine). Each
household connects from a loopback address of its own (127.1.x.y), as homes behind their routers
do, so the server's per-address limits apply as they would in use. When the server stops, each of
its processes logs how long its last writers waited for their write turn; the report shows it. Writes
go over one keep-alive connection per member, opened anew when the server's keep-alive timeout
(5 s) would have closed it. `--profile FILE` runs the server under cProfile (its event loop thread).
Aimed at 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from household_load import percentile
from run import ROOT, Server, postgres_cpu_seconds

from larder.core.db.uow import WAITS_KEPT

MEMBERS = 3  # per household: the owner and the two it shares its list with
LIST_ITEMS = 8
WAIT = (3.0, 6.0)  # seconds between one member's writes
KEEPALIVE = 5.0  # the server's default LARDER_KEEPALIVE_TIMEOUT
REUSE_FOR = KEEPALIVE - 0.5  # a connection idle longer is not reused (the server may be closing it)
OPENING = 50  # streams being opened at once while the run starts
GRACE = 15.0  # seconds after the last write for deliveries still on their way
WRITE_TIMEOUT = 30.0
ALONE = 200  # writes one after another before the load, to know what one costs
PASSWORD = "bench-secret-1"
TARGET_WRITE_P99_MS = 250
TARGET_DELIVERY_P99_MS = 1000
# `--profile`: where the server's event loop thread is, sampled at every 2 ms of the process's CPU
# time (SIGPROF; the handler runs on the main thread and reads the frame it interrupted), from
# SIGUSR1 (the writes begin) to SIGUSR2 (they end). The stacks are written in the collapsed format
# of flame graphs when the server is told to stop. Not cProfile: its times are wrong across
# SQLAlchemy's greenlet switches, and it slows the server down twice over. Not a sampling thread:
# it only gets the GIL when the loop lets go of it, in system calls.
PROFILE_SERVER = """
import collections, os, runpy, signal, sys
out, counts, on = sys.argv[1], collections.Counter(), [False]
import greenlet
def tick(_number, frame):
    if not on[0]:
        return
    stack, inside = [], greenlet.getcurrent()
    while True:  # SQLAlchemy runs its sync code in a greenlet: go on in the one that started it
        while frame is not None:
            code = frame.f_code
            stack.append(f"{code.co_filename.split('site-packages/')[-1]}:{code.co_name}")
            frame = frame.f_back
        inside = inside.parent
        if inside is None:
            break
        frame = inside.gr_frame
    counts[";".join(reversed(stack))] += 1
def switch(number, _frame):
    on[0] = number == signal.SIGUSR1
def done(*_):
    with open(out, "w") as handle:
        handle.writelines(f"{stack} {count}\\n" for stack, count in counts.most_common())
    os._exit(0)
signal.signal(signal.SIGPROF, tick)
signal.signal(signal.SIGUSR1, switch)
signal.signal(signal.SIGUSR2, switch)
signal.signal(signal.SIGTERM, done)
signal.setitimer(signal.ITIMER_PROF, 0.002, 0.002)
sys.argv = ["larder", *sys.argv[4:]]
runpy.run_module("larder", run_name="__main__", alter_sys=True)
"""


# -- accounts and lists ---------------------------------------------------------------------------
def prepare_accounts(data_dir: Path, count: int, database: dict[str, str]) -> list[tuple[str, str]]:
    """`count` verified accounts with a live session each: (address, bearer token). Made in-process with
    one password hash for all (argon2 costs ~0.1 s an account; the bench measures none of it)."""
    from larder.accounts import service as accounts
    from larder.core.base.security import hash_password
    from larder.core.base.settings import Settings
    from larder.core.db.engine import standalone_session
    from larder.core.db.setup import run_migrations

    settings = Settings.from_env({"LARDER_DATA_DIR": str(data_dir), **database}).prepared()
    run_migrations(settings)
    one_hash = hash_password(PASSWORD)
    accounts.hash_password = lambda _password: one_hash  # type: ignore[assignment]

    async def work() -> list[tuple[str, str]]:
        made = []
        async with standalone_session(settings) as session:
            users = accounts.UserService(session=session, settings=settings)
            for number in range(count):
                email = f"m{number}@example.org"
                await users.create_verified(name=f"member_{number}", email=email, password=PASSWORD)
                made.append((email, await users.open_session(await users.by_email(email), "bench")))
        return made

    return asyncio.run(work())


def share_lists(base: str, accounts: list[tuple[str, str]], households: int) -> tuple[list[int], list[int]]:
    """Each household's owner makes a list and shares it (canEdit) with the other two members.
    Returns the list ids and the item values (catalogue ingredient ids) every list holds."""
    values = [o["value"] for o in httpx.get(f"{base}/api/form-options/ingredients").json()["data"]][:LIST_ITEMS]
    lists = []
    with httpx.Client(base_url=base, timeout=60) as client:
        for house in range(households):
            owner = accounts[house * MEMBERS]
            auth = {"Authorization": f"Bearer {owner[1]}"}
            body = {"name": f"Household {house}", "ingredients": [{"value": v, "quantity": 1} for v in values]}
            made = client.post("/api/pwa/user-shoppinglists", json=body, headers=auth)
            made.raise_for_status()
            list_id = made.json()["data"]["user_shoppinglist_id"]
            others = [accounts[house * MEMBERS + i][0] for i in range(1, MEMBERS)]
            share = {
                "entity_id": list_id,
                "type": "UserShoppinglist",
                "shared_with": [{"email": email, "canEdit": True} for email in others],
            }
            shared = client.put("/api/pwa/share", json=share, headers=auth)
            shared.raise_for_status()
            assert len(shared.json()["data"]["shared_with"]) == MEMBERS - 1, shared.text
            lists.append(list_id)
    return lists, values


# -- a minimal HTTP/1.1 client --------------------------------------------------------------------
class ConnectionGone(Exception):
    """The connection ended before a whole answer arrived."""


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, ConnectionError) as exc:
        raise ConnectionGone(str(exc)) from None
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        if line:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
    return status, headers


async def read_body(reader: asyncio.StreamReader, headers: dict[str, str]) -> bytes:
    try:
        if headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while chunk := await read_chunk(reader):
                parts.append(chunk)
            return b"".join(parts)
        return await reader.readexactly(int(headers.get("content-length", "0")))
    except (asyncio.IncompleteReadError, ConnectionError) as exc:
        raise ConnectionGone(str(exc)) from None


async def read_chunk(reader: asyncio.StreamReader) -> bytes:
    """One chunk of a chunked body; b'' at its end."""
    size = int((await reader.readuntil(b"\r\n")).split(b";", 1)[0], 16)
    if size == 0:
        await reader.readuntil(b"\r\n")
        return b""
    data = await reader.readexactly(size + 2)
    return data[:-2]


def household_address(member: int) -> str:
    """The loopback address a member's household connects from (127.1.x.y; all of 127/8 is this
    machine): a household's devices share their home's address, as behind a router, so the
    server's per-address limits see 200 homes, not one address holding 1,200 connections."""
    house = member // MEMBERS
    return f"127.1.{house // 250}.{house % 250 + 1}"


class Connection:
    """One keep-alive connection, one request at a time."""

    def __init__(self, port: int, address: str = "127.0.0.1") -> None:
        self.port = port
        self.address = address
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.idle_since = 0.0

    def usable(self) -> bool:
        return (
            self.writer is not None
            and not self.writer.is_closing()
            and not self.reader.at_eof()  # type: ignore[union-attr]
            and time.perf_counter() - self.idle_since < REUSE_FOR
        )

    async def open(self) -> None:
        self.close()
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=(self.address, 0))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def request(self, head: bytes, body: bytes) -> tuple[int, bytes]:
        assert self.reader is not None and self.writer is not None
        self.writer.write(head + body)
        status, headers = await read_head(self.reader)
        answer = await read_body(self.reader, headers)
        if headers.get("connection", "").lower() == "close":
            self.close()
        self.idle_since = time.perf_counter()
        return status, answer


# -- the run --------------------------------------------------------------------------------------
@dataclass
class Write:
    sent: float
    writer: int
    household: int
    got: set[int] = field(default_factory=set)
    ok: bool | None = None  # None while the answer is awaited
    answered: float | None = None
    received: list[float] = field(default_factory=list)  # when the other members heard of it


@dataclass
class Tally:
    write_ms: list[float] = field(default_factory=list)
    delivery_ms: list[float] = field(default_factory=list)
    echo_ms: list[float] = field(default_factory=list)  # the writer's own stream hearing its write
    stream_open_ms: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)  # writes with no answer, by reason
    new_connections: int = 0
    unsent: int = 0  # writes due before the end that were not sent: their member was still waiting
    retried: int = 0
    dropped: int = 0
    resyncs: int = 0
    duplicates: int = 0
    strangers: int = 0  # events for a write of another household, or unknown origins
    events: int = 0
    loop_late_ms: list[float] = field(default_factory=list)
    rss: list[tuple[float, float]] = field(default_factory=list)  # (seconds into the run, MB)
    streams_low: int | None = None  # the fewest streams open at any sample during the writes


class Run:
    def __init__(self, args: argparse.Namespace, server: Server, accounts: list[tuple[str, str]], lists: list[int]):
        self.args = args
        self.server = server
        self.port = server.port
        self.accounts = accounts
        self.lists = lists
        self.values: list[int] = []
        self.tally = Tally()
        self.writes: dict[str, Write] = {}
        self.outstanding = 0  # deliveries to other members still awaited for writes not failed
        self.writing = True
        self.settled = asyncio.Event()
        self.open_streams: set[int] = set()
        self.stopping = False

    # streams
    async def stream(self, member: int, opened: asyncio.Semaphore, ready: asyncio.Event) -> None:
        """The member's event stream for the whole run; reopened (and counted) if it drops."""
        token = self.accounts[member][1]
        head = (
            f"GET /api/pwa/events HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
            f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n"
        ).encode()
        first = True
        while not self.stopping:
            writer = None
            try:
                async with opened:
                    started = time.perf_counter()
                    reader, writer = await asyncio.open_connection(
                        "127.0.0.1", self.port, local_addr=(household_address(member), 0)
                    )
                    writer.write(head)
                    status, _ = await read_head(reader)
                    if status != 200:
                        raise ConnectionGone(f"stream answered {status}")
                    buffer = b""
                    while b"\n\n" not in buffer:  # wait for `ready` inside the slot
                        buffer += (await read_chunk(reader)).replace(b"\r\n", b"\n")
                    if first:
                        self.tally.stream_open_ms.append((time.perf_counter() - started) * 1000)
                self.open_streams.add(member)
                if first:
                    first = False
                    ready.set()
                while True:
                    while b"\n\n" in buffer:
                        message, buffer = buffer.split(b"\n\n", 1)
                        self.on_message(member, message)
                    chunk = await read_chunk(reader)
                    if not chunk:
                        raise ConnectionGone("stream ended")
                    buffer = (buffer + chunk).replace(b"\r\n", b"\n")
            except (ConnectionGone, asyncio.IncompleteReadError, ConnectionError, ValueError) as exc:
                if self.stopping:
                    return
                self.open_streams.discard(member)
                self.tally.dropped += 1
                print(f"stream of member {member} dropped: {exc!r}", file=sys.stderr)
                await asyncio.sleep(2)  # the server's `retry`, as EventSource would wait
            finally:
                self.open_streams.discard(member)
                if writer is not None:
                    writer.close()

    def on_message(self, member: int, message: bytes) -> None:
        kind, data = "message", b""
        for line in message.split(b"\n"):
            if line.startswith(b"event:"):
                kind = line[6:].strip().decode()
            elif line.startswith(b"data:"):
                data = line[5:].strip()
        if kind == "resync":
            self.tally.resyncs += 1
        if kind != "change":
            return
        received = time.perf_counter()
        origin = json.loads(data).get("origin")
        if origin and origin.startswith("alone"):
            return  # the writes before the load
        self.tally.events += 1
        write = self.writes.get(origin or "")
        if write is None or member // MEMBERS != write.household:
            self.tally.strangers += 1
            return
        if member == write.writer:
            self.tally.echo_ms.append((received - write.sent) * 1000)
            return
        if member in write.got:
            self.tally.duplicates += 1
            return
        write.got.add(member)
        write.received.append(received)
        self.tally.delivery_ms.append((received - write.sent) * 1000)
        if write.ok is not False:
            self.expect(-1)

    def expect(self, change: int) -> None:
        self.outstanding += change
        if self.outstanding == 0 and not self.writing:
            self.settled.set()

    # writes
    def request(self, member: int, number: int, rng: random.Random, prefix: str = "m") -> tuple[str, bytes, bytes]:
        """The member's next write: tick, untick or change the quantity of one item."""
        origin = f"{prefix}{member}-w{number}"
        value = rng.choice(self.values)
        item = {"value": value, "checked": rng.random() < 0.5}
        if rng.random() < 0.5:
            item = {"value": value, "quantity": rng.randint(1, 9)}
        body = json.dumps({"ingredients": [item]}).encode()
        head = (
            f"PUT /api/pwa/user-shoppinglists/{self.lists[member // MEMBERS]} HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{self.port}\r\nAuthorization: Bearer {self.accounts[member][1]}\r\n"
            f"X-Larder-Client: {origin}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        ).encode()
        return origin, head, body

    async def member_writes(self, member: int, deadline: float) -> None:
        rng = random.Random(member)
        connection = Connection(self.port, household_address(member))
        due = time.perf_counter() + rng.uniform(0, WAIT[1])  # members start spread over one interval
        number = 0
        try:
            while True:
                await asyncio.sleep(max(0.0, min(due, deadline) - time.perf_counter()))
                if time.perf_counter() >= deadline:
                    break
                number += 1
                await self.write(connection, member, *self.request(member, number, rng))
                due += rng.uniform(*WAIT)
        finally:
            connection.close()
        # A member whose writes waited long falls behind its schedule (one write at a time, the next
        # sent at once when it is overdue); what was due but never sent shows the server's shortfall.
        while due < deadline:
            self.tally.unsent += 1
            due += rng.uniform(*WAIT)

    async def alone(self, count: int) -> tuple[list[float], float]:
        """One member writing `count` times in a row with nothing else going on (the streams open):
        what a write costs the server, and so how many a second one process can take."""
        rng = random.Random(-1)
        connection = Connection(self.port)
        await connection.open()
        timings = []
        cpu = self.server.cpu_seconds()
        for number in range(count):
            _, head, body = self.request(0, number, rng, prefix="alone")
            started = time.perf_counter()
            status, _ = await connection.request(head, body)
            timings.append((time.perf_counter() - started) * 1000)
            assert status == 200, status
        cpu = self.server.cpu_seconds() - cpu
        connection.close()
        return timings, cpu / count * 1000

    async def write(self, connection: Connection, member: int, origin: str, head: bytes, body: bytes) -> None:
        write = self.writes[origin] = Write(sent=time.perf_counter(), writer=member, household=member // MEMBERS)
        self.expect(MEMBERS - 1)
        status = None
        try:
            for attempt in range(2):
                reused = connection.usable()
                if not reused:
                    await connection.open()
                    self.tally.new_connections += 1
                try:
                    status, _ = await asyncio.wait_for(connection.request(head, body), WRITE_TIMEOUT)
                    break
                except ConnectionGone:
                    connection.close()
                    if not reused or attempt:
                        raise
                    self.tally.retried += 1  # the server closed an idle connection as we sent: once more
        except TimeoutError:
            self.tally.failures["timeout"] += 1
            connection.close()
        except (ConnectionGone, ConnectionError) as exc:
            self.tally.failures[type(exc).__name__] += 1
        write.answered = time.perf_counter()
        self.tally.write_ms.append((write.answered - write.sent) * 1000)
        if status is not None:
            self.tally.statuses[status] += 1
        write.ok = status is not None and 200 <= status < 300
        if not write.ok:
            self.expect(-(MEMBERS - 1 - len(write.got)))

    def loop_cpu(self) -> float:
        """CPU seconds of the server's main thread, which runs its event loop."""
        return thread_cpu(self.server.process.pid, self.server.process.pid)

    # watching
    async def watch(self, started: float, stop: asyncio.Event) -> None:
        """Every second: the server's memory and the streams open; every 50 ms: how late the loop runs."""
        tick = 0
        while not stop.is_set():
            before = time.perf_counter()
            await asyncio.sleep(0.05)
            self.tally.loop_late_ms.append((time.perf_counter() - before - 0.05) * 1000)
            tick += 1
            if tick % 20 == 0:
                self.tally.rss.append((time.perf_counter() - started, self.server.rss_mb()))
                if self.writing:
                    low = self.tally.streams_low
                    self.tally.streams_low = len(self.open_streams) if low is None else min(low, len(self.open_streams))

    async def main(self, values: list[int]) -> dict:
        self.values = values
        members = len(self.accounts)
        rss_before_streams = self.server.rss_mb()
        opened = asyncio.Semaphore(OPENING)
        readies = [asyncio.Event() for _ in range(members)]
        open_started = time.perf_counter()
        streams = [asyncio.create_task(self.stream(m, opened, readies[m])) for m in range(members)]
        await asyncio.gather(*(ready.wait() for ready in readies))
        open_seconds = time.perf_counter() - open_started
        rss_streams_open = self.server.rss_mb()
        alone_ms, alone_cpu_ms = await self.alone(ALONE)

        stop_watch = asyncio.Event()
        started = time.perf_counter()
        cpu_server, cpu_client, cpu_loop = self.server.cpu_seconds(), client_cpu(), self.loop_cpu()
        cpu_database = postgres_cpu_seconds()
        load_before = os.getloadavg()
        watcher = asyncio.create_task(self.watch(started, stop_watch))
        if self.args.profile:
            self.server.process.send_signal(signal.SIGUSR1)
        deadline = started + self.args.seconds
        await asyncio.gather(*(self.member_writes(m, deadline) for m in range(members)))
        writing_seconds = time.perf_counter() - started
        if self.args.profile:
            self.server.process.send_signal(signal.SIGUSR2)
        cpu_server = self.server.cpu_seconds() - cpu_server
        cpu_database = postgres_cpu_seconds() - cpu_database
        cpu_loop = self.loop_cpu() - cpu_loop
        cpu_client = client_cpu() - cpu_client
        load_after = os.getloadavg()
        self.writing = False
        streams_at_end = len(self.open_streams)
        self.expect(0)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.settled.wait(), GRACE)
        rss_end = self.server.rss_mb()
        stop_watch.set()
        await watcher
        self.stopping = True
        for task in streams:
            task.cancel()
        await asyncio.gather(*streams, return_exceptions=True)
        # The fan-out's own share: receipt against the writer's answer (negative: heard first).
        after_answer = [(received - w.answered) * 1000 for w in self.writes.values() if w.ok for received in w.received]
        misses = sum(
            MEMBERS - 1 - len(w.got) for w in self.writes.values() if w.ok
        )  # 2xx writes some other member never heard of
        return {
            "open_seconds": open_seconds,
            "alone_ms": alone_ms,
            "alone_cpu_ms": alone_cpu_ms,
            "rss_streams_open": rss_streams_open,
            "writing_seconds": writing_seconds,
            "cpu_server": cpu_server,
            "cpu_database": cpu_database,
            "cpu_client": cpu_client,
            "cpu_loop": cpu_loop,
            "load": (load_before[0], load_after[0]),
            "streams_at_end": streams_at_end,
            "rss_end": rss_end,
            "misses": misses,
            "after_answer": after_answer,
            "rss_before_streams": rss_before_streams,
            "ok_writes": sum(1 for w in self.writes.values() if w.ok),
        }


def thread_cpu(pid: int, tid: int) -> float:
    fields = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


WAITING = ("selectors.py:select",)  # the event loop waiting for something to do


def profile_summary(path: Path) -> str:
    """Where the sampled event loop thread was: waiting; the deepest of the app's own functions on
    the stack (what it costs with the libraries it calls); the share under a few library functions;
    the frames it ran itself."""
    stacks = []
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        stacks.append((stack.split(";"), int(count)))
    total = sum(count for _, count in stacks)
    idle = sum(count for frames, count in stacks if frames[-1].endswith(WAITING))
    busy = total - idle
    own: Counter[str] = Counter()
    under: Counter[str] = Counter()
    deepest: Counter[str] = Counter()
    for frames, count in stacks:
        if frames[-1].endswith(WAITING):
            continue
        own[frames[-1]] += count
        for name in set(frames):
            under[name] += count
        deepest[app_frame(frames)] += count

    def table(title: str, rows: list[tuple[str, int]]) -> list[str]:
        return ["", title, *(f"  {count / busy:6.1%}  {name}" for name, count in rows)]

    watched = ("litestar/", "sqlalchemy/", "uvicorn/", "h11/", "aiosqlite/", "anyio/", "jwt/", "advanced_alchemy/")
    libraries = sorted(((n, c) for n, c in under.items() if n.startswith(watched)), key=lambda row: -row[1])
    lines = [
        f"{total:,} samples (every 2 ms of the server's CPU), {idle / total:.0%} of them with the event loop "
        "waiting in select() while other threads ran"
    ]
    lines += table(
        "Deepest app function on the stack, else the loop's callback (share of busy samples):", deepest.most_common(30)
    )
    lines += table("Under these library functions:", libraries[:30])
    lines += table("Own time:", own.most_common(20))
    return "\n".join(lines)


OUTERMOST = ("__main__.py:<module>", "__main__.py:main", "__main__.py:serve", "core/process/server.py:run")


def app_frame(frames: list[str]) -> str:
    """The innermost frame of the app's own code, or the callback the event loop was running."""
    for name in reversed(frames):
        if "/larder/" in name and not name.endswith(OUTERMOST):
            return name.split("/src/", 1)[-1]
    for index, name in enumerate(frames):
        if name.endswith("events.py:_run") and index + 1 < len(frames):
            return "(no app code) " + frames[index + 1]
    return "(no app code) " + frames[-1]


def client_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def spread(values: list[float], digits: int = 0) -> str:
    if not values:
        return "- | - | - | - | -"
    shown = [statistics.median(values), percentile(values, 0.95), percentile(values, 0.99), max(values)]
    return f"{len(values):,} | " + " | ".join(f"{value:.{digits}f}" for value in shown)


def report(args: argparse.Namespace, found: dict, tally: Tally, max_connections: int) -> str:
    members = args.households * MEMBERS
    seconds = found["writing_seconds"]
    non_2xx = {s: c for s, c in tally.statuses.items() if not 200 <= s < 300}
    write_p99 = percentile(tally.write_ms, 0.99)
    delivery_p99 = percentile(tally.delivery_ms, 0.99) if tally.delivery_ms else float("inf")
    met = (
        write_p99 <= TARGET_WRITE_P99_MS
        and delivery_p99 <= TARGET_DELIVERY_P99_MS
        and found["misses"] == 0
        and not non_2xx
        and not tally.failures
        and tally.dropped == 0
    )
    peak = max((mb for _, mb in tally.rss), default=0.0)
    lines = [
        f"{args.households} households x {MEMBERS} members ({members} streams), writes every "
        f"{WAIT[0]:.0f}-{WAIT[1]:.0f} s each for {seconds:.0f} s; {args.workers} server process(es) on "
        f"{'PostgreSQL (a local cluster on the same cores)' if args.postgres else 'the SQLite file'}; "
        f"LARDER_MAX_CONNECTIONS={max_connections} per process; "
        f"{time.strftime('%Y-%m-%d %H:%M %Z')}; load average {found['load'][0]:.1f} before, "
        f"{found['load'][1]:.1f} after",
        "",
        "| measure | count | p50 ms | p95 ms | p99 ms | max ms |",
        "|:--|--:|--:|--:|--:|--:|",
        f"| write (PUT list item), send to answer | {spread(tally.write_ms)} |",
        f"| delivery to the other two members, write's send to receipt | {spread(tally.delivery_ms)} |",
        f"| delivery against the writer's answer (negative: before it) | {spread(found['after_answer'], 1)} |",
        f"| the writer's own echo | {spread(tally.echo_ms)} |",
        f"| opening a stream until `ready` (at most {OPENING} at once) | {spread(tally.stream_open_ms)} |",
        f"| client event loop lateness (50 ms ticks) | {spread(tally.loop_late_ms)} |",
        f"| before the load: one member's writes one after another | {spread(found['alone_ms'])} |",
        "",
        f"- writes: {len(tally.write_ms):,} sent ({len(tally.write_ms) / seconds:.0f}/s; the schedule asked for "
        f"{(len(tally.write_ms) + tally.unsent) / args.seconds:.0f}/s: {tally.unsent:,} more were due but their "
        f"member was still waiting for the previous answer), "
        f"{found['ok_writes']:,} answered 2xx; non-2xx: "
        f"{', '.join(f'{s} x {c}' for s, c in sorted(non_2xx.items())) or 'none'}; without an answer: "
        f"{', '.join(f'{r} x {c}' for r, c in sorted(tally.failures.items())) or 'none'}; "
        f"{tally.new_connections:,} connections opened for writes, {tally.retried} writes sent again after "
        f"the server closed an idle connection",
        f"- deliveries: {len(tally.delivery_ms):,} to other members ({len(tally.delivery_ms) / seconds:.0f}/s), "
        f"**{found['misses']} missed**, {tally.duplicates} duplicated, {tally.strangers} outside the "
        f"household or of unknown origin; {tally.events:,} change events in all; {tally.resyncs} resyncs",
        f"- streams: {members} opened in {found['open_seconds']:.1f} s; open during the writes: at least "
        f"{tally.streams_low}, {found['streams_at_end']} at the end; {tally.dropped} dropped",
        f"- server RSS: {found['rss_before_streams']:.0f} MB before the streams, "
        f"{found['rss_streams_open']:.0f} MB with the streams open before any write, peak "
        f"{peak:.0f} MB, {found['rss_end']:.0f} MB at the end",
        f"- CPU over the {seconds:.0f} s of writes: server {found['cpu_server']:.0f} s "
        f"({found['cpu_server'] / seconds:.0%} of a core; its event loop thread {found['cpu_loop']:.0f} s, "
        f"the other threads {found['cpu_server'] - found['cpu_loop']:.0f} s), client {found['cpu_client']:.0f} s "
        f"({found['cpu_client'] / seconds:.0%} of a core), PostgreSQL {found['cpu_database']:.0f} s "
        f"({found['cpu_database'] / seconds:.0%} of a core; 0 on SQLite); server CPU per write "
        f"{found['cpu_server'] / max(1, len(tally.write_ms)) * 1000:.1f} ms under load, "
        f"{found['alone_cpu_ms']:.1f} ms alone",
        "",
        f"Targets (write p99 <= {TARGET_WRITE_P99_MS} ms, delivery p99 <= {TARGET_DELIVERY_P99_MS} ms, "
        f"no misses, no errors): **{'met' if met else 'missed'}**.",
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--households", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=300, help="how long the members write (default 5 min)")
    parser.add_argument("--quick", action="store_true", help="30 s of writes")
    parser.add_argument("--profile", type=Path, help="run the server under cProfile, its output to this file")
    parser.add_argument("--workers", type=int, default=1, help="server processes (larder serve --workers N)")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="on a throw-away PostgreSQL cluster (tests/postgres_cluster.py) instead of the SQLite file",
    )
    args = parser.parse_args()
    if args.quick:
        args.seconds = 30
    members = args.households * MEMBERS
    max_connections = 2 * members + 200  # a stream and a write connection per member, and headroom
    with contextlib.ExitStack() as held:
        database: dict[str, str] = {}
        if args.postgres:
            sys.path.insert(0, str(ROOT))
            from tests import postgres_cluster

            server_url = held.enter_context(postgres_cluster.cluster())
            postgres_cluster.admin(server_url, "CREATE DATABASE larder_bench")
            database = {"LARDER_DATABASE_URL": postgres_cluster.database_url(server_url, "larder_bench")}
        tmp = held.enter_context(tempfile.TemporaryDirectory())
        data = Path(tmp) / "data"
        made = time.perf_counter()
        accounts = prepare_accounts(data, members, database)
        python_args = ("-c", PROFILE_SERVER, str(args.profile.resolve())) if args.profile else ()
        server = Server(
            data,
            Path(tmp) / "server.log",
            env={
                "LARDER_MAX_CONNECTIONS": str(max_connections),
                "LARDER_MAX_EVENT_STREAMS": str(max_connections),
                "LARDER_WORKERS": str(args.workers),
                **database,
            },
            python_args=python_args,
        )
        try:
            server.wait()
            lists, values = share_lists(server.base, accounts, args.households)
            took = time.perf_counter() - made
            print(f"{members} accounts, {len(lists)} shared lists in {took:.0f} s", file=sys.stderr)
            run = Run(args, server, accounts, lists)
            found = asyncio.run(run.main(values))
        finally:
            server.stop()
            log = (Path(tmp) / "server.log").read_text()
        problems = [line for line in log.splitlines() if "ERROR" in line or "WARNING" in line or "Traceback" in line]
    print(report(args, found, run.tally, max_connections))
    # Each server process logs how long its last writers waited for their write turn when it stops.
    for line in log.splitlines():
        if "write turn waits:" in line:
            print(f"- {line[line.index('write turn waits:') :]} (the last {WAITS_KEPT:,} writes of one process)")
    if problems:
        print(f"\nServer log: {len(problems)} warnings or errors, the first: {problems[:3]}")
    if args.profile:
        print("\n" + profile_summary(args.profile))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
