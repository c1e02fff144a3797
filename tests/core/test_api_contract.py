"""The published OpenAPI document is true, and no input gets a 5xx (DESIGN "API conventions").

Schemathesis drives every operation in-process over ASGI, with the app's own SQLite file: a member
every operation outside /api/admin, an administrator every operation under it (a member only ever
gets 403 there, before any input is read). Examples are bounded and the seed fixed, so a run is
repeatable and stays short. The checks:
- `not_a_server_error`, and every response counted at the ASGI edge, so a 5xx cannot hide behind a
  check that was skipped;
- `positive_data_acceptance`: an input the document allows is not refused as invalid (400/422):
  the limits the server validates with are declared on the types it validates (msgspec Meta), so
  the document and the validation cannot drift apart;
- `status_code_conformance`: every status an operation answers is declared on it (each route
  declares what it raises);
- `content_type_conformance`: every answer has the media type the document gives it.
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
from larder.media.schemas import MSG_FAILED as MEDIA_FAILED
from larder.media.schemas import MSG_NOT_AN_IMAGE as MEDIA_NOT_AN_IMAGE
from larder.receipts.schemas import MSG_FAILED as RECEIPT_FAILED
from larder.receipts.schemas import MSG_NOT_AN_IMAGE as RECEIPT_NOT_AN_IMAGE
from tests.support import sql

SEED = 20_260_101
MAX_EXAMPLES = 20
ADMIN_PATHS = r"^/api/admin/"
# Ends the caller's own session, so every operation fuzzed after it would only see 401.
SESSION_ENDING = "/api/pwa/logout"
CHECKS = ("not_a_server_error", "positive_data_acceptance", "status_code_conformance", "content_type_conformance")


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
    raise FetchError("the contract test does not fetch pages")


def _config(token: str, mode: str = "all") -> Any:
    return schemathesis.Config.from_dict(
        {
            "seed": SEED,
            "headers": {"Authorization": f"Bearer {token}"},
            "generation": {"mode": mode, "max-examples": MAX_EXAMPLES, "deterministic": True, "database": "none"},
            "checks": {"enabled": False, **{name: {"enabled": True} for name in CHECKS}},
            # The document declares no links between operations: nothing for the stateful phase.
            "phases": {"stateful": {"enabled": False}},
        }
    )


# Rules that relate two values of one body, which JSON Schema cannot state: an input the document
# allows may break them, and is refused with 422 and the rule's own message. Only these messages,
# on these operations, are not findings.
CROSS_FIELD_RULES: dict[str, tuple[str, ...]] = {
    "POST /api/pwa/register-beta": ("Passwords do not match",),
    "POST /api/pwa/reset-password": ("Passwords must match.",),
    "PUT /api/pwa/account/change-password": ("Password does not match.",),
    "POST /api/pwa/user-mealplans": ("is not a day of this plan",),
    "PUT /api/pwa/user-mealplans/{plan_id}": ("is not a day of this plan",),
}


# Rules on a file's content, which a schema cannot state either: the document gives the part's
# size and the image types taken, but whether the bytes are such an image is read from them.
CONTENT_RULES: dict[str, tuple[str, ...]] = {
    "POST /api/pwa/uploads": (MEDIA_NOT_AN_IMAGE, MEDIA_FAILED),
    "POST /api/pwa/receipt-scan": (RECEIPT_NOT_AN_IMAGE, RECEIPT_FAILED),
}


def _answer(recorder: Any, case_id: str) -> tuple[int | None, str]:
    interaction = recorder.interactions.get(case_id)
    response = interaction.response if interaction else None
    if response is None:
        return None, ""
    content = response.content
    return response.status_code, content.decode(errors="replace") if isinstance(content, bytes) else str(content)


def _findings(label: str, recorder: Any) -> list[str]:
    found = []
    for case_id, checks in recorder.checks.items():
        for check in checks:
            if check.status.value != "failure":
                continue
            status, text = _answer(recorder, case_id)
            if (
                check.name == "positive_data_acceptance"
                and status == 422
                and any(rule in text for rule in CROSS_FIELD_RULES.get(label, ()) + CONTENT_RULES.get(label, ()))
            ):
                continue
            failure = check.failure_info.failure if check.failure_info else None
            title = getattr(failure, "title", "") if failure else ""
            found.append(f"{label}: {check.name}: {title} -> {status} {text[:300]}")
    return found


# The member's operations in two halves (their own items' calls, the rest), run side by side.
MEMBER_HALVES = {"member-own": r"^/api/pwa/user-", "member-rest": r"^(?!/api/pwa/user-)"}


@pytest.mark.parametrize("role", [*MEMBER_HALVES, "admin"])
def test_the_document_tells_the_truth(settings, member_factory, monkeypatch, role):
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
        schema = (
            schema.exclude(path_regex=ADMIN_PATHS).exclude(path=SESSION_ENDING).include(path_regex=MEMBER_HALVES[role])
        )

    findings: Counter[str] = Counter()
    operations: set[str] = set()
    started = time.monotonic()
    try:
        for event in from_schema(schema).execute():
            if isinstance(event, events.ScenarioFinished):
                if event.label and event.is_test_scenario:
                    operations.add(event.label)
                for finding in _findings(event.label or "", event.recorder):
                    findings[finding] += 1
            elif isinstance(event, events.NonFatalError | events.FatalError):
                findings[f"schemathesis error: {event}"] += 1
    finally:
        shutdown_lifespans()
    elapsed = time.monotonic() - started

    requests = sum(app.by_class.values())
    print(f"\n{role}: {len(operations)} operations, {requests} requests {dict(app.by_class)} in {elapsed:.1f} s")
    assert requests > 0
    assert app.server_errors == [], app.server_errors[:20]
    assert not findings, "\n".join(sorted(findings))
