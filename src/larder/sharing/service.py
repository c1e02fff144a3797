"""Who may do what with a shopping list, a food store or a meal plan (part 2 §6).

Every read and write of those domains asks `AccessPolicy`; every "what may I see" query takes the
caller's own items plus `shared_with` (the items shared with the caller's verified address). The
policy knows no domain: a service passes the entity's type, id and owner id, which it has just
read. Roles and the matrix are here, once (their words in sharing/terms.py).

A stranger gets 404 (they may not learn the item exists); a member without the right gets 403.

This module is sharing's surface to every other domain: besides the policy it names what they use
of the shares (sharing/shares.py) and the live events (sharing/announce.py), which the one policy
injected per request holds.
"""

from __future__ import annotations

import re
from typing import Any, Final

import msgspec
from litestar import Request
from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy import Connection, bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.core.base.errors import Forbidden, NotFound
from larder.core.db.uow import unit_of_work
from larder.core.events.events import UPDATED, EventBus
from larder.core.mail.email import Mailer
from larder.sharing.announce import LiveEvents
from larder.sharing.entities import SharedEntities
from larder.sharing.models import Share
from larder.sharing.shares import MSG_OWN_ADDRESS, ShareManager
from larder.sharing.terms import (
    ACCOUNT,
    CATALOGUE,
    MSG_FORBIDDEN,
    PERMISSIONS,
    Action,
    EntityType,
    Member,
    MemberCheck,
    Role,
    ShareEntry,
    account_scope,
    entity_scope,
    may,
    role_among,
    role_in_shares,
    shared_role,
)

# The browser tab that sent a request (a random id of the web app), echoed in the changes it makes.
CLIENT_HEADER: Final = "x-larder-client"
CLIENT_ID: Final = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

# Built once (every signed-in page asks it); the values are bound at each call.
_SHARED_WITH = select(Share.entity_type, Share.entity_id, Share.can_edit).where(Share.email == bindparam("email"))


# Here, with the read that makes it: the OpenAPI document names GET /share's answer after the
# module that defines it (`Data_list_larder.sharing.service.SharedItem_`).
class SharedItem(msgspec.Struct):
    """GET /share: an item shared with the caller (part 2 §3 'Shared-with-me item')."""

    type: str
    entity_id: int
    name: str
    owner_id: int
    canEdit: bool  # the spec's field name
    shared_with: list[ShareEntry]


class AccessPolicy:
    """The policy of one request. It also holds the request's `shares` and live `events`, so that
    one object is injected; the calls other domains make of those keep their names here."""

    def __init__(
        self,
        session: AsyncSession,
        entities: SharedEntities | None = None,
        *,
        mailer: Mailer | None = None,
        public_url: str = "",
        bus: EventBus | None = None,
        origin: str | None = None,
    ) -> None:
        self.session = session
        self.entities = entities or SharedEntities()
        # What is shared with each address, of every type, read once per policy (one request):
        # a call that composes lists, stores and plans asks for several types.
        self._shared: dict[str, dict[str, dict[int, Role]]] = {}
        self._shared_read_in = 0  # the unit of work's write blocks when they were read
        self.events = LiveEvents(session, bus, origin)
        self.shares = ShareManager(self, mailer=mailer, public_url=public_url)

    async def role(self, member: Member, entity_type: EntityType, entity_id: int, owner_id: int) -> Role | None:
        shared = {} if owner_id == member.id else await self.shared_with(member, entity_type)
        return role_among(member, owner_id, entity_id, shared)

    def role_here(
        self, connection: Connection, member: Member, entity_type: EntityType, entity_id: int, owner_id: int
    ) -> tuple[Role | None, list[ShareEntry]]:
        """The caller's role and the item's shares, read on the event loop's own connection
        (`UnitOfWork.read_here`) in one statement: the rule of `role`, for finding a kept answer."""
        shares = self.shares.shares_here(connection, entity_type, entity_id)
        return role_in_shares(member, owner_id, shares), shares

    async def require(
        self,
        member: Member,
        entity_type: EntityType,
        entity_id: int,
        owner_id: int,
        action: Action,
        *,
        not_found: str,
    ) -> Role:
        """The caller's role when it allows `action`; 404 for a stranger, 403 for a role without the right."""
        role = await self.role(member, entity_type, entity_id, owner_id)
        if role is None:
            raise NotFound(not_found)
        if not may(role, action):
            raise Forbidden(MSG_FORBIDDEN[action])
        return role

    async def shared_with(self, member: Member, entity_type: EntityType) -> dict[int, Role]:
        """Ids of the items of `entity_type` shared with the caller, and the role each gives.

        Only a verified address counts: registering with somebody else's address grants nothing,
        and an e-mail change suspends the shares until the new address is verified. The shares of
        every type are read in one query the first time and kept for this policy's request (a
        change of shares through the policy forgets them).
        """
        if not member.verified:
            return {}
        blocks = unit_of_work(self.session).blocks
        if blocks != self._shared_read_in:
            # A write block began since they were read: it decides with what is shared now.
            self._shared.clear()
            self._shared_read_in = blocks
        address = member.email.lower()
        known = self._shared.get(address)
        if known is None:
            known = self._shared[address] = {}
            rows = await self.session.execute(_SHARED_WITH, {"email": address})
            for kind, entity_id, can_edit in rows:
                known.setdefault(kind, {})[entity_id] = shared_role(can_edit)
        return dict(known.get(entity_type.value, {}))

    def shares_changed(self) -> None:
        """The shares were written: what is shared with whom is read again when next asked."""
        self._shared.clear()

    async def shared_with_me(self, member: Member) -> list[SharedItem]:
        """GET /share: every item shared with the caller's verified address, of every registered type."""
        if not member.verified:
            return []
        rows = list(
            await self.session.execute(
                select(Share.entity_type, Share.entity_id, Share.owner_id, Share.can_edit)
                .where(Share.email == member.email.lower())
                .order_by(Share.id)
            )
        )
        found: list[SharedItem] = []
        for entity_type in self.entities.models:
            ids = [row.entity_id for row in rows if row.entity_type == entity_type.value]
            if not ids:
                continue
            names = await self.entities.names_of(self.session, entity_type, ids)
            shares = await self.shares.shares_of(entity_type, ids)
            for row in rows:
                if row.entity_type == entity_type.value and row.entity_id in names:
                    found.append(
                        SharedItem(
                            type=entity_type.value,
                            entity_id=row.entity_id,
                            name=names[row.entity_id],
                            owner_id=row.owner_id,
                            canEdit=row.can_edit,
                            shared_with=shares[row.entity_id],
                        )
                    )
        return found

    # -- the shares and live events, as the other domains ask for them ----------------------------
    async def announce(
        self,
        entity_type: EntityType,
        entity_id: int,
        owner_id: int,
        *,
        kind: str = UPDATED,
        shares: list[ShareEntry] | None = None,
        addresses: set[str] | None = None,
    ) -> None:
        """LiveEvents.announce: everyone who may see the entity is told it changed."""
        await self.events.announce(entity_type, entity_id, owner_id, kind=kind, shares=shares, addresses=addresses)

    # The addresses of an entity read in the statement that dates it (LiveEvents.addresses_column).
    addresses_column = staticmethod(LiveEvents.addresses_column)
    addresses_in = staticmethod(LiveEvents.addresses_in)

    def announce_to(self, member: Member, entity_type: EntityType, entity_id: int) -> None:
        """LiveEvents.announce_to: only the member's own devices are told."""
        self.events.announce_to(member, entity_type, entity_id)

    async def shares_of(self, entity_type: EntityType, entity_ids: list[int]) -> dict[int, list[ShareEntry]]:
        """ShareManager.shares_of: each item's `shared_with` entries."""
        return await self.shares.shares_of(entity_type, entity_ids)

    async def forget(self, entity_type: EntityType, entity_id: int, owner_id: int) -> None:
        """ShareManager.forget: a deleted entity's shares go and its viewers are told."""
        await self.shares.forget(entity_type, entity_id, owner_id)

    async def forget_address(self, email: str) -> None:
        """ShareManager.forget_address: a deleted account's address keeps nothing shared with it."""
        await self.shares.forget_address(email)


def client_of(request: Request[Any, Any, Any]) -> str | None:
    sent = request.headers.get(CLIENT_HEADER)
    return sent if sent and CLIENT_ID.match(sent) else None


def provide_access_policy(
    state: State, request: Request[Any, Any, Any], db_session: NamedDependency[AsyncSession]
) -> AccessPolicy:
    return AccessPolicy(
        db_session,
        state["shared_entities"],
        mailer=state["mailer"],
        public_url=state["settings"].public_url,
        bus=state["event_bus"],
        origin=client_of(request),
    )


# Sharing's surface for the other domains, which may import only this module and sharing/schemas.py:
# the policy's own names and those of its parts they use.
__all__ = [
    "ACCOUNT",
    "CATALOGUE",
    "MSG_FORBIDDEN",
    "MSG_OWN_ADDRESS",
    "PERMISSIONS",
    "AccessPolicy",
    "Action",
    "EntityType",
    "Member",
    "MemberCheck",
    "Role",
    "ShareEntry",
    "SharedEntities",
    "SharedItem",
    "account_scope",
    "entity_scope",
    "may",
    "provide_access_policy",
    "role_among",
]
