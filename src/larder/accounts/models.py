"""Accounts tables: users, their sessions, one-time account tokens, invite codes."""

from __future__ import annotations

from datetime import datetime
from typing import Final, Literal

from advanced_alchemy.types import DateTimeUTC
from sqlalchemy import JSON, ForeignKey, Index, Integer, String, func
from sqlalchemy.orm import Mapped, mapped_column

from larder.core.base.security import new_token_id
from larder.core.db.engine import Base

AccountRole = Literal["user", "admin"]
ROLE_USER: Final = "user"
ROLE_ADMIN: Final = "admin"


class User(Base):
    __tablename__ = "user_account"
    name: Mapped[str] = mapped_column(String(64))
    email: Mapped[str] = mapped_column(String(320), unique=True)  # stored lower-cased
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[AccountRole] = mapped_column(String(16), default=ROLE_USER)
    email_verified_at: Mapped[datetime | None] = mapped_column(DateTimeUTC(timezone=True), default=None)
    # The filter preferences of part 1 §2.13 (vegan, vegetarian, gluten_free, sugar_free, dairy_free).
    preferences: Mapped[list[str]] = mapped_column(JSON, default=list, server_default="[]")
    # Changed whenever the password is set (reset, change): a password-reset link or device token
    # carries the value it was issued under and is void once it differs. Accounts older than the
    # column start with "" until their first change.
    credential_stamp: Mapped[str] = mapped_column(String(32), default=new_token_id, server_default="")

    @property
    def is_admin(self) -> bool:
        return self.role == ROLE_ADMIN


# Usernames are unique regardless of case ("Alice" and "alice" are one person to a household).
Index("ix_user_account_name_lower", func.lower(User.name), unique=True)


class UserSession(Base):
    """The server side of a bearer token: revoking the row ends the session."""

    __tablename__ = "user_session"

    token_id: Mapped[str] = mapped_column(String(32), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTimeUTC(timezone=True), default=None)
    user_agent: Mapped[str | None] = mapped_column(String(255), default=None)


class AccountToken(Base):
    """A reset or verify link, so each can be used once."""

    __tablename__ = "account_token"

    token_id: Mapped[str] = mapped_column(String(32), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    purpose: Mapped[str] = mapped_column(String(16))
    email: Mapped[str] = mapped_column(String(320))
    expires_at: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTimeUTC(timezone=True), default=None)


class InviteCode(Base):
    __tablename__ = "invite_code"

    code: Mapped[str] = mapped_column(String(8), unique=True)
    max_uses: Mapped[int] = mapped_column(Integer, default=1)
    uses: Mapped[int] = mapped_column(Integer, default=0)
    expires_at: Mapped[datetime | None] = mapped_column(DateTimeUTC(timezone=True), default=None)
