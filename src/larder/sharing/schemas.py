"""Wire contract of the /share calls (part 2 §3 'Share payload', 'Share record', §7).

An address to share with is checked by the service in the spec's words ('Invalid email address',
sharing/mails.py); the document declares what it takes, so every input it allows is one the server
takes. What the document cannot know, the caller's own address, is a 409; an item that is not
there (or not the caller's to see) a 404, one the caller may not share or leave a 403.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
import msgspec.inspect as mi

from larder.core.base.ids import Id
from larder.core.base.text import Line
from larder.sharing.mails import ADDRESS_MAX, MARKUP
from larder.sharing.terms import ShareEntry

EntityTypeName = Literal["UserShoppinglist", "UserFoodStore", "UserMealplan"]
Email = Annotated[Line, msgspec.Meta(max_length=320)]
ENTRIES_MAX = 100


def declared(**schema: Any) -> msgspec.Meta:
    """JSON Schema keywords (as Litestar's `Schema` attributes) for the document only: the rule they
    describe is the service's, checked there with its message."""
    return msgspec.Meta(extra_json_schema={"extra": schema})


# The white space str.strip() removes that the text rule lets through: the space separators.
_SPACES = r"[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]*"
# Letters (any alphabet) and digits, but for those that are invisible (the Hangul fillers) or that
# lower-case to two characters (İ): `address_problem` refuses the first, the second would outgrow
# the length checked.
_ALNUM = r"[^\W_\u0130\u115f\u1160\u3164\uffa0]"
# A local part's other characters: the word characters, and the punctuation an address may hold
# but for markup (mails.MARKUP) and the dot, which only separates.
_PUNCTUATION = "".join(sorted(set("!#$%&'*+/=?^_{|}~-") - set(MARKUP)))
_LOCAL_CHAR = rf"(?:{_ALNUM}|[{_PUNCTUATION.replace('-', '')}-])"
_LABEL = rf"{_ALNUM}(?:(?:{_ALNUM}|-){{0,61}}{_ALNUM})?"
# An address as `address_problem` takes it once stripped and lower-cased: a local part of at most
# 64 characters without a leading, trailing or double dot (written here as up to three dotted runs),
# then a domain of two or more labels; ADDRESS_MAX characters in all (the document's maxLength).
SHARE_ADDRESS_PATTERN = (
    rf"^{_SPACES}{_LOCAL_CHAR}{{1,30}}(?:\.{_LOCAL_CHAR}{{1,16}}){{0,2}}@(?:{_LABEL}\.)+{_LABEL}{_SPACES}(?!\n)$"
)
ShareAddress = Annotated[
    Email,
    msgspec.Meta(description="An e-mail address to share with."),
    declared(pattern=SHARE_ADDRESS_PATTERN, max_length=ADDRESS_MAX),
]


class ShareEntryIn(msgspec.Struct):
    email: ShareAddress
    canEdit: bool = False  # the spec's field name


def _text_schema(text: Any) -> dict[str, Any]:
    info = mi.type_info(text)
    assert isinstance(info, mi.StrType)
    return {"type": "string", "maxLength": info.max_length, "pattern": info.pattern}


class SharePayload(msgspec.Struct):
    """PUT /share: addresses added or changed, addresses removed (entries or bare e-mails)."""

    entity_id: Id
    type: EntityTypeName
    shared_with: Annotated[list[ShareEntryIn], msgspec.Meta(max_length=ENTRIES_MAX)] = []
    # Litestar drops the bare address's limits from the union: they are written out.
    unshared_with: Annotated[
        list[ShareEntryIn | Email],
        msgspec.Meta(max_length=ENTRIES_MAX),
        declared(items={"oneOf": [{"$ref": "#/components/schemas/ShareEntryIn"}, _text_schema(Email)]}),
    ] = []


class ShareRecord(msgspec.Struct):
    """PUT /share/remove (part 2 §3 'Share record')."""

    entity_id: Id
    entity_type: EntityTypeName


class SharedWithOut(msgspec.Struct):
    shared_with: list[ShareEntry]
