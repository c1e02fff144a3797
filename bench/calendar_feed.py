"""The calendar feed of a member with the largest plans there may be, on a real `larder serve`.

    python bench/calendar_feed.py [--plans 6] [--days N] [--per-day N] [--json FILE]

One member has `plans` plans (default 6) of `days` days (default: the longest plan the server
takes) with `per-day` custom recipes on every day (default: the most a day may hold), all dated from
today, made through the API. Then, on the member's feed address:

1. one fetch, while another client calls GET /api/health one request after the other: the
   slowest health answer during the fetch is how long the server stalled for everybody else;
2. three fetches at once, the same way;
3. a repeat fetch with the ETag of the last one (If-None-Match): it should be a 304 at once.

The server's resident memory is read before the first fetch, after the last one, after a few idle
seconds, and again after ten more fetches (what stays for good grows with each). The health client
is a process of its own, so reading the feeds never delays it. Aimed at 127.0.0.1 only; a minute
with today's limits (the 366-day plans of old took minutes per fetch).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import Server

PLANS = "/api/pwa/user-mealplans"
FEED = "/api/pwa/calendar-feed"
IDLE_SECONDS = 5.0
MORE_FETCHES = 10
PASSWORD = "bench-secret-1"


def prepare_member(data_dir: Path) -> str:
    """A verified member with a live session, made in-process; their bearer token."""
    from larder.accounts.service import UserService
    from larder.core.base.settings import Settings
    from larder.core.db.engine import standalone_session
    from larder.core.db.setup import run_migrations

    settings = Settings.from_env({"LARDER_DATA_DIR": str(data_dir)}).prepared()
    run_migrations(settings)

    async def work() -> str:
        async with standalone_session(settings) as session:
            users = UserService(session=session, settings=settings)
            await users.create_verified(name="bench_cook", email="cook@example.org", password=PASSWORD)
            signed_in = await users.login("cook@example.org", PASSWORD, "bench")
            return getattr(signed_in, "answer", signed_in).token  # type: ignore[no-any-return]

    return asyncio.run(work())


def limits() -> tuple[int, int]:
    from larder.mealplans.schemas import DAYS_MAX, RECIPES_PER_DAY_MAX

    return DAYS_MAX, RECIPES_PER_DAY_MAX


async def make_plans(client: httpx.AsyncClient, plans: int, days: int, per_day: int) -> None:
    start = date.today()
    for number in range(plans):
        body = {
            "name": f"Plan {number}",
            "start_date": start.isoformat(),
            "end_date": (start + timedelta(days=days - 1)).isoformat(),
            "recipes": [
                {"day": day, "recipes": [{"name": f"Meal {day} {n}", "type": "CUSTOM"} for n in range(per_day)]}
                for day in range(days)
            ],
        }
        answer = await client.post(PLANS + "/", json=body)
        answer.raise_for_status()


# The other client: a process of its own, so that reading the feeds (megabytes of text in the
# bench's own event loop) never delays its requests. It calls /api/health back to back until its
# standard input closes, then prints the latencies in ms as JSON.
POLLER = """
import json, sys, threading, time, httpx
done = threading.Event()
threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
latencies = []
with httpx.Client(base_url=sys.argv[1], timeout=900) as client:
    while not done.is_set():
        started = time.perf_counter()
        client.get("/api/health").raise_for_status()
        latencies.append((time.perf_counter() - started) * 1000)
        if len(latencies) == 1:
            print("ready", flush=True)
print(json.dumps(latencies), flush=True)
"""


async def health_during(base: str, work: Any) -> tuple[Any, dict[str, float]]:
    """`work` run while another client calls /api/health back to back: its result and the health
    answers' count, slowest and median latency in ms."""
    poller = await asyncio.create_subprocess_exec(
        sys.executable, "-c", POLLER, base, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
    )
    assert poller.stdin is not None and poller.stdout is not None
    await poller.stdout.readline()  # its connection is open and answering before the work starts
    try:
        result = await work()
    finally:
        poller.stdin.close()
        latencies = sorted(json.loads(await poller.stdout.readline()))
        await poller.wait()
    return result, {
        "health_answers": len(latencies),
        "health_max_ms": round(latencies[-1], 1),
        "health_p50_ms": round(latencies[len(latencies) // 2], 1),
    }


async def fetch(base: str, path: str, headers: dict[str, str] | None = None) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=900) as client:
        started = time.perf_counter()
        answer = await client.get(path, headers=headers or {})
        return {
            "status": answer.status_code,
            "ms": round((time.perf_counter() - started) * 1000, 1),
            "bytes": len(answer.content),
            "events": answer.content.count(b"BEGIN:VEVENT"),
            "etag": answer.headers.get("etag"),
        }


async def probe(server: Server, token: str, plans: int, days: int, per_day: int) -> dict[str, Any]:
    base = server.base
    async with httpx.AsyncClient(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=900) as client:
        await make_plans(client, plans, days, per_day)
        url = (await client.post(FEED + "/")).json()["data"]["url"]
    path = "/" + url.split("/", 3)[3]
    result: dict[str, Any] = {"plans": plans, "days": days, "per_day": per_day, "entries": plans * days * per_day}
    result["rss_before_mb"] = round(server.rss_mb(), 1)

    one, health = await health_during(base, lambda: fetch(base, path))
    result["one_fetch"] = {**one, **health}

    async def three() -> list[dict[str, Any]]:
        return list(await asyncio.gather(*(fetch(base, path) for _ in range(3))))

    started = time.perf_counter()
    several, health = await health_during(base, three)
    result["three_fetches"] = {
        "wall_ms": round((time.perf_counter() - started) * 1000, 1),
        "statuses": [answer["status"] for answer in several],
        "slowest_ms": max(answer["ms"] for answer in several),
        **health,
    }
    result["rss_after_mb"] = round(server.rss_mb(), 1)

    etag = several[-1]["etag"]
    repeat, health = await health_during(base, lambda: fetch(base, path, {"If-None-Match": etag or ""}))
    result["repeat_with_etag"] = {"status": repeat["status"], "ms": repeat["ms"], "bytes": repeat["bytes"], **health}

    await asyncio.sleep(IDLE_SECONDS)
    result["rss_idle_mb"] = round(server.rss_mb(), 1)
    # Memory that stays for good grows with every fetch: ten more, then again a few idle seconds.
    for _ in range(MORE_FETCHES):
        await fetch(base, path)
    await asyncio.sleep(IDLE_SECONDS)
    result[f"rss_idle_after_{MORE_FETCHES}_more_fetches_mb"] = round(server.rss_mb(), 1)
    return result


def main(argv: list[str] | None = None) -> int:
    days_max, per_day_max = limits()
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plans", type=int, default=6)
    parser.add_argument("--days", type=int, default=days_max)
    parser.add_argument("--per-day", type=int, default=per_day_max)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="larder-calendar-") as work:
        data_dir = Path(work) / "data"
        token = prepare_member(data_dir)
        server = Server(data_dir, Path(work) / "server.log")
        try:
            server.wait()
            result = asyncio.run(probe(server, token, args.plans, args.days, args.per_day))
        finally:
            server.stop()
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
