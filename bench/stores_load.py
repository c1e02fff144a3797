"""A household's food stores and shopping lists at scale, on a real `larder serve`.

    python bench/stores_load.py [--seconds 10] [--stores 10] [--items 500] [--lists 30] [--list-items 80]

One member with 10 stores of 500 items each (batches dated over the last 30 days, so some have
expired and some are about to) and 30 lists of 80 items. Measured at one connection with wrk:
GET /notifications, GET /stores and GET /user-shoppinglists/{id}; then 20 complete-shop calls of
80 items each, one after another (a fresh list each time), timed by the client.

Targets: the three reads p95 <= 10 ms; complete shop of 80 items <= 50 ms. Aimed at 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from household_load import percentile, prepare_accounts
from run import Server

WRK = Path(__file__).resolve().parent / "wrk" / "bench.lua"
COMPLETE_RUNS = 20


def build_household(client: httpx.Client, args: argparse.Namespace) -> tuple[list[int], list[int]]:
    values = [o["value"] for o in client.get("/api/form-options/ingredients").json()["data"]]
    today = datetime.now(UTC)
    stores = []
    for number in range(args.stores):
        store = client.post("/api/pwa/stores", json={"name": f"Store {number}", "description": "Bench"}).json()
        items = [
            {
                "value": values[i % len(values)] if i < len(values) else None,
                "name": f"Bench item {i}",
                "quantity": 1 + i % 5,
                "date_added": (today - timedelta(days=i % 30, minutes=i)).isoformat(),
            }
            for i in range(args.items)
        ]
        answer = client.post(f"/api/pwa/stores/{store['data']['id']}/items", json={"items": items})
        answer.raise_for_status()
        stores.append(store["data"]["id"])
    lists = [new_list(client, values, f"List {n}", args.list_items) for n in range(args.lists)]
    return stores, lists


def new_list(client: httpx.Client, values: list[int], name: str, size: int) -> int:
    body = {"name": name, "ingredients": [{"value": v, "quantity": 2} for v in values[:size]]}
    answer = client.post("/api/pwa/user-shoppinglists", json=body)
    answer.raise_for_status()
    return answer.json()["data"]["user_shoppinglist_id"]


def wrk(base: str, token: str, path: str, seconds: float, connections: int = 1) -> dict:
    threads = min(connections, 2)
    out = subprocess.run(
        [
            "wrk",
            f"-t{threads}",
            f"-c{connections}",
            f"-d{seconds:.0f}s",
            "--timeout",
            "10s",
            "-s",
            str(WRK),
            base,
            "--",
            "get",
            path,
        ],
        env={**os.environ, "BENCH_TOKEN": token},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(next(line for line in out.splitlines() if line.startswith("BENCH_JSON")).split(" ", 1)[1])


def complete_shops(client: httpx.Client, store_id: int, size: int) -> list[float]:
    values = [o["value"] for o in client.get("/api/form-options/ingredients").json()["data"]]
    timings = []
    for run in range(COMPLETE_RUNS):
        list_id = new_list(client, values, f"Shop {run}", size)
        checked = [str(v) for v in values[:size]]
        body = {"request_id": uuid.uuid4().hex, "checked": checked, "store_id": store_id, "delete_list": True}
        started = time.perf_counter()
        answer = client.post(f"/api/pwa/user-shoppinglists/{list_id}/complete", json=body)
        timings.append((time.perf_counter() - started) * 1000)
        assert answer.status_code == 200 and answer.json()["data"]["stored"] == size, answer.text
    return timings


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--stores", type=int, default=10)
    parser.add_argument("--items", type=int, default=500)
    parser.add_argument("--lists", type=int, default=30)
    parser.add_argument("--list-items", type=int, default=80)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        token = prepare_accounts(data)[0]
        server = Server(data, Path(tmp) / "server.log")
        try:
            server.wait()
            headers = {"Authorization": f"Bearer {token}"}
            with httpx.Client(base_url=server.base, headers=headers, timeout=60) as client:
                stores, lists = build_household(client, args)
                overview = client.get("/api/pwa/notifications").json()["data"]
                reads = {
                    "GET /notifications": "/api/pwa/notifications",
                    "GET /stores": "/api/pwa/stores",
                    f"GET /user-shoppinglists/{{id}} ({args.list_items} items)": (
                        f"/api/pwa/user-shoppinglists/{lists[0]}"
                    ),
                }
                rows = [(name, wrk(server.base, token, path, args.seconds)) for name, path in reads.items()]
                shops = complete_shops(client, stores[-1], args.list_items)
            rss = server.rss_mb()
        finally:
            server.stop()
    print(
        f"{args.stores} stores x {args.items} items, {args.lists} lists x {args.list_items} items; "
        f"{len(overview['expired'])} expired and {len(overview['expiring'])} expiring items; "
        f"{time.strftime('%Y-%m-%d %H:%M')}\n"
    )
    print("| call (one connection) | requests | p50 ms | p95 ms | p99 ms | errors |")
    print("|:--|--:|--:|--:|--:|--:|")
    for name, found in rows:
        errors = sum(found["errors"].values())
        print(
            f"| {name} | {found['requests']} | {found['p50_ms']:.1f} | {found['p95_ms']:.1f} | "
            f"{found['p99_ms']:.1f} | {errors} |"
        )
    print(
        f"| complete shop, {args.list_items} items ({COMPLETE_RUNS} runs) | {COMPLETE_RUNS} | "
        f"{statistics.median(shops):.1f} | {percentile(shops, 0.95):.1f} | {max(shops):.1f} | 0 |"
    )
    print(f"\nServer RSS at the end: {rss:.0f} MB.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
