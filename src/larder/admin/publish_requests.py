"""Moderation of publish requests under /api/admin/publish-requests (role `admin`)."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, FromQuery, JSONBody
from litestar.status_codes import HTTP_200_OK

from larder.accounts.service import Auth, provide_admin
from larder.cookbook.schemas import AdminPublishRequestOut, DataOut, RejectIn
from larder.cookbook.service import CookbookService


class AdminPublishRequestController(Controller):
    path = "/api/admin/publish-requests"
    tags = ["admin"]
    dependencies = {"admin": Provide(provide_admin)}

    @get("/")
    async def list_requests(
        self,
        admin: NamedDependency[Auth],
        cookbook: NamedDependency[CookbookService],
        status: FromQuery[str] = "pending",
    ) -> list[AdminPublishRequestOut]:
        """`status`: pending (the default), approved, rejected, cancelled, or all."""
        return await cookbook.admin_requests(status[:16])

    @post("/{request_id:int}/approve", status_code=HTTP_200_OK)
    async def approve(
        self, request_id: FromPath[int], admin: NamedDependency[Auth], cookbook: NamedDependency[CookbookService]
    ) -> DataOut[AdminPublishRequestOut]:
        return DataOut(data=await cookbook.approve(request_id))

    @post("/{request_id:int}/reject", status_code=HTTP_200_OK)
    async def reject(
        self,
        request_id: FromPath[int],
        data: JSONBody[RejectIn],
        admin: NamedDependency[Auth],
        cookbook: NamedDependency[CookbookService],
    ) -> DataOut[AdminPublishRequestOut]:
        return DataOut(data=await cookbook.reject(request_id, data.reason))


__all__ = ["AdminPublishRequestController"]
