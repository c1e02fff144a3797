"""Administrator calls under /api/admin (role `admin`)."""

from __future__ import annotations

from litestar import Controller, delete, get, post, put
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, JSONBody

from larder.accounts.schemas import InviteOut, UserOut
from larder.accounts.service import (
    Auth,
    InviteService,
    UserService,
    provide_admin,
    to_invite_out,
    to_user_out,
)
from larder.admin.schemas import InviteCreateIn
from larder.catalogue.schemas import CatalogueRecipeIn, RecipeOut
from larder.catalogue.service import CatalogueService
from larder.content.schemas import NewsItemIn, NewsItemOut
from larder.content.service import NewsService, to_news_out


class AdminController(Controller):
    path = "/api/admin"
    tags = ["admin"]
    dependencies = {"admin": Provide(provide_admin)}

    @get("/invites")
    async def list_invites(
        self, admin: NamedDependency[Auth], invites: NamedDependency[InviteService]
    ) -> list[InviteOut]:
        return [to_invite_out(i) for i in await invites.list_newest()]

    @post("/invites")
    async def create_invites(
        self, data: JSONBody[InviteCreateIn], admin: NamedDependency[Auth], invites: NamedDependency[InviteService]
    ) -> list[InviteOut]:
        codes = await invites.create_codes(count=data.count, uses=data.uses, expires_days=data.expires_days)
        return [to_invite_out(i) for i in codes]

    @get("/users")
    async def list_users(self, admin: NamedDependency[Auth], users: NamedDependency[UserService]) -> list[UserOut]:
        return [to_user_out(u) for u in await users.list_users()]


class AdminNewsController(Controller):
    path = "/api/admin/news"
    tags = ["admin"]
    dependencies = {"admin": Provide(provide_admin)}

    @get("/")
    async def list_news(self, admin: NamedDependency[Auth], news: NamedDependency[NewsService]) -> list[NewsItemOut]:
        return [to_news_out(n) for n in await news.newest(limit=500)]

    @post("/")
    async def create_news(
        self, data: JSONBody[NewsItemIn], admin: NamedDependency[Auth], news: NamedDependency[NewsService]
    ) -> NewsItemOut:
        return to_news_out(await news.write(data.title, data.html_content))

    @put("/{news_id:int}")
    async def update_news(
        self,
        news_id: FromPath[int],
        data: JSONBody[NewsItemIn],
        admin: NamedDependency[Auth],
        news: NamedDependency[NewsService],
    ) -> NewsItemOut:
        return to_news_out(await news.rewrite(news_id, data.title, data.html_content))

    @delete("/{news_id:int}")
    async def delete_news(
        self, news_id: FromPath[int], admin: NamedDependency[Auth], news: NamedDependency[NewsService]
    ) -> None:
        await news.remove(news_id)


class AdminCatalogueController(Controller):
    path = "/api/admin/recipes"
    tags = ["admin"]
    dependencies = {"admin": Provide(provide_admin)}

    @post("/")
    async def create_recipe(
        self,
        data: JSONBody[CatalogueRecipeIn],
        admin: NamedDependency[Auth],
        catalogue: NamedDependency[CatalogueService],
    ) -> RecipeOut:
        return await catalogue.write_recipe(data)

    @put("/{recipe_id:int}")
    async def update_recipe(
        self,
        recipe_id: FromPath[int],
        data: JSONBody[CatalogueRecipeIn],
        admin: NamedDependency[Auth],
        catalogue: NamedDependency[CatalogueService],
    ) -> RecipeOut:
        return await catalogue.write_recipe(data, recipe_id)

    @delete("/{recipe_id:int}")
    async def delete_recipe(
        self, recipe_id: FromPath[int], admin: NamedDependency[Auth], catalogue: NamedDependency[CatalogueService]
    ) -> None:
        await catalogue.remove_recipe(recipe_id)
