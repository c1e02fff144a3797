"""What an item's value may be, and the bounds of what it holds (part 2 §3, §5, §9)."""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Final

CUSTOM: Final = "CUSTOM"  # sent with a name: a new custom item
CUSTOM_PREFIX: Final = "CUSTOM-"
VALUE_MAX: Final = 64  # what an item's value may hold
QUANTITY_MIN: Final = 1  # part 2 §5 'Quantity inputs': a typed quantity
QUANTITY_MAX: Final = 100_000
# A catalogue ingredient by its id as digits (at most 18). Python's `$` also matches before a final
# newline, which the text rule refuses: the pattern says it may not end in one, as core.text does.
INGREDIENT_DIGITS: Final = re.compile(r"^[0-9]{1,18}(?!\n)$")


def is_custom_value(value: str) -> bool:
    return value.startswith(CUSTOM_PREFIX) or value == CUSTOM


def new_custom_value() -> str:
    """The value of a custom item made from a name typed into a list or a store."""
    return CUSTOM_PREFIX + secrets.token_urlsafe(9)


def custom_value(name: str) -> str:
    """The value of an ingredient the catalogue does not know, made from its name: CUSTOM- and the
    name as a slug, so sending it again ('Add Selected' of a plan) merges into the same item."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    if not slug or not name.isascii():
        slug = (slug[:40] + "-" if slug else "") + hashlib.sha256(name.lower().encode()).hexdigest()[:12]
    return CUSTOM_PREFIX + slug[: VALUE_MAX - len(CUSTOM_PREFIX)].rstrip("-")


def ingredient_id(value: int | str | None) -> int | None:
    """The catalogue ingredient an item's value names, if it names one."""
    if isinstance(value, int):
        return value
    if isinstance(value, str) and INGREDIENT_DIGITS.fullmatch(value):
        return int(value)
    return None
