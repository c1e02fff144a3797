"""The yield and the times a page prints beside its recipe ("Servings: 4", "Prep time: 10 min"),
for pages whose structured data leaves them out.

The page is read as the lines a reader sees (scripts and styles dropped, a line per block). A
fact is a line that starts with its label, the value after it or, when the label stands alone
("Prep time:"), on the next line. The first of each wins: recipe cards print them above the
ingredients, before any comment or footer could.
"""

from __future__ import annotations

import html
import re

from larder.imports.times import minutes_of

_HIDDEN = re.compile(r"<(script|style|noscript|template)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_BREAK = re.compile(r"<\s*(?:br|/?p|/li|/div|/h[1-6]|/tr|/dt|/dd|/td|/th|/span|/strong|/b|/label)\b[^>]*>", re.I)
_TAG = re.compile(r"<[^>]*>")
_TIME_UNIT = re.compile(r"\d\s*(?:min|minutes?|hours?|hrs?|h)\b", re.IGNORECASE)
_LINE_MAX = 80  # a label and its value are a short line
_VALUE_MAX = 40

_YIELD_LABEL = re.compile(
    r"^(?:servings|serves|yields?|makes|portions?|porties|portionen|personen|personnes|"
    r"porciones|raciones|porzioni|porcje|adag|pessoas|por\u00e7\u00f5es|für)\b\s*[:\-\u2013]?\s*(.*)$",
    re.IGNORECASE,
)
_TIME_LABELS = {
    "prep": r"prep(?:aration)?(?: time)?|zubereitungszeit|arbeitszeit|vorbereitungszeit|temps de pr\u00e9paration"
    r"|bereidingstijd|voorbereidingstijd|tiempo de preparaci\u00f3n|tempo di preparazione|czas przygotowania"
    r"|tempo de preparo",
    "cook": r"cook(?:ing)?(?: time)?|bake time|baking time|kochzeit|backzeit|garzeit|temps de cuisson|kooktijd"
    r"|baktijd|tiempo de cocci\u00f3n|tempo di cottura|czas gotowania|czas pieczenia|tempo de cozimento",
    "total": r"total(?: time)?|ready in|gesamtzeit|temps total|totale tijd|tiempo total|tempo totale"
    r"|czas ca\u0142kowity|tempo total",
}
_TIME_LABEL = {
    kind: re.compile(rf"^(?:{words})\b\s*[:\-\u2013]?\s*(.*)$", re.IGNORECASE) for kind, words in _TIME_LABELS.items()
}
# Where a value ends: "8 hours on low or 4 hours on high", "2-4 | Prep 10 min".
_VALUE_END = re.compile(r"\s+(?:or|oder|ou|of|o)\s+|\s*[|(\u00b7,;]")


def page_lines(page: str) -> list[str]:
    """The page's text as short lines, as a reader sees them."""
    text = _TAG.sub(" ", _BREAK.sub("\n", _HIDDEN.sub(" ", page)))
    lines = (" ".join(html.unescape(line).split()).lstrip("|\u00b7\u2022-\u2013 ") for line in text.split("\n"))
    return [line for line in lines if line and len(line) <= _LINE_MAX]


def _value(lines: list[str], index: int, rest: str) -> str:
    following = lines[index + 1] if index + 1 < len(lines) else ""
    value = rest if rest else following if following[:1].isdigit() else ""
    value = _VALUE_END.split(value, maxsplit=1)[0].strip()
    return value if len(value) <= _VALUE_MAX and any(c.isdigit() for c in value) else ""


def page_yield(lines: list[str]) -> str:
    """The yield the page prints ("4", "6-8", "4 sandwiches"), or ""."""
    for index, line in enumerate(lines):
        found = _YIELD_LABEL.match(line)
        if found:
            value = _value(lines, index, found.group(1))
            if value and not _TIME_UNIT.search(value):
                return value
    return ""


def page_times(lines: list[str]) -> dict[str, int]:
    """Minutes of the prep, cook and total times the page prints; a kind it does not print is left out."""
    times: dict[str, int] = {}
    for index, line in enumerate(lines):
        for kind, label in _TIME_LABEL.items():
            found = label.match(line) if kind not in times else None
            if found:
                minutes = minutes_of(_value(lines, index, found.group(1)))
                if minutes:
                    times[kind] = minutes
                break
    return times
