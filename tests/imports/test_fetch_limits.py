"""Fetch failures are kept as failed imports; the limits hold against a real misbehaving server."""

from __future__ import annotations

import logging
import socket
import time

import pytest

from larder.imports.fetch import MAX_BYTES, FetchPolicy
from tests.imports.conftest import import_url
from tests.imports.server import BIG_BYTES
from tests.support import free_port


def assert_failed(record, caplog=None, reason: str | None = None):
    assert record["import_failed"] is True
    assert record["data"] == "{}"
    if caplog is not None and reason is not None:
        logged = [r.getMessage() for r in caplog.records if r.name == "larder.imports"]
        assert any(reason in message for message in logged), logged


@pytest.fixture(autouse=True)
def _log_imports(caplog):
    caplog.set_level(logging.INFO, logger="larder.imports")


def test_the_limits_are_the_documented_ones():
    policy = FetchPolicy()
    assert (policy.max_bytes, policy.max_redirects) == (5 * 1024 * 1024, 5)
    assert (policy.connect_timeout, policy.read_timeout, policy.deadline) == (5.0, 5.0, 15.0)
    assert policy.allow_private is False


@pytest.mark.parametrize("status", [404, 500])
def test_an_error_status_is_a_failed_import(client, member, pages, caplog, status):
    record = import_url(client, member, pages.url(f"/status/{status}"))
    assert_failed(record, caplog, f"the site answered {status}")
    assert record["url"] == pages.url(f"/status/{status}")


def test_a_chain_of_five_redirects_is_followed(client, member, pages):
    record = import_url(client, member, pages.url("/redirect/5"))
    assert record["import_failed"] is False
    assert record["url"] == pages.url("/redirect/5")  # the link as given
    assert record["parsed"]["name"] == "Shakshuka with Feta & Herbs"
    assert record["parsed"]["url"] == pages.page("jsonld_graph.html")  # where it ended up
    assert len(pages.paths()) == 6


def test_a_sixth_redirect_is_refused(client, member, pages, caplog):
    assert_failed(import_url(client, member, pages.url("/redirect/6")), caplog, "more than 5 redirects")
    assert len(pages.paths()) == 6  # the original and five redirects; the page itself is never asked for


def test_a_redirect_loop_fails(client, member, pages, caplog):
    assert_failed(import_url(client, member, pages.url("/loop")), caplog, "more than 5 redirects")
    assert pages.paths() == ["/loop"] * 6


@pytest.mark.parametrize("target", ["file:///etc/passwd", "ftp://127.0.0.1/recipe.html", "gopher://127.0.0.1:70/"])
def test_a_redirect_to_another_scheme_is_refused(client, member, pages, dials, caplog, target):
    record = import_url(client, member, pages.url(f"/redirect-to?url={target}"))
    assert_failed(record, caplog, "only http and https links are fetched")
    assert len(dials) == 1


def test_a_20_mb_page_is_cut_off_at_the_cap(client, member, pages, caplog):
    assert_failed(import_url(client, member, pages.url("/big")), caplog, "larger than the size limit")
    assert pages.big_done.wait(20)
    # the client stopped reading at 5 MB; what else was sent sits in the socket buffers
    assert MAX_BYTES <= pages.big_sent < BIG_BYTES * 3 // 4


def test_a_declared_20_mb_page_is_refused_before_reading(client, member, pages, caplog):
    assert_failed(import_url(client, member, pages.url("/big/declared")), caplog, f"({BIG_BYTES} declared)")
    assert pages.big_done.wait(20)
    assert pages.big_sent < BIG_BYTES * 3 // 4


def test_a_gzip_bomb_is_cut_off_while_decompressing(client, member, pages, caplog):
    assert_failed(import_url(client, member, pages.url("/gzip-bomb")), caplog, "larger than the size limit")


def test_a_page_that_never_finishes_hits_the_deadline(client, member, pages, short_limits, caplog):
    started = time.monotonic()
    record = import_url(client, member, pages.url("/never"))
    assert_failed(record, caplog, "no complete answer within 2 seconds")
    assert time.monotonic() - started < 10


def test_a_silent_server_hits_the_read_timeout(client, member, pages, short_limits, caplog):
    assert_failed(import_url(client, member, pages.url("/stall")), caplog, "timed out (ReadTimeout)")


def test_non_html_content_is_refused_unread(client, member, pages, caplog):
    assert_failed(import_url(client, member, pages.url("/image/photo.png")), caplog, "not an HTML page (image/png)")


def test_untyped_content_that_is_not_html_is_refused(client, member, pages, caplog):
    assert_failed(import_url(client, member, pages.url("/untyped/binary")), caplog, "does not look like HTML")


def test_a_refused_connection_is_a_failed_import(client, member, caplog):
    assert_failed(import_url(client, member, f"http://127.0.0.1:{free_port()}/recipe"), caplog, "ConnectError")


def test_a_name_that_does_not_resolve_is_a_failed_import(client, member, monkeypatch, caplog):
    real = socket.getaddrinfo

    def getaddrinfo(host, *args, **kwargs):
        if host == "no-such-site.test":
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    assert_failed(import_url(client, member, "http://no-such-site.test/recipe"), caplog, "could not be resolved")


def test_the_fetch_sends_a_browser_user_agent(client, member, pages):
    import_url(client, member, pages.page("jsonld_graph.html"))
    (agent,) = pages.user_agents
    assert agent.startswith("Mozilla/5.0 (") and "Chrome/" in agent and "python" not in agent.lower()
