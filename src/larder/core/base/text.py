"""The one rule for free text in a request body: no control characters, no hidden direction marks.

NUL and other control characters break exports, terminals and logs; the bidi override and
isolate marks (U+202A-U+202E, U+2066-U+2069) make a stored text display differently from what it
holds. Every text field of every input struct is `Line` (one line: no newline or tab either) or
`Text` (several lines: newline, carriage return and tab allowed), with its own length cap added:
`Annotated[Line, msgspec.Meta(max_length=200)]`. The rule is a msgspec pattern, so it is checked
while the body is decoded and shows in the OpenAPI document; `core.errors` turns a miss into a
422 naming the field. Passwords are the one exception: any character may be part of a secret.
"""

from __future__ import annotations

import re
from typing import Annotated

import msgspec

_HIDDEN = r"\x7f-\x9f\u202a-\u202e\u2066-\u2069"
# Python's `$` also matches before a final newline, so a one-line text says it may not end in one
# (the lookahead is valid in both Python and ECMA regular expressions, which JSON Schema uses).
LINE_PATTERN = rf"^[^\x00-\x1f\u2028\u2029{_HIDDEN}]*(?!\n)$"
TEXT_PATTERN = rf"^[^\x00-\x08\x0b\x0c\x0e-\x1f{_HIDDEN}]*$"
TEXT_RULE_PATTERNS = (LINE_PATTERN, TEXT_PATTERN)

Line = Annotated[str, msgspec.Meta(pattern=LINE_PATTERN)]
Text = Annotated[str, msgspec.Meta(pattern=TEXT_PATTERN)]

MSG_LINE = "{field} may not contain line breaks, tabs, control characters or hidden direction marks."
MSG_TEXT = "{field} may not contain control characters or hidden direction marks."


# Part 2 §5: names of lists, stores and meal plans are letters (any alphabet), digits and spaces.
PLAIN_NAME = re.compile(r"^[^\W_]+(?: +[^\W_]+)* *$")


MSG_PLAIN_NAME = "may only contain letters, numbers and spaces"
MSG_REQUIRED = "The {field} field is required."


def is_plain_name(value: str) -> bool:
    return bool(PLAIN_NAME.match(value.strip()))


def plain_name_problem(value: str, field: str, *, plain: str = MSG_PLAIN_NAME) -> str | None:
    """What is wrong with a list, store or plan name (or a store's description), or None.

    Empty is 'The {field} field is required.'; anything but letters, digits and spaces is `plain`
    (part 2 §5: lists and stores say 'may only contain letters, numbers and spaces')."""
    if not value.strip():
        return MSG_REQUIRED.format(field=field)
    return None if is_plain_name(value) else plain


def text_rule_message(msgspec_message: str, field: str) -> str | None:
    """The user's message for a msgspec error that is a text-rule miss, else None."""
    if LINE_PATTERN in msgspec_message or repr(LINE_PATTERN)[1:-1] in msgspec_message:
        return MSG_LINE.format(field=field)
    if TEXT_PATTERN in msgspec_message or repr(TEXT_PATTERN)[1:-1] in msgspec_message:
        return MSG_TEXT.format(field=field)
    return None


__all__ = [
    "LINE_PATTERN",
    "PLAIN_NAME",
    "TEXT_PATTERN",
    "TEXT_RULE_PATTERNS",
    "Line",
    "Text",
    "is_plain_name",
    "text_rule_message",
]
