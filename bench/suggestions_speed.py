"""Cook from what you have: ranking a 10,000-recipe catalogue against a household's stock.

    python bench/suggestions_speed.py [--runs 100] [--items 200] [--stores 3]

A copy of bench/.data/catalogue-10k (built by `make bench` first: bench/build_catalogue.py) and
one member with 3 stores holding 200 batches of catalogue ingredients, bought over the last 20
days (so some expire within 3 days and some have expired). The app runs in this process behind
Litestar's test client, and each request is timed in CPU seconds of the whole process
(time.process_time: the event loop, the database threads and the client, so a little more than
the server alone spends):

- first: the first ranking after a start, which reads and indexes the catalogue;
- ranking: after each of `runs` stock changes (one batch received into a store: not timed), the
  ranking answered afresh (limit 20);
- with filters: the same with Discover's search and filters (a preference and an excluded ingredient);
- unchanged: the same request again while nothing changed (the kept answer).

Targets: ranking p95 <= 50 ms of CPU, unchanged p95 <= 10 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import shutil
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from litestar.testing import TestClient

ROOT = Path(__file__).resolve().parent
CATALOGUE = ROOT / ".data" / "catalogue-10k"
SUGGESTIONS = "/api/pwa/recipe-suggestions"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def member_token(settings: Any) -> str:
    from larder.accounts.service import UserService
    from larder.core.db.engine import standalone_session

    async def work() -> str:
        async with standalone_session(settings) as session:
            users = UserService(session=session, settings=settings)
            await users.create_verified(name="bench_cook", email="cook@example.org", password="bench-password-1")
            return (await users.login("cook@example.org", "bench-password-1", "bench")).answer.token

    return asyncio.run(work())


def stock_household(client: TestClient[Any], stores: int, items: int, rng: random.Random) -> list[int]:
    options = client.get("/api/form-options/ingredients").json()["data"]
    ids = []
    now = datetime.now(UTC)
    for number in range(stores):
        store = client.post("/api/pwa/stores", json={"name": f"Store {number}", "description": "Bench"}).json()
        ids.append(store["data"]["id"])
    for number in range(items):
        option = rng.choice(options)
        batch = {
            "value": option["value"],
            "quantity": rng.choice([1, 2, 3, 250, 500, 1000]),
            "unit": option.get("buy_unit") or option.get("default_unit"),
            "date_added": (now - timedelta(days=rng.randint(0, 20), minutes=number)).isoformat(),
        }
        answer = client.post(f"/api/pwa/stores/{ids[number % stores]}/items", json={"items": [batch]})
        answer.raise_for_status()
    return ids


def timed(client: TestClient[Any], body: dict[str, Any]) -> tuple[float, int]:
    started = time.process_time()
    answer = client.post(SUGGESTIONS, json=body)
    spent = time.process_time() - started
    answer.raise_for_status()
    return spent * 1000, len(answer.json()["data"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--items", type=int, default=200)
    parser.add_argument("--stores", type=int, default=3)
    args = parser.parse_args()
    if not (CATALOGUE / "larder.db").exists():
        sys.exit(f"no {CATALOGUE}: run `python bench/build_catalogue.py 10000 {CATALOGUE}` first")

    from larder.app import create_app
    from larder.core.base.settings import Settings

    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per request otherwise
    rng = random.Random(27)
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder) / "data"
        shutil.copytree(CATALOGUE, data_dir)
        settings = Settings.from_env({"LARDER_DATA_DIR": str(data_dir)}).prepared()
        token = member_token(settings)
        with TestClient(create_app(settings)) as client:
            client.headers["Authorization"] = f"Bearer {token}"
            stores = stock_household(client, args.stores, args.items, rng)
            options = client.get("/api/form-options/ingredients").json()["data"]
            plain = {"limit": 20}
            filtered = {
                "limit": 20,
                "searchString": "",
                "filters": [
                    {"value": "vegetarian", "type": "preference", "name": "vegetarian"},
                    {
                        "value": options[0]["value"],
                        "type": "ingredient",
                        "name": options[0]["name"],
                        "includeExclude": "exclude",
                    },
                ],
            }
            first, found = timed(client, plain)
            ranking, with_filters, unchanged = [], [], []
            for run in range(args.runs):
                batch = {"value": rng.choice(options)["value"], "quantity": 1}
                client.post(f"/api/pwa/stores/{stores[run % len(stores)]}/items", json={"items": [batch]})
                ranking.append(timed(client, plain)[0])
                with_filters.append(timed(client, filtered)[0])
            for _ in range(args.runs * 2):
                unchanged.append(timed(client, plain)[0])
            recipes = client.post("/api/pwa/recipe-filter", json={}).json()["total"]

    print(f"catalogue {recipes} recipes; {args.stores} stores, {args.items} batches; {found} suggestions")
    print(f"first (reads and indexes the catalogue): {first:.0f} ms CPU")
    for name, values in (("ranking", ranking), ("with filters", with_filters), ("unchanged", unchanged)):
        print(
            f"{name:>13}: median {statistics.median(values):5.1f} ms  p95 {percentile(values, 0.95):5.1f} ms"
            f"  max {max(values):5.1f} ms CPU ({len(values)} requests)"
        )


if __name__ == "__main__":
    main()
