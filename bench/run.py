"""Load runs against a real `larder serve` over a prepared catalogue, driven by wrk.

    python bench/run.py [--sizes 10k,100k] [--duration 10] [--connections 1,32]

For each size: copy the built data dir (runs never change it), start the server on a free port,
wait for /api/health, check every endpoint answers 200, warm up, then run wrk per endpoint and
connection count. Prints a table and writes bench/results.md and bench/results.json.

Besides wrk's latency and requests/s, each run records the server process's CPU time per request
(from /proc/PID/stat): the server-side cost, which other load on the machine barely changes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import random
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
DATA = BENCH / ".data"
LUA = BENCH / "wrk" / "bench.lua"
SIZES = {"10k": 10_000, "100k": 100_000}
DETAIL_IDS = 2000


@dataclass
class Endpoint:
    key: str
    label: str
    args: list[str]  # after `--` for bench.lua
    check: str  # path to GET (or POST with body) once before measuring


def endpoints(work: Path, size: int, meta: dict[str, Any]) -> list[Endpoint]:
    body = work / "filter.json"
    body.write_text(json.dumps(meta["filter_body"]))
    ids = work / "ids.txt"
    rng = random.Random(size)
    ids.write_text("\n".join(str(rng.randint(1, size)) for _ in range(DETAIL_IDS)) + "\n")
    return [
        Endpoint("health", "health (no database; the floor)", ["get", "/api/health"], "/api/health"),
        Endpoint("list", "list page 3", ["get", "/api/pwa/recipes?page=3"], "/api/pwa/recipes?page=3"),
        Endpoint(
            "search_tomato",
            "search 'tomato'",
            ["get", "/api/pwa/recipe-search?search=tomato&page=1"],
            "/api/pwa/recipe-search?search=tomato&page=1",
        ),
        Endpoint(
            "search_chick",
            "search 'chick' (prefix)",
            ["get", "/api/pwa/recipe-search?search=chick&page=1"],
            "/api/pwa/recipe-search?search=chick&page=1",
        ),
        Endpoint(
            "filter",
            "filter 2 incl + 1 excl + veg + gf",
            ["post", "/api/pwa/recipe-filter", str(body)],
            "/api/pwa/recipe-filter",
        ),
        Endpoint("detail", f"detail ({DETAIL_IDS} ids rotating)", ["rotate", "/api/pwa/recipes/", str(ids)], ""),
    ]


# -- server ---------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def http(url: str, body: bytes | None = None, timeout: float = 30) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"} if body else {})
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return answer.status, json.loads(answer.read() or b"{}")


class Server:
    """`larder serve` on a free port; `env` adds LARDER_* settings, `python_args` go before `-m larder`
    (such as `-m cProfile -o FILE`)."""

    def __init__(
        self, data_dir: Path, log: Path, env: dict[str, str] | None = None, python_args: tuple[str, ...] = ()
    ) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        # The shell's LARDER_* location settings are dropped; the run's own (a PostgreSQL URL) are kept.
        inherited = {**os.environ}
        for name in ("LARDER_HOST", "LARDER_PORT", "LARDER_DATABASE_URL", "LARDER_PUBLIC_URL"):
            inherited.pop(name, None)
        env = {**inherited, **(env or {}), "LARDER_DATA_DIR": str(data_dir)}
        self.env = env
        self.log = log.open("w")
        self.process = subprocess.Popen(
            [sys.executable, *python_args, "-m", "larder", "serve", "--host", "127.0.0.1", "--port", str(self.port)],
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
        )

    def wait(self, timeout: float = 120) -> float:
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}; see {self.log.name}")
            try:
                if http(f"{self.base}/api/health", timeout=2)[0] == 200:
                    return time.monotonic() - started
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"no /api/health after {timeout} s; see {self.log.name}")

    def serving_pids(self) -> list[int]:
        """The process that serves, or with `--workers N` the supervisor and its workers."""
        pids = [self.process.pid]
        if int(self.env.get("LARDER_WORKERS", "1")) > 1:
            for task in Path(f"/proc/{self.process.pid}/task").iterdir():
                with contextlib.suppress(OSError):
                    pids += [int(child) for child in (task / "children").read_text().split()]
        return pids

    def cpu_seconds(self) -> float:
        total = 0.0
        for pid in self.serving_pids():
            with contextlib.suppress(OSError):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

    def rss_mb(self) -> float:
        total = 0.0
        for pid in self.serving_pids():
            with contextlib.suppress(OSError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) / 1024
        return total

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


# -- wrk ------------------------------------------------------------------------------------------
def wrk(base: str, endpoint: Endpoint, connections: int, seconds: float) -> dict[str, Any]:
    threads = 1 if connections == 1 else 2
    command = [
        "wrk",
        f"-t{threads}",
        f"-c{connections}",
        f"-d{max(1, round(seconds))}s",
        "--timeout",
        "10s",
        "-s",
        str(LUA),
        base,
        "--",
        *endpoint.args,
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    match = re.search(r"^BENCH_JSON (.*)$", done.stdout, re.MULTILINE)
    if not match:
        raise RuntimeError(f"no result from wrk:\n{done.stdout}\n{done.stderr}")
    return json.loads(match.group(1))


def check(server: Server, endpoint: Endpoint, meta: dict[str, Any]) -> str:
    """One request before measuring: must be 200 and return what we expect."""
    if endpoint.key == "health":
        status, body = http(server.base + endpoint.check)
        return f"{status}, {body}"
    if endpoint.key == "detail":
        status, page = http(f"{server.base}/api/pwa/recipes/1")
        return f"{status}, {len(page['recipe_ingredients'])} ingredients, {len(page['recipe_steps'])} steps"
    body = json.dumps(meta["filter_body"]).encode() if endpoint.key == "filter" else None
    status, page = http(server.base + endpoint.check, body)
    if status != 200 or "total" not in page:
        raise RuntimeError(f"{endpoint.check}: {status} {page}")
    return f"{status}, total {page['total']:,}, {len(page['data'])} rows"


def load() -> float:
    return os.getloadavg()[0]


@dataclass
class Setup:
    """One server configuration and what is measured on it."""

    key: str
    label: str  # appended to the endpoint's label in the tables ("" for the default)
    env: dict[str, str]
    endpoints: tuple[str, ...]  # keys; empty: all
    connections: tuple[int, ...]  # empty: the --connections given


SETUPS = [
    # As installed: the catalogue's public reads are kept in memory after their first answer, so
    # after the warm-up every list, search, filter and detail here is a repeated one.
    Setup("default", "", {}, (), ()),
    # No memory for answers: every search, filter and recipe is made afresh (as the first time it
    # is asked for), the cost of keeping it included.
    Setup(
        "first",
        " (first time)",
        {"LARDER_READ_CACHE_MB": "0"},
        ("search_tomato", "search_chick", "filter", "detail"),
        (1,),
    ),
    # Two processes on the 2 cores (`larder serve --workers 2`).
    Setup("workers2", " (--workers 2)", {"LARDER_WORKERS": "2"}, ("list", "detail"), (32,)),
]


def run_size(name: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    size = SIZES[name]
    source = DATA / f"catalogue-{name}"
    meta_file = source / "bench_meta.json"
    if not meta_file.exists():
        raise SystemExit(f"{source} is not built: python bench/build_catalogue.py {size} {source}")
    meta = json.loads(meta_file.read_text())
    work = Path(tempfile.mkdtemp(prefix=f"larder-bench-{name}-"))
    rows: list[dict[str, Any]] = []
    try:
        data_dir = work / "data"
        shutil.copytree(source, data_dir)
        with contextlib.ExitStack() as held:
            database = held.enter_context(on_postgres(data_dir, work)) if args.postgres else {}
            for setup in SETUPS:
                if args.setups and setup.key not in args.setups:
                    continue
                rows += run_setup(setup, size, meta, data_dir, work, args, database)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return rows


@contextlib.contextmanager
def on_postgres(data_dir: Path, work: Path) -> Iterator[dict[str, str]]:
    """The catalogue moved into a throw-away PostgreSQL cluster (tests/postgres_cluster.py) the way
    a user moves an install: `larder backup` of the SQLite data dir, `larder restore` onto PostgreSQL."""
    sys.path.insert(0, str(ROOT))
    from tests import postgres_cluster

    with postgres_cluster.cluster() as server:
        postgres_cluster.admin(server, "CREATE DATABASE larder_bench")
        database = {"LARDER_DATABASE_URL": postgres_cluster.database_url(server, "larder_bench")}
        archive = work / "move.zip"
        env = {k: v for k, v in os.environ.items() if not k.startswith("LARDER_")}
        env["LARDER_DATA_DIR"] = str(data_dir)
        started = time.perf_counter()
        for command, extra in ((["backup", str(archive)], {}), (["restore", str(archive)], database)):
            subprocess.run(
                [sys.executable, "-m", "larder", *command],
                env={**env, **extra},
                cwd=ROOT,
                check=True,
                capture_output=True,
            )
        print(f"   moved into PostgreSQL in {time.perf_counter() - started:.0f} s")
        yield database


def postgres_cpu_seconds() -> float:
    """CPU of every PostgreSQL process on the machine (the bench's cluster is the only one running)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError):
            text = stat.read_text()
            if "(postgres)" in text:
                fields = text.rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def run_setup(
    setup: Setup,
    size: int,
    meta: dict[str, Any],
    data_dir: Path,
    work: Path,
    args: argparse.Namespace,
    database: dict[str, str],
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    server = Server(data_dir, work / f"server-{setup.key}.log", env={**setup.env, **database})
    label = setup.label + (" on PostgreSQL" if database else "")
    try:
        started_in = server.wait()
        print(f"\n== {size:,} recipes{label}: server on {server.base}", end=" ")
        print(f"(up in {started_in:.1f} s, load {load():.2f})")
        points = [
            e
            for e in endpoints(work, size, meta)
            if (not setup.endpoints or e.key in setup.endpoints) and (not args.only or e.key in args.only.split(","))
        ]
        for endpoint in points:
            print(f"   check {endpoint.label}: {check(server, endpoint, meta)}")
        for endpoint in points:
            wrk(server.base, endpoint, 8, args.warmup)  # warm caches, not recorded
            for connections in setup.connections or args.connections:
                before_load = load()
                cpu_before, db_cpu_before = server.cpu_seconds(), postgres_cpu_seconds()
                result = wrk(server.base, endpoint, connections, args.duration)
                cpu = server.cpu_seconds() - cpu_before
                db_cpu = postgres_cpu_seconds() - db_cpu_before
                after_load = load()
                row = {
                    "size": size,
                    "setup": setup.key,
                    "endpoint": endpoint.key,
                    "label": endpoint.label + label,
                    "connections": connections,
                    "load": round(before_load, 2),
                    "load_after": round(after_load, 2),
                    "cpu_ms_per_request": round(1000 * cpu / max(result["requests"], 1), 2),
                    # PostgreSQL's own processes, besides Larder's (0 on SQLite, inside Larder's process).
                    "db_cpu_ms_per_request": round(1000 * db_cpu / max(result["requests"], 1), 2),
                    **result,
                }
                rows.append(row)
                print(format_row(row), flush=True)
        print(f"   server RSS after the runs: {server.rss_mb():.0f} MB")
    finally:
        server.stop()
    return rows


# -- report ---------------------------------------------------------------------------------------
HEADER = (
    f"{'recipes':>8} {'endpoint':<34} {'conn':>4} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'req/s':>8}"
    f" {'cpu ms/req':>10} {'db ms/req':>8} {'errors':>6} {'load before/after':>17}"
)


def errors(row: dict[str, Any]) -> int:
    return sum(row["errors"].values())


def format_row(row: dict[str, Any]) -> str:
    return (
        f"{row['size']:>8,} {row['label']:<34} {row['connections']:>4} {row['p50_ms']:>8.2f} {row['p95_ms']:>8.2f}"
        f" {row['p99_ms']:>8.2f} {row['rps']:>8.0f} {row['cpu_ms_per_request']:>10.2f}"
        f" {row.get('db_cpu_ms_per_request', 0):>8.2f} {errors(row):>6}"
        f" {row['load']:>8.2f}/{row['load_after']:<8.2f}"
    )


def machine() -> dict[str, str]:
    cpu = "unknown"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    mem_kb = int(Path("/proc/meminfo").read_text().split()[1])
    wrk_version = subprocess.run(["wrk", "--version"], capture_output=True, text=True).stdout.split("[")[0]
    wrk_version = wrk_version.removeprefix("wrk").strip()
    return {
        "cpu": f"{cpu}, {os.cpu_count()} cores",
        "memory": f"{mem_kb / 1024 / 1024:.1f} GiB",
        "os": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "wrk": wrk_version,
    }


# Targets at 10,000 and 100,000 recipes.
REPEATED_CPU_MS = 1.5  # server CPU per list, detail or repeated search, 1 connection
FIRST_TIME_CPU_MS = 8.0  # server CPU per first-time search or filter, 1 connection
WORKERS_RPS = 400  # list and detail at 32 connections with --workers 2


def verdict(rows: list[dict[str, Any]]) -> list[str]:
    lines = []
    for row in rows:
        setup, key, conn = row.get("setup", "default"), row["endpoint"], row["connections"]
        cpu = row["cpu_ms_per_request"]
        if setup == "default" and conn == 1 and key in {"list", "detail", "search_tomato", "search_chick"}:
            figure, ok, target = f"{cpu:g} ms CPU", cpu <= REPEATED_CPU_MS, f"<= {REPEATED_CPU_MS:g} ms"
        elif setup == "first" and conn == 1:
            figure, ok, target = f"{cpu:g} ms CPU", cpu <= FIRST_TIME_CPU_MS, f"<= {FIRST_TIME_CPU_MS:g} ms"
        elif setup == "workers2" and conn == 32:
            figure, ok, target = f"{row['rps']:.0f} req/s", row["rps"] >= WORKERS_RPS, f">= {WORKERS_RPS} req/s"
        else:
            continue
        verdict = "met" if ok else "NOT met"
        lines.append(f"- {row['size']:,} {row['label']}, {conn} conn: {figure} -> {verdict} ({target})")
    return lines


def write_results(rows: list[dict[str, Any]], args: argparse.Namespace) -> None:
    info = machine()
    metas = {}
    for name in args.sizes:
        meta = json.loads((DATA / f"catalogue-{name}" / "bench_meta.json").read_text())
        metas[name] = meta
    lines = [
        "# Catalogue benchmark results",
        "",
        f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by `bench/run.py` "
        f"({args.duration:g} s per run after a {args.warmup:g} s warm-up; wrk threads 1 at 1 connection, 2 at 32).",
        "",
        "Machine: " + "; ".join(f"{k} {v}" for k, v in info.items()) + ".",
        "wrk runs on the same machine as the server, so at 32 connections they share the 2 cores.",
        "`load` is the 1-minute load average (as `uptime` shows it) just before and after each run"
        " (other sessions share the machine);"
        " `cpu ms/req` is the server process's CPU time divided by the requests it answered.",
        "",
        "| recipes | endpoint | conn | p50 ms | p95 ms | p99 ms | req/s | cpu ms/req | PostgreSQL cpu ms/req"
        " | errors | load before/after |",
        "|--:|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for row in rows:
        lines.append(
            f"| {row['size']:,} | {row['label']} | {row['connections']} | {row['p50_ms']:.2f} | {row['p95_ms']:.2f}"
            f" | {row['p99_ms']:.2f} | {row['rps']:.0f} | {row['cpu_ms_per_request']:.2f}"
            f" | {row.get('db_cpu_ms_per_request', 0):.2f} | {errors(row)}"
            f" | {row['load']:.2f} / {row['load_after']:.2f} |"
        )
    lines += [
        "",
        f"Targets at 10,000 and 100,000 recipes: <= {REPEATED_CPU_MS:g} ms server CPU per list, detail and repeated"
        f" search at 1 connection; <= {FIRST_TIME_CPU_MS:g} ms for first-time searches and filters;"
        f" >= {WORKERS_RPS} req/s for list and detail at 32 connections with `--workers 2`.",
        "",
    ]
    lines += verdict(rows) or ["- (no target rows run)"]
    lines += ["", "Data sets:", ""]
    for meta in metas.values():
        hits = ", ".join(f"'{w}' {h['percent']}%" for w, h in meta["search_hits"].items())
        lines.append(
            f"- {meta['size']:,} recipes, {meta['ingredients']:,} ingredients, {meta['recipe_ingredients']:,} recipe"
            f" lines, {meta['recipe_steps']:,} steps, {meta['db_mb']} MB, built in {meta['seconds']['total']} s;"
            f" search hits {hits}; filter matches {meta['filter_matches']:,} recipes."
        )
    stem = "results-postgres" if args.postgres else "results"
    (BENCH / f"{stem}.md").write_text("\n".join(lines) + "\n")
    (BENCH / f"{stem}.json").write_text(json.dumps({"machine": info, "rows": rows}, indent=1) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10k,100k", help="comma list of 10k, 100k")
    parser.add_argument("--duration", type=int, default=10, help="seconds per run")
    parser.add_argument("--warmup", type=int, default=2, help="seconds of unrecorded warm-up per endpoint")
    parser.add_argument("--connections", default="1,32", help="comma list of connection counts")
    parser.add_argument("--only", default="", help="comma list of endpoint keys (health, list, search_tomato, ...)")
    parser.add_argument("--setups", default="", help="comma list of default, first, workers2 (all when empty)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave results.md alone")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="on a throw-away PostgreSQL cluster (the catalogue moved by backup and restore); results-postgres.md",
    )
    args = parser.parse_args(argv)
    args.sizes = [s.strip() for s in args.sizes.split(",") if s.strip()]
    args.connections = [int(c) for c in args.connections.split(",")]
    args.setups = [s.strip() for s in args.setups.split(",") if s.strip()]
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed (apt-get install -y wrk)")
    rows: list[dict[str, Any]] = []
    print(HEADER)
    for name in args.sizes:
        rows += run_size(name, args)
    print("\n" + HEADER)
    for row in rows:
        print(format_row(row))
    print()
    for line in verdict(rows):
        print(line)
    if not args.no_write:
        write_results(rows, args)
        print(f"\nwrote {BENCH / ('results-postgres.md' if args.postgres else 'results.md')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
