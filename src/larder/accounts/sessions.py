"""Sessions behind bearer tokens: opened at login, checked on every request, revoked at logout and on a
password change (a JWT alone could not be taken back, so every token names a session row)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import NamedTuple

from sqlalchemy import Row, bindparam, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from larder.accounts.models import User, UserSession
from larder.core.base.bounded_cache import BoundedCache
from larder.core.base.clock import now
from larder.core.base.errors import Unauthorized
from larder.core.base.security import TokenClaims, TokenExpired, TokenInvalid, issue_token, read_token
from larder.core.base.settings import Settings
from larder.core.cache.read_cache import VersionSource
from larder.core.db.uow import unit_of_work
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
    """The signed-in caller of a request (`expires_at`: their session's end, when read with it)."""

    user: User
    token_id: str
    expires_at: datetime | None = None


class _KnownCaller(NamedTuple):
    version: int  # of 'accounts', read before the caller was
    auth: Auth


ACCOUNTS_VERSION = "accounts"  # counted up by every write of an account or a session (triggers)
# The callers behind the tokens of this process's recent requests, by database and token: every
# signed-in request needs its caller, and reading the session and its account cost a tenth of a
# list's change. Good while 'accounts' stays the version they were read at.
CALLERS: BoundedCache[_KnownCaller] = BoundedCache(10_000)


async def caller_behind(
    bearer: str | None,
    settings: Settings,
    versions: VersionSource | None,
    read: Callable[[TokenClaims], Awaitable[Auth]],
) -> Auth:
    """The caller behind a bearer token, or 401 (missing, malformed, expired or revoked alike):
    as kept when nothing of accounts and sessions was written since, else `read` with its claims."""
    version = await versions.current(ACCOUNTS_VERSION) if versions is not None else None
    key = (settings.database_url, bearer)
    known = CALLERS.get(key) if version is not None else None
    if known is not None and known.version == version:
        expires_at = known.auth.expires_at
        if expires_at is not None and expires_at > now():
            return known.auth
    auth = await read(session_claims(settings, bearer))
    if version is not None:
        CALLERS.put(key, _KnownCaller(version, auth))
    return auth


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


def _live_caller(found: Row[datetime | None, datetime, User] | None, claims: TokenClaims) -> Auth:
    if found is None:
        raise Unauthorized(MSG_SESSION_ENDED)
    revoked_at, expires_at, user = found
    if revoked_at is not None or expires_at <= now() or str(user.id) != claims.subject:
        raise Unauthorized(MSG_SESSION_ENDED)
    return Auth(user=user, token_id=claims.token_id, expires_at=expires_at)


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
        return await self.check(session_claims(self.settings, bearer))

    async def check(self, claims: TokenClaims) -> Auth:
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
