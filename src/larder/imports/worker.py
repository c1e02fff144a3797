"""Parsing fetched pages in a process of their own, so the server never holds the parsing libraries.

recipe-scrapers brings about 950 modules (a scraper per site), and with extruct, rdflib, html5lib,
lxml and requests they take some 25 MB that a Python process never gives back once imported. The
server only fetches (larder/imports/fetch.py); the page is parsed (larder/imports/parse.py) in a
worker process (larder/core/process/worker_process.py) started on the first import and ended after
`IDLE_SECONDS` without one, so a household importing a few recipes in a row pays the start once
and the server's memory is back to its size a minute later.

A request is two messages, a JSON header {content_type, url} and the page's bytes; the answer is
JSON {data, logs}, where logs are the worker's log records of that parse (the server logs them as
its own). A page that takes longer than `PARSE_DEADLINE_SECONDS` gets the worker killed.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Callable
from typing import Any

from larder.core.process.worker_process import WorkerGaveNoAnswer, WorkerProcess, serve

logger = logging.getLogger("larder.imports")

IDLE_SECONDS = 60.0
PARSE_DEADLINE_SECONDS = 60.0
WORKER_ARGUMENT = "__parse-worker"  # how the one-file binary is told to be the worker (packaging/entry.py)


def worker_command() -> list[str]:
    if getattr(sys, "frozen", False):  # the one-file binary: its entry script dispatches on the argument
        return [sys.executable, WORKER_ARGUMENT]
    # -P: the server's working directory is not put on the path of the worker's imports
    return [sys.executable, "-P", "-m", "larder.imports.worker"]


class ParseFailed(Exception):
    """The worker gave no answer for a page (it died, or the page took too long)."""


class PageParser(WorkerProcess):
    """The server's side: one worker process, started when needed, one page at a time."""

    def __init__(self, idle_seconds: float = IDLE_SECONDS, deadline_seconds: float = PARSE_DEADLINE_SECONDS) -> None:
        super().__init__(worker_command, idle_seconds, deadline_seconds)

    async def parse(self, body: bytes, content_type: str | None, url: str) -> dict[str, Any]:
        """The parsed page (larder.imports.parse.parse_fetched, in the worker); ParseFailed when the
        worker gave no answer."""
        header = json.dumps({"content_type": content_type, "url": url}).encode()
        try:
            answer = await self.exchange_json(header, body)
        except WorkerGaveNoAnswer as exc:
            raise ParseFailed(f"the parsing process gave no answer ({type(exc.cause).__name__})") from exc.cause
        for level, message in answer.get("logs", []):
            logger.log(level, "%s", message)
        if answer.get("failed"):
            raise ParseFailed("parsing raised an error")
        data: dict[str, Any] = answer["data"]
        return data


# -- the worker process -------------------------------------------------------------------------------
class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.kept: list[tuple[int, str]] = []
        self.setFormatter(logging.Formatter("%(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.kept.append((record.levelno, self.format(record)))


def _load() -> Callable[[bytes, bytes], bytes]:
    records = _Records()
    imports_logger = logging.getLogger("larder.imports")
    imports_logger.addHandler(records)
    imports_logger.setLevel(logging.DEBUG)
    imports_logger.propagate = False

    from larder.imports.parse import parse_fetched

    def answer(header: bytes, body: bytes) -> bytes:
        meta = json.loads(header)
        records.kept.clear()
        try:
            reply: dict[str, Any] = {"data": parse_fetched(body, meta["content_type"], meta["url"])}
        except Exception:  # a page must never end the worker
            imports_logger.exception("parsing a page failed")
            reply = {"data": None, "failed": True}
        reply["logs"] = records.kept
        return json.dumps(reply).encode()

    return answer


def main() -> None:
    """Answer parse requests from stdin until it closes."""
    serve(_load, parts=2)


if __name__ == "__main__":
    main()
    sys.stdout.flush()
    os._exit(0)  # nothing of the parsing libraries needs tearing down
