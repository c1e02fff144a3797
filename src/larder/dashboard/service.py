"""The dashboard's one read (part 2 §2 'Dashboard and notifications', §4 'Dashboard').

A read model: it owns no table and reads nothing itself, it asks the services whose data it shows,
each of which asks the sharing policy. So it is no `DomainService` (that base is for a service of
its own model) but a plain class holding the services it composes.
"""

from __future__ import annotations

from datetime import timedelta

from litestar.datastructures import State
from litestar.di import NamedDependency

from larder.core.base.clock import today
from larder.dashboard.schemas import DashboardOut, UpcomingMealOut
from larder.mealplans.schemas import PlannedMealOut
from larder.mealplans.service import MealPlanService
from larder.sharing.service import Member
from larder.shopping.service import ShoppingService
from larder.stores.service import StoresService


class DashboardService:
    def __init__(
        self, *, mealplans: MealPlanService, shopping: ShoppingService, stores: StoresService, zone: str | None
    ) -> None:
        self.mealplans = mealplans
        self.shopping = shopping
        self.stores = stores
        self.zone = zone

    async def overview(self, member: Member) -> DashboardOut:
        """Today's and tomorrow's meals, the caller's lists (own and shared, newest change first) and
        their default store card.

        `today` and `tomorrow` are the recipes of the caller's own and shared plans dated on those
        calendar dates in the instance's time zone (`day` below, the day the store's badges are
        counted for too).
        """
        day = today(self.zone)
        tomorrow = day + timedelta(days=1)
        meals = await self.mealplans.meals_on(member, [day, tomorrow])
        return DashboardOut(
            today=[_upcoming(meal) for meal in meals[day]],
            tomorrow=[_upcoming(meal) for meal in meals[tomorrow]],
            lists=await self.shopping.summaries(member),
            default_store=await self.stores.default_card(member, day),
        )


def _upcoming(meal: PlannedMealOut) -> UpcomingMealOut:
    return UpcomingMealOut(
        user_mealplan_id=meal.user_mealplan_id,
        plan_name=meal.plan_name,
        name=meal.name,
        value=meal.value,
        image=meal.image,
        type=meal.type,
    )


def provide_dashboard_service(
    state: State,
    mealplans: NamedDependency[MealPlanService],
    shopping: NamedDependency[ShoppingService],
    stores: NamedDependency[StoresService],
) -> DashboardService:
    return DashboardService(mealplans=mealplans, shopping=shopping, stores=stores, zone=state["settings"].timezone)


__all__ = ["DashboardService", "provide_dashboard_service"]
