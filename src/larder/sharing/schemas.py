"""Wire contract of the /share calls (part 2 §3 'Share payload', 'Share record', §7)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from larder.core.ids import Id
from larder.core.text import Line
from larder.sharing.service import ShareEntry

EntityTypeName = Literal["UserShoppinglist", "UserFoodStore", "UserMealplan"]
Email = Annotated[Line, msgspec.Meta(max_length=320)]
ENTRIES_MAX = 100


class ShareEntryIn(msgspec.Struct):
    email: Email
    canEdit: bool = False  # the spec's field name


class SharePayload(msgspec.Struct):
    """PUT /share: addresses added or changed, addresses removed (entries or bare e-mails)."""

    entity_id: Id
    type: EntityTypeName
    shared_with: Annotated[list[ShareEntryIn], msgspec.Meta(max_length=ENTRIES_MAX)] = []
    unshared_with: Annotated[list[ShareEntryIn | Email], msgspec.Meta(max_length=ENTRIES_MAX)] = []


class ShareRecord(msgspec.Struct):
    """PUT /share/remove (part 2 §3 'Share record')."""

    entity_id: Id
    entity_type: EntityTypeName


class SharedWithOut(msgspec.Struct):
    shared_with: list[ShareEntry]
