"""Schemathesis over the whole OpenAPI document, in-process: no input may get a 5xx (DESIGN "API conventions").

The app runs in-process over ASGI with its own SQLite file. A member fuzzes every operation outside
/api/admin, an administrator every operation under it (a member only ever gets 403 there, before any
input is read). Examples are bounded and the seed fixed, so a run is repeatable and stays short.
The one check is `not_a_server_error`; every response is also counted at the ASGI edge, so a 5xx
cannot hide behind a check that was skipped.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import pytest
import schemathesis
from schemathesis.engine import events, from_schema
from schemathesis.python.asgi import shutdown_lifespans

from larder.app import create_app
from larder.imports import service as import_service
from larder.imports.fetch import FetchError
from tests.support import sql

SEED = 20_260_101
MAX_EXAMPLES = 20
ADMIN_PATHS = r"^/api/admin/"
# Ends the caller's own session, so every operation fuzzed after it would only see 401.
SESSION_ENDING = "/api/pwa/logout"


class ResponseCounter:
    """ASGI wrapper counting every response by status class, and each 5xx by request."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.by_class: Counter[str] = Counter()
        self.server_errors: list[str] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def counted(message: Any) -> None:
            if message["type"] == "http.response.start":
                status = message["status"]
                self.by_class[f"{status // 100}xx"] += 1
                if status >= 500:
                    self.server_errors.append(f"{status} {scope['method']} {scope['path'][:200]}")
            await send(message)

        await self.app(scope, receive, counted)


async def _no_network(url: str, policy: Any) -> Any:
    raise FetchError("the fuzz test does not fetch pages")


def _config(token: str) -> Any:
    return schemathesis.Config.from_dict(
        {
            "seed": SEED,
            "headers": {"Authorization": f"Bearer {token}"},
            "generation": {"mode": "all", "max-examples": MAX_EXAMPLES, "deterministic": True, "database": "none"},
            "checks": {"enabled": False, "not_a_server_error": {"enabled": True}},
            # The document declares no links between operations: nothing for the stateful phase.
            "phases": {"stateful": {"enabled": False}},
        }
    )


@pytest.mark.parametrize("role", ["member", "admin"])
def test_no_input_gets_a_server_error(settings, member_factory, monkeypatch, role):
    caller = member_factory()
    if role == "admin":
        sql(settings, "update user_account set role = 'admin' where id = :id", id=caller.id)
    # URL imports fetch the page: the fuzzer's links must never leave the machine.
    monkeypatch.setattr(import_service, "fetch_page", _no_network)

    app = ResponseCounter(create_app(settings))
    schema = schemathesis.openapi.from_asgi("/api/schema/openapi.json", app, config=_config(caller.token))
    if role == "admin":
        schema = schema.include(path_regex=ADMIN_PATHS)
    else:
        schema = schema.exclude(path_regex=ADMIN_PATHS).exclude(path=SESSION_ENDING)

    failures: list[str] = []
    operations: set[str] = set()
    started = time.monotonic()
    try:
        for event in from_schema(schema).execute():
            if isinstance(event, events.ScenarioFinished):
                if event.label and event.is_test_scenario:
                    operations.add(event.label)
                failures += [
                    f"{event.label}: {check.name}"
                    for checks in event.recorder.checks.values()
                    for check in checks
                    if check.status.value == "failure"
                ]
            elif isinstance(event, events.NonFatalError | events.FatalError):
                failures.append(f"schemathesis error: {event}")
    finally:
        shutdown_lifespans()
    elapsed = time.monotonic() - started

    requests = sum(app.by_class.values())
    print(f"\n{role}: {len(operations)} operations, {requests} requests {dict(app.by_class)} in {elapsed:.1f} s")
    assert requests > 0
    assert app.server_errors == [], app.server_errors[:20]
    assert failures == [], failures[:20]
