"""Home-beta, contact and bug-report calls under /api/pwa."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from larder.accounts.service import Auth
from larder.catalogue.service import CatalogueService
from larder.content.schemas import BugReportIn, ContactIn, HomeBetaOut
from larder.content.service import InboxService, NewsService
from larder.core.base.errors import TooManyRequests
from larder.core.base.wire import Message
from larder.core.web.access import PUBLIC_IDENTIFIED


class ContentController(Controller):
    path = "/api/pwa"
    tags = ["content"]

    @get("/home-beta")
    async def home_beta(
        self, news: NamedDependency[NewsService], catalogue: NamedDependency[CatalogueService]
    ) -> HomeBetaOut:
        return HomeBetaOut(
            news=await news.newest(),
            categories=await catalogue.category_options(),
            recipes=await catalogue.latest(),
            featured=[],
        )

    @post("/contact", opt=PUBLIC_IDENTIFIED, raises=[TooManyRequests])
    async def contact(
        self, data: JSONBody[ContactIn], caller: NamedDependency[Auth | None], inbox: NamedDependency[InboxService]
    ) -> Message:
        """Public (/contact) and signed-in (/contact-beta) alike; a sent token links the message to its author."""
        user_id = caller.user.id if caller else None
        await inbox.contact(name=data.name, email=data.email, message=data.message, user_id=user_id)
        return Message(message="Message sent.")

    @post("/bug-report", raises=[TooManyRequests])
    async def bug_report(
        self, data: JSONBody[BugReportIn], auth: NamedDependency[Auth], inbox: NamedDependency[InboxService]
    ) -> Message:
        await inbox.bug_report(
            name=auth.user.name, email=auth.user.email, message=data.message, page=data.page, user_id=auth.user.id
        )
        return Message(message="Bug report sent.")
