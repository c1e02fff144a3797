"""What one household call costs the server: CPU per request, one process, SQLite, one connection.

    python bench/household_cpu.py [--requests 200] [--connections 32] [--seconds 10] [--workers 1]

Starts `larder serve` on a fresh data dir (the starter catalogue) for one verified member with a
shopping list of 80 items, a store of 200 items and a dated plan of 7 days. Each call is sent
`--requests` times one after another over one keep-alive connection (after 20 to warm up); the
server process's own CPU time (user + system, from /proc) over those requests, divided by their
number, is the figure: the client's work is not in it. A health check is measured the same way, as
the floor a request of the framework costs.

Then the list of 80 items is read by `--connections` wrk connections for `--seconds` (p99).
For a figure before and after, run it with `PYTHONPATH=<another checkout>/src`: the server started
is that checkout's.

Targets: writes (list edit, tick, merge, complete shop, receive, plan autosave) <= 4 ms of server
CPU each; reads (a list of 80, a store of 200, a plan, the dashboard, notifications) <= 2 ms; the
list read p99 <= 50 ms at 32 connections.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from household_load import prepare_accounts
from run import Server
from stores_load import wrk

WARM_UP = 20
LIST_ITEMS = 80
STORE_ITEMS = 200
SHOP_ITEMS = 8  # ticked items a complete shop moves into the store
WRITE_TARGET_MS = 4.0
READ_TARGET_MS = 2.0
CONCURRENT_P99_TARGET_MS = 50.0


class Household:
    """One member's list, store and plan, and the calls measured on them."""

    def __init__(self, client: httpx.Client, requests: int) -> None:
        self.client = client
        values = [o["value"] for o in self.ok(client.get("/api/form-options/ingredients"))["data"]]
        if len(values) < LIST_ITEMS:
            raise SystemExit(f"the catalogue has {len(values)} ingredients; {LIST_ITEMS} are needed")
        self.values = values
        self.list_id = self.new_list("Weekly", values[:LIST_ITEMS])
        store = self.ok(client.post("/api/pwa/stores", json={"name": "Pantry", "description": "Bench"}))
        self.store_id = store["data"]["id"]
        items = [{"value": values[i % len(values)], "name": f"Item {i}", "quantity": 1} for i in range(STORE_ITEMS)]
        self.ok(client.post(f"/api/pwa/stores/{self.store_id}/items", json={"items": items}))
        self.plan_id, self.plan_days = self.new_plan()
        self.requests = requests
        self.shops: Iterator[int] = iter(())

    def prepare_shops(self) -> None:
        """A complete shop consumes its list: one list of SHOP_ITEMS per call, made just before
        (made earlier, 220 lists would weigh on the dashboard's read), and read once, as the
        shopper's device has it open while shopping (outside the calls measured)."""
        shops = [self.new_list(f"Shop {n}", self.values[:SHOP_ITEMS]) for n in range(self.requests + WARM_UP)]
        for list_id in shops:
            self.ok(self.client.get(f"/api/pwa/user-shoppinglists/{list_id}"))
        self.shops = iter(shops)

    @staticmethod
    def ok(answer: httpx.Response) -> dict:
        if answer.status_code >= 300:
            raise SystemExit(f"{answer.request.method} {answer.request.url}: {answer.status_code} {answer.text[:300]}")
        return answer.json() if answer.content else {}

    def new_list(self, name: str, values: list[int]) -> int:
        body = {"name": name, "ingredients": [{"value": v, "quantity": 2} for v in values]}
        return self.ok(self.client.post("/api/pwa/user-shoppinglists", json=body))["data"]["user_shoppinglist_id"]

    def new_plan(self) -> tuple[int, list[dict]]:
        start = date.today()
        days = [{"day": d, "recipes": [{"type": "CUSTOM", "name": f"Dinner {d}"}]} for d in range(7)]
        body = {
            "name": "This week",
            "start_date": start.isoformat(),
            "end_date": (start + timedelta(days=6)).isoformat(),
            "recipes": days,
        }
        made = self.ok(self.client.post("/api/pwa/user-mealplans/", json=body))["data"]
        return made["user_mealplan_id"], days

    def calls(self) -> list[tuple[str, str, Callable[[int], httpx.Response]]]:
        c, lst, store, plan = self.client, self.list_id, self.store_id, self.plan_id
        values = self.values

        def tick(i: int) -> httpx.Response:
            item = {"value": values[i % LIST_ITEMS], "checked": i // LIST_ITEMS % 2 == 0}
            return c.put(f"/api/pwa/user-shoppinglists/{lst}", json={"ingredients": [item]})

        def edit(i: int) -> httpx.Response:
            item = {"value": values[i % LIST_ITEMS], "quantity": 1 + i % 3}
            return c.put(f"/api/pwa/user-shoppinglists/{lst}", json={"ingredients": [item]})

        def merge(i: int) -> httpx.Response:
            body = {"ingredients": [{"value": values[i % LIST_ITEMS], "quantity": 1}]}
            return c.post(f"/api/pwa/user-shoppinglists/{lst}/merge", json=body)

        def complete(_i: int) -> httpx.Response:
            body = {
                "request_id": uuid.uuid4().hex,
                "checked": [str(v) for v in values[:SHOP_ITEMS]],
                "store_id": store,
                "delete_list": True,
            }
            return c.post(f"/api/pwa/user-shoppinglists/{next(self.shops)}/complete", json=body)

        def receive(i: int) -> httpx.Response:
            body = {"items": [{"value": values[i % len(values)], "quantity": 1}]}
            return c.post(f"/api/pwa/stores/{store}/items", json=body)

        def autosave(i: int) -> httpx.Response:
            days = [dict(day) for day in self.plan_days]
            days[i % 7] = {"day": i % 7, "recipes": [{"type": "CUSTOM", "name": f"Dinner {i}"}]}
            return c.put(f"/api/pwa/user-mealplans/{plan}", json={"recipes": days})

        return [
            ("read", "health check (the floor)", lambda _i: c.get("/api/health")),
            ("read", f"GET a list of {LIST_ITEMS} items", lambda _i: c.get(f"/api/pwa/user-shoppinglists/{lst}")),
            ("read", f"GET a store of {STORE_ITEMS} items", lambda _i: c.get(f"/api/pwa/stores/{store}")),
            ("read", "GET a plan of 7 days", lambda _i: c.get(f"/api/pwa/user-mealplans/{plan}")),
            ("read", "GET the dashboard", lambda _i: c.get("/api/pwa/dashboard/")),
            ("read", "GET notifications", lambda _i: c.get("/api/pwa/notifications/")),
            ("write", f"PUT a list: tick one of {LIST_ITEMS}", tick),
            ("write", f"PUT a list: change a quantity of one of {LIST_ITEMS}", edit),
            ("write", f"merge one item into a list of {LIST_ITEMS}", merge),
            ("write", f"complete a shop of {SHOP_ITEMS} items into a store", complete),
            ("write", "receive one item into a store", receive),
            ("write", "PUT a plan (autosave, one day changed)", autosave),
        ]


def measure(server: Server, call: Callable[[int], httpx.Response], requests: int) -> tuple[float, float]:
    """Server CPU ms per request and the client's median latency (ms)."""
    counter = itertools.count()
    for _ in range(WARM_UP):
        Household.ok(call(next(counter)))
    latencies = []
    before = server.cpu_seconds()
    for _ in range(requests):
        started = time.perf_counter()
        Household.ok(call(next(counter)))
        latencies.append((time.perf_counter() - started) * 1000)
    cpu = (server.cpu_seconds() - before) * 1000 / requests
    return cpu, statistics.median(latencies)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--workers", type=int, default=1, help="server processes (the CPU is summed over them)")
    parser.add_argument("--only", default="", help="measure only the calls whose name holds this text")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="larder-household-cpu-"))
    token = prepare_accounts(work / "data")[0]
    # wrk's connections all come from 127.0.0.1, as a reverse proxy's would: the server is told it
    # is one, or its per-address limit of unfinished request heads would refuse half of them.
    env = {"LARDER_TRUSTED_PROXIES": "127.0.0.1", "LARDER_WORKERS": str(args.workers)}
    server = Server(work / "data", work / "server.log", env=env)
    try:
        server.wait()
        headers = {"Authorization": f"Bearer {token}"}
        with httpx.Client(base_url=server.base, headers=headers, timeout=30) as client:
            household = Household(client, args.requests)
            rows = []
            for kind, name, call in household.calls():
                if args.only not in name:
                    continue
                if name.startswith("complete"):
                    household.prepare_shops()
                cpu, median = measure(server, call, args.requests)
                target = WRITE_TARGET_MS if kind == "write" else READ_TARGET_MS
                shown = "" if name.startswith("health") else f"{target:g}"
                met = "" if not shown else ("met" if cpu <= target else "NOT met")
                rows.append(f"| {name} | {cpu:.2f} | {median:.2f} | {shown} | {met} |")
        crowd = wrk_list_read(server.base, token, household.list_id, args.connections, args.seconds)
    finally:
        server.stop()
    print(
        f"Server CPU per request ({args.workers} process(es)), {args.requests} requests one after another "
        "on one connection:\n"
    )
    print("| call | server CPU ms | latency p50 ms | target ms | |\n|:--|--:|--:|--:|:--|")
    print("\n".join(rows))
    met = "met" if crowd["p99_ms"] <= CONCURRENT_P99_TARGET_MS else "NOT met"
    print(
        f"\nGET a list of {LIST_ITEMS} items at {args.connections} connections: {crowd['rps']:.0f}/s, "
        f"p50 {crowd['p50_ms']:.1f} ms, p99 {crowd['p99_ms']:.1f} ms "
        f"(target <= {CONCURRENT_P99_TARGET_MS:g}: {met}), errors {crowd['errors']}"
    )
    return 0


def wrk_list_read(base: str, token: str, list_id: int, connections: int, seconds: float) -> dict:
    return wrk(base, token, f"/api/pwa/user-shoppinglists/{list_id}", seconds, connections)


if __name__ == "__main__":
    sys.exit(main())
