"""Live events: telling everyone who may see a list, a store or a plan that it changed, once the
request commits (the stream itself is sharing/live.py)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.core.events.events import UPDATED, Audience, Change, EventBus, publish_after_commit
from larder.sharing.models import Share
from larder.sharing.terms import EntityType, Member, ShareEntry

ADDRESS_SEPARATOR = "\n"  # never in an address: shares are made of checked addresses


class LiveEvents:
    """The changes of one request, published to the bus after it commits; without a bus (a
    background job, a test) nothing is told."""

    def __init__(self, session: AsyncSession, bus: EventBus | None = None, origin: str | None = None) -> None:
        self.session = session
        self.bus = bus
        self.origin = origin  # the browser tab that sent the request, echoed in its changes

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
        """Tell everyone who may see the entity that it changed, once the request commits; `shares`
        or `addresses`: the entity's, when the caller has just read them."""
        if self.bus is not None:
            if addresses is None:
                addresses = (
                    {entry.email for entry in shares}
                    if shares is not None
                    else await self._addresses(entity_type, entity_id)
                )
            self.tell(entity_type, entity_id, kind, {owner_id}, addresses)

    def announce_to(self, member: Member, entity_type: EntityType, entity_id: int) -> None:
        """Tell only the member's own devices (a change of their own view, such as their default store)."""
        if self.bus is not None:
            self.tell(entity_type, entity_id, UPDATED, {member.id}, set())

    def tell(self, entity_type: EntityType, entity_id: int, kind: str, users: set[int], emails: set[str]) -> None:
        """Tell these members and addresses, when there is a bus to tell them through."""
        if self.bus is None:
            return
        change = Change(type=entity_type.value, id=entity_id, kind=kind, origin=self.origin)
        publish_after_commit(self.session, self.bus, change, Audience(frozenset(users), frozenset(emails)))

    @staticmethod
    def addresses_column(entity_type: EntityType, entity_id: int) -> ColumnElement[Any]:
        """The addresses an entity is shared with, as one text a statement that writes the entity's
        row can return with it (`addresses_in` reads it): the write and the read in one statement."""
        emails = select(func.aggregate_strings(Share.email, ADDRESS_SEPARATOR))
        return emails.where(Share.entity_type == entity_type.value, Share.entity_id == entity_id).scalar_subquery()

    @staticmethod
    def addresses_in(text: str | None) -> set[str]:
        return set(text.split(ADDRESS_SEPARATOR)) if text else set()

    async def _addresses(self, entity_type: EntityType, entity_id: int) -> set[str]:
        found = await self.session.scalars(
            select(Share.email).where(Share.entity_type == entity_type.value, Share.entity_id == entity_id)
        )
        return set(found)


__all__ = ["LiveEvents"]
