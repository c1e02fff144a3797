"""The member's own account settings: the profile, a new name or address, filter preferences."""

from __future__ import annotations

from collections.abc import Sequence

from larder.accounts.models import User
from larder.accounts.schemas import (
    FILTER_PREFERENCES,
    NAME_HIDDEN_CHARACTER,
    UPDATE_NAME_MIN_EXCLUSIVE,
    USERNAME_MAX,
    UserOut,
)
from larder.accounts.users import (
    MSG_EMAIL,
    MSG_EMAIL_TAKEN,
    MSG_NAME_TAKEN,
    MSG_WRONG_PASSWORD,
    UserServiceBase,
    is_email,
    normalise_email,
    raise_conflicts,
    to_user_out,
)
from larder.core.base.errors import FieldCollector, Forbidden
from larder.sharing.service import account_scope

MSG_SAME_VALUES = "Values must differ from the current ones."
MSG_PASSWORD_FOR_EMAIL = "Please enter your current password to change your email address."  # noqa: S105


def new_name_problem(name: str) -> str | None:
    """What is wrong with a username chosen at account update (stripped), or None."""
    if len(name) <= UPDATE_NAME_MIN_EXCLUSIVE:
        return f"Username must be longer than {UPDATE_NAME_MIN_EXCLUSIVE} characters."
    if len(name) > USERNAME_MAX:
        return f"Username must be at most {USERNAME_MAX} characters."
    if NAME_HIDDEN_CHARACTER.search(name):
        return "Username may not contain control characters."
    return None


class Profile(UserServiceBase):
    """What members change of their own account."""

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
        raise_conflicts(conflicts)
        # Who holds the session but not the password may not move the account elsewhere.
        email_changed = email != user.email
        if email_changed and not current_password:
            raise Forbidden(MSG_PASSWORD_FOR_EMAIL, errors={"current_password": [MSG_PASSWORD_FOR_EMAIL]})
        if email_changed and not self._password_is(user.password_hash, current_password or ""):
            raise Forbidden(MSG_WRONG_PASSWORD, errors={"current_password": [MSG_WRONG_PASSWORD]})
        return email_changed

    async def set_preferences(self, user: User, preferences: Sequence[str]) -> UserOut:
        """Known preferences only (the wire type allows no other); unknown ones are dropped."""
        # Stored in the spec's order, once each, whatever order the client sent.
        wanted = [p for p in FILTER_PREFERENCES if p in preferences]
        user_id = user.id
        async with self.uow.write(account_scope(user_id)):
            user = await self._signed_in(user_id)
            user.preferences = wanted
            await self.session.flush()
        return to_user_out(user)
