"""The administrator's writes that other domains' services carry out, each in the write turn of
what it changes (core/uow.py): the service's reads that decide the change run in the turn too."""

from __future__ import annotations

from collections.abc import AsyncGenerator

from litestar.di import NamedDependency

from larder.accounts.schemas import InviteOut
from larder.accounts.service import InviteService, UserService
from larder.content.schemas import NewsItemOut
from larder.content.service import NewsService
from larder.core.uow import INSTANCE, Scope

# The news items, and the invite codes (a new batch reads the codes taken, so two batches written
# side by side never hand out one code twice).
NEWS = Scope("news")
INVITES = Scope("invites")


class AdminWrites:
    def __init__(self, *, invites: InviteService, users: UserService, news: NewsService) -> None:
        self.invites = invites
        self.users = users
        self.news = news

    async def create_invites(self, *, count: int, uses: int, expires_days: int | None) -> list[InviteOut]:
        async with self.invites.uow.write(INVITES):
            return await self.invites.create_codes(count=count, uses=uses, expires_days=expires_days)

    async def delete_user(self, user_id: int, *, acting_id: int) -> None:
        # The account and everything it owns, across every scope: the instance's alone.
        async with self.users.uow.write(INSTANCE):
            await self.users.delete_account(user_id, acting_id=acting_id)

    async def write_news(self, title: str, html: str) -> NewsItemOut:
        async with self.news.uow.write(NEWS):
            return await self.news.write(title, html)

    async def rewrite_news(self, news_id: int, title: str, html: str) -> NewsItemOut:
        async with self.news.uow.write(NEWS):
            return await self.news.rewrite(news_id, title, html)

    async def remove_news(self, news_id: int) -> None:
        async with self.news.uow.write(NEWS):
            await self.news.remove(news_id)


async def provide_admin_writes(
    invites: NamedDependency[InviteService], users: NamedDependency[UserService], news: NamedDependency[NewsService]
) -> AsyncGenerator[AdminWrites, None]:
    yield AdminWrites(invites=invites, users=users, news=news)


__all__ = ["INVITES", "NEWS", "AdminWrites", "provide_admin_writes"]
