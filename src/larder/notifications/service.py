"""The daily expiry e-mail: "3 items expire in the next 2 days", once a day at the member's hour.

Opt-in, to verified addresses only. A day is marked as done in its own committed transaction
before the mail goes out, so a restart or a second server process never sends it twice (a crash
between the two loses that day's mail instead, the better failure for an unasked e-mail).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from datetime import date, datetime
from typing import Any, Final, cast
from zoneinfo import ZoneInfo

from advanced_alchemy.config import SQLAlchemyAsyncConfig
from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from litestar import Litestar
from litestar.di import NamedDependency
from sqlalchemy import CursorResult, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import verified_contacts
from larder.catalogue.service import CatalogueService
from larder.core.base.clock import now
from larder.core.base.settings import Settings
from larder.core.db.service import DomainService
from larder.core.mail.email import Mail, Mailer
from larder.core.process.background import beside_the_server, repeat
from larder.kitchen.expiry import NOTIFICATION_EXPIRING_DAYS, en_gb
from larder.notifications.models import ExpiryDigest
from larder.notifications.schemas import DigestSettings
from larder.sharing.service import AccessPolicy, Member, account_scope
from larder.stores.schemas import ExpiryOverview
from larder.stores.service import StoresService
from larder.suggestions.schemas import SuggestionOut, SuggestionsIn
from larder.suggestions.service import suggestion_service

logger = logging.getLogger("larder")
DIGEST_CHECK_EVERY_SECONDS: Final = 300
SUGGESTIONS_IN_DIGEST: Final = 3


class DigestService(DomainService[ExpiryDigest]):
    class Repo(SQLAlchemyAsyncRepository[ExpiryDigest]):
        model_type = ExpiryDigest

    repository_type = Repo

    async def settings_of(self, user_id: int) -> DigestSettings:
        row = await self.session.scalar(select(ExpiryDigest).where(ExpiryDigest.user_id == user_id))
        return DigestSettings(expiry_email=row is not None, expiry_email_hour=row.hour if row else 8)

    async def change(self, user_id: int, wanted: DigestSettings) -> DigestSettings:
        async with self.uow.write(account_scope(user_id)):
            row = await self.session.scalar(select(ExpiryDigest).where(ExpiryDigest.user_id == user_id))
            if not wanted.expiry_email:
                if row is not None:
                    await self.session.delete(row)
            elif row is None:
                self.session.add(ExpiryDigest(user_id=user_id, hour=wanted.expiry_email_hour))
            else:
                row.hour = wanted.expiry_email_hour
            await self.session.flush()
        return DigestSettings(expiry_email=wanted.expiry_email, expiry_email_hour=wanted.expiry_email_hour)

    async def due(self, moment: datetime, zone: str | None) -> list[int]:
        """Members whose digest hour has come today and who have not had today's yet."""
        local = moment.astimezone(ZoneInfo(zone) if zone else None)
        rows = await self.session.scalars(
            select(ExpiryDigest.user_id).where(
                ExpiryDigest.hour <= local.hour,
                or_(ExpiryDigest.last_sent_on.is_(None), ExpiryDigest.last_sent_on < local.date()),
            )
        )
        return list(rows)

    async def claim(self, user_id: int, day: date) -> bool:
        """Marks `day` as sent for the member; False when it already was (another process, a replay)."""
        statement = (
            update(ExpiryDigest)
            .where(
                ExpiryDigest.user_id == user_id,
                or_(ExpiryDigest.last_sent_on.is_(None), ExpiryDigest.last_sent_on < day),
            )
            .values(last_sent_on=day)
        )
        # An UPDATE answers a CursorResult; AsyncSession.execute is typed for any statement.
        result = cast(CursorResult[Any], await self.session.execute(statement))
        return bool(result.rowcount)


def digest_mail(
    name: str, email: str, overview: ExpiryOverview, public_url: str, cook: Sequence[SuggestionOut] = ()
) -> Mail | None:
    """The digest for one member, or None when nothing expired or is about to; with what they
    could cook to use up what is about to expire (`cook`, best first)."""
    soon, gone = overview.expiring, overview.expired
    if not soon and not gone:
        return None
    if soon:
        noun = "item expires" if len(soon) == 1 else "items expire"
        subject = f"{len(soon)} {noun} in the next {NOTIFICATION_EXPIRING_DAYS} days"
    else:
        subject = f"{len(gone)} {'item has' if len(gone) == 1 else 'items have'} expired"
    lines = [f"Hello {name},", ""]
    if soon:
        lines.append(f"About to expire (next {NOTIFICATION_EXPIRING_DAYS} days):")
        lines += [f"- {i.name} in {i.store_name}, expires {en_gb(i.expiry_date)}" for i in soon]
        lines.append("")
    if soon and cook:
        lines.append("Cook from what you have:")
        lines += [f"- {s.name}: {s.summary}" for s in cook[:SUGGESTIONS_IN_DIGEST]]
        lines += [f"More ideas: {public_url}/cook", ""]
    if gone:
        lines.append("Expired:")
        lines += [f"- {i.name} in {i.store_name}, expired {en_gb(i.expiry_date)}" for i in gone]
        lines.append("")
    lines += [
        f"See them all: {public_url}/user-notifications",
        "",
        "You get this e-mail because you asked for it in your account settings; turn it off there.",
    ]
    return Mail(to=email, subject=subject, body="\n".join(lines))


async def send_due_digests(
    config: SQLAlchemyAsyncConfig, settings: Settings, mailer: Mailer, moment: datetime | None = None
) -> int:
    """One round of the daily job: every due member gets at most one mail for their local day."""
    moment = moment or now()
    day = moment.astimezone(ZoneInfo(settings.timezone) if settings.timezone else None).date()
    get_session = config.get_session
    async with get_session() as session:
        due = await DigestService(session).due(moment, settings.timezone)
        contacts = await verified_contacts(session, due)
    sent = 0
    for user_id in due:
        async with get_session() as session, session.begin():
            if not await DigestService(session).claim(user_id, day):
                continue
        contact = contacts.get(user_id)
        if contact is None:  # unverified address: the day is marked, nothing goes out
            continue
        name, email = contact
        async with get_session() as session, session.begin():
            stores = StoresService(
                session,
                catalogue=CatalogueService(session=session, uploads_dir=settings.uploads_dir),
                access=AccessPolicy(session),
                zone=settings.timezone,
            )
            member = Member(id=user_id, email=email, verified=True)
            overview = await stores.expiry_overview(member, day)
            cook = await _use_it_up(session, settings, member) if overview.expiring else []
            mail = digest_mail(name, email, overview, settings.public_url, cook)
            if mail is not None:
                await mailer.send(session, mail)
                sent += 1
    return sent


async def _use_it_up(session: AsyncSession, settings: Settings, member: Member) -> list[SuggestionOut]:
    """The recipes that use up most of what expires soonest (the dashboard's "Use it up")."""
    wanted = SuggestionsIn(limit=SUGGESTIONS_IN_DIGEST, use_up=True)
    return await suggestion_service(session, settings).suggest(member, wanted)


def expiry_digests(app: Litestar) -> AbstractAsyncContextManager[None]:
    """Runs beside the server: every few minutes, the expiry e-mails whose hour has come."""
    state = app.state

    async def round_() -> None:
        sent = await send_due_digests(state["alchemy_config"], state["settings"], state["mailer"])
        if sent:
            logger.info("sent %d expiry e-mail(s)", sent)

    return beside_the_server(repeat(round_, every=DIGEST_CHECK_EVERY_SECONDS, what="expiry e-mails"))


def provide_digest_service(db_session: NamedDependency[AsyncSession]) -> DigestService:
    return DigestService(db_session)


__all__ = [
    "DIGEST_CHECK_EVERY_SECONDS",
    "DigestService",
    "digest_mail",
    "expiry_digests",
    "provide_digest_service",
    "send_due_digests",
]
