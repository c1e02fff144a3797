"""Pages are parsed in a worker process: the server never loads the parsing libraries, the worker
answers what the parser answers, ends when idle, and a worker that fails costs one import only."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from larder.imports.parse import NO_RECIPE, parse_fetched
from larder.imports.worker import PageParser, ParseFailed

PAGES = Path(__file__).parent / "pages"
URL = "http://recipes.example/page"


def page(name: str) -> bytes:
    return (PAGES / name).read_bytes()


def test_the_server_does_not_load_the_parsing_libraries(tmp_path):
    """Importing the app and answering an import loads none of the parser's libraries into the server."""
    script = f"""
import asyncio, json, sys
from larder.app import create_app
from larder.core.base.settings import Settings
from larder.imports.worker import PageParser
create_app(Settings.from_env({{"LARDER_DATA_DIR": sys.argv[1]}}))
async def parse():
    parser = PageParser()
    try:
        return await parser.parse(open(sys.argv[2], "rb").read(), "text/html; charset=utf-8", "{URL}")
    finally:
        await parser.close()
data = asyncio.run(parse())
heavy = sorted(m for m in ("recipe_scrapers", "extruct", "rdflib", "html5lib", "lxml", "w3lib") if m in sys.modules)
print(json.dumps({{"name": data["name"], "loaded": heavy}}))
"""
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "data"), str(PAGES / "jsonld_graph.html")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["loaded"] == []
    assert found["name"]


@pytest.mark.parametrize("name", ["jsonld_graph.html", "microdata.html", "rdfa.html", "no_recipe.html", "cp1252.html"])
def test_the_worker_answers_what_the_parser_answers(name):
    async def parse() -> dict:
        parser = PageParser()
        try:
            return await parser.parse(page(name), "text/html", URL)
        finally:
            await parser.close()

    assert asyncio.run(parse()) == parse_fetched(page(name), "text/html", URL)


def test_the_worker_serves_many_pages_then_ends_when_idle():
    async def scenario() -> tuple[int | None, int | None, int | None]:
        parser = PageParser(idle_seconds=0.5)
        first = await parser.parse(page("jsonld_graph.html"), "text/html", URL)
        pid = parser.pid
        second = await parser.parse(page("microdata.html"), "text/html", URL)
        assert first["name"] and second["name"]
        same = parser.pid
        await asyncio.wait_for(parser.wait_stopped(), 30)
        return pid, same, parser.pid

    pid, same, after = asyncio.run(scenario())
    assert pid is not None and pid != os.getpid()
    assert same == pid  # one worker for pages in a row
    assert after is None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # ended and reaped


def test_a_worker_that_dies_costs_one_page_and_is_replaced():
    async def scenario() -> None:
        parser = PageParser()
        try:
            await parser.parse(page("jsonld_graph.html"), "text/html", URL)
            old = parser.pid
            assert old is not None
            os.kill(old, signal.SIGKILL)
            await asyncio.wait_for(parser._process.wait(), 30)  # type: ignore[union-attr]
            # a dead worker is noticed before the next page is sent: a new one answers
            again = await parser.parse(page("microdata.html"), "text/html", URL)
            assert again["name"]
            assert parser.pid not in (None, old)
        finally:
            await parser.close()

    asyncio.run(scenario())


def test_a_page_past_the_deadline_fails_and_the_worker_is_killed():
    async def scenario() -> int | None:
        parser = PageParser(deadline_seconds=0.001)  # less than the worker needs to start
        with pytest.raises(ParseFailed):
            await parser.parse(page("jsonld_graph.html"), "text/html", URL)
        return parser.pid

    assert asyncio.run(scenario()) is None


def test_the_workers_log_records_are_logged_by_the_server(caplog):
    caplog.set_level(logging.DEBUG, logger="larder.imports")
    broken = b"""<html><head><script type="application/ld+json">{ not json</script></head>
    <body><h1>Soup</h1></body></html>"""

    async def parse() -> dict:
        parser = PageParser()
        try:
            return await parser.parse(broken, "text/html", URL)
        finally:
            await parser.close()

    assert asyncio.run(parse())["message"] == NO_RECIPE
    messages = [r.getMessage() for r in caplog.records if r.name == "larder.imports"]
    assert "skipped a JSON-LD block that is not JSON" in messages
