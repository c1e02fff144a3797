"""The calendar feed's calls (mealplans/calendar.py): the member's own link under
/api/pwa/calendar-feed, and the feed itself, public behind its secret address."""

from __future__ import annotations

from typing import Any, Final

from litestar import Controller, Request, Response, delete, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.status_codes import HTTP_200_OK, HTTP_304_NOT_MODIFIED

from larder.core.base.wire import Data
from larder.core.web.access import PUBLIC
from larder.mealplans.calendar import CalendarFeedOut, CalendarFeedService, etag_matches
from larder.sharing.service import Member

# Litestar adds "; charset=utf-8" to a text type itself: written here, the header would say it twice.
CALENDAR_TYPE: Final = "text/calendar"
# Calendar apps poll every few minutes to hours; a browser or proxy may keep it a few minutes, for
# this member only. The ETag lets a poll that finds nothing new get 304 without a body, and without
# the feed being built (it is made of the versions of the plans the feed shows).
CALENDAR_CACHE: Final = "private, max-age=300"


class CalendarFeedController(Controller):
    path = "/api/pwa/calendar-feed"
    tags = ["meal plans"]

    @get("/")
    async def feed_link(
        self, member: NamedDependency[Member], calendar: NamedDependency[CalendarFeedService]
    ) -> Data[CalendarFeedOut]:
        """The caller's calendar feed address, or null when they have none."""
        return Data(data=await calendar.link_of(member.id))

    @post("/", status_code=HTTP_200_OK)
    async def new_feed_link(
        self, member: NamedDependency[Member], calendar: NamedDependency[CalendarFeedService]
    ) -> Data[CalendarFeedOut]:
        """A new address for the caller's feed; the previous one, if any, stops working."""
        return Data(data=await calendar.renew(member.id))

    @delete("/")
    async def turn_feed_off(
        self, member: NamedDependency[Member], calendar: NamedDependency[CalendarFeedService]
    ) -> None:
        """No feed any more: its address answers 404."""
        await calendar.revoke(member.id)


@get(
    "/api/pwa/calendar/{file_name:str}",
    opt=PUBLIC,
    tags=["meal plans"],
    media_type=CALENDAR_TYPE,
    summary="A member's calendar feed",
)
async def calendar_feed(
    file_name: FromPath[str], request: Request[Any, Any, Any], calendar: NamedDependency[CalendarFeedService]
) -> Response[bytes]:
    """`{token}.ics`, the secret address of the settings: the dated meals of the member's plans
    and of the plans shared with them around today, as all-day iCalendar events. Anything else is
    a 404."""
    feed = await calendar.feed(file_name)
    headers = {"ETag": feed.etag, "Cache-Control": CALENDAR_CACHE}
    if etag_matches(request.headers.get("if-none-match"), feed.etag):
        return Response(b"", status_code=HTTP_304_NOT_MODIFIED, headers=headers)
    return Response(await calendar.calendar(feed), media_type=CALENDAR_TYPE, headers=headers)
