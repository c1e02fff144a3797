"""Text and value helpers of the recipe page parser: entity decoding, tag stripping, lists, URLs."""

from __future__ import annotations

import html as html_lib
import re
from typing import Any
from urllib.parse import urljoin, urlsplit

MAX_DEPTH = 25  # how deep nested page data is followed
_TAG = re.compile(r"<[^>]*>")
_BREAK = re.compile(r"<\s*(br|/p|/li|/div|/h[1-6])\b[^>]*>", re.IGNORECASE)
_SPACE = re.compile(r"[ \t\f\v\u00a0\u200b]+")


def _unescape(value: str) -> str:
    for _ in range(3):  # "&amp;eacute;" on double-escaping sites
        decoded = html_lib.unescape(value)
        if decoded == value:
            break
        value = decoded
    return value


def clean_text(value: Any) -> str:
    """One line of text: entities decoded, tags dropped, white space collapsed."""
    value = _scalar(value)
    if not value:
        return ""
    text = _TAG.sub(" ", _unescape(str(value)))
    return re.sub(r"\s+", " ", text.replace("\u200b", "")).strip()


def clean_block(value: Any) -> str:
    """Several lines of text: as clean_text, but line breaks (and <br>, </p>, </li>) are kept."""
    value = _scalar(value)
    if not value:
        return ""
    text = _unescape(_BREAK.sub("\n", _unescape(str(value))))
    text = _TAG.sub(" ", text).replace("\r\n", "\n").replace("\r", "\n")
    lines = (_SPACE.sub(" ", line).strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


def _scalar(value: Any) -> Any:
    """The first useful scalar of a JSON-LD value: a list's first item, a {@value} or {name}."""
    for _ in range(MAX_DEPTH):
        if isinstance(value, list):
            value = next((v for v in value if v not in (None, "", [], {})), None)
        elif isinstance(value, dict):
            value = value.get("@value", value.get("name", value.get("text")))
        else:
            break
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def types_of(node: dict[str, Any]) -> set[str]:
    """Local type names, lower case: "http://schema.org/Recipe" and "schema:Recipe" are "recipe"."""
    raw = node.get("@type", node.get("type", []))
    return {re.split(r"[/#:]", str(t))[-1].lower() for t in as_list(raw) if t}


def http_url(value: Any, base: str) -> str:
    """An absolute http(s) URL from `value` relative to `base`, or ""."""
    text = clean_text(value)
    if not text or text.startswith("_:"):
        return ""
    try:
        absolute = urljoin(base, text)
        parts = urlsplit(absolute)
    except ValueError:
        return ""
    ok = parts.scheme in ("http", "https") and parts.netloc and len(absolute) <= 2048
    return absolute if ok else ""
