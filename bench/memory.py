"""The server's memory at start and when idle after a household has used it.

    python bench/memory.py [--runs 3] [--idle 10] [--breakdown]

Each run starts `python -m larder serve` on a fresh data directory (the seed catalogue, no
accounts), measures its memory once /api/health answers, then walks through the app with an HTTP
client the way a household does, waits until it is idle, and measures again:

- the web app's pages (index.html for /, /recipes, /recipes/1, /login...) and every asset
  index.html names, the manifest, the service worker;
- the first member registers with the invite code `serve` printed (and becomes administrator,
  LARDER_FIRST_USER_ADMIN=1), makes invite codes, three more members register with them;
- each member signs in, opens home and account, pages through the catalogue, searches, filters,
  opens every recipe, saves some, changes preferences, uploads a photo, writes own recipes with it,
  asks to publish one, imports recipe pages from a web server on 127.0.0.1
  (LARDER_IMPORT_ALLOW_PRIVATE=1), and sends a contact message and a bug report;
- (the import parser runs in a process of its own that ends a minute after the last import: the
  run waits for it to end, then `--idle` seconds more);
- the administrator lists users, invites, the inbox and publish requests, approves one, writes a
  news item and a catalogue recipe.

Memory is read from /proc: RSS (VmRSS), PSS and USS (Private_Clean + Private_Dirty) from
smaps_rollup, and the anonymous part (the heap; the rest is mapped files). The table shows the
median of the runs.

--breakdown runs the server once more under a small bootstrap that, on SIGUSR1, writes what the
process holds: the modules loaded at start and after the walk, glibc's heap (mallinfo2: in use,
free but kept), the largest mappings, and (with tracemalloc on from the first import, which slows
the start and adds its own overhead) Python's allocations by library.

Bounded in time, and every request goes to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "tests" / "imports" / "pages"  # real recipe pages (JSON-LD, microdata, RDFa, sections)
IMPORT_PAGES = ("jsonld_graph.html", "microdata.html", "rdfa.html", "howto_sections.html", "no_recipe.html")
SPA_PAGES = ("/", "/recipes", "/recipes/1", "/login", "/register", "/cookbook", "/account", "/admin")
SEARCH_WORDS = ("tomato", "chick", "soup", "lemon", "garlic", "pasta", "curry")
PASSWORD = "memory-bench-1"
MEMBERS = 4  # the administrator and three invited members
DEADLINE_S = 300
KB = 1024
IMPORT_SECONDS: list[float] = []  # each import request of the walk, in order

# Runs `larder serve` with a SIGUSR1 handler that writes what the process holds (--breakdown).
BOOTSTRAP = r"""
import ctypes, gc, json, os, signal, sys, sysconfig, tracemalloc
if os.environ.get("BENCH_TRACEMALLOC"):
    tracemalloc.start(30)
OUT = os.environ["BENCH_DUMP"]
STDLIB = sysconfig.get_paths()["stdlib"]

FIELDS = ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")

class MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in FIELDS]

def where(filename):
    if "site-packages/" in filename:
        return filename.split("site-packages/", 1)[1].split("/", 1)[0].removesuffix(".py")
    if "/larder/" in filename:
        return "larder." + filename.split("/larder/", 1)[1].split("/", 1)[0].removesuffix(".py")
    if filename.startswith(STDLIB):
        return "stdlib:" + filename[len(STDLIB) + 1:].split("/", 1)[0].removesuffix(".py")
    return filename

def owner(frames):
    # innermost frame that is not the import machinery: a module's code is counted where it is imported
    for name, _line in frames:
        if not name.startswith("<frozen") and "importlib" not in name:
            return name
    return "import machinery"

def dump(signum, frame):
    gc.collect()
    info = {"modules": sorted(sys.modules), "gc_objects": len(gc.get_objects())}
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = MallInfo2
        m = libc.mallinfo2()
        info["malloc"] = {"heap": m.arena, "mmapped": m.hblkhd, "in_use": m.uordblks, "free_kept": m.fordblks}
    except (OSError, AttributeError):
        pass
    if tracemalloc.is_tracing():
        by_file = {}
        # the raw traces (domain, size, frames innermost first, ...): far quicker than Statistic objects
        for trace in tracemalloc.take_snapshot().traces._traces:
            key = owner(trace[2])
            by_file[key] = by_file.get(key, 0) + trace[1]
        totals = {}
        for name, size in by_file.items():
            key = where(name)
            totals[key] = totals.get(key, 0) + size
        info["tracemalloc"] = sorted(totals.items(), key=lambda kv: -kv[1])[:40]
        info["tracemalloc_total"] = sum(totals.values())
    tmp = OUT + ".tmp"
    with open(tmp, "w") as fh:
        json.dump(info, fh)
    os.replace(tmp, OUT)

signal.signal(signal.SIGUSR1, dump)
signal.signal(signal.SIGUSR2, lambda *_: ctypes.CDLL("libc.so.6").malloc_trim(0))
sys.argv = ["larder", *sys.argv[1:]]
from larder.__main__ import main
main()
"""


# -- measuring --------------------------------------------------------------------------------------
def memory_kb(pid: int) -> dict[str, int]:
    """RSS, PSS, USS and the anonymous part (KiB) of a process, from /proc."""
    found: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, _, rest = line.partition(":")
        found[name] = int(rest.split()[0])
    status = Path(f"/proc/{pid}/status").read_text()
    rss = int(re.search(r"^VmRSS:\s+(\d+)", status, re.MULTILINE).group(1))  # type: ignore[union-attr]
    hwm = int(re.search(r"^VmHWM:\s+(\d+)", status, re.MULTILINE).group(1))  # type: ignore[union-attr]
    return {
        "rss": rss,
        "pss": found["Pss"],
        "uss": found["Private_Clean"] + found["Private_Dirty"],
        "anon": found["Anonymous"],
        "peak": hwm,
    }


def largest_mappings(pid: int, count: int = 12) -> list[tuple[str, int]]:
    """The mappings holding the most resident memory, by file (anonymous memory as [anon])."""
    totals: dict[str, int] = {}
    current = "[anon]"
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        first = line.split(maxsplit=5)
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            current = first[5] if len(first) > 5 else "[anon]"
        elif line.startswith("Rss:"):
            totals[current] = totals.get(current, 0) + int(first[1])
    return sorted(totals.items(), key=lambda kv: -kv[1])[:count]


# -- the server -----------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    def __init__(self, data_dir: Path, log: Path, *, dump: Path | None = None, trace: bool = False) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = log
        env = {k: v for k, v in os.environ.items() if not k.startswith("LARDER_")}
        env.update(
            LARDER_DATA_DIR=str(data_dir),
            LARDER_IMPORT_ALLOW_PRIVATE="1",
            LARDER_FIRST_USER_ADMIN="1",
            PYTHONUNBUFFERED="1",
        )
        command = [sys.executable, "-m", "larder"]
        if dump is not None:
            env["BENCH_DUMP"] = str(dump)
            if trace:
                env["BENCH_TRACEMALLOC"] = "1"
            command = [sys.executable, "-c", BOOTSTRAP]
        self.log = log.open("w")
        self.process = subprocess.Popen(
            [*command, "serve", "--host", "127.0.0.1", "--port", str(self.port)],
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
        )

    @property
    def pid(self) -> int:
        return self.process.pid

    def wait(self) -> float:
        started = time.monotonic()
        while time.monotonic() - started < DEADLINE_S:
            if self.process.poll() is not None:
                raise SystemExit(f"server exited with {self.process.returncode}; see {self.log_path}")
            try:
                if httpx.get(f"{self.base}/api/health", timeout=2).status_code == 200:
                    return time.monotonic() - started
            except httpx.HTTPError:
                pass
            time.sleep(0.1)  # polling a process we do not control; not test synchronisation
        raise SystemExit(f"no /api/health within {DEADLINE_S} s; see {self.log_path}")

    def invite_code(self) -> str:
        match = re.search(r"invite code: (\S+)", self.log_path.read_text())
        if not match:
            raise SystemExit(f"no invite code printed; see {self.log_path}")
        return match.group(1)

    def dump(self, path: Path) -> dict[str, Any]:
        path.unlink(missing_ok=True)
        self.process.send_signal(signal.SIGUSR1)
        deadline = time.monotonic() + 900
        while not path.exists():
            if time.monotonic() > deadline:
                raise SystemExit("the server wrote no breakdown")
            time.sleep(0.1)  # waiting for another process's file; not test synchronisation
        return json.loads(path.read_text())

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


class PageSite:
    """Recipe pages on 127.0.0.1 for the import."""

    def __init__(self) -> None:
        class Quiet(SimpleHTTPRequestHandler):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, directory=str(PAGES), **kwargs)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> PageSite:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# -- the walk -------------------------------------------------------------------------------------
def photo() -> bytes:
    """A 2400x1600 JPEG, the size of a phone photo after the phone shrank it."""
    from PIL import Image

    image = Image.merge(
        "RGB",
        (
            Image.linear_gradient("L").resize((2400, 1600)),
            Image.effect_noise((2400, 1600), 40),
            Image.radial_gradient("L").resize((2400, 1600)),
        ),
    )
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=85)
    return buffer.getvalue()


def ok(answer: httpx.Response, *expected: int) -> httpx.Response:
    if answer.status_code not in (expected or (200, 201)):
        raise SystemExit(f"{answer.request.method} {answer.request.url}: {answer.status_code} {answer.text[:300]}")
    return answer


def browse_web_app(base: str) -> int:
    requests = 0
    with httpx.Client(base_url=base, timeout=30, headers={"Accept-Encoding": "gzip"}) as web:
        index = ok(web.get("/")).text
        for page in SPA_PAGES:
            ok(web.get(page))
            requests += 1
        for asset in sorted(set(re.findall(r'(?:src|href)="(/[^"]+)"', index))):
            ok(web.get(asset))
            requests += 1
        for extra in ("/manifest.webmanifest", "/service-worker.js", "/latest-version.json", "/api/health"):
            web.get(extra)
            requests += 1
    return requests


def register(base: str, name: str, code: str) -> None:
    body = {
        "name": name,
        "email": f"{name}@example.org",
        "password": PASSWORD,
        "password_confirmation": PASSWORD,
        "beta_code": code,
    }
    ok(httpx.post(f"{base}/api/pwa/register-beta", json=body, timeout=30), 201)


def sign_in(base: str, name: str) -> httpx.Client:
    token = ok(
        httpx.post(f"{base}/api/pwa/login", json={"email": f"{name}@example.org", "password": PASSWORD}, timeout=30)
    ).json()["token"]
    return httpx.Client(base_url=base, timeout=600, headers={"Authorization": f"Bearer {token}"})


# Part 2's screens in the walk (off with --recipes-only, to compare with the part-1 figures).
HOUSEHOLD_LOOP = True


def member_walk(api: httpx.Client, number: int, site: str, image: bytes) -> int:
    """What one member does in an evening; returns the number of requests."""
    count = 0

    def get(path: str, **kw: Any) -> Any:
        nonlocal count
        count += 1
        return ok(api.get(path, **kw)).json()

    def send(method: str, path: str, body: Any, *expected: int) -> Any:
        nonlocal count
        count += 1
        answer = ok(api.request(method, path, json=body), *expected)
        return answer.json() if answer.content else None

    get("/api/pwa/account")
    get("/api/pwa/home-beta")
    ids: list[int] = []
    for page in (1, 2, 3):
        ids += [r["recipe_id"] for r in get("/api/pwa/recipes", params={"page": page})["data"]]
    for word in SEARCH_WORDS:
        get("/api/pwa/recipe-search", params={"search": word, "page": 1})
    ingredients = get("/api/form-options/ingredients")["data"]
    categories = get("/api/form-options/categories")["data"]
    get("/api/form-options/recipes")
    ingredient_ids = [i["value"] for i in ingredients]
    for prefs in (["vegetarian"], ["vegan", "gluten_free"], []):
        filters = [{"value": p, "type": "preference"} for p in prefs]
        filters += [{"value": ingredient_ids[number], "type": "ingredient", "includeExclude": "include"}]
        send("POST", "/api/pwa/recipe-filter", {"pageToRequest": 1, "searchString": "", "filters": filters})
    for recipe_id in ids:
        get(f"/api/pwa/recipes/{recipe_id}")
    for recipe_id in ids[number * 5 : number * 5 + 5]:
        send("POST", "/api/pwa/user-saved-recipes", {"recipe_id": recipe_id}, 200, 201)
    get("/api/pwa/user-saved-recipes")
    send("DELETE", f"/api/pwa/user-saved-recipes/{ids[number * 5]}", None, 200, 204)
    send("PUT", "/api/pwa/account/preferences", {"preferences": ["vegetarian"]})
    count += 1
    picture = ok(api.post("/api/pwa/uploads", files={"file": ("dinner.jpg", image, "image/jpeg")}), 201).json()
    recipe_category = next((c["value"] for c in categories if c.get("kind") == "recipe"), None)
    own: list[int] = []
    for n in range(3):
        draft = {
            "name": f"Family stew {number}-{n}",
            "description": "A stew the whole household likes.",
            "serves": 4,
            "category_id": recipe_category,
            "image": picture["image"],
            "ingredients": [
                {"value": ingredient_ids[(number * 7 + n) % len(ingredient_ids)], "quantity": 2},
                {"value": ingredient_ids[(number * 11 + n + 3) % len(ingredient_ids)], "quantity": 1},
            ],
            "steps": [
                {"title": "Prepare", "description": "Chop everything.", "step_image": picture["image"]},
                {"title": "Cook", "description": "Simmer for an hour.", "timer": "01:00:00"},
            ],
        }
        if n != 1:  # the one asked to be published has catalogue ingredients only
            draft["ingredients"].append({"value": "Grandma's spice mix", "name": "Grandma's spice mix"})
        send("POST", "/api/pwa/user-recipe-validate", draft)
        own.append(send("POST", "/api/pwa/user-recipe-creator", draft, 201)["data"]["user_recipe_id"])
    get("/api/pwa/user-recipe-creator")
    get(f"/api/pwa/user-recipe-creator/{own[0]}")
    draft["name"] = f"Family stew {number} (better)"
    send("PUT", f"/api/pwa/user-recipe-creator/{own[0]}", draft)
    send("DELETE", f"/api/pwa/user-recipe-creator/{own[2]}", None, 200, 204)
    send("POST", "/api/pwa/publish-requests", {"entity_id": own[1], "entity_type": "UserRecipe"})
    get("/api/pwa/publish-requests")
    imported = []
    for page in IMPORT_PAGES:
        started = time.perf_counter()
        imported.append(send("POST", "/api/pwa/user-imported-recipes", {"url": f"{site}/{page}"}, 200, 201)["data"])
        IMPORT_SECONDS.append(time.perf_counter() - started)
    get("/api/pwa/user-imported-recipes")
    get(f"/api/pwa/user-imported-recipes/{imported[0]['import_recipe_id']}")
    send("DELETE", f"/api/pwa/user-imported-recipes/{imported[-1]['import_recipe_id']}", None, 200, 204)
    name = f"member_{number:02d}"
    send("POST", "/api/pwa/contact", {"name": name, "email": f"{name}@example.org", "message": "Lovely app."})
    send("POST", "/api/pwa/bug-report", {"message": "The timer beeps twice.", "page": "/recipes/1"})
    get("/api/pwa/home-beta")
    if not HOUSEHOLD_LOOP:
        return count

    # The household loop: stores stocked, a list shopped into one, what expires soon.
    ingredients = [o["value"] for o in get("/api/form-options/ingredients")["data"]]
    stores = []
    for kind, store_name in (("fridge", "Fridge"), ("freezer", "Freezer"), ("pantry", "Pantry")):
        made = send("POST", "/api/pwa/stores", {"name": store_name, "description": "Kitchen", "kind": kind}, 201)
        stores.append(made["data"]["id"])
        stock = [{"value": value, "quantity": 2} for value in ingredients[number * 7 : number * 7 + 150]]
        send("POST", f"/api/pwa/stores/{stores[-1]}/items", {"items": stock})
    get("/api/pwa/stores")
    shop = [{"value": value} for value in ingredients[:40]] + [{"name": "Birthday candles"}]
    listed = send("POST", "/api/pwa/user-shoppinglists", {"name": "Weekly shop", "ingredients": shop}, 201)
    list_id = listed["data"]["user_shoppinglist_id"]
    later = send("POST", "/api/pwa/user-shoppinglists", {"name": "Next week"}, 201)["data"]["user_shoppinglist_id"]
    get("/api/pwa/user-shoppinglists")
    get(f"/api/pwa/user-shoppinglists/{list_id}")
    done = {
        "request_id": f"memory-walk-{number:04d}",
        "checked": [str(value) for value in ingredients[:30]],
        "store_id": stores[0],
        "move_unchecked_to": later,
        "delete_list": True,
    }
    send("POST", f"/api/pwa/user-shoppinglists/{list_id}/complete", done)
    get("/api/pwa/notifications")
    send("PUT", "/api/pwa/notifications/settings", {"expiry_email": True, "expiry_email_hour": 7})
    get(f"/api/pwa/stores/{stores[0]}")
    return count


def admin_walk(api: httpx.Client, ingredient_ids: list[int]) -> int:
    count = 0

    def call(method: str, path: str, body: Any = None) -> Any:
        nonlocal count
        count += 1
        answer = ok(api.request(method, path, json=body), 200, 201, 204)
        return answer.json() if answer.content else None

    call("GET", "/api/admin/users")
    call("GET", "/api/admin/invites")
    call("GET", "/api/admin/inbox")
    pending = call("GET", "/api/admin/publish-requests")
    items = pending if isinstance(pending, list) else pending.get("data", [])
    if items:
        call("POST", f"/api/admin/publish-requests/{items[0]['id']}/approve")
    if len(items) > 1:
        call("POST", f"/api/admin/publish-requests/{items[1]['id']}/reject", {"reason": "Needs a photo of the stew."})
    news = call("POST", "/api/admin/news", {"title": "Welcome", "HtmlContent": "<p>Our <b>household</b> larder.</p>"})
    call("GET", "/api/admin/news")
    call("PUT", f"/api/admin/news/{news['id']}", {"title": "Welcome!", "HtmlContent": "<p>Hello.</p>"})
    recipe = {
        "name": "Admin's soup",
        "description": "For the catalogue.",
        "serves": 2,
        "ingredients": [
            {"ingredient_id": ingredient_ids[0], "measurement": "g", "quantity": 200},
            {"ingredient_id": ingredient_ids[1], "measurement": "ml", "quantity": 500},
        ],
        "steps": [{"title": "Boil", "description": "Boil it.", "ingredients": [0, 1]}],
    }
    made = call("POST", "/api/admin/recipes", recipe)
    recipe["name"] = "Admin's better soup"
    call("PUT", f"/api/admin/recipes/{made['recipe_id']}", recipe)
    return count


def walk(server: Server, site: str, image: bytes) -> int:
    requests = browse_web_app(server.base)
    names = [f"member_{n:02d}" for n in range(MEMBERS)]
    register(server.base, names[0], server.invite_code())
    clients = [sign_in(server.base, names[0])]
    codes = ok(clients[0].post("/api/admin/invites", json={"count": MEMBERS - 1, "uses": 1}), 201).json()
    for name, invite in zip(names[1:], codes, strict=True):
        register(server.base, name, invite["code"])
        clients.append(sign_in(server.base, name))
    requests += 2 * MEMBERS + 1
    try:
        for number, api in enumerate(clients):
            requests += member_walk(api, number, site, image)
        ids = [i["value"] for i in ok(clients[0].get("/api/form-options/ingredients")).json()["data"]]
        requests += admin_walk(clients[0], ids) + 1
        requests += browse_web_app(server.base)
        ok(clients[-1].post("/api/pwa/logout"))
    finally:
        for api in clients:
            api.close()
    return requests


# -- runs -----------------------------------------------------------------------------------------
def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


def children_uss_kb(pid: int) -> int:
    total = 0
    for child in children(pid):
        with contextlib.suppress(OSError):
            total += memory_kb(child)["uss"]
    return total


def wait_for_no_children(pid: int, limit: float) -> float:
    """Seconds until the server has no child process (the import parser ends when idle)."""
    started = time.monotonic()
    while children(pid) and time.monotonic() - started < limit:
        time.sleep(0.5)  # watching another process; not test synchronisation
    return time.monotonic() - started


def one_run(args: argparse.Namespace, image: bytes, site: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "data", Path(tmp) / "server.log")
        try:
            started_in = server.wait()
            time.sleep(1)  # let start-up work (the first answer, lifespan tasks) finish before reading
            start = memory_kb(server.pid)
            walk_started = time.monotonic()
            IMPORT_SECONDS.clear()
            requests = walk(server, site, image)
            imports = list(IMPORT_SECONDS)
            walk_s = time.monotonic() - walk_started
            after = memory_kb(server.pid)
            after["children_uss"] = children_uss_kb(server.pid)
            worker_left_after = wait_for_no_children(server.pid, args.worker_limit)
            time.sleep(args.idle)  # the idle period is what is measured, not a synchronisation
            idle = memory_kb(server.pid)
            idle["children_uss"] = children_uss_kb(server.pid)
            return {
                "start": start,
                "after": after,
                "idle": idle,
                "started_in": started_in,
                "requests": requests,
                "walk_s": walk_s,
                "worker_left_after": worker_left_after,
                "first_import": imports[0],
                "later_imports": statistics.median(imports[1:]),
            }
        finally:
            server.stop()


def breakdown(args: argparse.Namespace, image: bytes, site: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        dump = Path(tmp) / "dump.json"
        server = Server(Path(tmp) / "data", Path(tmp) / "server.log", dump=dump, trace=args.tracemalloc)
        try:
            server.wait()
            time.sleep(1)
            at_start = server.dump(dump)
            start_mem = memory_kb(server.pid)
            walk(server, site, image)
            wait_for_no_children(server.pid, args.worker_limit)
            time.sleep(args.idle)
            after = server.dump(dump)
            idle_mem = memory_kb(server.pid)
            mappings = largest_mappings(server.pid)
            server.process.send_signal(signal.SIGUSR2)  # malloc_trim(0): what glibc would give back
            time.sleep(1)
            trimmed = memory_kb(server.pid)
        finally:
            server.stop()
    print(f"start: {fmt(start_mem)}\nidle:  {fmt(idle_mem)}\nidle after malloc_trim(0): {fmt(trimmed)}")
    new = sorted(set(after["modules"]) - set(at_start["modules"]))
    print(f"\nmodules: {len(at_start['modules'])} at start, {len(after['modules'])} after the walk")
    tops: dict[str, int] = {}
    for name in at_start["modules"]:
        top = name.split(".")[0]
        tops[top] = tops.get(top, 0) + 1
    print("at start, by package: " + ", ".join(f"{k} {v}" for k, v in sorted(tops.items(), key=lambda kv: -kv[1])[:25]))
    new_tops: dict[str, int] = {}
    for name in new:
        top = name.split(".")[0]
        new_tops[top] = new_tops.get(top, 0) + 1
    print("loaded by the walk: " + ", ".join(f"{k} {v}" for k, v in sorted(new_tops.items(), key=lambda kv: -kv[1])))
    for label, info in (("start", at_start), ("idle", after)):
        if "malloc" in info:
            m = {k: v // KB for k, v in info["malloc"].items()}
            print(
                f"malloc at {label}: heap {m['heap']} KiB, mmapped {m['mmapped']} KiB, in use {m['in_use']} KiB, "
                f"free but kept {m['free_kept']} KiB; {info['gc_objects']} gc objects"
            )
    print("\nlargest mappings when idle (RSS KiB):")
    for name, size in mappings:
        print(f"  {size:>8}  {name}")
    for label, info in (("start", at_start), ("idle", after)):
        if "tracemalloc" in info:
            print(f"\ntracemalloc at {label}: {info['tracemalloc_total'] // KB} KiB in Python allocations, by library:")
            for name, size in info["tracemalloc"][:25]:
                print(f"  {size // KB:>7} KiB  {name}")


def fmt(mem: dict[str, int]) -> str:
    return " ".join(f"{k} {v / KB:.1f} MB" for k, v in mem.items())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--idle", type=float, default=10, help="seconds without requests before the idle reading")
    parser.add_argument(
        "--worker-limit", type=float, default=120, help="longest wait for the import parser process to end"
    )
    parser.add_argument("--breakdown", action="store_true", help="one run that reports what stays resident")
    parser.add_argument(
        "--recipes-only", action="store_true", help="walk part 1 only (recipes, accounts), as the first figures did"
    )
    parser.add_argument("--tracemalloc", action="store_true", help="with --breakdown: Python allocations by library")
    args = parser.parse_args()
    global HOUSEHOLD_LOOP
    HOUSEHOLD_LOOP = not args.recipes_only
    image = photo()
    with PageSite() as site:
        if args.breakdown:
            breakdown(args, image, site.base)
            return 0
        runs = []
        for number in range(args.runs):
            runs.append(one_run(args, image, site.base))
            r = runs[-1]
            print(
                f"run {number + 1}: start {r['start']['rss'] / KB:.1f} MB, idle {r['idle']['rss'] / KB:.1f} MB "
                f"({r['requests']} requests in {r['walk_s']:.1f} s)",
                flush=True,
            )
    print(f"\nMedian of {len(runs)} runs, MB. USS: private memory; anon: the heap; worker: USS of the")
    print("import parser process while it runs (it ends after a minute without imports).\n")
    print("| moment | RSS | PSS | USS | anon | worker USS |\n|:--|--:|--:|--:|--:|--:|")
    moments = (("start", "at start"), ("after", "right after the walk"), ("idle", "idle after the walk"))
    for moment, label in moments:
        cells = [statistics.median(r[moment].get(key, 0) for r in runs) / KB for key in ("rss", "pss", "uss", "anon")]
        worker = statistics.median(r[moment].get("children_uss", 0) for r in runs) / KB
        print(f"| {label} | " + " | ".join(f"{c:.1f}" for c in cells) + f" | {worker:.1f} |")
    peak = statistics.median(r["idle"]["peak"] for r in runs) / KB
    started = statistics.median(r["started_in"] for r in runs)
    left = statistics.median(r["worker_left_after"] for r in runs)
    first = statistics.median(r["first_import"] for r in runs)
    later = statistics.median(r["later_imports"] for r in runs)
    print(
        f"\nPeak RSS {peak:.1f} MB; first 200 of /api/health after {started:.2f} s; the idle reading is "
        f"{args.idle:.0f} s after the import parser ended ({left:.0f} s after the walk). Medians."
    )
    print(f"Recipe import (page on 127.0.0.1): the first {first:.2f} s, the ones after it {later:.2f} s (median).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
