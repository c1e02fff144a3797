"""Access guards: every route needs a signed-in caller unless it is marked public; /api/admin needs the role.

`signed_in` is installed on the whole app, so a handler is protected whether or not it asks for
the caller. It runs before the body is read or any dependency (and so any write transaction) is
made, and checks the session on a short read-only session of its own (on SQLite the one-hop
reader's), or finds it as checked before while no account or session was written since. Handlers
that need the caller declare `auth: NamedDependency[Auth]`, which hands them the user attached to
their request's session.
"""

from __future__ import annotations

from typing import Any, Final

from litestar import Request
from litestar.connection import ASGIConnection
from litestar.di import NamedDependency
from litestar.handlers import BaseRouteHandler
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.sessions import MSG_NO_SESSION, Auth, Sessions, caller_behind, read_caller
from larder.core.base.errors import Forbidden, Unauthorized
from larder.core.base.security import TokenClaims
from larder.core.cache.read_cache import READ_CACHE_STATE_KEY
from larder.core.db.sessions import provide_db_reader
from larder.core.web.access import IDENTIFY_KEY, PUBLIC_KEY
from larder.sharing.service import Member, MemberCheck

AnyConnection = ASGIConnection[Any, Any, Any, Any]
MSG_ADMIN_ONLY = "Only an administrator may do this."
_AUTH_SCOPE_KEY: Final = "auth"  # the scope's own key for the authenticated caller


def bearer_of(connection: AnyConnection) -> str | None:
    scheme, _, credentials = connection.headers.get("authorization", "").partition(" ")
    return (credentials.strip() or None) if scheme.lower() == "bearer" else None


async def _authenticate(connection: AnyConnection, bearer: str | None) -> Auth:
    state = connection.app.state
    settings = state["settings"]

    async def read(claims: TokenClaims) -> Auth:
        reader = provide_db_reader(state)
        if reader is not None:
            # On SQLite one thread hop on the read connection: half the CPU of a session of the
            # request's kind (a transaction, a statement, a close).
            return await reader.run(read_caller, claims)
        async with state["alchemy_config"].get_session() as session:
            return await Sessions(session, settings).check(claims)

    return await caller_behind(bearer, settings, state[READ_CACHE_STATE_KEY].versions, read)


async def signed_in(connection: AnyConnection, handler: BaseRouteHandler) -> None:
    """App-wide guard: 401 unless the route is public or the bearer token is a live session."""
    if _is_framework_options(connection, handler):
        return  # it names the allowed methods and nothing else, as any client may ask first
    bearer = bearer_of(connection)
    if handler.opt.get(PUBLIC_KEY):
        if handler.opt.get(IDENTIFY_KEY) and bearer:
            connection.scope[_AUTH_SCOPE_KEY] = await _authenticate(connection, bearer)
        return
    if bearer is None:
        raise Unauthorized(MSG_NO_SESSION)
    connection.scope[_AUTH_SCOPE_KEY] = await _authenticate(connection, bearer)


def _is_framework_options(connection: AnyConnection, handler: BaseRouteHandler) -> bool:
    """The answer Litestar itself gives to OPTIONS on every path (204 with an Allow header)."""
    methods = getattr(handler, "http_methods", ())
    return connection.scope.get("method") == "OPTIONS" and set(methods) == {"OPTIONS"}


def administrator(connection: AnyConnection, handler: BaseRouteHandler) -> None:
    """Guard of /api/admin: 403 for a signed-in caller without the admin role."""
    if _is_framework_options(connection, handler):
        return
    auth = connection.scope.get(_AUTH_SCOPE_KEY)
    if not isinstance(auth, Auth):
        raise Unauthorized(MSG_NO_SESSION)
    if not auth.user.is_admin:
        raise Forbidden(MSG_ADMIN_ONLY)


def _caller_of(request: Request[Any, Any, Any]) -> Auth | None:
    auth = request.scope.get(_AUTH_SCOPE_KEY)
    return auth if isinstance(auth, Auth) else None


async def _attached(auth: Auth, session: AsyncSession) -> Auth:
    # The guard read the user on its own session; the handler may change it (name, password), so it
    # gets the same row attached to the request's transaction, without reading it again.
    user = await session.merge(auth.user, load=False)
    return Auth(user=user, token_id=auth.token_id)


async def provide_auth(request: Request[Any, Any, Any], db_session: NamedDependency[AsyncSession]) -> Auth:
    auth = _caller_of(request)
    if auth is None:  # only on a public route that asked for the caller: a wiring mistake, still closed
        raise Unauthorized(MSG_NO_SESSION)
    return await _attached(auth, db_session)


def provide_caller_id(request: Request[Any, Any, Any]) -> int:
    """The signed-in caller's id, for handlers that must not open a database transaction (uploads:
    decoding an image takes seconds and needs no lock)."""
    auth = _caller_of(request)
    if auth is None:
        raise Unauthorized(MSG_NO_SESSION)
    return auth.user.id


def provide_member(request: Request[Any, Any, Any]) -> Member:
    """The caller as the sharing policy sees them (id, address, whether it is verified). The guard
    read it at the start of the request, so shared items need no second look-up of the user."""
    auth = _caller_of(request)
    if auth is None:
        raise Unauthorized(MSG_NO_SESSION)
    return _member_of(auth)


def _member_of(auth: Auth) -> Member:
    user = auth.user
    return Member(id=user.id, email=user.email, verified=user.email_verified_at is not None, name=user.name)


def provide_member_check(request: Request[Any, Any, Any]) -> MemberCheck:
    """For a long-lived answer (the event stream): the caller as their session says now, or None
    once the session has ended (signed out, password changed)."""
    bearer = bearer_of(request)

    async def check() -> Member | None:
        try:
            return _member_of(await _authenticate(request, bearer))
        except Unauthorized:
            return None

    return check


async def provide_caller(request: Request[Any, Any, Any], db_session: NamedDependency[AsyncSession]) -> Auth | None:
    """The caller of a public route marked `identify`, or None when no token was sent."""
    auth = _caller_of(request)
    return await _attached(auth, db_session) if auth else None


__all__ = [
    "administrator",
    "provide_auth",
    "provide_caller",
    "provide_caller_id",
    "provide_member",
    "provide_member_check",
    "signed_in",
]
