"""Smoke test of a built binary: `python packaging/smoke_test.py dist/larder`.

Runs the binary from a temporary directory (so nothing is found through the working directory),
with a fresh data directory, on a free port of 127.0.0.1: invite code from the CLI, health, the web
app and a deep link, an unknown API path, then register, log in and read the account.
Prints `smoke: 1 passed, 0 failed` and exits 0 on success; exits 1 with a reason otherwise.
Needs only the standard library and httpx; never leaves 127.0.0.1.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

START_DEADLINE_S = 60.0
CLI_TIMEOUT_S = 120.0
STOP_TIMEOUT_S = 15.0
EMAIL = "smoke@example.org"
PASSWORD = "secret123"  # noqa: S105 (a throwaway account in a temporary instance)


class SmokeFailure(Exception):
    pass


def check(condition: bool, message: str) -> None:
    if not condition:
        raise SmokeFailure(message)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def describe(response: httpx.Response) -> str:
    body = response.text
    return f"{response.request.method} {response.request.url.path} -> {response.status_code}: {body[:300]!r}"


def invite_code(binary: Path, env: dict[str, str], cwd: Path) -> str:
    result = subprocess.run(  # noqa: S603 (the binary under test)
        [str(binary), "invite", "create"],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=CLI_TIMEOUT_S,
        check=False,
    )
    check(result.returncode == 0, f"`invite create` exited {result.returncode}: {result.stderr.strip()[-2000:]}")
    codes = [line.strip() for line in result.stdout.splitlines() if line.strip()]
    check(len(codes) == 1, f"`invite create` should print exactly one code, printed {result.stdout!r}")
    check(re.fullmatch(r"[A-Za-z0-9]{8}", codes[0]) is not None, f"not an 8-character invite code: {codes[0]!r}")
    return codes[0]


def wait_healthy(client: httpx.Client, server: subprocess.Popen[bytes], started: float) -> float:
    deadline = started + START_DEADLINE_S
    while time.monotonic() < deadline:
        check(server.poll() is None, f"the server exited with status {server.returncode} before answering")
        try:
            response = client.get("/api/health", timeout=2.0)
        except httpx.TransportError:
            time.sleep(0.02)
            continue
        if response.status_code == 200:
            return time.monotonic() - started
        time.sleep(0.05)
    raise SmokeFailure(f"GET /api/health did not answer 200 within {START_DEADLINE_S:.0f} s")


def check_html(client: httpx.Client, path: str) -> str:
    response = client.get(path)
    check(response.status_code == 200, f"expected 200 for the web app: {describe(response)}")
    media_type = response.headers.get("content-type", "")
    check(media_type.startswith("text/html"), f"GET {path} answered {media_type!r}, expected text/html")
    page = response.text
    check(page.lstrip().lower().startswith("<!doctype html"), f"GET {path} is not the built index.html: {page[:200]!r}")
    check(re.search(r"id=[\"']?root\b", page) is not None, f'GET {path} has no id="root" element: {page[:300]!r}')
    return page


def check_asset(client: httpx.Client, page: str) -> None:
    """The first script of index.html is served from the bundle, as JavaScript."""
    match = re.search(r"<script[^>]+src=[\"'](/assets/[^\"']+\.js)[\"']", page)
    check(match is not None, "index.html references no script under /assets/")
    response = client.get(match.group(1))
    check(response.status_code == 200, f"a script of the web app is missing: {describe(response)}")
    media_type = response.headers.get("content-type", "")
    check("javascript" in media_type, f"GET {match.group(1)} answered {media_type!r}, expected JavaScript")


def check_api(client: httpx.Client, code: str) -> None:
    health = client.get("/api/health").json()
    check(health.get("status") == "ok", f"unexpected health answer {health!r}")

    check_asset(client, check_html(client, "/"))
    check_html(client, "/user-recipes/12")

    response = client.get("/api/nope")
    check(response.status_code == 404, f"expected 404 for an unknown API path: {describe(response)}")
    check(
        response.headers.get("content-type", "").startswith("application/json"),
        f"404 is not JSON: {describe(response)}",
    )
    check(isinstance(response.json().get("message"), str), f"404 has no message: {describe(response)}")

    response = client.post(
        "/api/pwa/register-beta",
        json={
            "name": "smokeuser1",
            "email": EMAIL,
            "password": PASSWORD,
            "password_confirmation": PASSWORD,
            "beta_code": code,
        },
    )
    check(response.status_code == 201, f"registration failed: {describe(response)}")

    response = client.post("/api/pwa/login", json={"email": EMAIL, "password": PASSWORD})
    check(response.status_code == 200, f"login failed: {describe(response)}")
    token = response.json().get("token")
    check(isinstance(token, str) and bool(token), f"login answered no token: {describe(response)}")

    response = client.get("/api/pwa/account", headers={"Authorization": f"Bearer {token}"})
    check(response.status_code == 200, f"account failed: {describe(response)}")
    check(EMAIL in response.text, f"the account does not show {EMAIL}: {describe(response)}")


def stop(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is not None:
        return
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        print(f"smoke: the server did not stop within {STOP_TIMEOUT_S:.0f} s of SIGTERM; killing it", file=sys.stderr)
        server.kill()
        server.wait()


def run(binary: Path) -> None:
    check(binary.is_file() and os.access(binary, os.X_OK), f"{binary} is not an executable file")
    workdir = Path(tempfile.mkdtemp(prefix="larder-smoke-"))
    data_dir = workdir / "data"
    log_path = workdir / "server.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("LARDER_")}
    env["LARDER_DATA_DIR"] = str(data_dir)
    server: subprocess.Popen[bytes] | None = None
    try:
        code = invite_code(binary, env, workdir)
        port = free_port()
        with log_path.open("wb") as log:
            started = time.monotonic()
            server = subprocess.Popen(  # noqa: S603 (the binary under test)
                [str(binary), "serve", "--host", "127.0.0.1", "--port", str(port)],
                env=env,
                cwd=workdir,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        base_url = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=base_url, timeout=10.0, trust_env=False) as client:
            elapsed = wait_healthy(client, server, started)
            print(f"smoke: first 200 on /api/health {elapsed:.2f} s after start")
            check_api(client, code)
        stop(server)
        # uvicorn re-raises SIGTERM after a clean shutdown, so -SIGTERM is a normal exit here.
        check(
            server.returncode in (0, -signal.SIGTERM),
            f"the server exited with status {server.returncode} after SIGTERM",
        )
    except (SmokeFailure, httpx.HTTPError, subprocess.TimeoutExpired, ValueError) as exc:
        if server is not None:
            stop(server)
        if log_path.exists():
            tail = log_path.read_text(errors="replace")[-3000:]
            print(f"--- server output (tail) ---\n{tail}\n---", file=sys.stderr)
        raise SmokeFailure(f"{type(exc).__name__}: {exc}" if not isinstance(exc, SmokeFailure) else str(exc)) from exc
    finally:
        if server is not None:
            stop(server)
        shutil.rmtree(workdir, ignore_errors=True)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(f"usage: {argv[0]} PATH_TO_BINARY", file=sys.stderr)
        return 2
    try:
        run(Path(argv[1]).resolve())
    except SmokeFailure as exc:
        print(f"smoke: FAILED: {exc}", file=sys.stderr)
        print("smoke: 0 passed, 1 failed")
        return 1
    print("smoke: 1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
