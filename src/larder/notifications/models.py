"""The daily expiry e-mail a member opted into, and the last day it went out."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, ForeignKey, Integer
from sqlalchemy.orm import Mapped, mapped_column

from larder.core.db.engine import Base


class ExpiryDigest(Base):
    """A row means the member wants the digest; `last_sent_on` keeps it to once a local day,
    across restarts."""

    __tablename__ = "expiry_digest"

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), unique=True)
    hour: Mapped[int] = mapped_column(Integer, default=8)  # local hour of the instance's time zone, 0-23
    last_sent_on: Mapped[date | None] = mapped_column(Date, default=None)
