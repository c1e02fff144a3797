"""GET /api/pwa/notifications (DESIGN "Part 2"): expired and expiring items across visible stores."""

from __future__ import annotations

from litestar import Controller, get
from litestar.di import NamedDependency

from larder.core.wire import Data
from larder.sharing.service import Member
from larder.stores.schemas import ExpiryOverview
from larder.stores.service import StoresService


class NotificationController(Controller):
    path = "/api/pwa/notifications"
    tags = ["notifications"]

    @get("/")
    async def notifications(
        self, member: NamedDependency[Member], stores: NamedDependency[StoresService]
    ) -> Data[ExpiryOverview]:
        return Data(data=await stores.expiry_overview(member))
