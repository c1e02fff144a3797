"""Administrator calls under /api/admin (one router, guarded by the admin role as a whole, in app.py)."""

from __future__ import annotations

from litestar import Controller, delete, get, post, put
from litestar.di import NamedDependency
from litestar.params import JSONBody

from larder.accounts.schemas import InviteOut, UserOut
from larder.accounts.service import InviteService, UserService
from larder.admin.backups import AdminBackupController
from larder.admin.publish_requests import AdminPublishRequestController
from larder.admin.schemas import InviteCreateIn
from larder.catalogue.schemas import CatalogueRecipeIn, RecipeOut
from larder.catalogue.service import CatalogueService
from larder.content.schemas import InboxMessageOut, NewsItemIn, NewsItemOut
from larder.content.service import InboxService, NewsService
from larder.core.base.errors import Conflict, NotFound
from larder.core.base.ids import PathId


class AdminController(Controller):
    path = "/"
    tags = ["admin"]

    @get("/invites")
    async def list_invites(self, invites: NamedDependency[InviteService]) -> list[InviteOut]:
        return await invites.list_newest()

    @post("/invites")
    async def create_invites(
        self, data: JSONBody[InviteCreateIn], invites: NamedDependency[InviteService]
    ) -> list[InviteOut]:
        return await invites.create_codes(count=data.count, uses=data.uses, expires_days=data.expires_days)

    @get("/users")
    async def list_users(self, users: NamedDependency[UserService]) -> list[UserOut]:
        return await users.list_users()

    @delete("/users/{user_id:int}", raises=[Conflict])
    async def delete_user(
        self, user_id: PathId, caller_id: NamedDependency[int], users: NamedDependency[UserService]
    ) -> None:
        """The account and everything it owns; 409 for the caller's own account or the last administrator."""
        await users.delete_account(user_id, acting_id=caller_id)


class AdminNewsController(Controller):
    path = "/news"
    tags = ["admin"]

    @get("/")
    async def list_news(self, news: NamedDependency[NewsService]) -> list[NewsItemOut]:
        return await news.newest(limit=500)

    @post("/")
    async def create_news(self, data: JSONBody[NewsItemIn], news: NamedDependency[NewsService]) -> NewsItemOut:
        return await news.write(data.title, data.html_content)

    @put("/{news_id:int}")
    async def update_news(
        self, news_id: PathId, data: JSONBody[NewsItemIn], news: NamedDependency[NewsService]
    ) -> NewsItemOut:
        return await news.rewrite(news_id, data.title, data.html_content)

    @delete("/{news_id:int}")
    async def delete_news(self, news_id: PathId, news: NamedDependency[NewsService]) -> None:
        await news.remove(news_id)


class AdminInboxController(Controller):
    path = "/inbox"
    tags = ["admin"]

    @get("/")
    async def list_inbox(self, inbox: NamedDependency[InboxService]) -> list[InboxMessageOut]:
        return await inbox.newest()


class AdminCatalogueController(Controller):
    path = "/recipes"
    tags = ["admin"]

    @post("/", raises=[NotFound])
    async def create_recipe(
        self, data: JSONBody[CatalogueRecipeIn], catalogue: NamedDependency[CatalogueService]
    ) -> RecipeOut:
        return await catalogue.write_recipe(data)

    @put("/{recipe_id:int}")
    async def update_recipe(
        self, recipe_id: PathId, data: JSONBody[CatalogueRecipeIn], catalogue: NamedDependency[CatalogueService]
    ) -> RecipeOut:
        return await catalogue.write_recipe(data, recipe_id)

    @delete("/{recipe_id:int}")
    async def delete_recipe(self, recipe_id: PathId, catalogue: NamedDependency[CatalogueService]) -> None:
        await catalogue.remove_recipe(recipe_id)


# Mounted by the app under /api/admin behind the administrator guard.
ADMIN_CONTROLLERS = [
    AdminController,
    AdminNewsController,
    AdminInboxController,
    AdminCatalogueController,
    AdminPublishRequestController,
    AdminBackupController,
]

__all__ = ["ADMIN_CONTROLLERS"]
