"""Home-beta, contact and bug-report calls under /api/pwa."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency
from litestar.params import JSONBody

from larder.accounts.service import Auth, UserService, client_key, throttle_of
from larder.catalogue.service import CatalogueService
from larder.content.schemas import BugReportIn, ContactIn, HomeBetaOut, SentOut
from larder.content.service import InboxService, NewsService, to_news_out
from larder.core.throttle import Limit

CONTACT_PER_CLIENT = Limit(5, 3600)
BUG_REPORT_PER_CLIENT = Limit(20, 3600)


class ContentController(Controller):
    path = "/api/pwa"
    tags = ["content"]

    @get("/home-beta")
    async def home_beta(
        self,
        auth: NamedDependency[Auth],
        news: NamedDependency[NewsService],
        catalogue: NamedDependency[CatalogueService],
    ) -> HomeBetaOut:
        return HomeBetaOut(
            news=[to_news_out(n) for n in await news.newest()],
            categories=await catalogue.category_options(),
            recipes=await catalogue.latest(),
            featured=[],
        )

    @post("/contact")
    async def contact(
        self,
        data: JSONBody[ContactIn],
        request: Request[Any, Any, Any],
        state: State,
        users: NamedDependency[UserService],
        inbox: NamedDependency[InboxService],
    ) -> SentOut:
        """Public (/contact) and signed-in (/contact-beta) alike; a sent token links the message to its author."""
        throttle_of(state).hit(f"contact:client:{client_key(request)}", CONTACT_PER_CLIENT)
        header = request.headers.get("authorization")
        user_id = (await users.authenticate(header.partition(" ")[2].strip())).user.id if header else None
        await inbox.contact(name=data.name, email=data.email, message=data.message, user_id=user_id)
        return SentOut(message="Message sent.")

    @post("/bug-report")
    async def bug_report(
        self,
        data: JSONBody[BugReportIn],
        request: Request[Any, Any, Any],
        state: State,
        auth: NamedDependency[Auth],
        inbox: NamedDependency[InboxService],
    ) -> SentOut:
        throttle_of(state).hit(f"bug:client:{client_key(request)}", BUG_REPORT_PER_CLIENT)
        await inbox.bug_report(
            name=auth.user.name, email=auth.user.email, message=data.message, page=data.page, user_id=auth.user.id
        )
        return SentOut(message="Bug report sent.")
