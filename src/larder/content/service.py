"""News for /home-beta (sanitised HTML) and messages to the administrator."""

from __future__ import annotations

import re
from typing import Any, cast

import nh3
from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from litestar import Request
from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import is_email
from larder.content.models import InboxMessage, NewsItem
from larder.content.schemas import InboxKind, InboxMessageOut, NewsItemOut
from larder.core.base.errors import FieldCollector, FormError, NotFound
from larder.core.base.ids import is_id
from larder.core.base.settings import Settings
from larder.core.db.service import DomainService
from larder.core.db.throttle import Limit, NoThrottle, Throttle, request_throttle
from larder.core.db.uow import Scope
from larder.core.mail.email import Mail, Mailer
from larder.core.web.clients import client_address

NEWS_ON_HOME = 20
_UPLOAD_LINK = re.compile(r"/uploads/([A-Za-z0-9][A-Za-z0-9._-]{0,200})")
CONTACT_PER_CLIENT = Limit(5, 3600)
BUG_REPORT_PER_CLIENT = Limit(20, 3600)
INBOX_MAX = 200
INBOX = Scope("inbox")  # the administrator's messages: contact messages and bug reports

# What a news item may contain: text formatting, lists, links and images. nh3 (Ammonia) drops
# scripts, event handlers, styles and javascript: URLs, and adds rel="noopener noreferrer".
NEWS_TAGS = {
    "a", "b", "blockquote", "br", "code", "em", "h1", "h2", "h3", "h4", "hr", "i", "img", "li",
    "ol", "p", "pre", "s", "small", "strong", "sub", "sup", "u", "ul",
}  # fmt: skip
NEWS_ATTRIBUTES = {"a": {"href", "title"}, "img": {"src", "alt", "title", "width", "height"}}


def sanitise_news_html(html: str) -> str:
    return nh3.clean(html, tags=NEWS_TAGS, attributes=NEWS_ATTRIBUTES, url_schemes={"http", "https", "mailto"})


def to_inbox_out(row: InboxMessage) -> InboxMessageOut:
    return InboxMessageOut(
        id=row.id,
        kind=cast(InboxKind, row.kind),
        name=row.name,
        email=row.email,
        message=row.message,
        page=row.page,
        user_id=row.user_id,
        created_at=row.created_at,
    )


def to_news_out(item: NewsItem) -> NewsItemOut:
    return NewsItemOut(id=item.id, title=item.title, html_content=item.html_content, created_at=item.created_at)


# The news items: what an administrator writes, in a write turn of their own (core/db/uow.py).
NEWS = Scope("news")


class NewsService(DomainService[NewsItem]):
    class Repo(SQLAlchemyAsyncRepository[NewsItem]):
        model_type = NewsItem

    repository_type = Repo

    @staticmethod
    def _checked(title: str, html: str) -> tuple[str, str]:
        """Blank texts are refused; content that is only markup the cleaning removes (a script, an
        empty tag) is stored as what is left of it, nothing: the item then shows its title only."""
        form = FieldCollector()
        title = title.strip()
        if not title:
            form.add("title", "A title is required.")
        if not html.strip():
            form.add("HtmlContent", "Some content is required.")
        form.raise_if_any()
        return title, sanitise_news_html(html).strip()

    async def referenced_uploads(self) -> set[str]:
        """Stored images that news items show (<img src="/uploads/...">)."""
        found: set[str] = set()
        for html in await self.session.scalars(select(NewsItem.html_content)):
            found.update(_UPLOAD_LINK.findall(html))
        return found

    async def newest(self, limit: int = NEWS_ON_HOME) -> list[NewsItemOut]:
        rows = await self.session.scalars(select(NewsItem).order_by(NewsItem.id.desc()).limit(limit))
        return [to_news_out(n) for n in rows]

    async def write(self, title: str, html: str) -> NewsItemOut:
        title, clean = self._checked(title, html)
        async with self.uow.write(NEWS):
            item = await self.repository.add(NewsItem(title=title, html_content=clean))
        return to_news_out(item)

    async def _item(self, item_id: int) -> NewsItem:
        item: NewsItem | None = await self.repository.get_one_or_none(id=item_id) if is_id(item_id) else None
        if item is None:
            raise NotFound("No news item with this id.")
        return item

    async def rewrite(self, item_id: int, title: str, html: str) -> NewsItemOut:
        async with self.uow.write(NEWS):
            item = await self._item(item_id)
            item.title, item.html_content = self._checked(title, html)
            await self.session.flush()
        return to_news_out(item)

    async def remove(self, item_id: int) -> None:
        async with self.uow.write(NEWS):
            await self.repository.delete((await self._item(item_id)).id)


class InboxService(DomainService[InboxMessage]):
    class Repo(SQLAlchemyAsyncRepository[InboxMessage]):
        model_type = InboxMessage

    repository_type = Repo

    def __init__(
        self,
        session: AsyncSession,
        *,
        settings: Settings,
        mailer: Mailer,
        throttle: Throttle | None = None,
        client: str = "local",
    ) -> None:
        super().__init__(session)
        self.settings = settings
        self.mailer = mailer
        self.throttle = throttle or NoThrottle()
        self.client = client

    async def contact(self, *, name: str, email: str, message: str, user_id: int | None) -> None:
        """A message from anyone (/contact) or a signed-in user (/contact-beta, then linked to them)."""
        await self.throttle.hit(f"contact:client:{self.client}", CONTACT_PER_CLIENT)
        form = FieldCollector()
        name, email, message = name.strip(), email.strip(), message.strip()
        if not name:
            form.add("name", "Please fill in your name.")
        if not email:
            form.add("email", "Please fill in your email.")
        elif not is_email(email):
            form.add("email", "Invalid email address")
        if not message:
            form.add("message", "Please write a message.")
        form.raise_if_any()
        async with self.uow.write(INBOX):
            await self.repository.add(
                InboxMessage(kind="contact", name=name, email=email, message=message, user_id=user_id)
            )
            await self._notify_admin(f"Contact message from {name}", f"From: {name} <{email}>\n\n{message}\n")

    async def bug_report(self, *, name: str, email: str, message: str, page: str | None, user_id: int) -> None:
        await self.throttle.hit(f"bug:client:{self.client}", BUG_REPORT_PER_CLIENT)
        if not message.strip():
            raise FormError({"message": ["Please describe the problem."]})
        async with self.uow.write(INBOX):
            await self.repository.add(
                InboxMessage(kind="bug", name=name, email=email, message=message.strip(), page=page, user_id=user_id)
            )
            await self._notify_admin(
                f"Bug report from {name}", f"From: {name} <{email}>\nPage: {page or '-'}\n\n{message.strip()}\n"
            )

    async def newest(self, limit: int = INBOX_MAX) -> list[InboxMessageOut]:
        """The newest contact messages and bug reports, newest first, at most INBOX_MAX."""
        limit = max(1, min(limit, INBOX_MAX))
        rows = await self.session.scalars(select(InboxMessage).order_by(InboxMessage.id.desc()).limit(limit))
        return [to_inbox_out(r) for r in rows]

    async def _notify_admin(self, subject: str, body: str) -> None:
        """In the message's write: without SMTP the mail is a row of the outbox."""
        if self.settings.admin_email:
            await self.mailer.send(self.session, Mail(to=self.settings.admin_email, subject=subject, body=body))


def provide_news_service(db_session: NamedDependency[AsyncSession]) -> NewsService:
    return NewsService(session=db_session)


def provide_inbox_service(
    db_session: NamedDependency[AsyncSession], state: State, request: Request[Any, Any, Any]
) -> InboxService:
    return InboxService(
        session=db_session,
        settings=state["settings"],
        mailer=state["mailer"],
        throttle=request_throttle(state, db_session),
        client=client_address(request),
    )
