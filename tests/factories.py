"""Factories: accounts and sessions written straight to the database.

Registering over HTTP costs two argon2 computations per user (the hash at register-beta, the
verify at /login), an invite code and a verification mail through the SMTP server. Most tests only
need someone signed in, so these make the same rows a fresh registration plus a login leaves: a
`user_account` row (unverified, role user, no preferences) whose password hash is that of
DEFAULT_PASSWORD, computed once per test process, and a real `user_session` row opened by the
service's own `open_session`, so the token is checked, expired and revoked like any other.

The tests about registration, login and verification keep the HTTP way
(`registered_member_factory` in tests/conftest.py).
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from typing import Any

from larder.accounts.models import ROLE_ADMIN, ROLE_USER, User
from larder.accounts.schemas import USERNAME_PATTERN
from larder.accounts.service import UserService, is_email, normalise_email
from larder.core.base.security import hash_password
from larder.core.base.settings import Settings
from tests.support import DEFAULT_PASSWORD, run_db

USER_AGENT = "testclient"  # what TestClient sends to /login


class Member:
    """A registered account with its credentials and a live token."""

    def __init__(self, name: str, email: str, token: str, user_id: int, password: str = DEFAULT_PASSWORD) -> None:
        self.name = name
        self.email = email
        self.password = password
        self.token = token
        self.id = user_id

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


@cache
def password_hash(password: str = DEFAULT_PASSWORD) -> str:
    """The argon2 hash of `password`, made once per process: hashing is the slow part of an account."""
    return hash_password(password)


async def create_user(
    session: Any,
    *,
    name: str,
    email: str,
    password: str = DEFAULT_PASSWORD,
    verified: bool = False,
    admin: bool = False,
) -> User:
    """A `user_account` row as registration makes it (name stripped, e-mail lower-cased)."""
    name = name.strip()
    email = normalise_email(email)
    assert USERNAME_PATTERN.match(name), f"registration would refuse the name {name!r}"
    assert is_email(email), f"registration would refuse the address {email!r}"
    user = User(
        name=name,
        email=email,
        password_hash=password_hash(password),
        role=ROLE_ADMIN if admin else ROLE_USER,
        email_verified_at=datetime.now(UTC) if verified else None,
    )
    session.add(user)
    await session.flush()
    return user


async def open_session(session: Any, settings: Settings, user: User, user_agent: str | None = USER_AGENT) -> str:
    """A bearer token backed by a real `user_session` row, made by the service as /login makes it."""
    return await UserService(session=session, settings=settings).open_session(user, user_agent)


def make_member(
    settings: Settings,
    name: str = "alice_1",
    email: str = "alice@example.org",
    *,
    password: str = DEFAULT_PASSWORD,
    verified: bool = False,
    admin: bool = False,
) -> Member:
    """An account with a session, committed in one transaction of its own."""

    async def work(session: Any) -> Member:
        user = await create_user(session, name=name, email=email, password=password, verified=verified, admin=admin)
        token = await open_session(session, settings, user)
        return Member(user.name, user.email, token, user.id, password)

    return run_db(settings, work)
