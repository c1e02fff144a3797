"""Fetching a recipe page for a user without letting the server be used against its own network.

Every hop (the link and each redirect) is checked the same way before anything connects:
http/https only, no credentials in the link, the host resolved here (numeric forms such as
`2130706433`, `0x7f000001` or `127.1` read as the address the C library would make of them), and
every resolved address refused unless it is globally routable. The connection then goes to the
very addresses that were checked: the HTTP stack never resolves a name itself (imports/pinning.py),
so a DNS answer that changes between the check and the connect (rebinding) cannot redirect it.
TLS still verifies the certificate against the host name.

Limits: connect and read timeouts, one deadline for the whole fetch, at most 5 redirects, a body
cap enforced while reading (after decompression, so a small gzip bomb cannot grow past it), and
only answers of the kind asked for: HTML for a recipe page (`fetch_page`), a raster image for an
imported recipe's picture (`fetch_image`, imports/images.py). `LARDER_IMPORT_ALLOW_PRIVATE=1`
lifts the address rule only.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
import zlib
from collections.abc import Callable
from dataclasses import dataclass

import httpx

from larder.core.media.images import sniff_format
from larder.imports.pinning import PinnedTransport

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

MAX_BYTES = 5 * 1024 * 1024
MAX_REDIRECTS = 5
CONNECT_TIMEOUT_SECONDS = 5.0
READ_TIMEOUT_SECONDS = 5.0
DEADLINE_SECONDS = 15.0
HTML_TYPES = ("text/html", "application/xhtml+xml")
HTML_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
# The formats core/media/images.py decodes; a CDN that negotiates is not invited to answer AVIF or SVG.
IMAGE_ACCEPT = "image/webp,image/jpeg,image/png,image/gif;q=0.9,*/*;q=0.5"
# Answers that say nothing of their type (many object stores): judged by their first bytes.
UNTYPED = ("", "application/octet-stream", "binary/octet-stream")
HEADERS = {
    # Many recipe sites answer bots with a challenge page; present the way a browser does.
    "User-Agent": (
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/131.0.0.0 Safari/537.36"
    ),
    "Accept": HTML_ACCEPT,
    "Accept-Language": "en-GB,en;q=0.9",
    "Accept-Encoding": "gzip, deflate",
}


class FetchError(Exception):
    """The page could not be fetched; `reason` says why (logged, never shown to the user)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class WrongContent(FetchError):
    """The site answered, but not with the kind of content asked for (an image proxy says 415)."""


@dataclass(frozen=True)
class FetchPolicy:
    allow_private: bool = False
    max_bytes: int = MAX_BYTES
    max_redirects: int = MAX_REDIRECTS
    connect_timeout: float = CONNECT_TIMEOUT_SECONDS
    read_timeout: float = READ_TIMEOUT_SECONDS
    deadline: float = DEADLINE_SECONDS


@dataclass(frozen=True)
class FetchedPage:
    url: str  # after redirects
    body: bytes
    content_type: str | None


# -- addresses -----------------------------------------------------------------------------------

_V4_BLOCKED = tuple(
    ipaddress.IPv4Network(net)
    for net in (
        "0.0.0.0/8",  # "this network", incl. 0.0.0.0
        "10.0.0.0/8",
        "100.64.0.0/10",  # carrier-grade NAT
        "127.0.0.0/8",
        "169.254.0.0/16",  # link-local, incl. the cloud metadata address 169.254.169.254
        "172.16.0.0/12",
        "192.0.0.0/24",
        "192.0.2.0/24",
        "192.88.99.0/24",  # 6to4 relay anycast
        "192.168.0.0/16",
        "198.18.0.0/15",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, incl. 255.255.255.255
    )
)
_V6_BLOCKED = tuple(
    ipaddress.IPv6Network(net)
    for net in (
        "::/96",  # unspecified, loopback and the deprecated IPv4-compatible form
        "64:ff9b:1::/48",  # local-use NAT64
        "100::/64",  # discard
        "2001::/32",  # Teredo
        "2001:db8::/32",  # documentation
        "fc00::/7",  # unique-local
        "fe80::/10",  # link-local
        "fec0::/10",  # deprecated site-local
        "ff00::/8",  # multicast
    )
)
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


def embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 form carries and would reach: mapped, 6to4 or NAT64."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address in _NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def is_public_address(address: IPAddress) -> bool:
    """True only for a globally routable unicast address (IPv6 forms of IPv4 judged by their IPv4)."""
    if isinstance(address, ipaddress.IPv6Address):
        inner = embedded_ipv4(address)
        if inner is not None:
            return is_public_address(inner)
        if address.scope_id or any(address in net for net in _V6_BLOCKED):
            return False
    elif any(address in net for net in _V4_BLOCKED):
        return False
    return address.is_global and not (
        address.is_loopback
        or address.is_private
        or address.is_link_local
        or address.is_multicast
        or address.is_unspecified
        or address.is_reserved
    )


_NUMERIC_LABEL = re.compile(r"0x[0-9a-f]*|[0-9]+")


def numeric_host(host: str) -> IPAddress | None:
    """The address a numeric host names, in any form a resolver accepts; None for a name.

    `2130706433`, `0x7f000001`, `0177.0.0.1` and `127.1` all mean 127.0.0.1 to inet_aton; they are
    turned into that address here so they are judged (and connected to) as what they are.
    """
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if ":" in host:
        try:
            return ipaddress.IPv6Address(host)
        except ValueError:
            raise FetchError(f"{host!r} is not a valid IPv6 address") from None
    labels = host.rstrip(".").split(".")
    if not all(_NUMERIC_LABEL.fullmatch(label) for label in labels):
        return None
    try:
        return ipaddress.IPv4Address(socket.inet_aton(host.rstrip(".")))
    except OSError:
        raise FetchError(f"{host!r} is not a valid IPv4 address") from None


async def _resolve(host: str, port: int) -> list[str]:
    """The addresses of a name, looked up once; the connection uses exactly these."""
    loop = asyncio.get_running_loop()
    try:
        infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    except OSError as exc:
        raise FetchError(f"{host!r} could not be resolved: {exc}") from None
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


async def checked_addresses(host: str, port: int, *, allow_private: bool) -> list[str]:
    """Resolve `host` and refuse it when any of its addresses is not public (unless allowed)."""
    literal = numeric_host(host)
    found = [str(literal)] if literal is not None else await _resolve(host, port)
    if not found:
        raise FetchError(f"{host!r} has no address")
    addresses: list[str] = []
    for text in found:
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            raise FetchError(f"{host!r} resolved to {text!r}, which is not an address") from None
        if not allow_private and not is_public_address(address):
            raise FetchError(f"refused: {host!r} resolves to {address}, which is not a public address")
        addresses.append(str(address))
    return addresses


@dataclass(frozen=True)
class _Kind:
    """What a fetch asks for and takes: the Accept header, and the answers it reads."""

    name: str  # for the reasons logged: "not an HTML page (image/png)"
    body_name: str  # "... does not look like HTML"
    accept: str
    typed: Callable[[str], bool]  # a declared media type it takes
    untyped: Callable[[bytes], bool]  # a body it takes when no type is declared
    untyped_types: tuple[str, ...] = ()  # declared types that say nothing: judged by the body


def _is_raster_image(media_type: str) -> bool:
    return media_type.startswith("image/") and "svg" not in media_type


_HTML = _Kind("an HTML page", "HTML", HTML_ACCEPT, HTML_TYPES.__contains__, lambda body: looks_like_html(body))
_IMAGE = _Kind(
    "an image", "an image", IMAGE_ACCEPT, _is_raster_image, lambda body: sniff_format(body[:16]) is not None, UNTYPED
)


async def fetch_page(url: str, policy: FetchPolicy) -> FetchedPage:
    """GET an HTML page within the policy's limits, or raise FetchError."""
    return await _fetch(url, policy, _HTML)


async def fetch_image(url: str, policy: FetchPolicy) -> FetchedPage:
    """GET a raster image (any image/* type but SVG, or an untyped body starting like a JPEG, PNG,
    GIF or WebP) within the policy's limits, or raise FetchError (WrongContent for anything else)."""
    return await _fetch(url, policy, _IMAGE)


async def _fetch(url: str, policy: FetchPolicy, kind: _Kind) -> FetchedPage:
    pins: dict[str, list[str]] = {}
    timeout = httpx.Timeout(policy.read_timeout, connect=policy.connect_timeout)
    try:
        async with (
            asyncio.timeout(policy.deadline),
            httpx.AsyncClient(
                transport=PinnedTransport(pins),
                timeout=timeout,
                follow_redirects=False,
                trust_env=False,
                headers=HEADERS,
            ) as client,
        ):
            return await _follow(client, _parse_url(url), pins, policy, kind)
    except TimeoutError:
        raise FetchError(f"no complete answer within {policy.deadline:g} seconds") from None
    except httpx.TimeoutException as exc:
        raise FetchError(f"timed out ({type(exc).__name__})") from None
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        raise FetchError(f"{type(exc).__name__}: {exc}") from None


def _parse_url(url: str, base: httpx.URL | None = None) -> httpx.URL:
    try:
        target = base.join(url) if base is not None else httpx.URL(url)
    except (httpx.InvalidURL, ValueError, TypeError) as exc:
        raise FetchError(f"invalid link {url!r}: {exc}") from None
    if target.scheme not in ("http", "https"):
        raise FetchError(f"only http and https links are fetched, not {target.scheme!r}")
    if not target.raw_host:
        raise FetchError("the link has no host")
    if target.userinfo:
        raise FetchError("links with a user name or password are not fetched")
    return target


async def _follow(
    client: httpx.AsyncClient, target: httpx.URL, pins: dict[str, list[str]], policy: FetchPolicy, kind: _Kind
) -> FetchedPage:
    for _hop in range(policy.max_redirects + 1):
        host = target.raw_host.decode("ascii").lower()
        port = target.port or (443 if target.scheme == "https" else 80)
        pins[host] = await checked_addresses(host, port, allow_private=policy.allow_private)
        async with client.stream("GET", target, headers={"Accept": kind.accept}) as response:
            if response.is_redirect:
                target = _parse_url(response.headers["location"], base=target)
                continue
            if not 200 <= response.status_code < 300:
                raise FetchError(f"the site answered {response.status_code}")
            content_type = response.headers.get("content-type")
            media_type = (content_type or "").split(";")[0].strip().lower()
            declared = bool(content_type) and media_type not in kind.untyped_types
            if declared and not kind.typed(media_type):
                raise WrongContent(f"not {kind.name} ({media_type or content_type})")
            body = await _read_capped(response, policy.max_bytes)
            if not declared and not kind.untyped(body):
                raise WrongContent(f"no content type and the body does not look like {kind.body_name}")
            return FetchedPage(url=str(target), body=body, content_type=content_type)
    raise FetchError(f"more than {policy.max_redirects} redirects")


async def _read_capped(response: httpx.Response, max_bytes: int) -> bytes:
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes:
        raise FetchError(f"the page is larger than {max_bytes} bytes ({declared} declared)")
    decoder = _Decoder(response.headers.get("content-encoding", ""))
    chunks: list[bytes] = []
    size = 0
    async for raw in response.aiter_raw():
        chunk = decoder.feed(raw, max_bytes - size)
        size += len(chunk)
        chunks.append(chunk)
    chunks.append(decoder.flush(max_bytes - size))
    return b"".join(chunks)


class _Decoder:
    """Content-Encoding decoding that never produces more than the room left under the cap."""

    def __init__(self, encoding: str) -> None:
        encoding = encoding.strip().lower()
        if encoding in ("", "identity"):
            self._zlib = None
        elif encoding in ("gzip", "x-gzip", "deflate"):
            self._zlib = zlib.decompressobj(47)  # 32 + 15: a gzip or zlib header, detected
        else:
            raise FetchError(f"unsupported content encoding {encoding!r}")

    def feed(self, data: bytes, room: int) -> bytes:
        if self._zlib is None:
            out = data
        else:
            try:
                out = self._zlib.decompress(data, room + 1)
            except zlib.error as exc:
                raise FetchError(f"broken compressed body: {exc}") from None
            if self._zlib.unconsumed_tail:
                out += b"\0"  # more output is waiting: over the cap
        if len(out) > room:
            raise FetchError("the page is larger than the size limit")
        return out

    def flush(self, room: int) -> bytes:
        if self._zlib is None:
            return b""
        out = self._zlib.flush()
        if len(out) > room:
            raise FetchError("the page is larger than the size limit")
        return out


def looks_like_html(body: bytes) -> bool:
    head = body[:4096].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return head.startswith((b"<!doctype html", b"<html")) or b"<html" in head
