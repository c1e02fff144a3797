"""Shares: an entity of a household (list, store, plan) given to an e-mail address, and the e-mails
that told the addresses."""

from __future__ import annotations

from datetime import datetime

from advanced_alchemy.types import DateTimeUTC
from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from larder.core.db.engine import Base


class Share(Base):
    """Keyed by e-mail, not by account: a share waits for an address that has no account yet, and
    counts only for an account whose address is that e-mail and verified (DESIGN "Part 2")."""

    __tablename__ = "share"
    __table_args__ = (
        UniqueConstraint("entity_type", "entity_id", "email"),
        Index("ix_share_email_type", "email", "entity_type"),
    )

    entity_type: Mapped[str] = mapped_column(String(32))  # UserShoppinglist | UserFoodStore | UserMealplan
    entity_id: Mapped[int] = mapped_column(Integer)
    owner_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    email: Mapped[str] = mapped_column(String(320))  # lower-cased
    can_edit: Mapped[bool] = mapped_column(Boolean, default=False)


class ShareMail(Base):
    """A share e-mail sent: counted against its sender's hourly and daily limits, and looked up so
    an address hears of one item at most once a day (sharing/mails.py)."""

    __tablename__ = "share_mail"
    __table_args__ = (
        Index("ix_share_mail_sender_sent", "sender_id", "sent_at"),
        Index("ix_share_mail_entity", "entity_type", "entity_id", "email"),
    )

    sender_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    entity_type: Mapped[str] = mapped_column(String(32))
    entity_id: Mapped[int] = mapped_column(Integer)
    email: Mapped[str] = mapped_column(String(320))  # lower-cased, as the share keeps it
    sent_at: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
