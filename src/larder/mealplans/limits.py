"""What a meal plan and the calendar feed may hold (part 2 §5, §7), and how the OpenAPI document
declares a limit the service checks in its own words.

The service, the calendar feed and the wire contract all take their bounds from here.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import msgspec
import msgspec.inspect as mi

NAME_MAX = 100
DEFAULT_DAYS = 3  # the spec's default draft length
ENTRY_NAME_MAX = 200

# A household plans a week or a few ahead, not years: these bound every plan, every answer showing
# plans and the calendar feed (mealplans/calendar.py), whoever writes. The server checks each with
# its own message; the web app's plan editor shows them (webui/src/features/mealplans/lib/plans.ts).
#
# A plan spans any three calendar months at most (July to September is 92 days): a season's rota
# of 13 weeks fits, and a plan of a whole year was a mistake, not a plan.
DAYS_MAX = 92
# Breakfast, lunch, dinner and snacks, each with a few dishes, for a large household; a day card
# with more than this is no longer readable. A plan holds at most DAYS_MAX * 20 = 1,840 recipes.
RECIPES_PER_DAY_MAX = 20
# The dates a plan may cover, fixed rather than counted from today, so that a plan saved once never
# becomes unsaveable as time passes: far from the last date Python, SQLite or a calendar app know
# (31/12/9999, where the day after an all-day meal no longer exists), and wide enough for any
# household's past and future plans.
DATE_FIRST = dt.date(2000, 1, 1)
DATE_LAST = dt.date(2099, 12, 31)
# The calendar feed shows the meals dated from FEED_PAST_DAYS before today to FEED_FUTURE_DAYS after
# it (a plan that ended a quarter ago is still whole; one scheduled a year ahead shows up), upcoming
# meals first, then the latest past ones, FEED_EVENTS_MAX in all: about six meals a day over that
# whole window, far more than a household eats, and at most ~1 MB of iCalendar text per build.
FEED_PAST_DAYS = DAYS_MAX
FEED_FUTURE_DAYS = 366
FEED_EVENTS_MAX = 3000
# What a day may carry in a request at all (decoding); past RECIPES_PER_DAY_MAX it is refused.
SENT_PER_DAY_MAX = 5 * RECIPES_PER_DAY_MAX
LINK_MAX = 2048


# -- rules the service checks in its words, declared in the OpenAPI document (mealplans/schemas.py) --


def declared(**schema: Any) -> msgspec.Meta:
    """JSON Schema keywords (as Litestar's `Schema` attributes) for the document only: the rule they
    describe is the service's, checked there with its message."""
    return msgspec.Meta(extra_json_schema={"extra": schema})


def member_schema(member: Any) -> dict[str, Any]:
    """The JSON Schema of an int type with its msgspec bounds (Litestar drops the limits of a union's
    members and of a list's items)."""
    info = mi.type_info(member)
    if isinstance(info, mi.Metadata):
        info = info.type
    assert isinstance(info, mi.IntType)
    bounds = {"minimum": info.ge, "maximum": info.le}
    return {"type": "integer", **{key: value for key, value in bounds.items() if value is not None}}


__all__ = [
    "DATE_FIRST",
    "DATE_LAST",
    "DAYS_MAX",
    "DEFAULT_DAYS",
    "ENTRY_NAME_MAX",
    "FEED_EVENTS_MAX",
    "FEED_FUTURE_DAYS",
    "FEED_PAST_DAYS",
    "LINK_MAX",
    "NAME_MAX",
    "RECIPES_PER_DAY_MAX",
    "SENT_PER_DAY_MAX",
    "declared",
    "member_schema",
]
