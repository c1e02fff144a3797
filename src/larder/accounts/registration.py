"""Registration with an invite code, and proving the address it gave (the verification link)."""

from __future__ import annotations

import math

from larder.accounts.invites import InviteService, invite_scope
from larder.accounts.links import PURPOSE_VERIFY
from larder.accounts.models import ROLE_ADMIN, ROLE_USER, User
from larder.accounts.schemas import INVITE_CODE_LENGTH, REGISTER_PASSWORD_MIN, USERNAME_PATTERN, UserOut
from larder.accounts.users import (
    MSG_EMAIL,
    MSG_RESET_SHORT,
    MSG_USERNAME,
    TOKEN_PER_CLIENT,
    UserServiceBase,
    is_email,
    normalise_email,
    raise_conflicts,
    to_user_out,
)
from larder.core.base.clock import now
from larder.core.base.errors import AppError, Conflict, FieldCollector, TooManyRequests
from larder.core.base.security import hash_password
from larder.core.db.throttle import Limit
from larder.core.db.uow import Scope
from larder.sharing.service import account_scope

MSG_PASSWORDS_DIFFER = "Passwords do not match"
MSG_INVITE_UNUSABLE = "This invite code is not valid, used up or expired."
MSG_INVITE_LENGTH = f"The invite code must be exactly {INVITE_CODE_LENGTH} characters."
MSG_ALREADY_VERIFIED = "Your email address is already verified."

REGISTER_PER_CLIENT = Limit(10, 3600)
# Each resend is a mail to an address nobody has proven yet: few enough that an account cannot be
# used to flood somebody else's inbox, enough for a lost or slow first mail.
RESEND_VERIFICATION_PER_ACCOUNT = Limit(3, 3600)
# Taken by a registration while the instance has no account yet: of two first registrations with
# different invites, one only becomes the first administrator.
FIRST_ACCOUNT = Scope("first-account")


class Registration(UserServiceBase):
    """A new account from an invite, and the verification of its address."""

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
        raise_conflicts(await self._registration_conflicts(invite_id is not None, name, email))
        assert invite_id is not None
        password_hash = hash_password(password)
        scopes = [invite_scope(invite_id)]
        first_account = not await self.has_users()
        if first_account:
            scopes.append(FIRST_ACCOUNT)
        async with self.uow.write(*scopes):
            # Again in the turn: the invite may be used up, the name or address taken by now.
            usable = await invites.usable_id(code) is not None
            raise_conflicts(await self._registration_conflicts(usable, name, email))
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
