"""Sessions behind bearer tokens: opened at login, checked on every request, revoked at logout and on a
password change (a JWT alone could not be taken back, so every token names a session row)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Row, bindparam, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from larder.accounts.models import User, UserSession
from larder.core.clock import now
from larder.core.errors import Unauthorized
from larder.core.security import TokenClaims, TokenExpired, TokenInvalid, issue_token, read_token
from larder.core.settings import Settings
from larder.core.uow import unit_of_work
from larder.sharing.service import account_scope

PURPOSE_SESSION = "session"
MSG_NO_SESSION = "Please log in to continue."
MSG_SESSION_ENDED = "Your session has ended. Please log in again."
# One statement for the session and its user: every authenticated request pays for it, so it is
# built once and its token id bound at each call.
_SESSION_AND_USER = (
    select(UserSession.revoked_at, UserSession.expires_at, User)
    .join(User, User.id == UserSession.user_id)
    .where(UserSession.token_id == bindparam("token_id"))
)


@dataclass(frozen=True)
class Auth:
    """The signed-in caller of a request."""

    user: User
    token_id: str


def session_claims(settings: Settings, bearer: str | None) -> TokenClaims:
    """What a bearer token says, or 401 when there is none or it is malformed or expired."""
    if not bearer:
        raise Unauthorized(MSG_NO_SESSION)
    try:
        return read_token(settings.secret_key, bearer, purpose=PURPOSE_SESSION)
    except (TokenExpired, TokenInvalid):
        raise Unauthorized(MSG_SESSION_ENDED) from None


def read_caller(session: Session, claims: TokenClaims) -> Auth:
    """`Sessions.authenticate` on a synchronous session (the one-hop reader, core.db.DbReader)."""
    return _live_caller(session.execute(_SESSION_AND_USER, {"token_id": claims.token_id}).first(), claims)


def _live_caller(found: Row[Any] | None, claims: TokenClaims) -> Auth:
    if found is None:
        raise Unauthorized(MSG_SESSION_ENDED)
    revoked_at, expires_at, user = found
    if revoked_at is not None or expires_at <= now() or str(user.id) != claims.subject:
        raise Unauthorized(MSG_SESSION_ENDED)
    return Auth(user=user, token_id=claims.token_id)


class Sessions:
    def __init__(self, session: AsyncSession, settings: Settings) -> None:
        self.session = session
        self.settings = settings

    async def open(self, user: User, user_agent: str | None = None) -> str:
        ttl = self.settings.session_ttl_days * 86_400
        token, claims = issue_token(
            self.settings.secret_key, subject=str(user.id), purpose=PURPOSE_SESSION, ttl_seconds=ttl
        )
        async with unit_of_work(self.session).write(account_scope(user.id)):
            self.session.add(
                UserSession(
                    token_id=claims.token_id,
                    user_id=user.id,
                    expires_at=datetime.fromtimestamp(claims.expires_at, UTC),
                    user_agent=(user_agent or "")[:255] or None,
                )
            )
            await self.session.flush()
        return token

    async def authenticate(self, bearer: str | None) -> Auth:
        """The user behind a bearer token, or 401: missing, malformed, expired or revoked alike."""
        claims = session_claims(self.settings, bearer)
        found = (await self.session.execute(_SESSION_AND_USER, {"token_id": claims.token_id})).first()
        return _live_caller(found, claims)

    async def revoke(self, auth: Auth) -> None:
        async with unit_of_work(self.session).write(account_scope(auth.user.id)):
            await self.session.execute(
                update(UserSession).where(UserSession.token_id == auth.token_id).values(revoked_at=now())
            )

    async def revoke_all(self, user: User) -> None:
        async with unit_of_work(self.session).write(account_scope(user.id)):
            await self.session.execute(
                update(UserSession)
                .where(UserSession.user_id == user.id, UserSession.revoked_at.is_(None))
                .values(revoked_at=now())
            )
