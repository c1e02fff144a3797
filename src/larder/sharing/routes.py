"""The /share calls under /api/pwa: the owner shares and unshares, a shared member leaves."""

from __future__ import annotations

from litestar import Controller, get, put
from litestar.di import NamedDependency
from litestar.params import JSONBody

from larder.core.wire import Data, Message
from larder.sharing.schemas import SharedWithOut, SharePayload, ShareRecord
from larder.sharing.service import AccessPolicy, EntityType, Member, SharedItem, ShareEntry

MSG_LEFT = "Removed from your shared items."


class SharingController(Controller):
    path = "/api/pwa/share"
    tags = ["sharing"]

    @get("/")
    async def shared_with_me(
        self, member: NamedDependency[Member], access: NamedDependency[AccessPolicy]
    ) -> Data[list[SharedItem]]:
        return Data(data=await access.shared_with_me(member))

    @put("/")
    async def change_shares(
        self, data: JSONBody[SharePayload], member: NamedDependency[Member], access: NamedDependency[AccessPolicy]
    ) -> Data[SharedWithOut]:
        added = [ShareEntry(email=entry.email, canEdit=entry.canEdit) for entry in data.shared_with]
        removed = [entry if isinstance(entry, str) else entry.email for entry in data.unshared_with]
        shared = await access.change_shares(member, EntityType(data.type), data.entity_id, added, removed)
        return Data(data=SharedWithOut(shared_with=shared))

    @put("/remove")
    async def leave(
        self, data: JSONBody[ShareRecord], member: NamedDependency[Member], access: NamedDependency[AccessPolicy]
    ) -> Message:
        await access.leave(member, EntityType(data.entity_type), data.entity_id)
        return Message(message=MSG_LEFT)
