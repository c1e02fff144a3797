"""Log lines carry request data bounded and escaped, secrets masked, and database faults their cause."""

from __future__ import annotations

import logging
import sqlite3

import pytest
from litestar import Litestar, get
from litestar.params import FromPath
from litestar.testing import TestClient
from sqlalchemy.exc import OperationalError

from larder.core.base.errors import MSG_BUSY, MSG_UNEXPECTED, exception_handlers
from larder.core.base.logsafe import loggable, loggable_block, loggable_url, redact_url


def _app(error: Exception) -> Litestar:
    @get("/fail/{rest:path}", sync_to_thread=False)
    def fail(rest: FromPath[str]) -> None:
        raise error

    return Litestar([fail], exception_handlers=exception_handlers)


class Records(logging.Handler):
    """Collects the `larder` loggers' records (the app's logging set-up replaces the root's handlers)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def lines(self) -> list[str]:
        return [line for r in self.records for line in r.getMessage().splitlines()]


@pytest.fixture
def larder_log():
    logger = logging.getLogger("larder")
    handler, level = Records(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(level)


def test_an_unhandled_error_logs_the_path_bounded_and_escaped(larder_log):
    error = RuntimeError("bad input\r\nERROR forged by the message")
    with TestClient(_app(error), raise_server_exceptions=False) as client:
        response = client.get("/fail/x%0d%0aERROR%20forged%20by%20the%20path" + "y" * 5000)
    assert response.status_code == 500
    assert response.json() == {"message": MSG_UNEXPECTED}
    lines = larder_log.lines()
    assert lines[0].startswith("unhandled error on GET /fail/x\\x0d\\x0aERROR forged by the path")
    assert len(lines[0]) < 400
    assert not any(line.startswith("ERROR forged") for line in lines)
    assert any("RuntimeError: bad input\\x0d\\x0aERROR forged by the message" in line for line in lines)
    assert sum("/fail/x" in line for line in lines) == 1  # the path once, not again in the traceback


def _operational(orig: Exception) -> OperationalError:
    return OperationalError("SELECT 1", {}, orig)


def _sqlite_error(code: int, text: str) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError(text)
    error.sqlite_errorcode = code
    return error


@pytest.mark.parametrize(
    "orig",
    [_sqlite_error(5, "database is locked"), _sqlite_error(6, "database table is locked"), _sqlite_error(517, "x")],
)
def test_only_contention_is_busy(orig):
    with TestClient(_app(_operational(orig)), raise_server_exceptions=False) as client:
        response = client.get("/fail/x")
    assert response.status_code == 503
    assert response.json() == {"message": MSG_BUSY}


def test_any_other_database_error_is_a_generic_error_logged_with_its_cause(larder_log):
    try:
        sqlite3.connect(":memory:").execute("SELECT i-5 FROM (SELECT 1)")
    except sqlite3.OperationalError as exc:
        orig = exc
    with TestClient(_app(_operational(orig)), raise_server_exceptions=False) as client:
        response = client.get("/fail/x")
    assert response.status_code == 500
    assert response.json() == {"message": MSG_UNEXPECTED}
    assert any("no such column" in line for line in larder_log.lines())


def test_loggable_escapes_and_bounds():
    assert loggable("a\r\nb\x00\u202e") == "a\\x0d\\x0ab\\x00\\u202e"
    assert loggable("x" * 500, 10) == "xxxxxxxxxx...(+490 chars)"


def test_urls_lose_their_user_name_and_password():
    assert redact_url("see https://bob:s3cret@example.org/a?b=c@d") == "see https://***@example.org/a?b=c@d"
    assert loggable_url("invalid link 'http://tok@h/'\n") == "invalid link 'http://***@h/'\\x0a"


def test_a_logged_block_keeps_its_lines_indented():
    block = loggable_block("Hello\nINFO - forged line\r\n\x1b[2Jend")
    assert block.splitlines() == ["    Hello", "    INFO - forged line", "    \\x1b[2Jend"]


def test_an_import_link_with_a_password_is_never_logged(client, member, larder_log):
    url = "https://bob:s3cret@example.org/recipe"
    response = client.post("/api/pwa/user-imported-recipes", headers=member.headers, json={"url": url})
    assert response.status_code in (200, 201), response.text
    logged = "\n".join(larder_log.lines())
    assert "https://***@example.org/recipe" in logged
    assert "s3cret" not in logged
