"""Accounts: registration with invite codes, sessions, e-mail verification and password flows.

Every rule the web app shows is enforced here; routes only translate HTTP to these calls.
"""

from __future__ import annotations

import re
from collections.abc import AsyncGenerator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from advanced_alchemy.service import SQLAlchemyAsyncRepositoryService
from litestar import Request
from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.models import ROLE_ADMIN, ROLE_USER, AccountToken, InviteCode, User, UserSession
from larder.accounts.schemas import InviteOut, UserOut
from larder.core.email import Mail, Mailer
from larder.core.errors import AppError, FieldCollector, Forbidden, FormError, NotFound, Unauthorized
from larder.core.security import (
    TokenExpired,
    TokenInvalid,
    burn_password_check,
    hash_password,
    issue_token,
    random_code,
    read_token,
    verify_password,
)
from larder.core.settings import Settings
from larder.core.throttle import Limit, Throttle

INVITE_CODE_LENGTH = 8
USERNAME_PATTERN = re.compile(r"^[A-Za-z0-9_-]{6,64}$")
EMAIL_PATTERN = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
USERNAME_MAX = 64
RESET_PASSWORD_MIN = 6
REGISTER_PASSWORD_MIN = 6  # not shown by the spec; the reset rule, so one password works everywhere
CHANGE_PASSWORD_MIN = 5
UPDATE_NAME_MIN_EXCLUSIVE = 3
FILTER_PREFERENCES = ("vegetarian", "vegan", "gluten_free", "sugar_free", "dairy_free")

MSG_USERNAME = "Invalid username, must be 6 or more characters. Letters numbers, dash and underscore allowed only."
MSG_EMAIL = "Invalid email address"
MSG_PASSWORDS_DIFFER = "Passwords do not match"
MSG_RESET_SHORT = "Passwords must be 6 characters or more."
MSG_RESET_DIFFER = "Passwords must match."
MSG_LINK_EXPIRED = "This link has expired."
MSG_LINK_INVALID = "This link is invalid."
MSG_LINK_USED = "This link has already been used."
MSG_BAD_LOGIN = "Invalid email or password."
MSG_NO_SESSION = "Please log in to continue."
MSG_SESSION_ENDED = "Your session has ended. Please log in again."

PURPOSE_SESSION = "session"
PURPOSE_RESET = "reset"
PURPOSE_VERIFY = "verify"

LOGIN_PER_CLIENT = Limit(20, 300)
LOGIN_PER_EMAIL = Limit(10, 300)
FORGOT_PER_CLIENT = Limit(10, 900)
FORGOT_PER_EMAIL = Limit(3, 900)
REGISTER_PER_CLIENT = Limit(10, 3600)
TOKEN_PER_CLIENT = Limit(30, 300)


def now() -> datetime:
    return datetime.now(UTC)


def normalise_email(email: str) -> str:
    return email.strip().lower()


def is_email(email: str) -> bool:
    return bool(EMAIL_PATTERN.match(email)) and len(email) <= 254


def to_user_out(user: User) -> UserOut:
    return UserOut(
        id=user.id,
        name=user.name,
        email=user.email,
        email_verified=user.email_verified_at is not None,
        role=user.role,
        created_at=user.created_at,
        preferences=list(user.preferences or []),
    )


def to_invite_out(invite: InviteCode) -> InviteOut:
    return InviteOut(
        code=invite.code,
        max_uses=invite.max_uses,
        uses=invite.uses,
        expires_at=invite.expires_at,
        created_at=invite.created_at,
    )


@dataclass(frozen=True)
class Auth:
    """The signed-in caller of a request."""

    user: User
    token_id: str


@dataclass(frozen=True)
class LoginResult:
    token: str
    user: User


class InviteService(SQLAlchemyAsyncRepositoryService[InviteCode]):
    class Repo(SQLAlchemyAsyncRepository[InviteCode]):
        model_type = InviteCode

    repository_type = Repo

    async def create_codes(self, count: int = 1, uses: int = 1, expires_days: int | None = None) -> list[InviteCode]:
        if not 1 <= count <= 1000:
            raise FormError({"count": ["Count must be between 1 and 1000."]})
        if not 1 <= uses <= 10_000:
            raise FormError({"uses": ["Uses must be between 1 and 10000."]})
        if expires_days is not None and not 1 <= expires_days <= 3650:
            raise FormError({"expires_days": ["Expiry must be between 1 and 3650 days."]})
        expires_at = now() + timedelta(days=expires_days) if expires_days else None
        codes: list[InviteCode] = []
        taken = set(await self.repository.session.scalars(select(InviteCode.code)))
        while len(codes) < count:
            code = random_code(INVITE_CODE_LENGTH)
            if code in taken:
                continue
            taken.add(code)
            codes.append(InviteCode(code=code, max_uses=uses, uses=0, expires_at=expires_at))
        return list(await self.create_many(codes))

    async def consume(self, code: str) -> bool:
        """Use one invite atomically; False when unknown, used up or expired."""
        result = await self.repository.session.execute(
            update(InviteCode)
            .where(
                InviteCode.code == code.strip().upper(),
                InviteCode.uses < InviteCode.max_uses,
                (InviteCode.expires_at.is_(None)) | (InviteCode.expires_at > now()),
            )
            .values(uses=InviteCode.uses + 1)
        )
        return bool(getattr(result, "rowcount", 0))

    async def usable_code(self) -> InviteCode | None:
        return await self.repository.session.scalar(
            select(InviteCode)
            .where(
                InviteCode.uses < InviteCode.max_uses,
                (InviteCode.expires_at.is_(None)) | (InviteCode.expires_at > now()),
            )
            .order_by(InviteCode.id)
            .limit(1)
        )

    async def list_newest(self, limit: int = 200) -> list[InviteCode]:
        return list(
            await self.repository.session.scalars(select(InviteCode).order_by(InviteCode.id.desc()).limit(limit))
        )


class UserService(SQLAlchemyAsyncRepositoryService[User]):
    class Repo(SQLAlchemyAsyncRepository[User]):
        model_type = User

    repository_type = Repo

    def __init__(self, session: AsyncSession, *, settings: Settings, mailer: Mailer | None = None, **kw: Any) -> None:
        super().__init__(session=session, **kw)
        self.settings = settings
        self.mailer = mailer or Mailer(settings)

    @property
    def session(self) -> AsyncSession:
        return self.repository.session

    # -- look-ups -------------------------------------------------------------------------------
    async def by_email(self, email: str) -> User | None:
        return await self.session.scalar(select(User).where(User.email == normalise_email(email)))

    async def name_taken(self, name: str, *, except_id: int | None = None) -> bool:
        query = select(User.id).where(func.lower(User.name) == name.strip().lower())
        if except_id is not None:
            query = query.where(User.id != except_id)
        return await self.session.scalar(query.limit(1)) is not None

    async def email_taken(self, email: str, *, except_id: int | None = None) -> bool:
        query = select(User.id).where(User.email == normalise_email(email))
        if except_id is not None:
            query = query.where(User.id != except_id)
        return await self.session.scalar(query.limit(1)) is not None

    # -- registration ---------------------------------------------------------------------------
    async def register(
        self, *, name: str, email: str, password: str, password_confirmation: str, beta_code: str
    ) -> User:
        form = FieldCollector()
        name = name.strip()
        email = normalise_email(email)
        code = beta_code.strip().upper()
        if not USERNAME_PATTERN.match(name):
            form.add("name", MSG_USERNAME)
        elif await self.name_taken(name):
            form.add("name", "This username is already taken.")
        if not is_email(email):
            form.add("email", MSG_EMAIL)
        elif await self.email_taken(email):
            form.add("email", "An account with this email address already exists.")
        if len(password) < REGISTER_PASSWORD_MIN:
            form.add("password", MSG_RESET_SHORT)
        if password != password_confirmation:
            form.add("password_confirmation", MSG_PASSWORDS_DIFFER)
        if len(code) != INVITE_CODE_LENGTH:
            form.add("beta_code", "The invite code must be exactly 8 characters.")
        form.raise_if_any()
        if not await InviteService(session=self.session).consume(code):
            raise FormError({"beta_code": ["This invite code is not valid, used up or expired."]})
        first_user = not await self.session.scalar(select(User.id).limit(1))
        role = ROLE_ADMIN if first_user and self.settings.first_user_admin else ROLE_USER
        user = await self.create(User(name=name, email=email, password_hash=hash_password(password), role=role))
        await self.send_verification(user)
        return user

    # -- sessions -------------------------------------------------------------------------------
    async def login(self, email: str, password: str, user_agent: str | None) -> LoginResult:
        user = await self.by_email(email)
        if user is None:
            burn_password_check(password)
            raise Unauthorized(MSG_BAD_LOGIN)
        if not verify_password(user.password_hash, password):
            raise Unauthorized(MSG_BAD_LOGIN)
        token = await self.open_session(user, user_agent)
        return LoginResult(token=token, user=user)

    async def open_session(self, user: User, user_agent: str | None = None) -> str:
        ttl = self.settings.session_ttl_days * 86_400
        token, claims = issue_token(
            self.settings.secret_key, subject=str(user.id), purpose=PURPOSE_SESSION, ttl_seconds=ttl
        )
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
        if not bearer:
            raise Unauthorized(MSG_NO_SESSION)
        try:
            claims = read_token(self.settings.secret_key, bearer, purpose=PURPOSE_SESSION)
        except (TokenExpired, TokenInvalid):
            raise Unauthorized(MSG_SESSION_ENDED) from None
        row = await self.session.scalar(select(UserSession).where(UserSession.token_id == claims.token_id))
        if row is None or row.revoked_at is not None or row.expires_at <= now() or str(row.user_id) != claims.subject:
            raise Unauthorized(MSG_SESSION_ENDED)
        user = await self.session.get(User, row.user_id)
        if user is None:
            raise Unauthorized(MSG_SESSION_ENDED)
        return Auth(user=user, token_id=claims.token_id)

    async def logout(self, auth: Auth) -> None:
        await self.session.execute(
            update(UserSession).where(UserSession.token_id == auth.token_id).values(revoked_at=now())
        )

    async def revoke_all_sessions(self, user: User) -> None:
        await self.session.execute(
            update(UserSession)
            .where(UserSession.user_id == user.id, UserSession.revoked_at.is_(None))
            .values(revoked_at=now())
        )

    # -- one-time links -------------------------------------------------------------------------
    async def _issue_link_token(self, user: User, purpose: str, ttl_seconds: int) -> str:
        token, claims = issue_token(
            self.settings.secret_key, subject=str(user.id), purpose=purpose, ttl_seconds=ttl_seconds, email=user.email
        )
        self.session.add(
            AccountToken(
                token_id=claims.token_id,
                user_id=user.id,
                purpose=purpose,
                email=user.email,
                expires_at=datetime.fromtimestamp(claims.expires_at, UTC),
            )
        )
        await self.session.flush()
        return token

    async def _redeem_link_token(self, token: str, purpose: str) -> tuple[User, AccountToken]:
        """Check a link token and mark it used. Raises AppError with the link message."""
        try:
            claims = read_token(self.settings.secret_key, token, purpose=purpose)
        except TokenExpired:
            raise AppError(MSG_LINK_EXPIRED) from None
        except TokenInvalid:
            raise AppError(MSG_LINK_INVALID) from None
        row = await self.session.scalar(
            select(AccountToken).where(AccountToken.token_id == claims.token_id, AccountToken.purpose == purpose)
        )
        if row is None:
            raise AppError(MSG_LINK_INVALID)
        if row.used_at is not None:
            raise AppError(MSG_LINK_USED)
        user = await self.session.get(User, row.user_id)
        # A link is bound to the address it was sent to: a changed e-mail makes old links void.
        if user is None or user.email != row.email:
            raise AppError(MSG_LINK_INVALID)
        row.used_at = now()
        return user, row

    async def send_verification(self, user: User) -> None:
        token = await self._issue_link_token(user, PURPOSE_VERIFY, self.settings.verify_token_ttl_hours * 3600)
        link = f"{self.settings.public_url}/verify?token={token}"
        await self.mailer.send(
            self.session,
            Mail(
                to=user.email,
                subject="Verify your Larder email address",
                body=(
                    f"Hello {user.name},\n\nPlease confirm your email address for Larder by opening this link:\n\n"
                    f"{link}\n\nThe link is valid for {self.settings.verify_token_ttl_hours} hours.\n"
                ),
            ),
        )

    async def verify_email(self, token: str) -> User:
        user, _ = await self._redeem_link_token(token, PURPOSE_VERIFY)
        if user.email_verified_at is None:
            user.email_verified_at = now()
        return user

    async def forgot_password(self, email: str) -> None:
        if not is_email(normalise_email(email)):
            raise FormError({"email": [MSG_EMAIL]})
        user = await self.by_email(email)
        if user is None:
            raise NotFound("No account was found for this email address.")
        token = await self._issue_link_token(user, PURPOSE_RESET, self.settings.reset_token_ttl_minutes * 60)
        link = f"{self.settings.public_url}/reset-password?token={token}"
        await self.mailer.send(
            self.session,
            Mail(
                to=user.email,
                subject="Reset your Larder password",
                body=(
                    f"Hello {user.name},\n\nSomeone asked to reset the password of your Larder account. "
                    f"To choose a new password, open this link:\n\n{link}\n\n"
                    f"The link is valid for {self.settings.reset_token_ttl_minutes} minutes and works once. "
                    "If you did not ask for this, you can ignore this message.\n"
                ),
            ),
        )

    async def reset_password(self, *, email: str, password: str, password_confirmation: str, token: str) -> None:
        form = FieldCollector()
        if not is_email(normalise_email(email)):
            form.add("email", MSG_EMAIL)
        if len(password) < RESET_PASSWORD_MIN:
            form.add("password", MSG_RESET_SHORT)
        if password != password_confirmation:
            form.add("password_confirmation", MSG_RESET_DIFFER)
        if not token:
            form.add("token", MSG_LINK_INVALID)
        form.raise_if_any()
        try:
            user, _ = await self._redeem_link_token(token, PURPOSE_RESET)
        except AppError as exc:
            raise FormError({"token": [exc.detail]}) from None
        if user.email != normalise_email(email):
            raise FormError({"email": ["This link was not sent to this email address."]})
        user.password_hash = hash_password(password)
        # The link reached this inbox, so the address is proven.
        if user.email_verified_at is None:
            user.email_verified_at = now()
        await self.revoke_all_sessions(user)

    # -- account settings -----------------------------------------------------------------------
    async def update_account(self, user: User, *, name: str, email: str) -> User:
        name = name.strip()
        email = normalise_email(email)
        form = FieldCollector()
        if len(name) <= UPDATE_NAME_MIN_EXCLUSIVE:
            form.add("name", "Username must be longer than 3 characters.")
        elif len(name) > USERNAME_MAX:
            form.add("name", "Username must be at most 64 characters.")
        elif any((ch.isspace() and ch != " ") or not ch.isprintable() for ch in name):
            form.add("name", "Username may not contain control characters.")
        elif name != user.name and await self.name_taken(name, except_id=user.id):
            form.add("name", "This username is already taken.")
        if not is_email(email):
            form.add("email", MSG_EMAIL)
        elif email != user.email and await self.email_taken(email, except_id=user.id):
            form.add("email", "An account with this email address already exists.")
        form.raise_if_any()
        if name == user.name and email == user.email:
            same = "Values must differ from the current ones."
            raise FormError({"name": [same], "email": [same]}, message=same)
        email_changed = email != user.email
        user.name = name
        if email_changed:
            user.email = email
            user.email_verified_at = None
        await self.session.flush()
        if email_changed:
            await self.send_verification(user)
        return user

    async def change_password(
        self, user: User, *, current_password: str, new_password: str, confirm_password: str
    ) -> None:
        form = FieldCollector()
        if len(current_password) < CHANGE_PASSWORD_MIN:
            form.add("current_password", "Current password must be at least 5 characters.")
        if len(new_password) < CHANGE_PASSWORD_MIN:
            form.add("new_password", "New password must be at least 5 characters.")
        if new_password != confirm_password:
            form.add("confirm_password", "Password does not match.")
        form.raise_if_any()
        if not verify_password(user.password_hash, current_password):
            raise FormError({"current_password": ["The current password is incorrect."]})
        user.password_hash = hash_password(new_password)
        await self.revoke_all_sessions(user)

    async def set_preferences(self, user: User, preferences: list[str]) -> User:
        unknown = sorted({p for p in preferences if p not in FILTER_PREFERENCES})
        if unknown:
            raise FormError(
                {"preferences": [f"Unknown preference: {', '.join(unknown)}. Use {', '.join(FILTER_PREFERENCES)}."]}
            )
        # Stored in the spec's order, once each, whatever order the client sent.
        user.preferences = [p for p in FILTER_PREFERENCES if p in preferences]
        await self.session.flush()
        return user

    # -- administration -------------------------------------------------------------------------
    async def create_verified(self, *, name: str, email: str, password: str, admin: bool = False) -> User:
        form = FieldCollector()
        if not USERNAME_PATTERN.match(name.strip()):
            form.add("name", MSG_USERNAME)
        elif await self.name_taken(name):
            form.add("name", "This username is already taken.")
        if not is_email(normalise_email(email)):
            form.add("email", MSG_EMAIL)
        elif await self.email_taken(email):
            form.add("email", "An account with this email address already exists.")
        if len(password) < REGISTER_PASSWORD_MIN:
            form.add("password", MSG_RESET_SHORT)
        form.raise_if_any()
        return await self.create(
            User(
                name=name.strip(),
                email=normalise_email(email),
                password_hash=hash_password(password),
                role=ROLE_ADMIN if admin else ROLE_USER,
                email_verified_at=now(),
            )
        )

    async def promote(self, email: str) -> User:
        user = await self.by_email(email)
        if user is None:
            raise NotFound("No account was found for this email address.")
        user.role = ROLE_ADMIN
        return user

    async def list_users(self, limit: int = 500) -> list[User]:
        return list(await self.session.scalars(select(User).order_by(User.id).limit(limit)))

    async def has_users(self) -> bool:
        return await self.session.scalar(select(User.id).limit(1)) is not None


# -- request dependencies (the public surface other domains use) --------------------------------


def client_key(request: Request[Any, Any, Any]) -> str:
    return request.client.host if request.client else "unknown"


def throttle_of(state: State) -> Throttle:
    return state["throttle"]


async def provide_user_service(
    db_session: NamedDependency[AsyncSession], state: State
) -> AsyncGenerator[UserService, None]:
    yield UserService(session=db_session, settings=state["settings"], mailer=state["mailer"])


async def provide_invite_service(db_session: NamedDependency[AsyncSession]) -> AsyncGenerator[InviteService, None]:
    yield InviteService(session=db_session)


async def provide_auth(request: Request[Any, Any, Any], users: NamedDependency[UserService]) -> Auth:
    header = request.headers.get("authorization", "")
    scheme, _, credentials = header.partition(" ")
    bearer = credentials.strip() if scheme.lower() == "bearer" else None
    return await users.authenticate(bearer)


async def provide_admin(auth: NamedDependency[Auth]) -> Auth:
    if not auth.user.is_admin:
        raise Forbidden("Only an administrator may do this.")
    return auth
