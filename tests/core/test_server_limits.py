"""`larder serve` does not let a client sit on a connection: the real server, real sockets.

Every wait here is a bounded select() on the socket: the test goes on as soon as the server acts,
and fails when it does not act in time.
"""

from __future__ import annotations

import json
import select
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from larder.core.server import MAX_HEADER_BYTES, server_options
from larder.core.settings import ServerLimits, Settings, SettingsError
from tests.serving import Served

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
