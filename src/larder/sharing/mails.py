"""Share e-mails: which addresses may be told, and how many e-mails one member may have sent.

Sharing a list, store or plan sends its address an e-mail. Without a bound, one member could
queue hundreds a second, to any address, as often as they share and unshare: an open relay for
whoever holds an invite. So:

- a member sends at most SHARE_MAILS_PER_HOUR share e-mails in any hour and SHARE_MAILS_PER_DAY in
  any 24 hours: a household sharing its lists, stores and plans with its few members stays far
  below, a relay stops within a minute of trying. A change that would pass a limit is refused
  whole (429 with Retry-After), nothing of it written;
- an address hears of one item at most once in TOLD_AGAIN_AFTER: sharing it again within that
  time (after an unshare, say) still shares, but sends no second e-mail — the first one's link
  still opens the item, and a share is what the member asked for;
- an address is refused (422) when it holds anything an address to type never holds: spaces,
  control, invisible or direction-changing characters, or markup characters (`<script>@x.y`).

Every e-mail sent is a row of `share_mail`, written in the request's transaction. Writing requests
take the write turn before they read (core/db/uow.py: one writer at a time across every process, on
SQLite and on PostgreSQL), so the counts read are exact whichever process serves the request.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Final

from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.core.base.clock import now
from larder.core.base.errors import FormError, TooManyRequests
from larder.sharing.models import ShareMail

SHARE_MAILS_PER_HOUR: Final = 30
SHARE_MAILS_PER_DAY: Final = 60
TOLD_AGAIN_AFTER: Final = timedelta(days=1)
HOUR: Final = timedelta(hours=1)
DAY: Final = timedelta(days=1)

MSG_INVALID_EMAIL: Final = "Invalid email address"
MSG_HIDDEN: Final = (
    "An e-mail address may not contain spaces, control characters, invisible characters or direction marks."
)
# Markup, quoting and the separators of a list of addresses; an apostrophe is an address's own (o'neil@).
MARKUP: Final = '<>()[]\\,;:"`'
MSG_MARKUP: Final = "An e-mail address may not contain any of " + " ".join(MARKUP) + "."
MSG_TOO_MANY: Final = (
    "You have sent as many share e-mails as one member may ({hour} an hour, {day} a day). Please try again in {wait}."
)
MSG_TOO_MANY_AT_ONCE: Final = "One change may tell at most {hour} new addresses. Please share with fewer at once."

# Invisible in any font, yet letters or marks to Unicode (so not caught by their category): the
# Hangul and halfwidth fillers, Khmer's inherent vowels, Mongolian's variation selectors, and the
# variation selectors (which only change how the character before them looks).
_INVISIBLE: Final = re.compile("[\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\uffa0\ufe00-\ufe0f\U000e0100-\U000e01ef]")
# A domain: labels of letters (any alphabet), digits and inner hyphens, at least two of them.
_LABEL: Final = r"[^\W_](?:(?:[^\W_]|-){0,61}[^\W_])?"
_ADDRESS: Final = re.compile(rf"^(?!\.)(?!.*\.\.)[^@]{{1,64}}(?<!\.)@(?:{_LABEL}\.)+{_LABEL}$")
ADDRESS_MAX: Final = 254


def address_problem(address: str) -> str | None:
    """What is wrong with an address to share with (lower-cased, stripped), or None."""
    # Categories C (control, format: zero-width and direction marks, unassigned, private use) and
    # Z (separators: every kind of space, line and paragraph breaks).
    if any(unicodedata.category(char)[0] in "CZ" for char in address) or _INVISIBLE.search(address):
        return MSG_HIDDEN
    if any(char in MARKUP for char in address):
        return MSG_MARKUP
    if len(address) > ADDRESS_MAX or not _ADDRESS.match(address):
        return MSG_INVALID_EMAIL
    return None


def _wait(seconds: float) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    if minutes < 90:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = math.ceil(minutes / 60)
    return f"{hours} hours"


def _seconds_until_room(sent: list[datetime], window: timedelta, limit: int, wanted: int, at: datetime) -> float:
    """Seconds until `wanted` more e-mails fit in `limit` per `window`, given the times of those
    sent (oldest first): the moment enough of them have left the window."""
    inside = [moment for moment in sent if moment > at - window]
    over = len(inside) + wanted - limit
    if over <= 0:
        return 0.0
    return (inside[over - 1] + window - at).total_seconds()


class ShareMails:
    """The share e-mails of one request, on its session (so its transaction)."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def not_told(self, entity_type: str, entity_id: int, addresses: Iterable[str]) -> list[str]:
        """Those of `addresses` that no e-mail told of the item within TOLD_AGAIN_AFTER, in order."""
        wanted = list(dict.fromkeys(addresses))
        if not wanted:
            return []
        told = set(
            await self.session.scalars(
                select(ShareMail.email).where(
                    ShareMail.entity_type == entity_type,
                    ShareMail.entity_id == entity_id,
                    ShareMail.email.in_(wanted),
                    ShareMail.sent_at > now() - TOLD_AGAIN_AFTER,
                )
            )
        )
        return [address for address in wanted if address not in told]

    async def check_room(self, sender_id: int, wanted: int) -> None:
        """429 (with Retry-After) when `wanted` more e-mails would pass the sender's limits; 422 when
        they never could in one change."""
        if wanted <= 0:
            return
        if wanted > SHARE_MAILS_PER_HOUR:
            message = MSG_TOO_MANY_AT_ONCE.format(hour=SHARE_MAILS_PER_HOUR)
            raise FormError({"shared_with": [message]})
        at = now()
        sent = list(
            await self.session.scalars(
                select(ShareMail.sent_at)
                .where(ShareMail.sender_id == sender_id, ShareMail.sent_at > at - DAY)
                .order_by(ShareMail.sent_at)
            )
        )
        seconds = max(
            _seconds_until_room(sent, HOUR, SHARE_MAILS_PER_HOUR, wanted, at),
            _seconds_until_room(sent, DAY, SHARE_MAILS_PER_DAY, wanted, at),
        )
        if seconds > 0:
            message = MSG_TOO_MANY.format(hour=SHARE_MAILS_PER_HOUR, day=SHARE_MAILS_PER_DAY, wait=_wait(seconds))
            raise TooManyRequests(math.ceil(seconds), message)

    async def sent(self, sender_id: int, entity_type: str, entity_id: int, addresses: list[str]) -> None:
        """Writes down the e-mails sent, and forgets the sender's older than any window."""
        at = now()
        await self.session.execute(
            delete(ShareMail).where(
                ShareMail.sender_id == sender_id, ShareMail.sent_at <= at - max(DAY, TOLD_AGAIN_AFTER)
            )
        )
        if addresses:
            await self.session.execute(
                insert(ShareMail),
                [
                    {
                        "sender_id": sender_id,
                        "entity_type": entity_type,
                        "entity_id": entity_id,
                        "email": address,
                        "sent_at": at,
                        "created_at": at,
                        "updated_at": at,
                    }
                    for address in addresses
                ],
            )


__all__ = [
    "SHARE_MAILS_PER_DAY",
    "SHARE_MAILS_PER_HOUR",
    "TOLD_AGAIN_AFTER",
    "ShareMails",
    "address_problem",
]
