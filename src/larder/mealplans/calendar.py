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

A feed shows the meals dated in a window around today (limits.FEED_PAST_DAYS back,
FEED_FUTURE_DAYS ahead), upcoming ones first, at most FEED_EVENTS_MAX: whatever a member and those
sharing with them have planned, one feed is bounded. A fetch first works out the feed's ETag from
what it would show without building it: the member, today, and the id and version of every plan in
the window (a plan's version counts every change of it and of its entries, migration 0024). A poll
sending that ETag gets its 304 from four small queries. Otherwise the rows are read as plain
tuples, the request's transaction ends, and the text is written in a worker thread
(mealplans/ics.py): the event loop never spends more than the reading of the rows on a feed.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import AsyncGenerator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import partial
from typing import Any, Final
from urllib.parse import urlsplit

import msgspec
from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from litestar import Request
from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy import Date, and_, bindparam, or_, select, type_coerce
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.sqltypes import NullType

from larder.accounts.service import verified_contacts
from larder.core.base.clock import now, today
from larder.core.base.errors import NotFound
from larder.core.db.service import DomainService
from larder.core.db.sql_dates import days_after
from larder.mealplans.ics import build_calendar
from larder.mealplans.limits import DATE_FIRST, DATE_LAST, FEED_EVENTS_MAX, FEED_FUTURE_DAYS, FEED_PAST_DAYS
from larder.mealplans.models import CalendarFeed, MealPlan, MealPlanEntry
from larder.mealplans.schemas import CUSTOM, EXTERNAL_LINK, IMPORTED, USER
from larder.sharing.service import AccessPolicy, EntityType, Member, account_scope

FEED_PATH: Final = "/api/pwa/calendar"
FEED_SUFFIX: Final = ".ics"
KEY_LENGTH: Final = 22  # secrets.token_urlsafe(16): 128 random bits
MAC_LENGTH: Final = 43  # a SHA-256 MAC in unpadded base64url
TOKEN: Final = re.compile(rf"[A-Za-z0-9_-]{{{KEY_LENGTH + MAC_LENGTH}}}")
MAC_CONTEXT: Final = b"larder calendar feed\x00"  # keeps these MACs apart from anything else keyed alike
MSG_NO_FEED: Final = "No such calendar."
RECIPE_ID: Final = re.compile(r"[0-9]{1,19}")
RECIPE_PAGES: Final = {USER: "/user-recipes/", IMPORTED: "/imported-recipes/"}  # any other type: the catalogue's
# Part of every ETag: a change of how the feed is written, or of its window, changes them all.
FEED_FORMAT: Final = f"ics-2:{FEED_PAST_DAYS}:{FEED_FUTURE_DAYS}:{FEED_EVENTS_MAX}"
# Feeds written at once, per process; more wait their turn (each holds its rows meanwhile, at most
# FEED_EVENTS_MAX small tuples). A largest feed takes some 30-60 ms to write: one writer keeps the
# event loop competing for the GIL with a single thread, and three polls at once still wait little.
BUILD_THREADS: Final = 1
_builds = ThreadPoolExecutor(max_workers=BUILD_THREADS, thread_name_prefix="larder-calendar")


class CalendarFeedOut(msgspec.Struct):
    """GET, POST /api/pwa/calendar-feed: the member's feed address (null when they have none) and
    when that address was made."""

    url: str | None
    created_at: datetime | None


@dataclass(frozen=True)
class Feed:
    """A live feed address resolved: whose feed, the window it shows, and its ETag."""

    member: Member
    shared: tuple[int, ...]
    first: date
    today: date
    last: date
    etag: str


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


def etag_matches(sent: str | None, etag: str) -> bool:
    """If-None-Match (RFC 9110 13.1.2): `*`, or the ETag among the sent ones, weakly compared."""
    if not sent:
        return False
    tags = {tag.strip().removeprefix("W/") for tag in sent.split(",")}
    return "*" in tags or etag in tags


def _raw(column: Any) -> Any:
    """A column as the driver gives it (SQLite's text of a date), read by mealplans/ics.py in the
    build's thread: no conversion on the event loop, and no stored value that fails the query."""
    return type_coerce(column, NullType())


_VISIBLE = or_(MealPlan.user_id == bindparam("member_id"), MealPlan.id.in_(bindparam("shared", expanding=True)))
# A plan with a day in the window, by its stored dates.
_IN_WINDOW = and_(
    MealPlan.start_date <= bindparam("last", type_=Date()), MealPlan.end_date >= bindparam("first", type_=Date())
)
_FEED_PLANS = select(MealPlan.id, MealPlan.version).where(_VISIBLE, _IN_WINDOW).order_by(MealPlan.id)
_ON = days_after(MealPlan.start_date, MealPlanEntry.day)
_DAY_INDEX_MAX = (DATE_LAST - DATE_FIRST).days
_FEED_ROWS = (
    select(
        # In the order of ics.FeedRow.
        MealPlan.id.label("plan_id"),
        MealPlan.name.label("plan_name"),
        _raw(MealPlan.start_date).label("start_date"),
        _raw(MealPlan.updated_at).label("plan_updated"),
        MealPlanEntry.day,
        MealPlanEntry.position,
        MealPlanEntry.name,
        MealPlanEntry.type,
        MealPlanEntry.value,
        _raw(MealPlanEntry.updated_at).label("entry_updated"),
    )
    .join(MealPlanEntry, MealPlanEntry.plan_id == MealPlan.id)
    .where(
        _VISIBLE,
        _IN_WINDOW,
        # A day index no plan can have (the dates a plan may cover are DATE_FIRST to DATE_LAST)
        # never reaches the date arithmetic, where PostgreSQL would fail the query on it.
        MealPlanEntry.day.between(0, _DAY_INDEX_MAX),
        MealPlanEntry.day < MealPlan.days,
        _ON.between(bindparam("since", type_=Date()), bindparam("until", type_=Date())),
    )
    .limit(bindparam("most"))
)
# Upcoming meals from today on, nearest first; then past ones, latest first, in what room is left.
_UPCOMING = _FEED_ROWS.order_by(_ON, MealPlan.start_date, MealPlan.id, MealPlanEntry.day, MealPlanEntry.position)
_PAST = _FEED_ROWS.order_by(
    _ON.desc(), MealPlan.start_date.desc(), MealPlan.id.desc(), MealPlanEntry.day.desc(), MealPlanEntry.position.desc()
)


class CalendarFeedService(DomainService[CalendarFeed]):
    class Repo(SQLAlchemyAsyncRepository[CalendarFeed]):
        model_type = CalendarFeed

    repository_type = Repo

    def __init__(
        self,
        session: AsyncSession,
        *,
        access: AccessPolicy,
        secret_key: str,
        public_url: str,
        zone: str | None = None,
    ) -> None:
        """`zone`: the instance's time zone, for "today"."""
        super().__init__(session)
        self.access = access
        self.secret_key = secret_key
        self.public_url = public_url
        self.zone = zone

    # -- the member's link ----------------------------------------------------------------------

    async def link_of(self, user_id: int) -> CalendarFeedOut:
        return self._out(await self._row(user_id))

    async def renew(self, user_id: int) -> CalendarFeedOut:
        """A new address: the first one, or one replacing the old, which stops working at once."""
        async with self.uow.write(account_scope(user_id)):
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
        async with self.uow.write(account_scope(user_id)):
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

    async def feed(self, file_name: str) -> Feed:
        """The feed behind `{token}.ics` with its ETag, worked out without building it; 404 for any
        name that is not a live address."""
        token = file_name.removesuffix(FEED_SUFFIX)
        if token == file_name or not TOKEN.fullmatch(token):
            raise NotFound(MSG_NO_FEED)
        key, mac = token[:KEY_LENGTH], token[KEY_LENGTH:]
        user_id = await self.session.scalar(select(CalendarFeed.user_id).where(CalendarFeed.key == key))
        if user_id is None or not hmac.compare_digest(mac, feed_mac(self.secret_key, key)):
            raise NotFound(MSG_NO_FEED)
        member = await self._member(user_id)
        shared = tuple(sorted(await self.access.shared_with(member, EntityType.MEAL_PLAN)))
        day = today(self.zone)
        first, last = day - timedelta(days=FEED_PAST_DAYS), day + timedelta(days=FEED_FUTURE_DAYS)
        parameters = {"member_id": member.id, "shared": list(shared), "first": first, "last": last}
        versions = ",".join(
            f"{plan_id}:{version}" for plan_id, version in await self.session.execute(_FEED_PLANS, parameters)
        )
        # What the feed shows depends on nothing else: its rows are these plans' (their entries
        # and own fields count in their versions), in the window of `day`, written for this URL.
        seen = f"{FEED_FORMAT}|{self.public_url}|{member.id}|{day.isoformat()}|{versions}"
        etag = f'"{hashlib.blake2b(seen.encode(), digest_size=12).hexdigest()}"'
        return Feed(member=member, shared=shared, first=first, today=day, last=last, etag=etag)

    async def calendar(self, feed: Feed) -> bytes:
        """The iCalendar file of `feed`: its rows read as tuples, then written in a worker thread."""
        rows = await self._rows(feed)
        # Nothing more to read: the transaction and this request's place go to the next.
        await self.uow.pause()
        host = urlsplit(self.public_url).hostname or "larder"
        link = partial(recipe_link, public_url=self.public_url)
        return await asyncio.get_running_loop().run_in_executor(_builds, build_calendar, rows, host, link)

    async def _rows(self, feed: Feed) -> list[Sequence[Any]]:
        parameters: dict[str, Any] = {
            "member_id": feed.member.id,
            "shared": list(feed.shared),
            "first": feed.first,
            "last": feed.last,
        }
        upcoming = list(
            await self.session.execute(
                _UPCOMING, {**parameters, "since": feed.today, "until": feed.last, "most": FEED_EVENTS_MAX}
            )
        )
        room = FEED_EVENTS_MAX - len(upcoming)
        past: list[Any] = []
        if room > 0:
            yesterday = feed.today - timedelta(days=1)
            past = list(
                await self.session.execute(_PAST, {**parameters, "since": feed.first, "until": yesterday, "most": room})
            )
        past.reverse()  # the file from the earliest meal on
        return past + upcoming

    async def _member(self, user_id: int) -> Member:
        """The member as the sharing policy sees them: shares count for a verified address only."""
        contact = (await verified_contacts(self.session, [user_id])).get(user_id)
        if contact is None:
            return Member(id=user_id, email="", verified=False)
        name, email = contact
        return Member(id=user_id, email=email, verified=True, name=name)


async def provide_calendar_service(
    state: State,
    request: Request[Any, Any, Any],
    db_session: NamedDependency[AsyncSession],
    access: NamedDependency[AccessPolicy],
) -> AsyncGenerator[CalendarFeedService, None]:
    settings = state["settings"]
    yield CalendarFeedService(
        db_session,
        access=access,
        secret_key=settings.secret_key,
        public_url=settings.public_url,
        zone=settings.timezone,
    )


__all__ = [
    "FEED_PATH",
    "CalendarFeedOut",
    "CalendarFeedService",
    "Feed",
    "etag_matches",
    "feed_mac",
    "provide_calendar_service",
    "recipe_link",
]
