"""The base every part of UserService (service.py) stands on: the account look-ups, the rules
every account operation shares (a well-formed address, a free name and address, the caller's
account as it is now) and an account's wire form.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager

from advanced_alchemy.exceptions import IntegrityError as RepositoryIntegrityError
from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.links import AccountLinks
from larder.accounts.models import User
from larder.accounts.schemas import EMAIL_MAX, EMAIL_PATTERN, UserOut
from larder.accounts.sessions import MSG_SESSION_ENDED, Sessions
from larder.core.base.errors import Conflict, FieldCollector, Unauthorized
from larder.core.base.security import verify_password
from larder.core.base.settings import Settings
from larder.core.db.service import DomainService
from larder.core.db.throttle import Limit, NoThrottle, Throttle
from larder.core.mail.email import Mailer

MSG_USERNAME = "Invalid username, must be 6 or more characters. Letters numbers, dash and underscore allowed only."
MSG_EMAIL = "Invalid email address"
MSG_RESET_SHORT = "Passwords must be 6 characters or more."
MSG_NAME_TAKEN = "This username is already taken."
MSG_EMAIL_TAKEN = "An account with this email address already exists."
MSG_WRONG_PASSWORD = "The current password is incorrect."  # noqa: S105
MSG_NO_ACCOUNT = "No account was found for this email address."

TOKEN_PER_CLIENT = Limit(30, 300)


def normalise_email(email: str) -> str:
    return email.strip().lower()


def is_email(email: str) -> bool:
    return bool(EMAIL_PATTERN.match(email)) and len(email) <= EMAIL_MAX


def raise_conflicts(conflicts: FieldCollector) -> None:
    """A well-formed form that only the stored state makes wrong (a taken name, an invite used up)
    is a 409, with its field errors as a 422 carries them."""
    if conflicts.errors:
        raise Conflict(next(iter(conflicts.errors.values()))[0], errors=conflicts.errors)


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


class UserServiceBase(DomainService[User]):
    """One request's accounts: its session, settings, mail links, throttle and caller's address."""

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
            raise_conflicts(await self._taken(name, email, except_id=except_id))
            raise

    async def users_by_id(self, ids: Iterable[int]) -> dict[int, UserOut]:
        """Accounts by id for other domains (authors of recipes); missing ids are simply absent."""
        wanted = set(ids)
        if not wanted:
            return {}
        return {u.id: to_user_out(u) for u in await self.session.scalars(select(User).where(User.id.in_(wanted)))}

    async def has_users(self) -> bool:
        return await self.session.scalar(select(User.id).limit(1)) is not None
