"""The calendar feed: every planned meal of a member, their own plans' and those shared with them,
as an all-day event in an iCalendar file that calendar apps subscribe to by its secret address
(`GET /api/pwa/calendar/{token}.ics`).

The address is shown in the account settings at any time, as calendar apps that poll a feed
expect (Google shows its secret address whenever asked), and still a copy of the database does not
give anyone a live feed: the token is a random key, which is stored and finds the member, followed
by HMAC-SHA256 of that key under the server's secret key, which is never stored. The server
recomputes the address to show it; a leaked database holds only keys, useless without the secret.
Storing a hash of the token would have made the address showable only once, on creation, and
re-subscribing every other device would then need a new link. A new link replaces the key (the
old address stops working at once); turning the feed off deletes it; a new server secret changes
every address, as it signs every member out.

Dates are calendar dates (a plan's day i is its start date + i), so the events are all-day ones
in no time zone: a meal planned for a day is on that day wherever the calendar app is.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import AsyncGenerator
from datetime import datetime, timedelta
from typing import Final
from urllib.parse import urlsplit

import msgspec
from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from icalendar import Calendar, Event, vDuration
from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import verified_contacts
from larder.core.clock import now
from larder.core.errors import NotFound
from larder.core.service import DomainService
from larder.mealplans.models import CalendarFeed, MealPlan, MealPlanEntry
from larder.mealplans.schemas import CUSTOM, EXTERNAL_LINK, IMPORTED, USER
from larder.sharing.service import AccessPolicy, EntityType, Member

FEED_PATH: Final = "/api/pwa/calendar"
FEED_SUFFIX: Final = ".ics"
KEY_LENGTH: Final = 22  # secrets.token_urlsafe(16): 128 random bits
MAC_LENGTH: Final = 43  # a SHA-256 MAC in unpadded base64url
TOKEN: Final = re.compile(rf"[A-Za-z0-9_-]{{{KEY_LENGTH + MAC_LENGTH}}}")
MAC_CONTEXT: Final = b"larder calendar feed\x00"  # keeps these MACs apart from anything else keyed alike
MSG_NO_FEED: Final = "No such calendar."
CALENDAR_NAME: Final = "Larder meal plans"
# How often a calendar app is asked to fetch the feed again (most poll on their own schedule).
REFRESH: Final = timedelta(hours=1)
RECIPE_ID: Final = re.compile(r"[0-9]{1,19}")
RECIPE_PAGES: Final = {USER: "/user-recipes/", IMPORTED: "/imported-recipes/"}  # any other type: the catalogue's


class CalendarFeedOut(msgspec.Struct):
    """GET, POST /api/pwa/calendar-feed: the member's feed address (null when they have none) and
    when that address was made."""

    url: str | None
    created_at: datetime | None


def feed_mac(secret_key: str, key: str) -> str:
    digest = hmac.new(secret_key.encode(), MAC_CONTEXT + key.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def recipe_link(entry_type: str, value: str | None, public_url: str) -> str | None:
    """The web app's page of a planned recipe, the link itself for an external one, none for a
    custom entry (or a value that names nothing)."""
    if entry_type == CUSTOM or not value:
        return None
    if entry_type == EXTERNAL_LINK:
        parts = urlsplit(value)
        return value if parts.scheme in ("http", "https") and parts.netloc and value.isprintable() else None
    if not RECIPE_ID.fullmatch(value):
        return None
    return f"{public_url}{RECIPE_PAGES.get(entry_type, '/recipes/')}{int(value)}"


class CalendarFeedService(DomainService[CalendarFeed]):
    class Repo(SQLAlchemyAsyncRepository[CalendarFeed]):
        model_type = CalendarFeed

    repository_type = Repo

    def __init__(self, session: AsyncSession, *, access: AccessPolicy, secret_key: str, public_url: str) -> None:
        super().__init__(session)
        self.access = access
        self.secret_key = secret_key
        self.public_url = public_url

    # -- the member's link ----------------------------------------------------------------------

    async def link_of(self, user_id: int) -> CalendarFeedOut:
        return self._out(await self._row(user_id))

    async def renew(self, user_id: int) -> CalendarFeedOut:
        """A new address: the first one, or one replacing the old, which stops working at once."""
        row = await self._row(user_id)
        if row is None:
            row = CalendarFeed(user_id=user_id, key=secrets.token_urlsafe(16))
            self.session.add(row)
        else:
            row.key = secrets.token_urlsafe(16)
            row.created_at = now()
        await self.session.flush()
        return self._out(row)

    async def revoke(self, user_id: int) -> None:
        row = await self._row(user_id)
        if row is not None:
            await self.session.delete(row)
            await self.session.flush()

    async def _row(self, user_id: int) -> CalendarFeed | None:
        return await self.session.scalar(select(CalendarFeed).where(CalendarFeed.user_id == user_id))

    def _out(self, row: CalendarFeed | None) -> CalendarFeedOut:
        if row is None:
            return CalendarFeedOut(url=None, created_at=None)
        token = row.key + feed_mac(self.secret_key, row.key)
        return CalendarFeedOut(url=f"{self.public_url}{FEED_PATH}/{token}{FEED_SUFFIX}", created_at=row.created_at)

    # -- the feed -------------------------------------------------------------------------------

    async def calendar(self, file_name: str) -> bytes:
        """The iCalendar file behind `{token}.ics`; 404 for any name that is not a live address."""
        token = file_name.removesuffix(FEED_SUFFIX)
        if token == file_name or not TOKEN.fullmatch(token):
            raise NotFound(MSG_NO_FEED)
        key, mac = token[:KEY_LENGTH], token[KEY_LENGTH:]
        user_id = await self.session.scalar(select(CalendarFeed.user_id).where(CalendarFeed.key == key))
        if user_id is None or not hmac.compare_digest(mac, feed_mac(self.secret_key, key)):
            raise NotFound(MSG_NO_FEED)
        return await self._calendar_of(await self._member(user_id))

    async def _member(self, user_id: int) -> Member:
        """The member as the sharing policy sees them: shares count for a verified address only."""
        contact = (await verified_contacts(self.session, [user_id])).get(user_id)
        if contact is None:
            return Member(id=user_id, email="", verified=False)
        name, email = contact
        return Member(id=user_id, email=email, verified=True, name=name)

    async def _calendar_of(self, member: Member) -> bytes:
        shared = await self.access.shared_with(member, EntityType.MEAL_PLAN)
        rows = await self.session.execute(
            select(MealPlanEntry, MealPlan)
            .join(MealPlan, MealPlanEntry.plan_id == MealPlan.id)
            .where(
                or_(MealPlan.user_id == member.id, MealPlan.id.in_(shared)),
                MealPlan.start_date.is_not(None),
                MealPlanEntry.day < MealPlan.days,
            )
            .order_by(MealPlan.start_date, MealPlan.id, MealPlanEntry.day, MealPlanEntry.position)
        )
        calendar = Calendar()
        calendar.add("prodid", "-//Larder//Meal plans//EN")
        calendar.add("version", "2.0")
        calendar.add("calscale", "GREGORIAN")
        calendar.add("name", CALENDAR_NAME)
        calendar.add("x-wr-calname", CALENDAR_NAME)
        calendar.add("refresh-interval", REFRESH, parameters={"VALUE": "DURATION"})
        calendar.add("x-published-ttl", vDuration(REFRESH))
        host = urlsplit(self.public_url).hostname or "larder"
        for entry, plan in rows:
            day = plan.date_of(entry.day)
            if day is None:
                continue
            revised = max(entry.updated_at, plan.updated_at)
            event = Event()
            # A planned slot (plan, day, position) keeps its UID while the plan is edited or
            # rescheduled, so a calendar app moves or renames the event instead of adding another.
            event.add("uid", f"meal-{plan.id}-{entry.day}-{entry.position}@{host}")
            # No METHOD: DTSTAMP is when the event's information was last revised (RFC 5545 3.8.7.2).
            event.add("dtstamp", revised)
            event.add("last-modified", revised)
            event.add("dtstart", day)  # a DATE: an all-day event
            event.add("dtend", day + timedelta(days=1))
            event.add("summary", entry.name)
            event.add("description", plan.name)
            link = recipe_link(entry.type, entry.value, self.public_url)
            if link is not None:
                event.add("url", link)
            event.add("transp", "TRANSPARENT")  # a meal does not make the member busy
            calendar.add_component(event)
        return calendar.to_ical()


async def provide_calendar_service(
    state: State, db_session: NamedDependency[AsyncSession], access: NamedDependency[AccessPolicy]
) -> AsyncGenerator[CalendarFeedService, None]:
    settings = state["settings"]
    yield CalendarFeedService(db_session, access=access, secret_key=settings.secret_key, public_url=settings.public_url)


__all__ = [
    "FEED_PATH",
    "CalendarFeedOut",
    "CalendarFeedService",
    "feed_mac",
    "provide_calendar_service",
    "recipe_link",
]
