"""A household's mixed load on a real `larder serve`: reads and writes from many clients at once.

    python bench/household_load.py [--clients 50] [--seconds 20] [--uploads 4] [--driver wrk|httpx]

Two phases on one fresh instance (the seed catalogue, 10 accounts):
1. `clients` concurrent clients for `seconds`: catalogue pages, own-recipe lists, creating own recipes,
   saving recipes and changing preferences. With wrk (the default) a third of the connections write
   and the rest read (bench/wrk/household.lua); with httpx every client mixes both (about a third
   writes), but the Python client then takes a whole core of this 2-core machine from the server.
2. The same, while `uploads` further clients upload large legal images (a 7000x7000 16-bit PNG) in a
   loop: decoding takes seconds and must hold no database lock, so writes stay as fast as in 1.

Prints per phase the p50/p95/p99/max latency of reads, writes and uploads, every non-2xx status
with its count, and the server's peak resident memory. Target: writes p99 <= 1 s at 50 clients and
no errors. Bounded in time and aimed at 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import Server

ACCOUNTS = 10
PASSWORD = "bench-secret-1"


def heavy_png() -> bytes:
    from PIL import Image

    image = Image.linear_gradient("L").resize((7000, 7000)).convert("I;16")
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def prepare_accounts(data_dir: Path) -> list[str]:
    """Verified accounts with live sessions, made in-process (the login limit is per client address)."""
    from larder.accounts.service import UserService
    from larder.core.base.settings import Settings
    from larder.core.db.engine import standalone_session
    from larder.core.db.setup import run_migrations

    settings = Settings.from_env({"LARDER_DATA_DIR": str(data_dir)}).prepared()
    run_migrations(settings)

    async def work() -> list[str]:
        tokens = []
        async with standalone_session(settings) as session:
            users = UserService(session=session, settings=settings)
            for number in range(ACCOUNTS):
                await users.create_verified(
                    name=f"bench_user_{number}", email=f"b{number}@example.org", password=PASSWORD
                )
            for number in range(ACCOUNTS):
                tokens.append((await users.login(f"b{number}@example.org", PASSWORD, "bench")).answer.token)
        return tokens

    return asyncio.run(work())


class Recorder:
    def __init__(self) -> None:
        self.latencies: dict[str, list[float]] = {"read": [], "write": [], "upload": []}
        self.statuses: Counter[tuple[str, int]] = Counter()

    def add(self, kind: str, started: float, status: int) -> None:
        self.latencies[kind].append(time.perf_counter() - started)
        if not 200 <= status < 300:
            self.statuses[(kind, status)] += 1


async def household_client(base: str, token: str, ids: list[int], deadline: float, seed: int, rec: Recorder) -> None:
    rng = random.Random(seed)
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=60) as client:
        while time.perf_counter() < deadline:
            roll = rng.random()
            started = time.perf_counter()
            if roll < 0.45:
                answer = await client.get(f"/api/pwa/recipes?page={rng.randint(1, 5)}")
                rec.add("read", started, answer.status_code)
            elif roll < 0.6:
                answer = await client.get("/api/pwa/user-recipe-creator")
                rec.add("read", started, answer.status_code)
            elif roll < 0.8:
                body = {
                    "name": f"Bench bake {rng.random():.8f}",
                    "description": "Made under load.",
                    "serves": 2,
                    "ingredients": [
                        {"value": rng.choice(ids), "quantity": 2},
                        {"value": rng.choice(ids), "quantity": 1},
                    ],
                    "steps": [{"title": "Mix", "description": "Mix it all."}],
                }
                answer = await client.post("/api/pwa/user-recipe-creator", json=body)
                rec.add("write", started, answer.status_code)
            elif roll < 0.9:
                prefs = rng.sample(["vegan", "vegetarian", "gluten_free", "sugar_free", "dairy_free"], 2)
                answer = await client.put("/api/pwa/account/preferences", json={"preferences": prefs})
                rec.add("write", started, answer.status_code)
            else:
                answer = await client.post("/api/pwa/user-saved-recipes", json={"recipe_id": rng.randint(1, 59)})
                rec.add("write", started, answer.status_code)


async def uploader(base: str, token: str, image: bytes, deadline: float, rec: Recorder) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=120) as client:
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            answer = await client.post("/api/pwa/uploads", files={"file": ("big.png", image, "image/png")})
            rec.add("upload", started, answer.status_code)


async def phase(
    base: str, tokens: list[str], ids: list[int], args: argparse.Namespace, image: bytes | None
) -> Recorder:
    rec = Recorder()
    deadline = time.perf_counter() + args.seconds
    jobs = [household_client(base, tokens[i % ACCOUNTS], ids, deadline, i, rec) for i in range(args.clients)]
    if image is not None:
        jobs += [uploader(base, tokens[i % ACCOUNTS], image, deadline, rec) for i in range(args.uploads)]
    await asyncio.gather(*jobs)
    return rec


WRK = Path(__file__).resolve().parent / "wrk" / "household.lua"


async def uploads_until(base: str, tokens: list[str], image: bytes, deadline: float, count: int, rec: Recorder) -> None:
    await asyncio.gather(*(uploader(base, tokens[i % ACCOUNTS], image, deadline, rec) for i in range(count)))


def wrk_phase(
    base: str, files: tuple[Path, Path], args: argparse.Namespace, image: bytes | None, tokens: list[str]
) -> list[str]:
    """Two wrk processes (readers, writers) at once, and the uploaders beside them when `image`."""
    import json
    import subprocess

    writers = max(1, args.clients // 3)
    runs = {
        kind: subprocess.Popen(
            [
                "wrk",
                "-t1",
                f"-c{count}",
                f"-d{args.seconds:.0f}s",
                "--timeout",
                "30s",
                "-s",
                str(WRK),
                base,
                "--",
                kind,
                str(files[0]),
                str(files[1]),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        for kind, count in (("reads", args.clients - writers), ("writes", writers))
    }
    rec = Recorder()
    if image is not None:
        asyncio.run(uploads_until(base, tokens, image, time.perf_counter() + args.seconds, args.uploads, rec))
    lines = [
        "| kind | connections | requests | p50 ms | p95 ms | p99 ms | max ms | non-2xx |",
        "|:--|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for kind, process in runs.items():
        out, _ = process.communicate(timeout=args.seconds + 60)
        found = json.loads(next(line for line in out.splitlines() if line.startswith("BENCH_JSON")).split(" ", 1)[1])
        count = args.clients - writers if kind == "reads" else writers
        lines.append(
            f"| {kind} | {count} | {found['requests']} | {found['p50_ms']:.0f} | {found['p95_ms']:.0f} | "
            f"{found['p99_ms']:.0f} | {found['max_ms']:.0f} | {found['errors']['status']} |"
        )
    if image is not None:
        ms = [v * 1000 for v in rec.latencies["upload"]]
        refused = sum(c for (kind, _), c in rec.statuses.items() if kind == "upload")
        lines.append(
            f"| uploads | {args.uploads} | {len(ms)} | {statistics.median(ms):.0f} | {percentile(ms, 0.95):.0f} | "
            f"{percentile(ms, 0.99):.0f} | {max(ms):.0f} | {refused} |"
        )
    return lines


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def report(name: str, rec: Recorder, peak_mb: float) -> list[str]:
    lines = [f"### {name}", "", "| kind | requests | p50 ms | p95 ms | p99 ms | max ms |", "|:--|--:|--:|--:|--:|--:|"]
    for kind, values in rec.latencies.items():
        if values:
            ms = [v * 1000 for v in values]
            lines.append(
                f"| {kind} | {len(ms)} | {statistics.median(ms):.0f} | {percentile(ms, 0.95):.0f} | "
                f"{percentile(ms, 0.99):.0f} | {max(ms):.0f} |"
            )
    errors = ", ".join(f"{kind} {status}: {count}" for (kind, status), count in sorted(rec.statuses.items()))
    lines += ["", f"Non-2xx answers: {errors or 'none'}. Server peak RSS: {peak_mb:.0f} MB.", ""]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--uploads", type=int, default=4)
    parser.add_argument("--driver", choices=("wrk", "httpx"), default="wrk")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        tokens = prepare_accounts(data)
        server = Server(data, Path(tmp) / "server.log")
        peak = [0.0]
        stop = threading.Event()

        def watch_memory() -> None:
            while not stop.wait(0.2):  # sampling the server's memory; not synchronisation
                peak[0] = max(peak[0], server.rss_mb())

        try:
            server.wait()
            ids = [i["value"] for i in httpx.get(f"{server.base}/api/form-options/ingredients").json()["data"]][:200]
            watcher = threading.Thread(target=watch_memory, daemon=True)
            watcher.start()
            started = time.strftime("%Y-%m-%d %H:%M")
            out = [f"{args.clients} clients ({args.driver}), {args.seconds:.0f} s per phase, {started}", ""]
            image = heavy_png()
            second = f"2. the same while {args.uploads} clients upload a {len(image) // 1024} KB 7000x7000 16-bit PNG"
            if args.driver == "wrk":
                files = (Path(tmp) / "tokens.txt", Path(tmp) / "ids.txt")
                files[0].write_text("\n".join(tokens) + "\n")
                files[1].write_text("\n".join(str(i) for i in ids) + "\n")
                for name, picture in (("1. mixed load", None), (second, image)):
                    peak[0] = 0.0
                    table = wrk_phase(server.base, files, args, picture, tokens)
                    out += [f"### {name}", "", *table, "", f"Server peak RSS: {peak[0]:.0f} MB.", ""]
            else:
                out += report("1. mixed load", asyncio.run(phase(server.base, tokens, ids, args, None)), peak[0])
                peak[0] = 0.0
                out += report(second, asyncio.run(phase(server.base, tokens, ids, args, image)), peak[0])
        finally:
            stop.set()
            server.stop()
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
