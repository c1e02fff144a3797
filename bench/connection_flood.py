"""One client against everyone else: can a flood of connections from one member or one address
starve another client? A real `larder serve` with the default limits, on a fresh data dir.

    python bench/connection_flood.py [--streams 200] [--heads 220] [--requests 800]

1. **Streams:** one signed-in member opens `--streams` live event streams (GET /api/pwa/events) and
   holds them; meanwhile another member, from another address (127.0.0.2), makes `--requests`
   requests (their shopping lists). Counted: the flooder's streams accepted and refused, the other
   member's answers by status.
2. **Unfinished heads:** `--heads` sockets from 127.0.0.1 each send a request head without its final
   blank line and are opened again as soon as the server closes them; meanwhile a client on
   127.0.0.2 makes `--requests` requests to /api/health. Counted: the other client's answers by
   status, and how many of the flooder's sockets the server kept open.

The victim is on another address on purpose: the server tells clients apart by address, so a
client sharing the flooder's address shares its share.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

PASSWORD = "correct horse battery staple"
VICTIM_ADDRESS = "127.0.0.2"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cli(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "-m", "larder", *args], env=env, check=True, capture_output=True, timeout=120)


def start_server(data_dir: Path, port: int) -> tuple[subprocess.Popen[bytes], dict[str, str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LARDER_")}
    env.update({"LARDER_DATA_DIR": str(data_dir), "LARDER_PUBLIC_URL": f"http://127.0.0.1:{port}"})
    for email in ("flooder@example.com", "member@example.com"):
        cli({**env, "LARDER_PASSWORD": PASSWORD}, "user", "create", "--email", email, "--name", email.split("@")[0])
    log = (data_dir.parent / "server.log").open("ab")
    server = subprocess.Popen(
        [sys.executable, "-m", "larder", "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2).status_code == 200:
                return server, env
        except httpx.TransportError:
            pass
        time.sleep(0.1)  # polling the server's start
    raise SystemExit("the server did not start")


def token(port: int, email: str) -> str:
    answer = httpx.post(f"http://127.0.0.1:{port}/api/pwa/login", json={"email": email, "password": PASSWORD})
    answer.raise_for_status()
    return answer.json()["token"]


def status_of(sock: socket.socket, within: float = 10.0) -> int | None:
    """The status of the answer on `sock`, None when closed without one."""
    received = b""
    deadline = time.monotonic() + within
    while b"\r\n" not in received:
        readable, _, _ = select.select([sock], [], [], max(0.0, deadline - time.monotonic()))
        if not readable:
            return None
        try:
            chunk = sock.recv(4096)
        except ConnectionResetError:
            return None
        if not chunk:
            return None
        received += chunk
    return int(received.split(b" ", 2)[1])


def victim_requests(port: int, path: str, count: int, bearer: str | None) -> Counter[str]:
    """`count` requests, each on a connection of its own from VICTIM_ADDRESS."""
    statuses: Counter[str] = Counter()
    auth = f"Authorization: Bearer {bearer}\r\n" if bearer else ""
    for _ in range(count):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(VICTIM_ADDRESS, 0)) as sock:
                sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}Connection: close\r\n\r\n".encode())
                status = status_of(sock)
        except OSError:
            status = None
        statuses[str(status) if status else "closed"] += 1
    return statuses


def stream_flood(port: int, streams: int, requests: int) -> dict[str, object]:
    flooder, member = token(port, "flooder@example.com"), token(port, "member@example.com")
    held: list[socket.socket] = []
    opened: Counter[str] = Counter()
    for _ in range(streams):
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall(
                f"GET /api/pwa/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {flooder}\r\n\r\n".encode()
            )
            status = status_of(sock)
        except OSError:
            status = None
        opened[str(status) if status else "closed"] += 1
        if status == 200:
            held.append(sock)
        else:
            sock.close()
    try:
        victim = victim_requests(port, "/api/pwa/user-shoppinglists", requests, member)
    finally:
        for sock in held:
            sock.close()
    return {"flooder streams": dict(opened), "other member's answers": dict(victim)}


def head_flood(port: int, heads: int, requests: int) -> dict[str, object]:
    stop = threading.Event()
    kept: list[int] = []

    def flood() -> None:
        socks: list[socket.socket] = []
        while not stop.is_set():
            socks = [s for s in socks if not _closed(s)]
            kept.append(len(socks))
            while len(socks) < heads and not stop.is_set():
                try:
                    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                    sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: b\r\n")
                    socks.append(sock)
                except OSError:
                    break
            stop.wait(0.2)  # the flooder's own pace of re-opening
        for sock in socks:
            sock.close()

    flooder = threading.Thread(target=flood, daemon=True)
    flooder.start()
    stop.wait(2.0)  # let the flood fill up before the other client comes
    try:
        victim = victim_requests(port, "/api/health", requests, None)
    finally:
        stop.set()
        flooder.join()
    return {"other client's answers": dict(victim), "flooder sockets kept open (max)": max(kept, default=0)}


def _closed(sock: socket.socket) -> bool:
    readable, _, _ = select.select([sock], [], [], 0)
    if not readable:
        return False
    try:
        return sock.recv(4096, socket.MSG_PEEK) == b""
    except OSError:
        return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--heads", type=int, default=220)
    parser.add_argument("--requests", type=int, default=800)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server, _ = start_server(Path(tmp) / "data", port)
        try:
            results = {
                "streams": stream_flood(port, args.streams, args.requests),
                "unfinished heads": head_flood(port, args.heads, args.requests),
            }
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
