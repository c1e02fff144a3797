"""The /share calls under /api/pwa (the owner shares and unshares, a shared member leaves) and the
live stream of changes to what is shared."""

from __future__ import annotations

from litestar import Controller, get, put
from litestar.background_tasks import BackgroundTask
from litestar.datastructures import State
from litestar.di import NamedDependency
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import JSONBody
from litestar.response import ServerSentEvent

from larder.core.base.errors import Conflict, Forbidden, NotFound, TooManyRequests
from larder.core.base.wire import Data, Message
from larder.core.events.events import EventBus
from larder.core.web.spa import ALREADY_COMPRESSED
from larder.sharing.live import close_stream, event_stream, open_stream
from larder.sharing.schemas import SharedWithOut, SharePayload, ShareRecord
from larder.sharing.service import AccessPolicy, EntityType, Member, MemberCheck, SharedItem, ShareEntry

MSG_LEFT = "Removed from your shared items."
EVENT_STREAM = "text/event-stream"


class SharingController(Controller):
    path = "/api/pwa/share"
    tags = ["sharing"]

    @get("/")
    async def shared_with_me(
        self, member: NamedDependency[Member], access: NamedDependency[AccessPolicy]
    ) -> Data[list[SharedItem]]:
        return Data(data=await access.shared_with_me(member))

    # 404 for an item the caller may not see, 403 for one they may see but not share, 409 for their
    # own address, 429 past their share e-mail limits (sharing/mails.py).
    @put("/", raises=[NotFound, Forbidden, Conflict, TooManyRequests])
    async def change_shares(
        self, data: JSONBody[SharePayload], member: NamedDependency[Member], access: NamedDependency[AccessPolicy]
    ) -> Data[SharedWithOut]:
        added = [ShareEntry(email=entry.email, canEdit=entry.canEdit) for entry in data.shared_with]
        removed = [entry if isinstance(entry, str) else entry.email for entry in data.unshared_with]
        shared = await access.shares.change_shares(member, EntityType(data.type), data.entity_id, added, removed)
        return Data(data=SharedWithOut(shared_with=shared))

    # 403 for the owner: their own item is deleted, not left.
    @put("/remove", raises=[NotFound, Forbidden])
    async def leave(
        self, data: JSONBody[ShareRecord], member: NamedDependency[Member], access: NamedDependency[AccessPolicy]
    ) -> Message:
        await access.shares.leave(member, EntityType(data.entity_type), data.entity_id)
        return Message(message=MSG_LEFT)


class LiveController(Controller):
    path = "/api/pwa/events"
    tags = ["sharing"]

    # Sent as it is made: the compression middleware would hold events back until a block filled.
    @get(
        "/",
        sync_to_thread=False,
        opt={ALREADY_COMPRESSED: True},
        media_type=EVENT_STREAM,
        responses={
            200: ResponseSpec(
                data_container=str,
                media_type=EVENT_STREAM,
                description="Server-sent events, open until the client leaves (see the operation's description).",
                generate_examples=False,
            )
        },
        raises=[TooManyRequests],
    )
    def events(
        self,
        member: NamedDependency[Member],
        event_bus: NamedDependency[EventBus],
        member_check: NamedDependency[MemberCheck],
        state: State,
    ) -> ServerSentEvent:
        """Server-sent events: `ready`, then `change` {type, id, kind, origin} for each list, store
        or plan the caller may see, `resync` when changes were dropped; see sharing/live.py. A member
        holds at most 10 streams at once (429 past that)."""
        subscription = open_stream(event_bus, member, state["settings"].limits.max_event_streams)
        return ServerSentEvent(
            event_stream(event_bus, member, member_check, subscription=subscription),
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
            # Also when the client left before the stream began, and the generator never ran.
            background=BackgroundTask(close_stream, event_bus, subscription),
        )
