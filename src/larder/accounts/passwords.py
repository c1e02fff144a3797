"""Passwords: the forgotten-password link and the reset it allows, a change by the signed-in
member, and what a new password ends (sessions, links, device tokens).
"""

from __future__ import annotations

from larder.accounts.links import MSG_LINK_INVALID, PURPOSE_RESET
from larder.accounts.models import User
from larder.accounts.schemas import CHANGE_PASSWORD_MIN, RESET_PASSWORD_MIN
from larder.accounts.users import (
    MSG_EMAIL,
    MSG_NO_ACCOUNT,
    MSG_RESET_SHORT,
    MSG_WRONG_PASSWORD,
    TOKEN_PER_CLIENT,
    UserServiceBase,
    is_email,
    normalise_email,
)
from larder.core.base.clock import now
from larder.core.base.errors import AppError, Conflict, FieldCollector, Forbidden, FormError, NotFound
from larder.core.base.security import hash_password, new_token_id
from larder.core.db.throttle import Limit
from larder.sharing.service import account_scope

MSG_RESET_DIFFER = "Passwords must match."
MSG_CONFIRM_DIFFERS = "Password does not match."

FORGOT_PER_CLIENT = Limit(10, 900)
FORGOT_PER_EMAIL = Limit(3, 900)


def _on_token_field(exc: AppError) -> AppError:
    """A reset link's failure, shown on the form's token field."""
    return AppError(exc.detail, errors={"token": [exc.detail]}, status_code=exc.status_code)


class Passwords(UserServiceBase):
    """A forgotten password's reset and a signed-in member's change of password."""

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
