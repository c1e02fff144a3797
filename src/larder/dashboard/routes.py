"""GET /api/pwa/dashboard: everything the home dashboard shows, in one call (DESIGN "Part 2")."""

from __future__ import annotations

from litestar import Controller, get
from litestar.di import NamedDependency

from larder.core.base.wire import Data
from larder.dashboard.schemas import DashboardOut
from larder.dashboard.service import DashboardService
from larder.sharing.service import Member


class DashboardController(Controller):
    path = "/api/pwa/dashboard"
    tags = ["dashboard"]

    @get("/")
    async def dashboard(
        self, member: NamedDependency[Member], dashboard: NamedDependency[DashboardService]
    ) -> Data[DashboardOut]:
        return Data(data=await dashboard.overview(member))
