"""What other domains read of the accounts: names to show, a member's filter preferences, the
verified addresses mail may go to. Plain queries on the session, no service.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Connection, bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.models import User
from larder.accounts.schemas import FILTER_PREFERENCES

_DISPLAY_NAMES = select(User.id, User.name).where(User.id.in_(bindparam("ids", expanding=True)))


async def display_names(session: AsyncSession, ids: Iterable[int]) -> dict[int, str]:
    """Members' names by id, in one query (owners shown on shared lists, stores and plans)."""
    wanted = set(ids)
    if not wanted:
        return {}
    # One statement built once: it is asked for on many pages.
    return {user_id: name for user_id, name in await session.execute(_DISPLAY_NAMES, {"ids": list(wanted)})}


def display_names_here(connection: Connection, ids: Iterable[int]) -> dict[int, str]:
    """`display_names`, read on the event loop's own connection (`UnitOfWork.read_here`)."""
    wanted = set(ids)
    if not wanted:
        return {}
    return {user_id: name for user_id, name in connection.execute(_DISPLAY_NAMES, {"ids": list(wanted)})}


async def filter_preferences(session: AsyncSession, user_id: int) -> list[str]:
    """The member's saved filter preferences (vegan, vegetarian, gluten_free, sugar_free, dairy_free)."""
    found = await session.scalar(select(User.preferences).where(User.id == user_id))
    return [p for p in FILTER_PREFERENCES if p in (found or [])]


async def verified_contacts(session: AsyncSession, ids: Iterable[int]) -> dict[int, tuple[str, str]]:
    """(name, e-mail) of the members among `ids` whose address is verified, in one query: mail the
    app sends unasked (a daily digest) only ever goes to an address its owner has proven."""
    wanted = set(ids)
    if not wanted:
        return {}
    rows = await session.execute(
        select(User.id, User.name, User.email).where(User.id.in_(wanted), User.email_verified_at.is_not(None))
    )
    return {user_id: (name, email) for user_id, name, email in rows}
