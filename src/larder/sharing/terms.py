"""The words of sharing, which the policy, the shares and the live events all speak (and every
domain through sharing/service.py): what can be shared, who the caller is, the roles and what
each may do (part 2 §6), and what a write changes (core/db/uow.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

import msgspec

from larder.core.db.uow import Scope


class EntityType(StrEnum):
    SHOPPING_LIST = "UserShoppinglist"
    FOOD_STORE = "UserFoodStore"
    MEAL_PLAN = "UserMealplan"


# What a write changes (core/db/uow.py): a shared thing, a member's account (what they own and may
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
MSG_NOT_FOUND: Final = "Not found."


@dataclass(frozen=True)
class Member:
    """The caller as the policy sees them: shares count only for a verified address."""

    id: int
    email: str
    verified: bool
    name: str = ""  # shown in the e-mail telling someone what was shared with them

    @property
    def known_name(self) -> dict[int, str]:
        """The member's own name by id, as their session has it (empty without one): an answer that
        shows owners' names reads only the others'."""
        return {self.id: self.name} if self.name else {}


# The member as their session says now, or None when the session is no longer live (for the
# event stream, which outlives the request that opened it).
MemberCheck = Callable[[], Awaitable["Member | None"]]


class ShareEntry(msgspec.Struct):
    """A sharing entry as the spec writes it (part 2 §3 'Sharing entry')."""

    email: str
    canEdit: bool


def shared_role(can_edit: bool) -> Role:
    """The role a share gives the address it names."""
    return Role.EDITOR if can_edit else Role.VIEWER


def role_in_shares(member: Member, owner_id: int, shares: Iterable[ShareEntry]) -> Role | None:
    """The member's role on one item, given the item's own shares: as `role_among` with what
    `AccessPolicy.shared_with` reads (only a verified address counts)."""
    if owner_id == member.id:
        return Role.OWNER
    if not member.verified:
        return None
    address = member.email.lower()
    return next((shared_role(entry.canEdit) for entry in shares if entry.email == address), None)


def role_among(member: Member, owner_id: int, entity_id: int, shared: dict[int, Role]) -> Role | None:
    """The member's role on one item, given the items shared with them (`shared_with`)."""
    return Role.OWNER if owner_id == member.id else shared.get(entity_id)


def may(role: Role | None, action: Action) -> bool:
    return role is not None and role in PERMISSIONS[action]


__all__ = [
    "ACCOUNT",
    "CATALOGUE",
    "MSG_FORBIDDEN",
    "MSG_NOT_FOUND",
    "PERMISSIONS",
    "Action",
    "EntityType",
    "Member",
    "MemberCheck",
    "Role",
    "ShareEntry",
    "account_scope",
    "entity_scope",
    "may",
    "role_among",
    "role_in_shares",
    "shared_role",
]
