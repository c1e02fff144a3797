"""SSRF guard with LARDER_IMPORT_ALLOW_PRIVATE off: every non-public address is refused before any connection."""

from __future__ import annotations

import ipaddress
import logging
from types import SimpleNamespace

import pytest

from larder.imports import fetch, pinning
from larder.imports.fetch import FetchError, is_public_address
from tests.imports.conftest import import_url

# A public address standing in for a site on the internet: the tests route connections to it to
# the local page server, so the address check sees a public address and the page still loads.
PUBLIC_IP = "93.184.215.14"


@pytest.fixture
def allow_private() -> bool:
    return False


@pytest.fixture(autouse=True)
def _log_imports(caplog):
    caplog.set_level(logging.INFO, logger="larder.imports")


@pytest.fixture
def net(monkeypatch, pages):
    """A fake DNS in the fetch module, and a record of every connection the fetcher opens."""
    state = SimpleNamespace(
        dials=[],
        lookups=[],
        names={
            "public.test": [PUBLIC_IP],
            "evil.test": ["127.0.0.1"],
            "mixed.test": [PUBLIC_IP, "10.0.0.5"],
            "metadata.test": ["169.254.169.254"],
            "v6.test": ["::1"],
            "localhost": ["127.0.0.1", "::1"],
        },
    )
    real_dial = pinning._dial

    async def dial(backend, address, port, *args):
        state.dials.append((address, port))
        return await real_dial(backend, "127.0.0.1" if address == PUBLIC_IP else address, port, *args)

    async def resolve(host, port):
        state.lookups.append(host)
        answer = state.names.get(host)
        if answer is None:
            raise FetchError(f"{host!r} could not be resolved")
        if isinstance(answer, list):
            return answer
        return answer()  # a callable: a different answer on each lookup

    monkeypatch.setattr(pinning, "_dial", dial)
    monkeypatch.setattr(fetch, "_resolve", resolve)
    return state


def assert_refused(record, net, pages, caplog):
    assert record["import_failed"] is True
    assert record["data"] == "{}"
    assert net.dials == []
    assert pages.paths() == []
    logged = [r.getMessage() for r in caplog.records if r.name == "larder.imports"]
    assert any("refused" in m or "invalid link" in m for m in logged), logged


LITERAL_HOSTS = [
    "127.0.0.1",
    "127.0.0.2",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",  # noqa: S104
    "224.0.0.1",
    "255.255.255.255",
    "[::1]",
    "[::]",
    "[fc00::1]",
    "[fd12:3456::1]",
    "[fe80::1]",
    "[ff02::1]",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[::ffff:169.254.169.254]",
    "[::127.0.0.1]",
    "[64:ff9b::7f00:1]",
    "[2002:7f00:1::1]",
    "[2002:a9fe:a9fe::1]",
    "2130706433",  # decimal 127.0.0.1
    "0x7f000001",  # hex
    "0x7f.0.0.1",
    "017700000001",  # octal
    "0177.0.0.1",
    "127.1",  # short dotted
    "0",
    "localhost",
]


@pytest.mark.parametrize("host", LITERAL_HOSTS)
def test_a_private_address_is_refused_without_connecting(client, member, pages, net, caplog, host):
    record = import_url(client, member, f"http://{host}:{pages.port}/pages/jsonld_graph.html")
    assert_refused(record, net, pages, caplog)


@pytest.mark.parametrize("name", ["evil.test", "metadata.test", "v6.test", "mixed.test"])
def test_a_name_resolving_to_a_private_address_is_refused_without_connecting(client, member, pages, net, caplog, name):
    record = import_url(client, member, f"http://{name}:{pages.port}/pages/jsonld_graph.html")
    assert_refused(record, net, pages, caplog)  # mixed.test: one private address among public ones is enough
    assert net.lookups == [name]


def test_a_public_site_loads(client, member, pages, net):
    record = import_url(client, member, f"http://public.test:{pages.port}/pages/jsonld_graph.html")
    assert record["import_failed"] is False
    assert record["parsed"]["name"] == "Shakshuka with Feta & Herbs"
    assert net.dials == [(PUBLIC_IP, pages.port)]


@pytest.mark.parametrize(
    "target",
    [
        "http://127.0.0.1:{port}/pages/jsonld_graph.html",
        "http://evil.test:{port}/pages/jsonld_graph.html",
        "http://[::ffff:127.0.0.1]:{port}/pages/jsonld_graph.html",
        "http://2130706433:{port}/pages/jsonld_graph.html",
        "http://169.254.169.254/latest/meta-data/",
    ],
)
def test_a_public_page_redirecting_to_a_private_address_is_refused(client, member, pages, net, caplog, target):
    target = target.format(port=pages.port)
    record = import_url(client, member, f"http://public.test:{pages.port}/redirect-to?url={target}")
    assert record["import_failed"] is True
    assert record["data"] == "{}"
    assert net.dials == [(PUBLIC_IP, pages.port)]  # the public hop only
    assert pages.paths() == [f"/redirect-to?url={target}"]
    assert any("refused" in r.getMessage() for r in caplog.records if r.name == "larder.imports")


def test_the_connection_goes_to_the_checked_address_not_a_second_lookup(client, member, pages, net):
    """DNS rebinding: the name answers a public address when checked and a private one afterwards."""
    answers = iter([[PUBLIC_IP], ["127.0.0.1"], ["127.0.0.1"]])
    net.names["rebind.test"] = lambda: next(answers)
    record = import_url(client, member, f"http://rebind.test:{pages.port}/pages/jsonld_graph.html")
    assert record["import_failed"] is False
    assert net.lookups == ["rebind.test"]
    assert net.dials == [(PUBLIC_IP, pages.port)]


PUBLIC = ["8.8.8.8", "1.1.1.1", "93.184.215.14", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"]
NOT_PUBLIC = [
    "127.0.0.1",
    "10.1.2.3",
    "172.20.0.1",
    "192.168.0.10",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.254",
    "0.0.0.0",  # noqa: S104
    "0.1.2.3",
    "192.0.0.8",
    "198.18.0.1",
    "240.0.0.1",
    "255.255.255.255",
    "224.0.0.251",
    "::1",
    "::",
    "fc00::1",
    "fd00::1",
    "fe80::1",
    "fec0::1",
    "ff02::1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::a00:1",  # IPv4-compatible 10.0.0.1
    "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
    "64:ff9b:1::1",
    "2002:c0a8:1::1",  # 6to4 of 192.168.0.1
    "2001:0:4136:e378::1",  # Teredo
    "2001:db8::1",
]


@pytest.mark.parametrize("address", PUBLIC)
def test_public_addresses_pass(address):
    assert is_public_address(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", NOT_PUBLIC)
def test_non_public_addresses_are_refused(address):
    assert not is_public_address(ipaddress.ip_address(address))


@pytest.mark.parametrize(
    ("host", "address"),
    [
        ("2130706433", "127.0.0.1"),
        ("0x7f000001", "127.0.0.1"),
        ("0177.0.0.1", "127.0.0.1"),
        ("127.1", "127.0.0.1"),
        ("10.1", "10.0.0.1"),
        ("0xa9.0xfe.0xa9.0xfe", "169.254.169.254"),
        ("8.8.8.8", "8.8.8.8"),
        ("::1", "::1"),
    ],
)
def test_numeric_hosts_are_read_as_the_address_they_name(host, address):
    assert fetch.numeric_host(host) == ipaddress.ip_address(address)


@pytest.mark.parametrize("host", ["example.com", "1e100.net", "recipes.0x.example", "a.1"])
def test_names_are_not_numeric_hosts(host):
    assert fetch.numeric_host(host) is None
