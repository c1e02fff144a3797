"""Accounts: registration with invite codes, sessions, e-mail verification and password flows.

Every rule the web app shows is enforced here, throttles included; routes only translate HTTP to
these calls, and every answer leaves as a wire struct made here. UserService is made of one part
per job, each in its module: signing in (signin.py), registration and verification
(registration.py), passwords (passwords.py), the member's own settings (profile.py) and the
administration of accounts (administration.py), on the shared base in users.py. This module is
what other domains import of accounts.
"""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.administration import Administration
from larder.accounts.directory import display_names, display_names_here, filter_preferences, verified_contacts
from larder.accounts.invites import InviteService
from larder.accounts.passwords import Passwords
from larder.accounts.profile import Profile
from larder.accounts.registration import Registration
from larder.accounts.schemas import EMAIL_PATTERN
from larder.accounts.sessions import MSG_NO_SESSION, Auth
from larder.accounts.signin import SignedIn, SignIn
from larder.accounts.users import is_email, normalise_email, to_user_out
from larder.core.db.throttle import request_throttle
from larder.core.web.clients import client_address


class UserService(SignIn, Registration, Passwords, Profile, Administration):
    """Every account operation, one request's worth: the routes' and the command line's service."""


# -- request dependencies (the public surface other domains use) --------------------------------


def provide_user_service(
    db_session: NamedDependency[AsyncSession], state: State, request: Request[Any, Any, Any]
) -> UserService:
    return UserService(
        session=db_session,
        settings=state["settings"],
        mailer=state["mailer"],
        throttle=request_throttle(state, db_session),
        client=client_address(request),
    )


def provide_invite_service(db_session: NamedDependency[AsyncSession]) -> InviteService:
    return InviteService(session=db_session)


__all__ = [
    "EMAIL_PATTERN",
    "MSG_NO_SESSION",
    "Auth",
    "InviteService",
    "SignedIn",
    "UserService",
    "display_names",
    "display_names_here",
    "filter_preferences",
    "is_email",
    "normalise_email",
    "provide_invite_service",
    "provide_user_service",
    "to_user_out",
    "verified_contacts",
]
