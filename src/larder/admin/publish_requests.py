"""Moderation of publish requests under /api/admin/publish-requests (mounted by the admin router)."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.params import FromQuery, JSONBody
from litestar.status_codes import HTTP_200_OK

from larder.cookbook.schemas import AdminPublishRequestOut, AdminStatusFilter, RejectIn
from larder.cookbook.service import ModerationService
from larder.core.base.errors import Conflict
from larder.core.base.ids import PathId
from larder.core.base.wire import Data


class AdminPublishRequestController(Controller):
    path = "/publish-requests"
    tags = ["admin"]

    @get("/")
    async def list_requests(
        self, moderation: NamedDependency[ModerationService], status: FromQuery[AdminStatusFilter] = "pending"
    ) -> list[AdminPublishRequestOut]:
        """`status`: pending (the default), approved, rejected, cancelled, or all."""
        return await moderation.list_requests(status)

    @post("/{request_id:int}/approve", status_code=HTTP_200_OK, raises=[Conflict])
    async def approve(
        self, request_id: PathId, moderation: NamedDependency[ModerationService]
    ) -> Data[AdminPublishRequestOut]:
        return Data(data=await moderation.approve(request_id))

    @post("/{request_id:int}/reject", status_code=HTTP_200_OK, raises=[Conflict])
    async def reject(
        self, request_id: PathId, data: JSONBody[RejectIn], moderation: NamedDependency[ModerationService]
    ) -> Data[AdminPublishRequestOut]:
        return Data(data=await moderation.reject(request_id, data.reason))


__all__ = ["AdminPublishRequestController"]
