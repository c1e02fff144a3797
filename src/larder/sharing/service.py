"""Who may do what with a shopping list, a food store or a meal plan (part 2 §6).

Every read and write of those domains asks `AccessPolicy`; every "what may I see" query takes the
caller's own items plus `shared_with` (the items shared with the caller's verified address). The
policy knows no domain: a service passes the entity's type, id and owner id, which it has just
read. Roles and the matrix are here, once.

A stranger gets 404 (they may not learn the item exists); a member without the right gets 403.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

import msgspec
from litestar import Request
from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy import bindparam, delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.core.email import Mail, Mailer
from larder.core.errors import Conflict, Forbidden, FormError, NotFound
from larder.core.events import DELETED, UPDATED, Audience, Change, EventBus, publish_after_commit
from larder.core.uow import Scope, unit_of_work
from larder.sharing.mails import ShareMails, address_problem
from larder.sharing.models import Share


class EntityType(StrEnum):
    SHOPPING_LIST = "UserShoppinglist"
    FOOD_STORE = "UserFoodStore"
    MEAL_PLAN = "UserMealplan"


# What a write changes (core/uow.py): a shared thing, a member's account (what they own and may
# create, their sign-ins and settings), or the catalogue.
ACCOUNT = "account"
CATALOGUE = Scope("catalogue")


def entity_scope(entity_type: EntityType, entity_id: int) -> Scope:
    """A list, a store or a plan: its items, its details and who it is shared with."""
    return Scope(entity_type.value, entity_id)


def account_scope(user_id: int) -> Scope:
    return Scope(ACCOUNT, user_id)


class Role(StrEnum):
    OWNER = "owner"
    EDITOR = "editor"  # shared with canEdit
    VIEWER = "viewer"  # shared without canEdit


class Action(StrEnum):
    VIEW = "view"
    EDIT = "edit"  # edit, schedule, complete shop, receive stock and ingredients
    DELETE = "delete"
    SHARE = "share"
    LEAVE = "leave"  # 'remove' a shared item from one's own view
    SET_DEFAULT = "set default"


PERMISSIONS: Final[dict[Action, frozenset[Role]]] = {
    Action.VIEW: frozenset({Role.OWNER, Role.EDITOR, Role.VIEWER}),
    Action.EDIT: frozenset({Role.OWNER, Role.EDITOR}),
    Action.DELETE: frozenset({Role.OWNER}),
    Action.SHARE: frozenset({Role.OWNER}),
    Action.LEAVE: frozenset({Role.EDITOR, Role.VIEWER}),
    Action.SET_DEFAULT: frozenset({Role.OWNER, Role.EDITOR}),
}

MSG_FORBIDDEN: Final[dict[Action, str]] = {
    Action.VIEW: "You may not see this.",
    Action.EDIT: "This was shared with you to view only.",
    Action.DELETE: "Only the owner may delete this.",
    Action.SHARE: "Only the owner may share this.",
    Action.LEAVE: "This is your own; delete it instead of removing it.",
    Action.SET_DEFAULT: "This was shared with you to view only.",
}


@dataclass(frozen=True)
class Member:
    """The caller as the policy sees them: shares count only for a verified address."""

    id: int
    email: str
    verified: bool
    name: str = ""  # shown in the e-mail telling someone what was shared with them


# The member as their session says now, or None when the session is no longer live (for the
# event stream, which outlives the request that opened it).
MemberCheck = Callable[[], Awaitable["Member | None"]]


class ShareEntry(msgspec.Struct):
    """A sharing entry as the spec writes it (part 2 §3 'Sharing entry')."""

    email: str
    canEdit: bool


def role_among(member: Member, owner_id: int, entity_id: int, shared: dict[int, Role]) -> Role | None:
    """The member's role on one item, given the items shared with them (`shared_with`)."""
    return Role.OWNER if owner_id == member.id else shared.get(entity_id)


def may(role: Role | None, action: Action) -> bool:
    return role is not None and role in PERMISSIONS[action]


MSG_NOT_FOUND: Final = "Not found."
MSG_OWN_ADDRESS: Final = "This is your own address: share with someone else."
# The browser tab that sent a request (a random id of the web app), echoed in the changes it makes.
CLIENT_HEADER: Final = "x-larder-client"
CLIENT_ID: Final = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class SharedEntities:
    """Each kind of shareable entity's table, told by the domains at the composition root, so the
    policy can find an entity's owner and name for an id alone and knows no domain. Every such
    model has the columns `id`, `user_id` (the owner) and `name`."""

    def __init__(self) -> None:
        self.models: dict[EntityType, Any] = {}
        self.pages: dict[EntityType, tuple[str, str]] = {}

    def register(self, entity_type: EntityType, model: Any, *, noun: str, page: str) -> None:
        """`noun` names the kind in e-mails ('list'); `page` is the web app's address of one, with
        `{id}` for its id ('/user-shopping-lists/{id}')."""
        self.models[entity_type] = model
        self.pages[entity_type] = (noun, page)

    async def owner_of(self, session: AsyncSession, entity_type: EntityType, entity_id: int) -> int | None:
        model = self.models.get(entity_type)
        if model is None:
            return None
        owner_id: int | None = await session.scalar(select(model.user_id).where(model.id == entity_id))
        return owner_id

    async def names_of(self, session: AsyncSession, entity_type: EntityType, ids: list[int]) -> dict[int, str]:
        """Names by id of those that still exist, in one query."""
        model = self.models[entity_type]
        rows = await session.execute(select(model.id, model.name).where(model.id.in_(ids)))
        return {entity_id: name for entity_id, name in rows}


class SharedItem(msgspec.Struct):
    """GET /share: an item shared with the caller (part 2 §3 'Shared-with-me item')."""

    type: str
    entity_id: int
    name: str
    owner_id: int
    canEdit: bool  # the spec's field name
    shared_with: list[ShareEntry]


def share_mail(sharer: str, noun: str, name: str, link: str, to: str) -> Mail:
    """The same text whether or not the address has an account, so a share never tells anyone
    which addresses are registered."""
    body = "\n".join(
        [
            f"{sharer} shared the {noun} '{name}' with you on Larder.",
            "",
            f"Open it: {link}",
            "",
            "No Larder account yet? Ask your household for an invite code and register with this",
            "e-mail address; what was shared with you will be there once the address is verified.",
        ]
    )
    return Mail(to=to, subject=f"{sharer} shared the {noun} '{name}' with you", body=body)


# Built once (every signed-in page asks them); the values are bound at each call.
_SHARED_WITH = select(Share.entity_type, Share.entity_id, Share.can_edit).where(Share.email == bindparam("email"))
_SHARES_OF = (
    select(Share.entity_id, Share.email, Share.can_edit)
    .where(Share.entity_type == bindparam("entity_type"), Share.entity_id.in_(bindparam("ids", expanding=True)))
    .order_by(Share.id)
)


class AccessPolicy:
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
        self.mailer = mailer
        self.public_url = public_url
        self.bus = bus
        self.origin = origin
        # What is shared with each address, of every type, read once per policy (one request):
        # a call that composes lists, stores and plans asks for several types.
        self._shared: dict[str, dict[str, dict[int, Role]]] = {}
        self._shared_read_in = 0  # the unit of work's write blocks when they were read

    async def role(self, member: Member, entity_type: EntityType, entity_id: int, owner_id: int) -> Role | None:
        shared = {} if owner_id == member.id else await self.shared_with(member, entity_type)
        return role_among(member, owner_id, entity_id, shared)

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
                known.setdefault(kind, {})[entity_id] = Role.EDITOR if can_edit else Role.VIEWER
        return dict(known.get(entity_type.value, {}))

    async def announce(
        self,
        entity_type: EntityType,
        entity_id: int,
        owner_id: int,
        *,
        kind: str = UPDATED,
        shares: list[ShareEntry] | None = None,
    ) -> None:
        """Tell everyone who may see the entity that it changed, once the request commits; `shares`:
        the entity's, when the caller has just read them."""
        if self.bus is not None:
            addresses = (
                {entry.email for entry in shares}
                if shares is not None
                else await self._addresses(entity_type, entity_id)
            )
            self._tell_live(entity_type, entity_id, kind, {owner_id}, addresses)

    def announce_to(self, member: Member, entity_type: EntityType, entity_id: int) -> None:
        """Tell only the member's own devices (a change of their own view, such as their default store)."""
        if self.bus is not None:
            self._tell_live(entity_type, entity_id, UPDATED, {member.id}, set())

    def _tell_live(self, entity_type: EntityType, entity_id: int, kind: str, users: set[int], emails: set[str]) -> None:
        assert self.bus is not None
        change = Change(type=entity_type.value, id=entity_id, kind=kind, origin=self.origin)
        publish_after_commit(self.session, self.bus, change, Audience(frozenset(users), frozenset(emails)))

    async def _addresses(self, entity_type: EntityType, entity_id: int) -> set[str]:
        found = await self.session.scalars(
            select(Share.email).where(Share.entity_type == entity_type.value, Share.entity_id == entity_id)
        )
        return set(found)

    async def shares_of(self, entity_type: EntityType, entity_ids: list[int]) -> dict[int, list[ShareEntry]]:
        """Each item's `shared_with` entries ({email, canEdit}), for the owner's share dialog."""
        found: dict[int, list[ShareEntry]] = {entity_id: [] for entity_id in entity_ids}
        if entity_ids:
            rows = await self.session.execute(_SHARES_OF, {"entity_type": entity_type.value, "ids": list(entity_ids)})
            for entity_id, email, can_edit in rows:
                found[entity_id].append(ShareEntry(email=email, canEdit=can_edit))
        return found

    async def change_shares(
        self,
        member: Member,
        entity_type: EntityType,
        entity_id: int,
        shared_with: list[ShareEntry],
        unshared_with: list[str],
    ) -> list[ShareEntry]:
        """PUT /share: the owner adds addresses, flips canEdit and removes addresses at once."""
        # Decided and written in the entity's turn: a list's writer that checks its right after
        # this change sees it.
        async with unit_of_work(self.session).write(entity_scope(entity_type, entity_id)):
            owner_id = await self._owner(entity_type, entity_id)
            await self.require(member, entity_type, entity_id, owner_id, Action.SHARE, not_found=MSG_NOT_FOUND)
            wanted = {entry.email.strip().lower(): entry.canEdit for entry in shared_with}
            gone = {email.strip().lower() for email in unshared_with}
            for email in wanted:
                problem = address_problem(email)
                if problem:
                    raise FormError({"shared_with": [problem]})
            if member.email.lower() in wanted:
                # A well-formed address the document cannot tell from any other: a conflict, not a 422.
                raise Conflict(MSG_OWN_ADDRESS)
            existing = {
                share.email: share
                for share in await self.session.scalars(
                    select(Share).where(Share.entity_type == entity_type.value, Share.entity_id == entity_id)
                )
            }
            added = [email for email in wanted if email not in existing and email not in gone]
            # Whom to tell, within the sender's limits: checked before anything is written.
            to_tell = await self._to_tell(member, entity_type, entity_id, added)
            for email, can_edit in wanted.items():
                if email in gone:
                    continue
                if email in existing:
                    existing[email].can_edit = can_edit
                else:
                    self.session.add(
                        Share(
                            entity_type=entity_type.value,
                            entity_id=entity_id,
                            owner_id=owner_id,
                            email=email,
                            can_edit=can_edit,
                        )
                    )
            # Those who gain or lose the item re-read their shared items; those who keep it, its sharing.
            if self.bus is not None:
                self._tell_live(entity_type, entity_id, UPDATED, {owner_id}, set(existing) | set(wanted))
            if gone:
                await self.session.execute(
                    delete(Share).where(
                        Share.entity_type == entity_type.value, Share.entity_id == entity_id, Share.email.in_(gone)
                    )
                )
            await self.session.flush()
            self._shared.clear()
            await self._tell(member, entity_type, entity_id, to_tell)
        return (await self.shares_of(entity_type, [entity_id]))[entity_id]

    async def _to_tell(self, member: Member, entity_type: EntityType, entity_id: int, added: list[str]) -> list[str]:
        """The new addresses to send an e-mail: those not told of the item today. 429 when that many
        would pass the member's share e-mail limits (sharing/mails.py)."""
        if not added or self.mailer is None or entity_type not in self.entities.pages:
            return []
        mails = ShareMails(self.session)
        to_tell = await mails.not_told(entity_type.value, entity_id, added)
        await mails.check_room(member.id, len(to_tell))
        return to_tell

    async def _tell(self, member: Member, entity_type: EntityType, entity_id: int, addresses: list[str]) -> None:
        if not addresses or self.mailer is None:
            return
        noun, page = self.entities.pages[entity_type]
        name = (await self.entities.names_of(self.session, entity_type, [entity_id])).get(entity_id, "")
        link = self.public_url + page.format(id=entity_id)
        for address in addresses:
            await self.mailer.send(self.session, share_mail(member.name or member.email, noun, name, link, address))
        await ShareMails(self.session).sent(member.id, entity_type.value, entity_id, addresses)

    async def shared_with_me(self, member: Member) -> list[SharedItem]:
        """Every item shared with the caller's verified address, of every registered type."""
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
            shares = await self.shares_of(entity_type, ids)
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

    async def leave(self, member: Member, entity_type: EntityType, entity_id: int) -> None:
        """PUT /share/remove: a member an item was shared with takes it out of their own view."""
        async with unit_of_work(self.session).write(entity_scope(entity_type, entity_id)):
            owner_id = await self._owner(entity_type, entity_id)
            await self.require(member, entity_type, entity_id, owner_id, Action.LEAVE, not_found=MSG_NOT_FOUND)
            await self.announce(entity_type, entity_id, owner_id)
            await self.session.execute(
                delete(Share).where(
                    Share.entity_type == entity_type.value,
                    Share.entity_id == entity_id,
                    Share.email == member.email.lower(),
                )
            )
            self._shared.clear()

    async def _owner(self, entity_type: EntityType, entity_id: int) -> int:
        owner_id = await self.entities.owner_of(self.session, entity_type, entity_id)
        if owner_id is None:
            raise NotFound(MSG_NOT_FOUND)
        return owner_id

    async def forget(self, entity_type: EntityType, entity_id: int, owner_id: int) -> None:
        """An entity is deleted: everyone who saw it is told, and its shares go with it (no foreign
        key can name three tables)."""
        gone = await self.session.scalars(
            delete(Share)
            .where(Share.entity_type == entity_type.value, Share.entity_id == entity_id)
            .returning(Share.email)
        )
        if self.bus is not None:
            self._tell_live(entity_type, entity_id, DELETED, {owner_id}, set(gone))
        self._shared.clear()

    async def forget_address(self, email: str) -> None:
        """An account is deleted: what others shared with its address goes too, so whoever registers
        that address later starts with nothing (the shares the account owned go by their foreign key)."""
        await self.session.execute(delete(Share).where(Share.email == email.strip().lower()))
        self._shared.clear()


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
