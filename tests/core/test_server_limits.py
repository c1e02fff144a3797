"""`larder serve` does not let a client sit on a connection: the real server, real sockets.

Every wait here is a bounded select() on the socket: the test goes on as soon as the server acts,
and fails when it does not act in time.
"""

from __future__ import annotations

import contextlib
import json
import select
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from larder.core.base.settings import ServerLimits, Settings, SettingsError
from larder.core.process.server import MAX_HEADER_BYTES, server_options
from larder.core.web.connections import UNFINISHED_HEADS_PER_ADDRESS
from larder.sharing.live import MAX_STREAMS_PER_MEMBER, MSG_TOO_MANY_STREAMS
from tests.serving import Served, larder_cli

HEADER_TIMEOUT = 1.0
BODY_TIMEOUT = 1.5
KEEPALIVE_TIMEOUT = 1
SLACK = 4.0  # a loaded 2-core machine may act late; it may never act early
HALF_A_HEADER = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: appli"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    data_dir = tmp_path_factory.mktemp("limits") / "data"
    with Served(
        data_dir,
        LARDER_HEADER_TIMEOUT=str(HEADER_TIMEOUT),
        LARDER_BODY_TIMEOUT=str(BODY_TIMEOUT),
        LARDER_KEEPALIVE_TIMEOUT=str(KEEPALIVE_TIMEOUT),
    ) as served:
        yield served


def connect(server: Served) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=10)


def wait_closed(sock: socket.socket, within: float, *, poke: bytes = b"", every: float = 0.0) -> tuple[float, bytes]:
    """Seconds until the server closed `sock` (and what it sent); fails after `within` seconds.

    With `poke`, one more byte of it is sent every `every` seconds while the connection stays open.
    """
    start = time.monotonic()
    received = b""
    while (remaining := start + within - time.monotonic()) > 0:
        readable, _, _ = select.select([sock], [], [], min(remaining, every) if poke else remaining)
        if readable:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                return time.monotonic() - start, received
            received += chunk
        elif poke:
            sock.sendall(poke[:1])
            poke = poke[1:] or poke
    raise AssertionError(f"the server kept the connection open for {within} s (it sent {received!r})")


def read_response(sock: socket.socket, within: float = 10.0) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 response with a Content-Length, read off `sock`."""
    deadline = time.monotonic() + within
    data = b""
    while b"\r\n\r\n" not in data or len(data.partition(b"\r\n\r\n")[2]) < _length(data):
        readable, _, _ = select.select([sock], [], [], max(0.0, deadline - time.monotonic()))
        assert readable, f"no complete response within {within} s: {data!r}"
        chunk = sock.recv(65536)
        assert chunk, f"closed before the response was complete: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers, body


def _length(data: bytes) -> int:
    for line in data.partition(b"\r\n\r\n")[0].split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value)
    return 0


def request(path: str = "/api/health") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()


def test_half_a_header_is_closed_at_the_header_deadline(server: Served) -> None:
    with connect(server) as sock:
        sock.sendall(HALF_A_HEADER)
        elapsed, sent = wait_closed(sock, HEADER_TIMEOUT + SLACK)
    assert elapsed >= HEADER_TIMEOUT * 0.8, f"closed after {elapsed:.2f} s, before the deadline"
    assert sent == b""


def test_a_connection_that_says_nothing_is_closed(server: Served) -> None:
    with connect(server) as sock:
        elapsed, _ = wait_closed(sock, HEADER_TIMEOUT + SLACK)
    assert elapsed >= HEADER_TIMEOUT * 0.8


def test_a_trickled_header_does_not_push_the_deadline_back(server: Served) -> None:
    # One byte every 0.2 s: each byte is news, but the head as a whole is late.
    with connect(server) as sock:
        elapsed, _ = wait_closed(sock, HEADER_TIMEOUT + SLACK, poke=HALF_A_HEADER, every=0.2)
    assert elapsed >= HEADER_TIMEOUT * 0.8


def test_a_stalled_body_is_closed_at_the_body_deadline(server: Served) -> None:
    head = (
        b"POST /api/pwa/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1000\r\n\r\n"
    )
    with connect(server) as sock:
        sock.sendall(head + b'{"email": "')
        elapsed, _ = wait_closed(sock, BODY_TIMEOUT + SLACK)
    assert elapsed >= BODY_TIMEOUT * 0.8


def test_an_idle_kept_alive_connection_is_closed(server: Served) -> None:
    with connect(server) as sock:
        sock.sendall(request())
        status, headers, body = read_response(sock)
        assert status == 200 and json.loads(body)["status"] == "ok"
        assert "connection" not in headers or headers["connection"] != "close"
        # Still open for a next request on the same connection, then closed when idle.
        sock.sendall(request())
        assert read_response(sock)[0] == 200
        elapsed, _ = wait_closed(sock, KEEPALIVE_TIMEOUT + SLACK)
    assert elapsed >= KEEPALIVE_TIMEOUT * 0.8


def test_a_slow_client_within_the_deadline_is_served(server: Served) -> None:
    # The whole head in two parts, well within the deadline: answered normally.
    raw = request()
    with connect(server) as sock:
        sock.sendall(raw[:10])
        readable, _, _ = select.select([sock], [], [], HEADER_TIMEOUT / 4)
        assert not readable
        sock.sendall(raw[10:])
        assert read_response(sock)[0] == 200


def test_a_head_beyond_the_size_cap_is_refused(server: Served) -> None:
    with connect(server) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"a" * (MAX_HEADER_BYTES + 1))
        _, sent = wait_closed(sock, SLACK)
    assert sent.startswith(b"HTTP/1.1 400")


def test_connections_beyond_the_limit_are_answered_503_in_the_error_shape(tmp_path: Path) -> None:
    limit = 3
    with Served(tmp_path / "data", LARDER_MAX_CONNECTIONS=str(limit), LARDER_HEADER_TIMEOUT="60") as served:
        held = [connect(served) for _ in range(limit - 1)]
        try:
            # The limit-th connection is still served...
            with connect(served) as sock:
                sock.sendall(request())
                assert read_response(sock)[0] == 200
                # ...one more is not, while the first ones stay open.
                with connect(served) as extra:
                    extra.sendall(request())
                    status, headers, body = read_response(extra)
                    assert status == 503
                    assert headers["content-type"] == "application/json"
                    assert headers["connection"] == "close"
                    assert json.loads(body) == {"message": "The server is busy. Please try again."}
        finally:
            for sock in held:
                sock.close()


def test_limits_come_from_the_environment() -> None:
    env = {
        "LARDER_DATA_DIR": "not-created",
        "LARDER_MAX_CONNECTIONS": "50",
        "LARDER_HEADER_TIMEOUT": "2.5",
        "LARDER_BODY_TIMEOUT": "30",
        "LARDER_KEEPALIVE_TIMEOUT": "3",
    }
    settings = Settings.from_env(env)
    assert settings.limits == ServerLimits(max_connections=50, header_timeout=2.5, body_timeout=30, keepalive_timeout=3)
    options = server_options(settings)
    assert options["timeout_keep_alive"] == 3
    assert options["h11_max_incomplete_event_size"] == MAX_HEADER_BYTES
    assert options["http"].limits == settings.limits
    assert options["timeout_graceful_shutdown"] > 0
    assert Settings.from_env({"LARDER_DATA_DIR": "not-created"}).limits == ServerLimits()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("MAX_CONNECTIONS", "0"),
        ("MAX_CONNECTIONS", "many"),
        ("HEADER_TIMEOUT", "-1"),
        ("BODY_TIMEOUT", "nan"),
        ("BODY_TIMEOUT", "inf"),
        ("KEEPALIVE_TIMEOUT", "1.5"),
    ],
)
def test_unusable_limits_are_refused(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=f"LARDER_{name}"):
        Settings.from_env({"LARDER_DATA_DIR": "not-created", f"LARDER_{name}": value})


# -- one client cannot take every connection ------------------------------------------------------------

PASSWORD = "correct horse battery staple"
OTHER_ADDRESS = "127.0.0.2"  # loopback too, but another client address as far as the server knows


def connect_from(server: Served, address: str) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(address, 0))


def is_closed_at_once(sock: socket.socket) -> bool:
    """Whether the server closed the connection without answering (it may have been accepted first)."""
    try:
        sock.sendall(request())
    except (BrokenPipeError, ConnectionResetError):
        return True
    readable, _, _ = select.select([sock], [], [], SLACK)
    assert readable, "the server neither answered nor closed the connection"
    try:
        return sock.recv(65536) == b""
    except ConnectionResetError:
        return True


def health_from(server: Served, address: str) -> int:
    with connect_from(server, address) as sock:
        sock.sendall(request())
        return read_response(sock)[0]


def sign_in(served: Served, email: str) -> str:
    larder_cli(
        served.data_dir, "user", "create", "--email", email, "--name", email.split("@")[0], LARDER_PASSWORD=PASSWORD
    )
    answer = httpx.post(f"{served.url}/api/pwa/login", json={"email": email, "password": PASSWORD}, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()["token"]


def open_stream(served: Served, token: str) -> tuple[socket.socket, int, bytes]:
    """A live event stream on its own connection: the socket (left open), its status and the first
    bytes of its answer (the `ready` event once it is a stream)."""
    sock = connect(served)
    sock.sendall(
        f"GET /api/pwa/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        f"Authorization: Bearer {token}\r\n\r\n".encode()
    )
    received = b""
    deadline = time.monotonic() + 10

    def complete() -> bool:
        head, found, body = received.partition(b"\r\n\r\n")
        if not found:
            return False
        if b" 200 " in head.split(b"\r\n")[0]:
            return b"event: ready" in body
        return len(body) >= _length(received)

    while not complete():
        readable, _, _ = select.select([sock], [], [], max(0.0, deadline - time.monotonic()))
        assert readable, f"no answer to the stream's request: {received!r}"
        chunk = sock.recv(65536)
        if not chunk:
            break
        received += chunk
    return sock, int(received.split(b" ", 2)[1]), received


@pytest.fixture(scope="module")
def streams_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    data_dir = tmp_path_factory.mktemp("streams") / "data"
    with Served(data_dir, LARDER_MAX_CONNECTIONS="4", LARDER_HEADER_TIMEOUT="60") as served:
        yield served


def test_event_streams_do_not_take_request_slots(streams_server: Served) -> None:
    token = sign_in(streams_server, "streams@example.com")
    streams = [open_stream(streams_server, token) for _ in range(MAX_STREAMS_PER_MEMBER)]
    try:
        assert [status for _, status, _ in streams] == [200] * MAX_STREAMS_PER_MEMBER
        # Ten streams held, four request slots: everyone else's requests are still served.
        for _ in range(3):
            assert health_from(streams_server, "127.0.0.1") == 200
    finally:
        for sock, _, _ in streams:
            sock.close()


def test_a_member_holds_at_most_its_share_of_streams(streams_server: Served) -> None:
    greedy = sign_in(streams_server, "greedy@example.com")
    other = sign_in(streams_server, "household-member@example.com")
    held = [open_stream(streams_server, greedy) for _ in range(MAX_STREAMS_PER_MEMBER)]
    try:
        sock, status, answer = open_stream(streams_server, greedy)
        sock.close()
        assert status == 429
        assert json.loads(answer.partition(b"\r\n\r\n")[2])["message"] == MSG_TOO_MANY_STREAMS
        # Another member of the household still gets live changes.
        sock, status, answer = open_stream(streams_server, other)
        sock.close()
        assert status == 200 and b"event: ready" in answer
    finally:
        for sock, _, _ in held:
            sock.close()
    # A closed stream gives its place back.
    with closing_stream(streams_server, greedy) as status:
        assert status == 200


@contextlib.contextmanager
def closing_stream(served: Served, token: str) -> Iterator[int]:
    deadline = time.monotonic() + SLACK
    while True:  # the server hears of the closed sockets a moment after they close
        sock, status, _ = open_stream(served, token)
        if status != 429 or time.monotonic() > deadline:
            break
        sock.close()
        select.select([], [], [], 0.05)  # a poll interval while the server notices the closes
    try:
        yield status
    finally:
        sock.close()


def test_one_address_holds_at_most_its_share_of_connections(tmp_path: Path) -> None:
    with Served(tmp_path / "data", LARDER_MAX_CONNECTIONS_PER_ADDRESS="4", LARDER_HEADER_TIMEOUT="60") as served:
        held = [connect(served) for _ in range(3)]
        try:
            with connect(served) as fourth:
                fourth.sendall(request())
                assert read_response(fourth)[0] == 200
                # The address's fifth connection is closed; another address is served.
                with connect(served) as fifth:
                    assert is_closed_at_once(fifth)
                assert health_from(served, OTHER_ADDRESS) == 200
        finally:
            for sock in held:
                sock.close()


def test_unfinished_request_heads_of_one_address_cannot_starve_the_others(tmp_path: Path) -> None:
    # A slow-loris from one address against twenty request slots: it keeps only its share of
    # unfinished heads, and another client is served.
    with Served(tmp_path / "data", LARDER_MAX_CONNECTIONS="20", LARDER_HEADER_TIMEOUT="60") as served:
        slow = [connect(served) for _ in range(UNFINISHED_HEADS_PER_ADDRESS)]
        try:
            for sock in slow:
                sock.sendall(HALF_A_HEADER)
            refused = [connect(served) for _ in range(5)]
            assert all(is_closed_at_once(sock) for sock in refused)
            for sock in refused:
                sock.close()
            assert health_from(served, OTHER_ADDRESS) == 200
            # A head completed gives its address's place back.
            slow[0].sendall(b"cation/json\r\n\r\n")
            assert read_response(slow[0])[0] == 200
            assert health_from(served, "127.0.0.1") == 200
        finally:
            for sock in slow:
                sock.close()


def test_a_trusted_proxy_is_not_held_to_one_address_share(tmp_path: Path) -> None:
    env = {"LARDER_MAX_CONNECTIONS_PER_ADDRESS": "2", "LARDER_HEADER_TIMEOUT": "60"}
    with Served(tmp_path / "data", LARDER_TRUSTED_PROXIES="127.0.0.1", **env) as served:
        held = [connect(served) for _ in range(UNFINISHED_HEADS_PER_ADDRESS + 2)]
        try:
            assert health_from(served, "127.0.0.1") == 200
        finally:
            for sock in held:
                sock.close()
