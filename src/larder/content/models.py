"""Content tables: news items written by the administrator, messages sent to the administrator."""

from __future__ import annotations

from sqlalchemy import ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from larder.core.db.engine import Base


class NewsItem(Base):
    __tablename__ = "news_item"

    title: Mapped[str] = mapped_column(String(200))
    html_content: Mapped[str] = mapped_column(Text)  # sanitised on write


class InboxMessage(Base):
    """A contact message or a bug report."""

    __tablename__ = "inbox_message"

    kind: Mapped[str] = mapped_column(String(16))  # contact | bug
    name: Mapped[str] = mapped_column(String(200))
    email: Mapped[str] = mapped_column(String(320))
    message: Mapped[str] = mapped_column(Text)
    page: Mapped[str | None] = mapped_column(String(500), default=None)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"), default=None)
