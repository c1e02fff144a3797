"""A real HTTP server on 127.0.0.1 serving the recipe pages and the misbehaving answers the import must survive."""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import socket
import ssl
import struct
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from PIL import Image

PAGES = Path(__file__).parent / "pages"
BIG_BYTES = 20 * 1024 * 1024
# The HTTP content type each page is served with; pages not listed get "text/html; charset=utf-8".
CONTENT_TYPES = {
    "latin1.html": "text/html; charset=ISO-8859-1",  # charset only in the header
    "cp1252.html": "text/html",  # charset only in <meta http-equiv>
    "shift_jis.html": "text/html",  # charset only in <meta charset>
    "svg_declaration.html": "text/html",  # <meta charset> after an inline SVG's XML declaration
    "xhtml.html": "application/xhtml+xml",
}
PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64
PHOTO_SIZE = (640, 480)
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'


def encoded(image: Image.Image, fmt: str, **options: Any) -> bytes:
    out = io.BytesIO()
    image.save(out, format=fmt, **options)
    return out.getvalue()


def photo_jpeg(colour: tuple[int, int, int] = (200, 80, 40)) -> bytes:
    return encoded(Image.new("RGB", PHOTO_SIZE, colour), "JPEG", quality=90)


def bomb_png() -> bytes:
    """A PNG of 30000x30000 pixels in a few bytes: decoding it would take a gigabyte. Only its header
    is real (the size must be refused before anything is decoded)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 30_000, 30_000, 8, 2, 0, 0, 0)  # 8-bit RGB
    return PNG[:8] + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 1024)) + chunk(b"IEND", b"")


def recipe_page(image: str) -> bytes:
    """A recipe page whose JSON-LD names `image` (a link, or a JSON list of links) as its picture."""
    value = json.loads(image) if image.startswith("[") else image
    recipe = {
        "@context": "https://schema.org",
        "@type": "Recipe",
        "name": "Pictured pie",
        "image": value,
        "recipeIngredient": ["1 pie"],
        "recipeInstructions": [{"@type": "HowToStep", "text": "Bake it."}],
    }
    return (
        "<!doctype html><html><head><title>Pictured pie</title>"
        f"<script type='application/ld+json'>{json.dumps(recipe)}</script></head><body>Pie</body></html>"
    ).encode()


class PageServer:
    def __init__(self, tls: ssl.SSLContext | None = None) -> None:
        self.requests: list[str] = []
        self.user_agents: list[str] = []
        self.lock = threading.Lock()
        self.hang_arrived = threading.Event()
        self.release = threading.Event()
        self.big_done = threading.Event()
        self.big_sent = 0
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        if tls is not None:
            self.httpd.socket = tls.wrap_socket(self.httpd.socket, server_side=True)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()

    def reset(self) -> None:
        self.release.set()  # free anything a previous test left hanging
        with self.lock:
            self.requests.clear()
            self.user_agents.clear()
        self.hang_arrived.clear()
        self.release = threading.Event()
        self.big_done.clear()
        self.big_sent = 0

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        scheme = "https" if isinstance(self.httpd.socket, ssl.SSLSocket) else "http"
        return f"{scheme}://{host}:{self.port}{path}"

    def page(self, name: str) -> str:
        return self.url(f"/pages/{name}")

    def paths(self) -> list[str]:
        with self.lock:
            return list(self.requests)


def _handler(server: PageServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"  # the body ends when the connection closes

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            with server.lock:
                server.requests.append(self.path)
                server.user_agents.append(self.headers.get("User-Agent", ""))
            parts = urlsplit(self.path)
            route = parts.path.strip("/").split("/")
            query = {k: v[0] for k, v in parse_qs(parts.query).items()}
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client gave up
                getattr(self, f"route_{route[0].replace('-', '_')}", self.route_missing)(route[1:], query)

        def answer(self, status: int, body: bytes, content_type: str | None, **headers: str) -> None:
            self.send_response(status)
            if content_type:
                self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            for name, value in headers.items():
                self.send_header(name.replace("_", "-"), value)
            self.end_headers()
            self.wfile.write(body)

        def route_missing(self, _args: list[str], _query: dict[str, str]) -> None:
            self.answer(404, b"<html><body>Not found</body></html>", "text/html")

        def route_pages(self, args: list[str], _query: dict[str, str]) -> None:
            path = PAGES / args[0]
            if not path.is_file():
                return self.route_missing(args, _query)
            body = path.read_bytes().replace(b"__VOCAB__", server.url("/vocab").encode())
            return self.answer(200, body, CONTENT_TYPES.get(args[0], "text/html; charset=utf-8"))

        def route_status(self, args: list[str], _query: dict[str, str]) -> None:
            self.answer(int(args[0]), b"<html><body><h1>Error</h1></body></html>", "text/html")

        def route_redirect(self, args: list[str], _query: dict[str, str]) -> None:
            """/redirect/N: N redirects in a row, the last one to a recipe page (relative Location)."""
            left = int(args[0])
            target = f"/redirect/{left - 1}" if left > 1 else "/pages/jsonld_graph.html"
            self.answer(302, b"", "text/html", Location=target)

        def route_loop(self, _args: list[str], _query: dict[str, str]) -> None:
            self.answer(301, b"", "text/html", Location=server.url("/loop"))

        def route_redirect_to(self, _args: list[str], query: dict[str, str]) -> None:
            self.answer(302, b"", "text/html", Location=query["url"])

        def route_big(self, args: list[str], _query: dict[str, str]) -> None:
            """20 MB of HTML; /big/declared announces its length, /big streams without one."""
            # A small send buffer, so what was sent tells how much the client really read.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 64 * 1024)
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            if args and args[0] == "declared":
                self.send_header("Content-Length", str(BIG_BYTES))
            self.end_headers()
            chunk = b"<p>" + b"x" * 65_530 + b"</p>"
            try:
                self.wfile.write(b"<html><body>")
                while server.big_sent < BIG_BYTES:
                    self.wfile.write(chunk)
                    server.big_sent += len(chunk)
            finally:
                server.big_done.set()

        def route_gzip_bomb(self, _args: list[str], _query: dict[str, str]) -> None:
            body = gzip.compress(b"<html><body>" + b" " * BIG_BYTES, compresslevel=9)
            self.answer(200, body, "text/html", Content_Encoding="gzip")

        def route_gzipped(self, _args: list[str], _query: dict[str, str]) -> None:
            body = gzip.compress((PAGES / "jsonld_graph.html").read_bytes())
            self.answer(200, body, "text/html; charset=utf-8", Content_Encoding="gzip")

        def route_never(self, _args: list[str], _query: dict[str, str]) -> None:
            """A page that never finishes: a byte now and then, well inside the read timeout."""
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<html><head>")
            release = server.release
            while not release.wait(0.2):
                self.wfile.write(b" ")
                self.wfile.flush()

        def route_stall(self, _args: list[str], _query: dict[str, str]) -> None:
            """Headers, then silence."""
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<html>")
            self.wfile.flush()
            server.release.wait(30)

        def route_hang(self, _args: list[str], _query: dict[str, str]) -> None:
            """Answers only once the test releases it; then a normal recipe page."""
            server.hang_arrived.set()
            server.release.wait(30)
            self.route_pages(["jsonld_array.html"], {})

        def route_image(self, _args: list[str], _query: dict[str, str]) -> None:
            self.answer(200, PNG, "image/png")

        def route_recipe_with_image(self, _args: list[str], query: dict[str, str]) -> None:
            """/recipe-with-image?image=LINK: a recipe page showing LINK (relative to the page)."""
            self.answer(200, recipe_page(query["image"]), "text/html; charset=utf-8")

        def route_img(self, args: list[str], query: dict[str, str]) -> None:
            """The pictures an imported recipe may show, good and bad (any query string is ignored)."""
            kind = args[0]
            if kind == "photo.jpg":
                return self.answer(200, photo_jpeg(), "image/jpeg")
            if kind == "photo.png":  # transparent: flattened on white by the re-encoding
                return self.answer(200, encoded(Image.new("RGBA", (300, 200), (0, 0, 255, 128)), "PNG"), "image/png")
            if kind == "untyped":
                return self.answer(200, photo_jpeg(), None)
            if kind == "octet":
                return self.answer(200, photo_jpeg(), "application/octet-stream")
            if kind == "html":
                return self.answer(200, b"<html><body>not a picture</body></html>", "text/html")
            if kind == "svg":
                return self.answer(200, SVG, "image/svg+xml")
            if kind == "svg-as-png":  # the type says image, the bytes are SVG
                return self.answer(200, SVG, "image/png")
            if kind == "broken.png":  # a PNG signature and nothing of an image after it
                return self.answer(200, PNG, "image/png")
            if kind == "bomb.png":
                return self.answer(200, bomb_png(), "image/png")
            if kind == "big.jpg":  # 11 MB, over the 10 MB an image may have
                return self.answer(200, b"\xff\xd8\xff\xe0" + b"\0" * (11 * 1024 * 1024), "image/jpeg")
            if kind == "gated.jpg":  # answers only once the test releases it
                server.hang_arrived.set()
                server.release.wait(30)
                return self.answer(200, photo_jpeg(), "image/jpeg")
            return self.route_missing(args, query)

        def route_untyped(self, args: list[str], _query: dict[str, str]) -> None:
            """No Content-Type at all: /untyped/html is a recipe page, /untyped/binary is not HTML."""
            body = (PAGES / "microdata.html").read_bytes() if args[0] == "html" else PNG
            self.answer(200, body, None)

        def route_vocab(self, _args: list[str], _query: dict[str, str]) -> None:
            self.answer(200, b"", "text/plain")

    return Handler
