"""Outgoing e-mail: SMTP when LARDER_SMTP_HOST is set, otherwise an outbox table.

A household without a mail server can still reset a password: the message (and its link) is
kept in the outbox, logged, and shown by `larder outbox`. When SMTP is configured but fails,
the message is kept in the outbox too, marked as failed, so nothing is silently lost.
"""

from __future__ import annotations

import logging
import smtplib
import ssl
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

import anyio
from sqlalchemy import String, Text, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from larder.core.base.logsafe import loggable, loggable_block
from larder.core.base.settings import Settings
from larder.core.db.engine import Base
from larder.core.db.uow import Scope, unit_of_work

logger = logging.getLogger("larder.email")
OUTBOX = Scope("outbox")  # the write of a mail that could not be delivered after its change
SMTP_TIMEOUT_SECONDS = 15


class OutboxEmail(Base):
    __tablename__ = "outbox_email"

    recipient: Mapped[str] = mapped_column(String(320))
    subject: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16))  # kept | failed


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    body: str


def build_message(settings: Settings, mail: Mail) -> EmailMessage:
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = mail.to
    message["Subject"] = mail.subject
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain="larder.local")
    message.set_content(mail.body)
    return message


def _send_smtp(settings: Settings, message: EmailMessage) -> None:
    assert settings.smtp_host
    context = ssl.create_default_context()
    if settings.smtp_tls == "tls":
        client: smtplib.SMTP = smtplib.SMTP_SSL(
            settings.smtp_host, settings.smtp_port, timeout=SMTP_TIMEOUT_SECONDS, context=context
        )
    else:
        client = smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=SMTP_TIMEOUT_SECONDS)
    with client:
        if settings.smtp_tls == "starttls":
            client.starttls(context=context)
        if settings.smtp_user:
            client.login(settings.smtp_user, settings.smtp_password or "")
        client.send_message(message)


class Mailer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def send(self, session: AsyncSession, mail: Mail) -> None:
        """Send `mail` for the change being written in `session`. Over SMTP it leaves once the
        change is committed and the write turn handed on (a mail server may take seconds, and a
        change that is not kept sends nothing); one that cannot be delivered is kept in the outbox.
        Without SMTP it is a row of the outbox, written with the change."""
        if self.settings.smtp_host:
            work = unit_of_work(session)
            if not work.after_commit(lambda: self._deliver(session, mail, later=True)):
                await self._deliver(session, mail, later=False)
            return
        session.add(OutboxEmail(recipient=mail.to, subject=mail.subject, body=mail.body, status="kept"))
        logger.info(
            "e-mail to %s kept in the outbox (no SMTP configured): %s\n%s",
            loggable(mail.to),
            loggable(mail.subject),
            loggable_block(mail.body),
        )

    async def _deliver(self, session: AsyncSession, mail: Mail, *, later: bool) -> None:
        message = build_message(self.settings, mail)
        try:
            await anyio.to_thread.run_sync(_send_smtp, self.settings, message)
            return
        except (OSError, smtplib.SMTPException) as exc:
            logger.warning("SMTP delivery to %s failed (%s); kept in the outbox", loggable(mail.to), loggable(exc))
        failed = OutboxEmail(recipient=mail.to, subject=mail.subject, body=mail.body, status="failed")
        if not later:
            session.add(failed)  # with the change, in the caller's transaction
            return
        async with unit_of_work(session).write(OUTBOX):
            session.add(failed)


@dataclass(frozen=True)
class OutboxEntry:
    created_at: datetime
    recipient: str
    subject: str
    body: str
    status: str


async def newest_outbox(session: AsyncSession, limit: int) -> list[OutboxEntry]:
    rows = await session.scalars(select(OutboxEmail).order_by(OutboxEmail.id.desc()).limit(limit))
    return [OutboxEntry(r.created_at, r.recipient, r.subject, r.body, r.status) for r in rows]
