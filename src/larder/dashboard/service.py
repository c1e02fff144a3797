"""The dashboard's one read (part 2 §2 'Dashboard and notifications', §4 'Dashboard').

A read model: it owns no table and reads nothing itself, it asks the services whose data it shows,
each of which asks the sharing policy. So it is no `DomainService` (that base is for a service of
its own model) but a plain class holding the services it composes.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator

from litestar.datastructures import State
from litestar.di import NamedDependency

from larder.core.clock import today
from larder.dashboard.schemas import DashboardOut, UpcomingMealOut
from larder.sharing.service import Member
from larder.shopping.service import ShoppingService
from larder.stores.service import StoresService


class DashboardService:
    def __init__(self, *, shopping: ShoppingService, stores: StoresService, zone: str | None) -> None:
        self.shopping = shopping
        self.stores = stores
        self.zone = zone

    async def overview(self, member: Member) -> DashboardOut:
        """The caller's lists (own and shared, newest change first) and their default store card.

        `today` and `tomorrow` are filled by meal plans: the recipes of the caller's plans dated
        today and tomorrow, the calendar dates of the instance's time zone (`day` below, the day
        the store's badges are counted for too). Until plans exist they are always empty.
        """
        day = today(self.zone)
        today_meals: list[UpcomingMealOut] = []
        tomorrow_meals: list[UpcomingMealOut] = []
        return DashboardOut(
            today=today_meals,
            tomorrow=tomorrow_meals,
            lists=await self.shopping.summaries(member),
            default_store=await self.stores.default_card(member, day),
        )


async def provide_dashboard_service(
    state: State, shopping: NamedDependency[ShoppingService], stores: NamedDependency[StoresService]
) -> AsyncGenerator[DashboardService, None]:
    yield DashboardService(shopping=shopping, stores=stores, zone=state["settings"].timezone)


__all__ = ["DashboardService", "provide_dashboard_service"]
