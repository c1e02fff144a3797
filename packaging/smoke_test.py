"""Smoke test of a built binary: `python packaging/smoke_test.py dist/larder`.

Runs the binary from a temporary directory (so nothing is found through the working directory),
with a fresh data directory, on a free port of 127.0.0.1: invite code from the CLI, health, the web
app and a deep link, an unknown API path, the catalogue and a search, then register, log in, read
the account, upload an image, import a recipe page served on 127.0.0.1, read a dated meal plan from
the calendar feed, scan a rendered receipt photo with the bundled OCR models; then back the
instance up, restore it into a new data dir and sign in to a server started on that.
Prints `smoke: 1 passed, 0 failed` and exits 0 on success; exits 1 with a reason otherwise.
Needs httpx and Pillow (the receipt photo is rendered from tests/receipts/); never leaves 127.0.0.1.

A binary of another CPU runs under an emulator: `--prefix 'qemu-aarch64-static -L ROOT'` puts that
command before every start of the binary, `--slowdown N` multiplies every time limit by N, and
`--verbose` prints each step as it passes (see packaging/arm64/).
"""

from __future__ import annotations

import argparse
import base64
import datetime
import http.server
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx

# The receipt photo is drawn by the same code as the API tests' (Pillow, DejaVu fonts).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.receipts.rendered import ENGLISH
from tests.receipts.rendered import photo as receipt_photo

START_DEADLINE_S = 60.0
CLI_TIMEOUT_S = 120.0
STOP_TIMEOUT_S = 15.0
EMAIL = "smoke@example.org"
PASSWORD = "secret123"  # noqa: S105 (a throwaway account in a temporary instance)


@dataclass
class Runner:
    """How the binary is started: the command before it (an emulator, or none), how many times
    slower than native that makes it, and whether to print each step."""

    prefix: list[str] = field(default_factory=list)
    slowdown: float = 1.0
    verbose: bool = False
    began: float = field(default_factory=time.monotonic)


RUNNER = Runner()


def command(binary: Path, *args: str) -> list[str]:
    return [*RUNNER.prefix, str(binary), *args]


def seconds(limit: float) -> float:
    """A time limit, stretched for an emulated binary."""
    return limit * RUNNER.slowdown


def step(message: str) -> None:
    if RUNNER.verbose:
        print(f"smoke: ok {message} ({time.monotonic() - RUNNER.began:.0f} s)", flush=True)


# A 2x1 PNG: Pillow must decode it and answer a stored JPEG (the native image libraries are bundled).
TINY_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGM8oaHBwMAAAAYmARoIqcpQAAAAAElFTkSuQmCC"
)
# A recipe page with schema.org JSON-LD, served on 127.0.0.1 for the import check (the binary runs
# with LARDER_IMPORT_ALLOW_PRIVATE=1): recipe-scrapers, extruct and lxml must work when frozen.
RECIPE_PAGE = (
    "<!doctype html><html><head><title>Smoke soup</title><script type='application/ld+json'>"
    + json.dumps(
        {
            "@context": "https://schema.org",
            "@type": "Recipe",
            "name": "Smoke soup",
            "recipeYield": "2 bowls",
            "recipeIngredient": ["1 onion", "500 ml stock"],
            "recipeInstructions": [{"@type": "HowToStep", "text": "Simmer for 20 minutes."}],
        }
    )
    + "</script></head><body><h1>Smoke soup</h1></body></html>"
).encode()


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
    printed = cli(binary, env, cwd, "invite", "create")
    codes = [line.strip() for line in printed.splitlines() if line.strip()]
    check(len(codes) == 1, f"`invite create` should print exactly one code, printed {printed!r}")
    check(re.fullmatch(r"[A-Za-z0-9]{8}", codes[0]) is not None, f"not an 8-character invite code: {codes[0]!r}")
    return codes[0]


def wait_healthy(client: httpx.Client, server: subprocess.Popen[bytes], started: float) -> float:
    deadline = started + seconds(START_DEADLINE_S)
    while time.monotonic() < deadline:
        check(server.poll() is None, f"the server exited with status {server.returncode} before answering")
        try:
            response = client.get("/api/health", timeout=seconds(2.0))
        except httpx.TransportError:
            time.sleep(0.02)
            continue
        if response.status_code == 200:
            return time.monotonic() - started
        time.sleep(0.05)
    raise SmokeFailure(f"GET /api/health did not answer 200 within {seconds(START_DEADLINE_S):.0f} s")


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


def check_api(client: httpx.Client, code: str) -> str:
    """Everything through the API; the path of the image uploaded on the way."""
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
    step("health, the web app, a deep link and a JSON 404")

    # The seed catalogue, read through the read-only connection and searched in the FTS index.
    response = client.get("/api/pwa/recipes", params={"page": 1})
    check(response.status_code == 200 and response.json()["total"] >= 40, f"no catalogue: {describe(response)}")
    response = client.post("/api/pwa/recipe-filter", json={"searchString": "lentil", "filters": []})
    check(response.status_code == 200 and response.json()["total"] >= 1, f"search failed: {describe(response)}")
    step("the seeded catalogue and a search")

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
    step("register with the invite code, sign in, read the account")
    image = check_upload_and_import(client, token)
    step("an image upload and a recipe import")
    check_meal_plan_feed(client, token)
    step("a meal plan in the calendar feed")
    check_receipt_scan(client, token)
    step("a receipt photo scanned by the OCR engine")
    return image


@contextmanager
def recipe_site() -> Iterator[str]:
    """A one-page recipe site on 127.0.0.1; its URL."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(RECIPE_PAGE)))
            self.end_headers()
            self.wfile.write(RECIPE_PAGE)

        def log_message(self, *_: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/smoke-soup"
    finally:
        server.shutdown()
        server.server_close()


def check_upload_and_import(client: httpx.Client, token: str) -> str:
    auth = {"Authorization": f"Bearer {token}"}
    response = client.post("/api/pwa/uploads", headers=auth, files={"file": ("tiny.png", TINY_PNG, "image/png")})
    check(response.status_code == 201, f"image upload failed: {describe(response)}")
    image = f"/uploads/{response.json()['image']}"
    stored = client.get(image)
    check(stored.headers.get("content-type") == "image/jpeg", f"the stored image is not a JPEG: {describe(stored)}")

    with recipe_site() as url:
        response = client.post("/api/pwa/user-imported-recipes", headers=auth, json={"url": url}, timeout=seconds(30.0))
    check(response.status_code == 201, f"recipe import failed: {describe(response)}")
    imported = response.json()["data"]
    check(imported["import_failed"] is False, f"the import was recorded as failed: {imported!r}")
    data = json.loads(imported["data"])
    check(data.get("name") == "Smoke soup", f"the imported recipe was not parsed: {data!r}")
    check(data.get("recipeIngredient") == ["1 onion", "500 ml stock"], f"ingredients not parsed: {data!r}")
    return image


def check_meal_plan_feed(client: httpx.Client, token: str) -> None:
    """A dated plan shows in the member's calendar feed: the iCalendar library is in the binary."""
    auth = {"Authorization": f"Bearer {token}"}
    # Days from tomorrow: the feed shows meals from 92 days back to 366 ahead.
    first = datetime.date.today() + datetime.timedelta(days=1)
    plan = {
        "name": "Smoke week",
        "start_date": first.isoformat(),
        "end_date": (first + datetime.timedelta(days=1)).isoformat(),
        "recipes": [{"day": 1, "recipes": [{"name": "Smoke stew", "type": "CUSTOM", "value": None, "checked": False}]}],
    }
    response = client.post("/api/pwa/user-mealplans/", headers=auth, json=plan)
    check(response.status_code == 201, f"creating a meal plan failed: {describe(response)}")
    response = client.post("/api/pwa/calendar-feed/", headers=auth)
    check(response.status_code == 200, f"turning the calendar feed on failed: {describe(response)}")
    feed = client.get(urlsplit(response.json()["data"]["url"]).path)
    check(feed.status_code == 200, f"the calendar feed did not answer: {describe(feed)}")
    text = feed.text.replace("\r\n ", "")  # unfolded
    day = f"DTSTART;VALUE=DATE:{first + datetime.timedelta(days=1):%Y%m%d}"
    check(
        "BEGIN:VCALENDAR" in text and "SUMMARY:Smoke stew" in text and day in text,
        f"the calendar feed lacks the planned meal: {text[:500]!r}",
    )


def check_receipt_scan(client: httpx.Client, token: str) -> None:
    """The OCR engine and its models are in the binary: a receipt photo comes back as its lines."""
    auth = {"Authorization": f"Bearer {token}"}
    photo = receipt_photo(ENGLISH)
    # The first scan loads the engine in its worker process.
    response = client.post(
        "/api/pwa/receipt-scan",
        headers=auth,
        files={"file": ("receipt.jpg", photo, "image/jpeg")},
        timeout=seconds(120.0),
    )
    check(response.status_code == 200, f"the receipt scan failed: {describe(response)}")
    lines = response.json()["data"]
    names = " ".join(line["name"].upper() for line in lines)
    check("BANANAS" in names and "CHKN" in names, f"the receipt's item lines were not read: {lines!r}")
    check(6.49 in [line["price"] for line in lines], f"the receipt's prices were not read: {lines!r}")
    matched = {line["matchedItem"]["name"] for line in lines if line["matchedItem"]}
    check("Banana" in matched, f"the bananas were not matched to the catalogue: {lines!r}")


def cli(binary: Path, env: dict[str, str], cwd: Path, *args: str) -> str:
    result = subprocess.run(  # noqa: S603 (the binary under test)
        command(binary, *args),
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=seconds(CLI_TIMEOUT_S),
        check=False,
    )
    check(result.returncode == 0, f"`{' '.join(args)}` exited {result.returncode}: {result.stderr.strip()[-2000:]}")
    return result.stdout


def start(binary: Path, env: dict[str, str], cwd: Path, log_path: Path) -> tuple[subprocess.Popen[bytes], str, float]:
    port = free_port()
    with log_path.open("ab") as log:
        started = time.monotonic()
        server = subprocess.Popen(  # noqa: S603 (the binary under test)
            command(binary, "serve", "--host", "127.0.0.1", "--port", str(port)),
            env=env,
            cwd=cwd,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    return server, f"http://127.0.0.1:{port}", started


def stop_cleanly(server: subprocess.Popen[bytes]) -> None:
    stop(server)
    # uvicorn re-raises SIGTERM after a clean shutdown, so -SIGTERM is a normal exit here.
    check(server.returncode in (0, -signal.SIGTERM), f"the server exited with status {server.returncode} after SIGTERM")


def check_backup_round_trip(binary: Path, env: dict[str, str], workdir: Path, log_path: Path, image: str) -> None:
    """`larder backup` of the instance, `larder restore` into a new data dir, a server on it: the
    account signs in and the uploaded image is there, byte for byte."""
    archive = workdir / "smoke-backup.zip"
    written = cli(binary, env, workdir, "backup", str(archive))
    check(archive.is_file() and "Backup written to" in written, f"no backup archive: {written!r}")
    restored_env = {**env, "LARDER_DATA_DIR": str(workdir / "restored")}
    restored = cli(binary, restored_env, workdir, "restore", str(archive))
    check("Restored smoke-backup.zip" in restored, f"the restore said {restored!r}")
    original = (Path(env["LARDER_DATA_DIR"]) / image.lstrip("/")).read_bytes()
    server, base_url, started = start(binary, restored_env, workdir, log_path)
    try:
        with httpx.Client(base_url=base_url, timeout=seconds(10.0), trust_env=False) as client:
            wait_healthy(client, server, started)
            response = client.post("/api/pwa/login", json={"email": EMAIL, "password": PASSWORD})
            check(response.status_code == 200, f"login after the restore failed: {describe(response)}")
            copy = client.get(image)
            check(copy.status_code == 200 and copy.content == original, f"the restored image: {describe(copy)}")
    finally:
        stop_cleanly(server)


def stop(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is not None:
        return
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=seconds(STOP_TIMEOUT_S))
    except subprocess.TimeoutExpired:
        limit = seconds(STOP_TIMEOUT_S)
        print(f"smoke: the server did not stop within {limit:.0f} s of SIGTERM; killing it", file=sys.stderr)
        server.kill()
        server.wait()


def run(binary: Path) -> None:
    check(binary.is_file() and os.access(binary, os.X_OK), f"{binary} is not an executable file")
    workdir = Path(tempfile.mkdtemp(prefix="larder-smoke-"))
    data_dir = workdir / "data"
    log_path = workdir / "server.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("LARDER_")}
    env["LARDER_DATA_DIR"] = str(data_dir)
    env["LARDER_IMPORT_ALLOW_PRIVATE"] = "1"  # the import check fetches a page from 127.0.0.1
    server: subprocess.Popen[bytes] | None = None
    try:
        code = invite_code(binary, env, workdir)
        step("`invite create` on an empty data dir (migrated, seeded)")
        server, base_url, started = start(binary, env, workdir, log_path)
        with httpx.Client(base_url=base_url, timeout=seconds(10.0), trust_env=False) as client:
            elapsed = wait_healthy(client, server, started)
            print(f"smoke: first 200 on /api/health {elapsed:.2f} s after start")
            image = check_api(client, code)
        stop_cleanly(server)
        check_backup_round_trip(binary, env, workdir, log_path, image)
        step("backup, restore into a new data dir, sign in there")
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
    parser = argparse.ArgumentParser(prog=argv[0], description="Smoke test of a built binary.")
    parser.add_argument("binary", type=Path, help="the one-file binary, e.g. dist/larder")
    parser.add_argument("--prefix", default="", help="command before the binary, e.g. an emulator (shell words)")
    parser.add_argument("--slowdown", type=float, default=1.0, help="multiply every time limit by this (emulation)")
    parser.add_argument("--verbose", action="store_true", help="print each step as it passes, with the time so far")
    args = parser.parse_args(argv[1:])
    RUNNER.prefix = shlex.split(args.prefix)
    RUNNER.slowdown = args.slowdown
    RUNNER.verbose = args.verbose
    try:
        run(args.binary.resolve())
    except SmokeFailure as exc:
        print(f"smoke: FAILED: {exc}", file=sys.stderr)
        print("smoke: 0 passed, 1 failed")
        return 1
    print("smoke: 1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
