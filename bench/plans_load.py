"""A household's meal plans on a real `larder serve`: the dashboard, a plan and its ingredient check.

    python bench/plans_load.py [--seconds 10] [--quick] [--only dashboard,plan,check] [--profile FILE]

One member with 20 plans of 14 days x 3 recipes (catalogue, own and imported recipes mixed; plans
start a week apart, so today and tomorrow fall in two of them), two more plans a housemate shares
with them, 5 lists of their own and 2 shared, two stores of their own and one shared with edit
rights holding stock of every catalogue ingredient, and a 7-day plan of 21 different recipes (7 of
each kind; own and imported ones have 8 ingredients) for the ingredient check. Measured at one
connection with wrk, with the server's CPU time per answer: GET /account (one row: the floor of
any signed-in call), GET /dashboard, GET /user-mealplans/{id} (the 20 plans in turn) and
GET /user-mealplans/{id}/ingredients of the 7-day plan. `--profile FILE` samples the server
during the measured runs (live_load.py's sampler) and prints where its time went.

Statements per call are counted in-process after the server has stopped: the same app
(`create_app`) over the same data directory, behind Litestar's TestClient, with a listener on every
engine's `before_cursor_execute` (as tests/stores/support.py `Statements` does); each call is made
once to warm up, then counted.

Imported recipes are written as rows before the server starts (an import fetches a web page, and
the bench has no network); everything else goes through the API.

Targets: dashboard and plan p95 <= 10 ms, ingredient check of the 7-day plan p95 <= 30 ms, and
no statement per recipe. Aimed at 127.0.0.1 only. `--quick`: 3 s per call, for a smoke run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from household_load import prepare_accounts
from live_load import PROFILE_SERVER, profile_summary
from run import Server

WRK = Path(__file__).resolve().parent / "wrk" / "bench.lua"
PLANS = "/api/pwa/user-mealplans"
PLAN_COUNT, PLAN_DAYS, PER_DAY = 20, 14, 3
CHECK_DAYS = 7
OWN, IMPORTED = 15, 15  # the owner's own and imported recipes
LINES = 8  # ingredients of each own and imported recipe
TARGETS = {"dashboard": 10.0, "plan": 10.0, "check": 30.0}


def prepare_imports(data_dir: Path, email: str) -> list[int]:
    """The catalogue loaded, and IMPORTED imported recipes of `email` written as rows, each with
    LINES text lines naming catalogue ingredients (so the check matches them to stock by name)."""
    from sqlalchemy import select

    from larder.accounts.models import User
    from larder.bootstrap import prepare_instance
    from larder.catalogue.models import Ingredient
    from larder.core.base.settings import Settings
    from larder.core.db.engine import standalone_session
    from larder.imports.models import ImportedRecipe

    settings = Settings.from_env({"LARDER_DATA_DIR": str(data_dir)}).prepared()

    async def work() -> list[int]:
        async with standalone_session(settings) as session:
            await prepare_instance(session, settings)
            user_id = await session.scalar(select(User.id).where(User.email == email))
            names = list(await session.scalars(select(Ingredient.name).order_by(Ingredient.id)))
            rows = []
            for number in range(IMPORTED):
                picked = [names[(number * LINES + n) * 7 % len(names)] for n in range(LINES)]
                lines = [f"{100 + 25 * n} g {name.lower()}" for n, name in enumerate(picked)]
                data = {"name": f"Imported dish {number}", "recipeIngredient": lines, "recipeInstructions": []}
                rows.append(
                    ImportedRecipe(user_id=user_id, url=f"https://example.org/r/{number}", data=json.dumps(data))
                )
            session.add_all(rows)
            await session.flush()
            return [row.id for row in rows]

    return asyncio.run(work())


def ok(answer: httpx.Response) -> dict[str, Any]:
    if answer.status_code >= 300:
        raise RuntimeError(f"{answer.request.method} {answer.request.url}: {answer.status_code} {answer.text}")
    return answer.json()


def build_household(
    owner: httpx.Client, friend: httpx.Client, friend_email: str, owner_email: str, imported: list[int]
) -> dict[str, Any]:
    values = [o["value"] for o in ok(owner.get("/api/form-options/ingredients"))["data"]]
    catalogue = [r["recipe_id"] for page in (1, 2, 3) for r in ok(owner.get(f"/api/pwa/recipes?page={page}"))["data"]]
    own = []
    for number in range(OWN):
        body = {
            "name": f"Own dish {number}",
            "description": "Made for the bench.",
            "serves": 2,
            "ingredients": [
                {"value": values[(number * LINES + n) * 5 % len(values)], "quantity": 1 + n} for n in range(LINES)
            ],
            "steps": [{"title": "Cook", "description": "Cook it all."}],
        }
        own.append(ok(owner.post("/api/pwa/user-recipe-creator", json=body))["data"]["user_recipe_id"])

    def stock(client: httpx.Client, name: str, picked: list[int]) -> int:
        store = ok(client.post("/api/pwa/stores", json={"name": name, "description": "Bench"}))["data"]["id"]
        items = [{"value": v, "quantity": 1 + i % 4} for i, v in enumerate(picked)]
        ok(client.post(f"/api/pwa/stores/{store}/items", json={"items": items}))
        return store

    stores = [stock(owner, "Pantry", values[::2]), stock(owner, "Fridge", values[1::2])]
    shared_store = stock(friend, "Their cupboard", values[::3])
    share(friend, "UserFoodStore", shared_store, owner_email, can_edit=True)

    def new_list(client: httpx.Client, name: str, offset: int) -> int:
        body = {"name": name, "ingredients": [{"value": v, "quantity": 2} for v in values[offset : offset + 30]]}
        return ok(client.post("/api/pwa/user-shoppinglists", json=body))["data"]["user_shoppinglist_id"]

    for n in range(5):
        new_list(owner, f"List {n}", 30 * n)
    for n in range(2):
        share(friend, "UserShoppinglist", new_list(friend, f"Their list {n}", 40 * n), owner_email, can_edit=True)

    kinds = [("A9", catalogue), ("USER", own), ("IMPORTED", imported)]

    def recipe(turn: int) -> dict[str, Any]:
        kind, ids = kinds[turn % 3]
        return {"name": "", "type": kind, "value": ids[(turn // 3) % len(ids)], "checked": False}

    today = date.today()
    plans = []
    for n in range(PLAN_COUNT):
        start = today + timedelta(days=7 * (n - PLAN_COUNT // 2))
        days = [{"day": d, "recipes": [recipe(n + d * PER_DAY + r) for r in range(PER_DAY)]} for d in range(PLAN_DAYS)]
        body = {
            "name": f"Fortnight {n}",
            "start_date": start.isoformat(),
            "end_date": (start + timedelta(days=PLAN_DAYS - 1)).isoformat(),
            "recipes": days,
        }
        plans.append(ok(owner.post(PLANS + "/", json=body))["data"]["user_mealplan_id"])
    for n in range(2):
        body = {"name": f"Their week {n}", "days": 7, "recipes": [{"day": 0, "recipes": [recipe(3 * n)]}]}
        theirs = ok(friend.post(PLANS + "/", json=body))["data"]["user_mealplan_id"]
        share(friend, "UserMealplan", theirs, owner_email, can_edit=bool(n))

    # 21 different recipes, 7 of each kind, one of each kind a day.
    week = [
        {"day": d, "recipes": [{"name": "", "type": kind, "value": ids[d], "checked": False} for kind, ids in kinds]}
        for d in range(CHECK_DAYS)
    ]
    check = ok(owner.post(PLANS + "/", json={"name": "Check week", "days": CHECK_DAYS, "recipes": week}))["data"]
    return {"plans": plans, "check": check["user_mealplan_id"], "stores": stores}


def share(client: httpx.Client, kind: str, entity_id: int, email: str, *, can_edit: bool) -> None:
    body = {"entity_id": entity_id, "type": kind, "shared_with": [{"email": email, "canEdit": can_edit}]}
    ok(client.put("/api/pwa/share", json=body))


def wrk(base: str, token: str, args: list[str], seconds: float) -> dict[str, Any]:
    out = subprocess.run(
        ["wrk", "-t1", "-c1", f"-d{seconds:.0f}s", "--timeout", "10s", "-s", str(WRK), base, "--", *args],
        env={**os.environ, "BENCH_TOKEN": token},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(next(line for line in out.splitlines() if line.startswith("BENCH_JSON")).split(" ", 1)[1])


def count_statements(data_dir: Path, token: str, paths: dict[str, str]) -> dict[str, int]:
    """Statements each call sends, in-process over the same data (the server stopped): the second of
    two calls, so nothing is counted that only a first call does."""
    from litestar.testing import TestClient
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    from larder.app import create_app
    from larder.core.base.settings import Settings

    settings = Settings.from_env({"LARDER_DATA_DIR": str(data_dir)})
    sent: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        sent.append(statement)

    counts = {}
    app = create_app(settings)
    logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per request otherwise
    with TestClient(app) as client:
        headers = {"Authorization": f"Bearer {token}"}
        for key, path in paths.items():
            assert client.get(path, headers=headers).status_code == 200
            event.listen(Engine, "before_cursor_execute", record)
            try:
                sent.clear()
                answer = client.get(path, headers=headers)
            finally:
                event.remove(Engine, "before_cursor_execute", record)
            assert answer.status_code == 200, answer.text
            counts[key] = len(sent)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--quick", action="store_true", help="3 s per call (a smoke run)")
    parser.add_argument("--only", default="", help="comma list of calls to measure: dashboard, plan, check")
    parser.add_argument("--profile", type=Path, help="sample the server during the measured runs (live_load.py's way)")
    args = parser.parse_args()
    seconds = 3 if args.quick else args.seconds
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        tokens = prepare_accounts(data)
        owner_email, friend_email = "b0@example.org", "b1@example.org"
        imported = prepare_imports(data, owner_email)
        profiling = ("-c", PROFILE_SERVER, str(args.profile.resolve())) if args.profile else ()
        server = Server(data, Path(tmp) / "server.log", python_args=profiling)
        try:
            server.wait()
            with (
                httpx.Client(base_url=server.base, headers={"Authorization": f"Bearer {tokens[0]}"}, timeout=60) as me,
                httpx.Client(
                    base_url=server.base, headers={"Authorization": f"Bearer {tokens[1]}"}, timeout=60
                ) as them,
            ):
                household = build_household(me, them, friend_email, owner_email, imported)
                board = ok(me.get("/api/pwa/dashboard"))["data"]
                checked = ok(me.get(f"{PLANS}/{household['check']}/ingredients"))["data"]
            ids = Path(tmp) / "plans.txt"
            ids.write_text("\n".join(str(i) for i in household["plans"]) + "\n")
            calls = {
                "account": ("GET /account (one row: a signed-in call's floor)", ["get", "/api/pwa/account"]),
                "dashboard": ("GET /dashboard", ["get", "/api/pwa/dashboard"]),
                "plan": (
                    f"GET /user-mealplans/{{id}} ({PLAN_DAYS} days x {PER_DAY}, the 20 in turn)",
                    ["rotate", PLANS + "/", str(ids)],
                ),
                "check": (
                    f"GET /user-mealplans/{{id}}/ingredients ({CHECK_DAYS}-day plan)",
                    ["get", f"{PLANS}/{household['check']}/ingredients"],
                ),
            }
            if args.only:
                calls = {key: call for key, call in calls.items() if key in args.only.split(",")}
            rows = {}
            for key, (_, call) in calls.items():
                wrk(server.base, tokens[0], call, 1)  # warm-up, not recorded
                load = os.getloadavg()[0]
                cpu = server.cpu_seconds()
                if args.profile:
                    server.process.send_signal(signal.SIGUSR1)
                found = wrk(server.base, tokens[0], call, seconds)
                if args.profile:
                    server.process.send_signal(signal.SIGUSR2)
                cpu_ms = 1000 * (server.cpu_seconds() - cpu) / max(found["requests"], 1)
                rows[key] = {**found, "load": load, "cpu_ms": cpu_ms}
            rss = server.rss_mb()
        finally:
            server.stop()
        statements = count_statements(
            data,
            tokens[0],
            {
                "account": "/api/pwa/account",
                "dashboard": "/api/pwa/dashboard",
                "plan": f"{PLANS}/{household['plans'][0]}",
                "check": f"{PLANS}/{household['check']}/ingredients",
            },
        )
    lines = sum(len(r["recipe_ingredients"]) for r in checked["recipes"])
    matched = sum(1 for r in checked["recipes"] for line in r["recipe_ingredients"] if line["stock"])
    print(
        f"{PLAN_COUNT} plans x {PLAN_DAYS} days x {PER_DAY} recipes (+2 shared); dashboard: {len(board['today'])} meals"
        f" today, {len(board['tomorrow'])} tomorrow, {len(board['lists'])} lists; check: {len(checked['recipes'])}"
        f" recipes, {lines} ingredient lines, {matched} with stock; {len(checked['lists'])} lists;"
        f" {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores\n"
    )
    print(
        "| call (one connection) | requests | p50 ms | p95 ms | p99 ms | cpu ms/req | errors | statements"
        " | target p95 | load |"
    )
    print("|:--|--:|--:|--:|--:|--:|--:|--:|:--|--:|")
    for key, (name, _) in calls.items():
        found = rows[key]
        errors = sum(found["errors"].values())
        target = TARGETS.get(key)
        verdict = f"<= {target:.0f} ms: {'met' if found['p95_ms'] <= target else 'NOT met'}" if target else ""
        print(
            f"| {name} | {found['requests']} | {found['p50_ms']:.1f} | {found['p95_ms']:.1f} | {found['p99_ms']:.1f}"
            f" | {found['cpu_ms']:.1f} | {errors} | {statements[key]} | {verdict} | {found['load']:.2f} |"
        )
    print(
        f"\nServer RSS at the end: {rss:.0f} MB. `cpu ms/req`: the server process's CPU time per answer;"
        " `load`: the 1-minute load average before the run; `statements`: counted in-process (the"
        " session and user read of the sign-in included)."
    )
    if args.profile:
        print("\n" + profile_summary(args.profile))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
