"""Invite codes: a household member registers with one (part 1 §2.3)."""

from __future__ import annotations

from datetime import timedelta

from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from sqlalchemy import ColumnElement, select, update

from larder.accounts.models import InviteCode
from larder.accounts.schemas import INVITE_CODE_LENGTH, InviteOut
from larder.core.base.clock import now
from larder.core.base.errors import FormError
from larder.core.base.security import random_code
from larder.core.db.service import DomainService
from larder.core.db.uow import Scope

INVITE_LIST_LIMIT = 200


def to_invite_out(invite: InviteCode) -> InviteOut:
    return InviteOut(
        code=invite.code,
        max_uses=invite.max_uses,
        uses=invite.uses,
        expires_at=invite.expires_at,
        created_at=invite.created_at,
    )


# New invite codes: a batch reads the codes taken, so two batches are written one after the other.
INVITES = Scope("invites")


def invite_scope(invite_id: int) -> Scope:
    """An invite code's uses: two registrations with one code take turns."""
    return Scope("invite", invite_id)


def _usable() -> tuple[ColumnElement[bool], ...]:
    return (
        InviteCode.uses < InviteCode.max_uses,
        (InviteCode.expires_at.is_(None)) | (InviteCode.expires_at > now()),
    )


class InviteService(DomainService[InviteCode]):
    class Repo(SQLAlchemyAsyncRepository[InviteCode]):
        model_type = InviteCode

    repository_type = Repo

    async def create_codes(self, count: int = 1, uses: int = 1, expires_days: int | None = None) -> list[InviteOut]:
        if not 1 <= count <= 1000:
            raise FormError({"count": ["Count must be between 1 and 1000."]})
        if not 1 <= uses <= 10_000:
            raise FormError({"uses": ["Uses must be between 1 and 10000."]})
        if expires_days is not None and not 1 <= expires_days <= 3650:
            raise FormError({"expires_days": ["Expiry must be between 1 and 3650 days."]})
        expires_at = now() + timedelta(days=expires_days) if expires_days else None
        codes: list[InviteCode] = []
        # The codes taken are read in the turn: two batches written side by side never share one.
        async with self.uow.write(INVITES):
            taken = set(await self.session.scalars(select(InviteCode.code)))
            while len(codes) < count:
                code = random_code(INVITE_CODE_LENGTH)
                if code in taken:
                    continue
                taken.add(code)
                codes.append(InviteCode(code=code, max_uses=uses, uses=0, expires_at=expires_at))
            added = await self.repository.add_many(codes)
        return [to_invite_out(i) for i in added]

    async def consume(self, invite_id: int) -> bool:
        """Use one invite atomically; False when unknown, used up or expired."""
        async with self.uow.write(invite_scope(invite_id)):
            result = await self.session.execute(
                update(InviteCode).where(InviteCode.id == invite_id, *_usable()).values(uses=InviteCode.uses + 1)
            )
        return bool(getattr(result, "rowcount", 0))

    async def usable_id(self, code: str) -> int | None:
        """The id of the invite with this code while someone can still register with it."""
        return await self.session.scalar(
            select(InviteCode.id).where(InviteCode.code == code.strip().upper(), *_usable()).limit(1)
        )

    async def usable_code(self) -> str:
        """A code someone can still register with, made when there is none (the first start prints it)."""
        code = await self.session.scalar(select(InviteCode.code).where(*_usable()).order_by(InviteCode.id).limit(1))
        if code is None:
            (created,) = await self.create_codes(count=1)
            code = created.code
        return code

    async def list_newest(self) -> list[InviteOut]:
        rows = await self.session.scalars(select(InviteCode).order_by(InviteCode.id.desc()).limit(INVITE_LIST_LIMIT))
        return [to_invite_out(i) for i in rows]


__all__ = ["INVITE_CODE_LENGTH", "InviteService", "invite_scope", "to_invite_out"]
