"""Accounts: registration with invite codes, sessions, e-mail verification and password flows.

Every rule the web app shows is enforced here, throttles included; routes only translate HTTP to
these calls, and every answer leaves as a wire struct made here.
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, NoReturn

from advanced_alchemy.exceptions import IntegrityError as RepositoryIntegrityError
from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from litestar import Request
from litestar.datastructures import Cookie, State
from litestar.di import NamedDependency
from sqlalchemy import bindparam, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts import devices
from larder.accounts.invites import InviteService, invite_scope
from larder.accounts.links import MSG_LINK_INVALID, PURPOSE_RESET, PURPOSE_VERIFY, AccountLinks
from larder.accounts.models import ROLE_ADMIN, ROLE_USER, User
from larder.accounts.schemas import (
    CHANGE_PASSWORD_MIN,
    EMAIL_MAX,
    EMAIL_PATTERN,
    FILTER_PREFERENCES,
    INVITE_CODE_LENGTH,
    NAME_HIDDEN_CHARACTER,
    REGISTER_PASSWORD_MIN,
    RESET_PASSWORD_MIN,
    UPDATE_NAME_MIN_EXCLUSIVE,
    USERNAME_MAX,
    USERNAME_PATTERN,
    LoginOut,
    UserOut,
)
from larder.accounts.sessions import MSG_NO_SESSION, MSG_SESSION_ENDED, Auth, Sessions
from larder.core.clients import client_address
from larder.core.clock import now
from larder.core.email import Mailer
from larder.core.errors import (
    AppError,
    Conflict,
    FieldCollector,
    Forbidden,
    FormError,
    NotFound,
    TooManyRequests,
    Unauthorized,
)
from larder.core.security import (
    burn_password_check,
    hash_password,
    new_token_id,
    verify_password,
)
from larder.core.service import DomainService
from larder.core.settings import Settings
from larder.core.throttle import Limit, NoThrottle, Throttle, request_throttle
from larder.core.uow import INSTANCE, Scope
from larder.sharing.service import AccessPolicy, account_scope

USER_LIST_LIMIT = 500

MSG_USERNAME = "Invalid username, must be 6 or more characters. Letters numbers, dash and underscore allowed only."
MSG_EMAIL = "Invalid email address"
MSG_PASSWORDS_DIFFER = "Passwords do not match"
MSG_RESET_SHORT = "Passwords must be 6 characters or more."
MSG_RESET_DIFFER = "Passwords must match."
MSG_CONFIRM_DIFFERS = "Password does not match."
MSG_BAD_LOGIN = "Invalid email or password."
MSG_INVITE_UNUSABLE = "This invite code is not valid, used up or expired."
MSG_INVITE_LENGTH = f"The invite code must be exactly {INVITE_CODE_LENGTH} characters."
MSG_NAME_TAKEN = "This username is already taken."
MSG_EMAIL_TAKEN = "An account with this email address already exists."
MSG_SAME_VALUES = "Values must differ from the current ones."
MSG_PASSWORD_FOR_EMAIL = "Please enter your current password to change your email address."  # noqa: S105
MSG_WRONG_PASSWORD = "The current password is incorrect."  # noqa: S105
MSG_ALREADY_VERIFIED = "Your email address is already verified."
MSG_NO_ACCOUNT = "No account was found for this email address."
MSG_USER_NOT_FOUND = "This account does not exist."
MSG_DELETE_SELF = "You cannot delete your own account. Ask another administrator to do it."
MSG_DELETE_LAST_ADMIN = "This is the last administrator. Make another account an administrator first."


LOGIN_PER_CLIENT = Limit(20, 300)
LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT = Limit(10, 300)
ACCOUNT_BACKOFF_AFTER = 10  # failures on one account, from anywhere, within the window below
ACCOUNT_BACKOFF_WINDOW_SECONDS = 900
ACCOUNT_BACKOFF_MAX_SECONDS = 60
FORGOT_PER_CLIENT = Limit(10, 900)
FORGOT_PER_EMAIL = Limit(3, 900)
REGISTER_PER_CLIENT = Limit(10, 3600)
TOKEN_PER_CLIENT = Limit(30, 300)
# Each resend is a mail to an address nobody has proven yet: few enough that an account cannot be
# used to flood somebody else's inbox, enough for a lost or slow first mail.
RESEND_VERIFICATION_PER_ACCOUNT = Limit(3, 3600)
# Taken by a registration while the instance has no account yet: of two first registrations with
# different invites, one only becomes the first administrator.
FIRST_ACCOUNT = Scope("first-account")


def normalise_email(email: str) -> str:
    return email.strip().lower()


def is_email(email: str) -> bool:
    return bool(EMAIL_PATTERN.match(email)) and len(email) <= EMAIL_MAX


def new_name_problem(name: str) -> str | None:
    """What is wrong with a username chosen at account update (stripped), or None."""
    if len(name) <= UPDATE_NAME_MIN_EXCLUSIVE:
        return f"Username must be longer than {UPDATE_NAME_MIN_EXCLUSIVE} characters."
    if len(name) > USERNAME_MAX:
        return f"Username must be at most {USERNAME_MAX} characters."
    if NAME_HIDDEN_CHARACTER.search(name):
        return "Username may not contain control characters."
    return None


def _raise_conflicts(conflicts: FieldCollector) -> None:
    """A well-formed form that only the stored state makes wrong (a taken name, an invite used up)
    is a 409, with its field errors as a 422 carries them."""
    if conflicts.errors:
        raise Conflict(next(iter(conflicts.errors.values()))[0], errors=conflicts.errors)


def _on_token_field(exc: AppError) -> AppError:
    """A reset link's failure, shown on the form's token field."""
    return AppError(exc.detail, errors={"token": [exc.detail]}, status_code=exc.status_code)


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


_DISPLAY_NAMES = select(User.id, User.name).where(User.id.in_(bindparam("ids", expanding=True)))


async def display_names(session: AsyncSession, ids: Iterable[int]) -> dict[int, str]:
    """Members' names by id, in one query (owners shown on shared lists, stores and plans)."""
    wanted = set(ids)
    if not wanted:
        return {}
    # One statement built once: it is asked for on many pages.
    return {user_id: name for user_id, name in await session.execute(_DISPLAY_NAMES, {"ids": list(wanted)})}


async def filter_preferences(session: AsyncSession, user_id: int) -> list[str]:
    """The member's saved filter preferences (vegan, vegetarian, gluten_free, sugar_free, dairy_free)."""
    found = await session.scalar(select(User.preferences).where(User.id == user_id))
    return [p for p in FILTER_PREFERENCES if p in (found or [])]


async def verified_contacts(session: AsyncSession, ids: Iterable[int]) -> dict[int, tuple[str, str]]:
    """(name, e-mail) of the members among `ids` whose address is verified, in one query: mail the
    app sends unasked (a daily digest) only ever goes to an address its owner has proven."""
    wanted = set(ids)
    if not wanted:
        return {}
    rows = await session.execute(
        select(User.id, User.name, User.email).where(User.id.in_(wanted), User.email_verified_at.is_not(None))
    )
    return {user_id: (name, email) for user_id, name, email in rows}


@dataclass(frozen=True)
class SignedIn:
    """A sign-in's answer, and the device token cookie that makes this browser known to the account."""

    answer: LoginOut
    device_cookie: Cookie


class UserService(DomainService[User]):
    class Repo(SQLAlchemyAsyncRepository[User]):
        model_type = User

    repository_type = Repo

    def __init__(
        self,
        session: AsyncSession,
        *,
        settings: Settings,
        mailer: Mailer | None = None,
        throttle: Throttle | None = None,
        client: str = "local",
    ) -> None:
        """`throttle` and `client` (the caller's address) come from the request; the command line
        has neither and limits nothing."""
        super().__init__(session)
        self.settings = settings
        self.links = AccountLinks(session, settings, mailer or Mailer(settings))
        self.sessions = Sessions(session, settings)
        self.throttle = throttle or NoThrottle()
        self.client = client
        self._password_checks: dict[tuple[str, str], bool] = {}

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

    async def _current(self, user_id: int) -> User | None:
        """The account as it is now (in a write block: as the write will find it). A write block
        expires what was read before it, so its id is kept from there, not the object."""
        return await self.session.get(User, user_id, populate_existing=True)

    async def _signed_in(self, user_id: int) -> User:
        """The caller's account as it is now; gone meanwhile, the session has ended with it."""
        user = await self._current(user_id)
        if user is None:
            raise Unauthorized(MSG_SESSION_ENDED)
        return user

    def _password_is(self, password_hash: str, password: str) -> bool:
        """verify_password, once per hash: a password is checked before the write turn (the check
        takes a good part of a second) and again in it only when the password was set meanwhile."""
        key = (password_hash, password)
        if key not in self._password_checks:
            self._password_checks[key] = verify_password(password_hash, password)
        return self._password_checks[key]

    async def _taken(self, name: str, email: str, *, except_id: int | None = None) -> FieldCollector:
        conflicts = FieldCollector()
        if await self.name_taken(name, except_id=except_id):
            conflicts.add("name", MSG_NAME_TAKEN)
        if await self.email_taken(email, except_id=except_id):
            conflicts.add("email", MSG_EMAIL_TAKEN)
        return conflicts

    @asynccontextmanager
    async def _unique(self, name: str, email: str, *, except_id: int | None = None) -> AsyncIterator[None]:
        """Writes a name and address the checks found free. Writers of other accounts and invites
        do not wait for this one (PostgreSQL), so another may take either between the check and
        the write: the unique indexes refuse it, and the answer is the 409 the check gives."""
        try:
            async with self.session.begin_nested():
                yield
        except (IntegrityError, RepositoryIntegrityError):
            _raise_conflicts(await self._taken(name, email, except_id=except_id))
            raise

    # -- registration ---------------------------------------------------------------------------
    async def register(
        self, *, name: str, email: str, password: str, password_confirmation: str, beta_code: str
    ) -> UserOut:
        await self.throttle.hit(f"register:client:{self.client}", REGISTER_PER_CLIENT)
        form = FieldCollector()
        name, email, code = name.strip(), email.strip(), beta_code.strip()
        invites = InviteService(session=self.session)
        if not USERNAME_PATTERN.match(name):
            form.add("name", MSG_USERNAME)
        if not is_email(email):
            form.add("email", MSG_EMAIL)
        if len(password) < REGISTER_PASSWORD_MIN:
            form.add("password", MSG_RESET_SHORT)
        if password != password_confirmation:
            form.add("password_confirmation", MSG_PASSWORDS_DIFFER)
        if len(code) != INVITE_CODE_LENGTH:
            form.add("beta_code", MSG_INVITE_LENGTH)
        form.raise_if_any()
        email, code = normalise_email(email), code.upper()
        # Checked before the write turn as well, so a refused registration neither waits for it nor
        # costs a password hash.
        invite_id = await invites.usable_id(code)
        _raise_conflicts(await self._registration_conflicts(invite_id is not None, name, email))
        assert invite_id is not None
        password_hash = hash_password(password)
        scopes = [invite_scope(invite_id)]
        first_account = not await self.has_users()
        if first_account:
            scopes.append(FIRST_ACCOUNT)
        async with self.uow.write(*scopes):
            # Again in the turn: the invite may be used up, the name or address taken by now.
            usable = await invites.usable_id(code) is not None
            _raise_conflicts(await self._registration_conflicts(usable, name, email))
            if not await invites.consume(invite_id):  # expired a moment ago
                raise Conflict(MSG_INVITE_UNUSABLE, errors={"beta_code": [MSG_INVITE_UNUSABLE]})
            first_user = first_account and not await self.has_users()
            role = ROLE_ADMIN if first_user and self.settings.first_user_admin else ROLE_USER
            async with self._unique(name, email):
                user = await self.repository.add(User(name=name, email=email, password_hash=password_hash, role=role))
            await self.links.send_verification(user)
        return to_user_out(user)

    async def _registration_conflicts(self, invite_usable: bool, name: str, email: str) -> FieldCollector:
        if not invite_usable:
            conflicts = FieldCollector()
            conflicts.add("beta_code", MSG_INVITE_UNUSABLE)
            return conflicts
        # Who has an account is told only to somebody holding a valid invite: without one, a
        # stranger could ask the register form which addresses and names exist here.
        return await self._taken(name, email)

    # -- sessions -------------------------------------------------------------------------------
    async def login(
        self, email: str, password: str, user_agent: str | None, cookies: Mapping[str, str] | None = None
    ) -> SignedIn:
        """Sign in; `cookies` are the request's, where a browser that signed in before keeps its device
        token (accounts/devices.py)."""
        await self.throttle.hit(f"login:client:{self.client}", LOGIN_PER_CLIENT)
        # Only failures count against an account, so a household signing in on many devices is never
        # held back. Guessing from one place locks that place out of the account; guessing from many
        # places only slows every attempt on the account down. A browser that signed in to the account
        # before skips both and answers only for its own failures, so a stranger guessing from many
        # places cannot keep the owner out.
        account_key = f"login:fail:{normalise_email(email)}"
        pair_key = f"{account_key}:{self.client}"
        user = await self.by_email(email)
        device = devices.recognise(self.settings, user, cookies or {})
        if device is not None:
            await self.throttle.check(device.failures_key, devices.DEVICE_FAILURES)
        else:
            await self.throttle.check(pair_key, LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT)
            await self._account_backoff(account_key)
        failure_keys = (device.failures_key,) if device is not None else (pair_key, account_key)
        if user is None:
            burn_password_check(password)
            await self._failed_login(failure_keys)
        if not self._password_is(user.password_hash, password):
            await self._failed_login(failure_keys)
        user_id = user.id
        async with self.uow.write(account_scope(user_id)):
            # A new password set meanwhile ends every session: the one opened here must be opened
            # with it; an account deleted meanwhile has none.
            current = await self._current(user_id)
            if current is None or not self._password_is(current.password_hash, password):
                await self._failed_login(failure_keys)
            token = await self.open_session(current, user_agent)
        return SignedIn(LoginOut(token=token, user=to_user_out(current)), devices.issue(self.settings, current))

    async def _failed_login(self, failure_keys: Iterable[str]) -> NoReturn:
        for key in failure_keys:
            await self.throttle.record(key)
        raise Unauthorized(MSG_BAD_LOGIN)

    async def _account_backoff(self, account_key: str) -> None:
        """After many failures on one account from anywhere, each attempt waits a little longer (up to a
        minute) after the last failure."""
        failures = await self.throttle.window(account_key, ACCOUNT_BACKOFF_WINDOW_SECONDS)
        if failures.count < ACCOUNT_BACKOFF_AFTER or failures.newest is None:
            return
        wait = min(2 ** (failures.count - ACCOUNT_BACKOFF_AFTER + 1), ACCOUNT_BACKOFF_MAX_SECONDS)
        left = failures.newest + wait - self.throttle.now()
        if left > 0:
            raise TooManyRequests(math.ceil(left))

    async def open_session(self, user: User, user_agent: str | None = None) -> str:
        return await self.sessions.open(user, user_agent)

    async def authenticate(self, bearer: str | None) -> Auth:
        return await self.sessions.authenticate(bearer)

    async def logout(self, auth: Auth) -> None:
        await self.sessions.revoke(auth)

    async def verify_email(self, token: str) -> None:
        await self.throttle.hit(f"token:client:{self.client}", TOKEN_PER_CLIENT)
        try:
            async with self.uow.write(account_scope(self.links.owner(token, PURPOSE_VERIFY))):
                user = await self.links.redeem(token, PURPOSE_VERIFY)
                if user.email_verified_at is None:
                    user.email_verified_at = now()
        except AppError as exc:
            # The web app shows the `error` field of a failed verification.
            raise AppError(exc.detail, status_code=exc.status_code, extra_body={"error": exc.detail}) from None

    async def resend_verification(self, user: User) -> None:
        """Mail a fresh verification link to the account's current address while it is unproven.

        Earlier links stay valid until they expire: whichever arrives first may be used."""
        if user.email_verified_at is not None:
            raise Conflict(MSG_ALREADY_VERIFIED)
        try:
            await self.throttle.hit(f"verify-resend:user:{user.id}", RESEND_VERIFICATION_PER_ACCOUNT)
        except TooManyRequests as exc:
            seconds = int((exc.headers or {}).get("Retry-After", "60"))
            minutes = math.ceil(seconds / 60)
            raise TooManyRequests(
                seconds,
                message=(
                    f"A verification email was already sent {RESEND_VERIFICATION_PER_ACCOUNT.attempts} times "
                    f"this hour. Please try again in {minutes} minute{'s' if minutes != 1 else ''}."
                ),
            ) from None
        user_id = user.id
        async with self.uow.write(account_scope(user_id)):
            user = await self._signed_in(user_id)
            if user.email_verified_at is not None:  # proven meanwhile, with a link mailed before
                raise Conflict(MSG_ALREADY_VERIFIED)
            await self.links.send_verification(user)

    async def forgot_password(self, email: str) -> None:
        await self.throttle.hit(f"forgot:client:{self.client}", FORGOT_PER_CLIENT)
        await self.throttle.hit(f"forgot:email:{normalise_email(email)}", FORGOT_PER_EMAIL)
        if not is_email(email.strip()):
            raise FormError({"email": [MSG_EMAIL]})
        user = await self.by_email(email)
        if user is None:
            raise NotFound(MSG_NO_ACCOUNT)
        user_id = user.id
        async with self.uow.write(account_scope(user_id)):
            # The link goes to the account that has the address now.
            user = await self._current(user_id)
            if user is None or user.email != normalise_email(email):
                raise NotFound(MSG_NO_ACCOUNT)
            await self.links.send_reset(user)

    async def reset_password(self, *, email: str, password: str, password_confirmation: str, token: str) -> None:
        await self.throttle.hit(f"token:client:{self.client}", TOKEN_PER_CLIENT)
        form = FieldCollector()
        if not is_email(email.strip()):
            form.add("email", MSG_EMAIL)
        if len(password) < RESET_PASSWORD_MIN:
            form.add("password", MSG_RESET_SHORT)
        if password != password_confirmation:
            form.add("password_confirmation", MSG_RESET_DIFFER)
        if not token:
            form.add("token", MSG_LINK_INVALID)
        form.raise_if_any()
        try:
            owner = self.links.owner(token, PURPOSE_RESET)
        except AppError as exc:
            raise _on_token_field(exc) from None
        password_hash = hash_password(password)  # before the write turn: it takes a good part of a second
        async with self.uow.write(account_scope(owner)):
            try:
                user = await self.links.redeem(token, PURPOSE_RESET)
            except AppError as exc:
                raise _on_token_field(exc) from None
            if user.email != normalise_email(email):
                wrong = "This link was not sent to this email address."
                raise Conflict(wrong, errors={"email": [wrong]})
            await self._set_password(user, password_hash)
            # The link reached this inbox, so the address is proven.
            if user.email_verified_at is None:
                user.email_verified_at = now()

    # -- account settings -----------------------------------------------------------------------
    def profile(self, user: User) -> UserOut:
        return to_user_out(user)

    async def update_account(self, user: User, *, name: str, email: str, current_password: str | None) -> UserOut:
        """Rename, or move the account to another address. A new address needs the current password:
        whoever holds a session (a phone left unlocked) must not be able to take the account over."""
        name, email = name.strip(), email.strip()
        form = FieldCollector()
        if (problem := new_name_problem(name)) is not None:
            form.add("name", problem)
        if not is_email(email):
            form.add("email", MSG_EMAIL)
        form.raise_if_any()
        email = normalise_email(email)
        # Checked before the write turn too, so a refused change waits for none and the password
        # is checked outside it.
        await self._check_update(user, name, email, current_password)
        user_id = user.id
        async with self.uow.write(account_scope(user_id)):
            user = await self._signed_in(user_id)
            email_changed = await self._check_update(user, name, email, current_password)
            async with self._unique(name, email, except_id=user.id):
                user.name = name
                if email_changed:
                    user.email = email
                    user.email_verified_at = None
                await self.session.flush()
            if email_changed:
                await self.links.send_verification(user)
        return to_user_out(user)

    async def _check_update(self, user: User, name: str, email: str, current_password: str | None) -> bool:
        """Refuses what `update_account` may not do to `user`; whether the address changes."""
        conflicts = FieldCollector()
        if name != user.name and await self.name_taken(name, except_id=user.id):
            conflicts.add("name", MSG_NAME_TAKEN)
        if email != user.email and await self.email_taken(email, except_id=user.id):
            conflicts.add("email", MSG_EMAIL_TAKEN)
        if name == user.name and email == user.email:
            conflicts.add("name", MSG_SAME_VALUES)
            conflicts.add("email", MSG_SAME_VALUES)
        _raise_conflicts(conflicts)
        # Who holds the session but not the password may not move the account elsewhere.
        email_changed = email != user.email
        if email_changed and not current_password:
            raise Forbidden(MSG_PASSWORD_FOR_EMAIL, errors={"current_password": [MSG_PASSWORD_FOR_EMAIL]})
        if email_changed and not self._password_is(user.password_hash, current_password or ""):
            raise Forbidden(MSG_WRONG_PASSWORD, errors={"current_password": [MSG_WRONG_PASSWORD]})
        return email_changed

    async def change_password(
        self, user: User, *, current_password: str, new_password: str, confirm_password: str
    ) -> None:
        form = FieldCollector()
        if len(current_password) < CHANGE_PASSWORD_MIN:
            form.add("current_password", f"Current password must be at least {CHANGE_PASSWORD_MIN} characters.")
        if len(new_password) < CHANGE_PASSWORD_MIN:
            form.add("new_password", f"New password must be at least {CHANGE_PASSWORD_MIN} characters.")
        if new_password != confirm_password:
            form.add("confirm_password", MSG_CONFIRM_DIFFERS)
        form.raise_if_any()
        # The slow checks before the write turn: the current password, the new one's hash.
        self._check_current_password(user, current_password)
        password_hash = hash_password(new_password)
        user_id = user.id
        async with self.uow.write(account_scope(user_id)):
            user = await self._signed_in(user_id)
            self._check_current_password(user, current_password)
            await self._set_password(user, password_hash)

    def _check_current_password(self, user: User, current_password: str) -> None:
        if not self._password_is(user.password_hash, current_password):
            raise Forbidden(MSG_WRONG_PASSWORD, errors={"current_password": [MSG_WRONG_PASSWORD]})

    async def _set_password(self, user: User, password_hash: str) -> None:
        """A new password (its hash) ends everything the old one let anybody hold: the account's
        sessions, the reset links still in inboxes and the device tokens of the browsers that signed
        in with it (both carry the credential stamp, which changes here)."""
        async with self.uow.write(account_scope(user.id)):
            user.password_hash = password_hash
            user.credential_stamp = new_token_id()
            await self.sessions.revoke_all(user)

    async def set_preferences(self, user: User, preferences: list[str]) -> UserOut:
        """Known preferences only (the wire type allows no other); unknown ones are dropped."""
        # Stored in the spec's order, once each, whatever order the client sent.
        wanted = [p for p in FILTER_PREFERENCES if p in preferences]
        user_id = user.id
        async with self.uow.write(account_scope(user_id)):
            user = await self._signed_in(user_id)
            user.preferences = wanted
            await self.session.flush()
        return to_user_out(user)

    # -- administration -------------------------------------------------------------------------
    async def create_verified(self, *, name: str, email: str, password: str, admin: bool = False) -> UserOut:
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
        user = await self.repository.add(
            User(
                name=name.strip(),
                email=normalise_email(email),
                password_hash=hash_password(password),
                role=ROLE_ADMIN if admin else ROLE_USER,
                email_verified_at=now(),
            )
        )
        return to_user_out(user)

    async def promote(self, email: str) -> UserOut:
        user = await self.by_email(email)
        if user is None:
            raise NotFound(MSG_NO_ACCOUNT)
        user.role = ROLE_ADMIN
        return to_user_out(user)

    async def delete_account(self, user_id: int, *, acting_id: int) -> UserOut:
        """DELETE /api/admin/users/{id}: an administrator deletes another account, with everything
        it owns in every scope: the write of the whole instance."""
        async with self.uow.write(INSTANCE):
            user = await self.session.get(User, user_id)
            if user is None:
                raise NotFound(MSG_USER_NOT_FOUND)
            if user.id == acting_id:
                raise Conflict(MSG_DELETE_SELF)
            return await self._delete(user)

    async def delete_by_email(self, email: str) -> UserOut:
        """`larder user delete EMAIL`: whoever runs the command line holds the instance already."""
        user = await self.by_email(email)
        if user is None:
            raise NotFound(MSG_NO_ACCOUNT)
        return await self._delete(user)

    async def _delete(self, user: User) -> UserOut:
        """The account and everything it owns, in the caller's one transaction.

        The foreign keys (SQLite's are on for every connection, core/db.py) take its sessions and
        links, saved, own and imported recipes, publish requests, shopping lists, food stores with
        their stock, its default store, the expiry e-mail setting, the receipt matches it taught
        and the shares it made. What it published stays in the catalogue, still credited by name:
        the catalogue row is a copy whose author link becomes empty. Shares addressed to its e-mail
        go through the sharing policy.
        """
        if user.is_admin:
            others = await self.session.scalar(
                select(func.count(User.id)).where(User.role == ROLE_ADMIN, User.id != user.id)
            )
            if not others:
                raise Conflict(MSG_DELETE_LAST_ADMIN)
        gone = to_user_out(user)
        await AccessPolicy(self.session).forget_address(user.email)
        await self.session.delete(user)
        await self.session.flush()
        return gone

    async def list_users(self) -> list[UserOut]:
        rows = await self.session.scalars(select(User).order_by(User.id).limit(USER_LIST_LIMIT))
        return [to_user_out(u) for u in rows]

    async def users_by_id(self, ids: Iterable[int]) -> dict[int, UserOut]:
        """Accounts by id for other domains (authors of recipes); missing ids are simply absent."""
        wanted = set(ids)
        if not wanted:
            return {}
        return {u.id: to_user_out(u) for u in await self.session.scalars(select(User).where(User.id.in_(wanted)))}

    async def has_users(self) -> bool:
        return await self.session.scalar(select(User.id).limit(1)) is not None


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
    "MSG_NO_SESSION",
    "Auth",
    "InviteService",
    "SignedIn",
    "UserService",
    "display_names",
    "filter_preferences",
    "is_email",
    "provide_invite_service",
    "provide_user_service",
    "to_user_out",
    "verified_contacts",
]
