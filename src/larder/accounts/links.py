"""One-time links sent by e-mail (verify the address, reset the password): issued, mailed, redeemed once.

A reset link also carries the account's credential stamp: setting the password (with any reset link
or the change-password form) changes it, which ends every other reset link still in the inbox. A
verify link is bound to the address alone: a new password does not make an address less proven, and
changing the address already voids the links sent to the old one.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.models import AccountToken, User
from larder.core.base.clock import now
from larder.core.base.errors import Conflict, NotFound
from larder.core.base.security import TokenClaims, TokenExpired, TokenInvalid, issue_token, read_token
from larder.core.base.settings import Settings
from larder.core.db.uow import unit_of_work
from larder.core.mail.email import Mail, Mailer
from larder.sharing.service import account_scope

PURPOSE_RESET = "reset"
PURPOSE_VERIFY = "verify"

MSG_LINK_EXPIRED = "This link has expired."
MSG_LINK_INVALID = "This link is invalid."
MSG_LINK_USED = "This link has already been used."
MSG_LINK_REPLACED = "This link is no longer valid: the password has been changed since it was sent."


class AccountLinks:
    def __init__(self, session: AsyncSession, settings: Settings, mailer: Mailer) -> None:
        self.session = session
        self.settings = settings
        self.mailer = mailer

    async def _issue(self, user: User, purpose: str, ttl_seconds: int) -> str:
        extra = {"stamp": user.credential_stamp} if purpose == PURPOSE_RESET else {}
        token, claims = issue_token(
            self.settings.secret_key,
            subject=str(user.id),
            purpose=purpose,
            ttl_seconds=ttl_seconds,
            email=user.email,
            **extra,
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

    def owner(self, token: str, purpose: str) -> int:
        """The id of the account a link token names, read from the token alone (the scope of the
        write that redeems it); a token that cannot be a link fails as `redeem` says."""
        return _owner_id(self._claims(token, purpose))

    def _claims(self, token: str, purpose: str) -> TokenClaims:
        try:
            return read_token(self.settings.secret_key, token, purpose=purpose)
        except TokenExpired:
            raise Conflict(MSG_LINK_EXPIRED) from None
        except TokenInvalid:
            raise NotFound(MSG_LINK_INVALID) from None

    async def redeem(self, token: str, purpose: str) -> User:
        """Check a link token and mark it used. A token that names no link of this purpose (forged,
        garbled, for another purpose, or sent to an address the account no longer has) is a
        NotFound; a link that was real but is spent (expired, used, replaced) is a Conflict. Both
        carry the link message."""
        claims = self._claims(token, purpose)
        async with unit_of_work(self.session).write(account_scope(_owner_id(claims))):
            row = await self.session.scalar(
                select(AccountToken).where(AccountToken.token_id == claims.token_id, AccountToken.purpose == purpose)
            )
            if row is None:
                raise NotFound(MSG_LINK_INVALID)
            if row.used_at is not None:
                raise Conflict(MSG_LINK_USED)
            user = await self.session.get(User, row.user_id)
            # A link is bound to the address it was sent to: a changed e-mail makes old links void.
            if user is None or user.email != row.email:
                raise NotFound(MSG_LINK_INVALID)
            # Links mailed before the stamp existed carry none: they match the "" accounts start with.
            if purpose == PURPOSE_RESET and claims.extra.get("stamp", "") != user.credential_stamp:
                raise Conflict(MSG_LINK_REPLACED)
            row.used_at = now()
        return user

    async def send_verification(self, user: User) -> None:
        hours = self.settings.verify_token_ttl_hours
        # The link's row and the mail (kept in the outbox without SMTP) are one write.
        async with unit_of_work(self.session).write(account_scope(user.id)):
            token = await self._issue(user, PURPOSE_VERIFY, hours * 3600)
            link = f"{self.settings.public_url}/verify?token={token}"
            await self.mailer.send(
                self.session,
                Mail(
                    to=user.email,
                    subject="Verify your Larder email address",
                    body=(
                        f"Hello {user.name},\n\nPlease confirm your email address for Larder by opening this link:\n\n"
                        f"{link}\n\nThe link is valid for {hours} hours.\n"
                    ),
                ),
            )

    async def send_reset(self, user: User) -> None:
        minutes = self.settings.reset_token_ttl_minutes
        async with unit_of_work(self.session).write(account_scope(user.id)):
            token = await self._issue(user, PURPOSE_RESET, minutes * 60)
            link = f"{self.settings.public_url}/reset-password?token={token}"
            await self.mailer.send(
                self.session,
                Mail(
                    to=user.email,
                    subject="Reset your Larder password",
                    body=(
                        f"Hello {user.name},\n\nSomeone asked to reset the password of your Larder account. "
                        f"To choose a new password, open this link:\n\n{link}\n\n"
                        f"The link is valid for {minutes} minutes and works once. "
                        "If you did not ask for this, you can ignore this message.\n"
                    ),
                ),
            )


def _owner_id(claims: TokenClaims) -> int:
    """The account a link was issued for (its subject is the account's id)."""
    try:
        return int(claims.subject)
    except ValueError:
        raise NotFound(MSG_LINK_INVALID) from None
