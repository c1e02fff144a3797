"""Administration of accounts: accounts made by the command line, a promotion to administrator,
the list of accounts, and deleting an account with everything it owns.
"""

from __future__ import annotations

from sqlalchemy import func, select

from larder.accounts.models import ROLE_ADMIN, ROLE_USER, User
from larder.accounts.schemas import REGISTER_PASSWORD_MIN, USERNAME_PATTERN, UserOut
from larder.accounts.users import (
    MSG_EMAIL,
    MSG_NO_ACCOUNT,
    MSG_RESET_SHORT,
    MSG_USERNAME,
    UserServiceBase,
    is_email,
    normalise_email,
    to_user_out,
)
from larder.core.base.clock import now
from larder.core.base.errors import Conflict, FieldCollector, NotFound
from larder.core.base.security import hash_password
from larder.core.db.uow import INSTANCE
from larder.sharing.service import AccessPolicy

USER_LIST_LIMIT = 500

MSG_USER_NOT_FOUND = "This account does not exist."
MSG_DELETE_SELF = "You cannot delete your own account. Ask another administrator to do it."
MSG_DELETE_LAST_ADMIN = "This is the last administrator. Make another account an administrator first."


class Administration(UserServiceBase):
    """What administrators and the command line do to accounts."""

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

        The foreign keys (SQLite's are on for every connection, core/db/engine.py) take its sessions and
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
