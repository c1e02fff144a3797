"""https through the pinned connection: SNI and certificate checks still use the host name, not the address."""

from __future__ import annotations

import logging
import ssl
import subprocess
from collections.abc import Iterator

import pytest

from larder.imports import fetch, pinning
from tests.imports.conftest import import_url
from tests.imports.server import PageServer


@pytest.fixture(scope="module")
def tls_site(tmp_path_factory) -> Iterator[tuple[PageServer, str, list[str]]]:
    """An https page server with a self-signed certificate for recipes.test; it records the SNI names it sees."""
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=recipes.test",
         "-addext", "subjectAltName=DNS:recipes.test", "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    names: list[str] = []
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    context.sni_callback = lambda _sock, name, _ctx: names.append(name)
    server = PageServer(tls=context)
    server.start()
    yield server, str(cert), names
    server.stop()


@pytest.fixture
def trusted(tls_site, monkeypatch):
    """The fetcher trusts the test certificate; recipes.test and other.test both resolve to the server."""
    server, cert, names = tls_site
    names.clear()
    server.reset()
    monkeypatch.setattr(pinning, "_ssl_context", lambda: ssl.create_default_context(cafile=cert))

    async def resolve(host, port):
        if host in ("recipes.test", "other.test"):
            return ["127.0.0.1"]
        raise fetch.FetchError(f"{host!r} could not be resolved")

    monkeypatch.setattr(fetch, "_resolve", resolve)
    return server, names


def test_https_verifies_the_certificate_for_the_host_name(client, member, trusted, dials):
    server, names = trusted
    record = import_url(client, member, server.url("/pages/jsonld_graph.html", host="recipes.test"))
    assert record["import_failed"] is False
    assert record["parsed"]["name"] == "Shakshuka with Feta & Herbs"
    assert names == ["recipes.test"]  # SNI carried the name although the connection went to the address
    assert dials == [("127.0.0.1", server.port)]


def test_https_with_a_certificate_for_another_name_fails(client, member, trusted, caplog):
    caplog.set_level(logging.INFO, logger="larder.imports")
    server, _names = trusted
    record = import_url(client, member, server.url("/pages/jsonld_graph.html", host="other.test"))
    assert record["import_failed"] is True
    assert server.paths() == []
    assert any("CERTIFICATE_VERIFY_FAILED" in r.getMessage() for r in caplog.records if r.name == "larder.imports")
