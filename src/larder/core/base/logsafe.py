"""Request data in log lines: bounded, control characters escaped, secrets in URLs masked.

A path or text that a client sends goes into a log line only through `loggable`: a CR or LF in it
would otherwise start a forged line of its own, and a megabyte path would be logged whole. Links
go through `redact_url` too, so `https://user:password@host/` never reaches a log file. A calendar
feed's address is its only key, so `loggable` masks it wherever it appears: `/calendar/***.ics`.
"""

from __future__ import annotations

import re

LOG_TEXT_MAX = 200
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/?#\s@]*@")
_FEED_TOKEN = re.compile(r"(/calendar/)[^/?#\s.]+")  # the secret part of /calendar/{token}.ics


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def loggable(value: object, limit: int = LOG_TEXT_MAX) -> str:
    """`value` as one bounded, printable log field, with any calendar feed token masked."""
    text = _FEED_TOKEN.sub(r"\1***", str(value))
    shown = _UNSAFE.sub(_escape, text[:limit])
    return shown if len(text) <= limit else f"{shown}...(+{len(text) - limit} chars)"


def loggable_block(value: object, limit: int = 4000) -> str:
    """A multi-line text (a kept e-mail) as indented lines, so none of them can pass for a log line."""
    text = str(value)
    lines = [loggable(line, limit) for line in text[:limit].splitlines()]
    more = f"\n    ...(+{len(text) - limit} chars)" if len(text) > limit else ""
    return "\n".join(f"    {line}" for line in lines) + more


def redact_url(value: object) -> str:
    """The text with the user name and password of every URL in it replaced by `***`."""
    return _USERINFO.sub(r"\1***@", str(value))


def loggable_url(value: object, limit: int = LOG_TEXT_MAX) -> str:
    return loggable(redact_url(value), limit)


__all__ = ["LOG_TEXT_MAX", "loggable", "loggable_block", "loggable_url", "redact_url"]
