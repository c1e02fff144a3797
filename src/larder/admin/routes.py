"""Administrator calls under /api/admin (role `admin`)."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.di import NamedDependency, Provide
from litestar.params import JSONBody

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
