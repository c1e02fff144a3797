"""GET /api/pwa/notifications (DESIGN "Part 2"): expired and expiring items across visible stores,
and the settings of the daily expiry e-mail."""

from __future__ import annotations

from litestar import Controller, get, put
from litestar.di import NamedDependency
from litestar.params import JSONBody

from larder.core.base.wire import Data
from larder.notifications.schemas import DigestSettings
from larder.notifications.service import DigestService
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

    @get("/settings")
    async def digest_settings(
        self, member: NamedDependency[Member], digests: NamedDependency[DigestService]
    ) -> Data[DigestSettings]:
        return Data(data=await digests.settings_of(member.id))

    @put("/settings")
    async def change_digest_settings(
        self, data: JSONBody[DigestSettings], member: NamedDependency[Member], digests: NamedDependency[DigestService]
    ) -> Data[DigestSettings]:
        return Data(data=await digests.change(member.id, data))
