"""Wire contract of GET /api/pwa/dashboard (part 2 §2 'Dashboard and notifications', §4 'Dashboard')."""

from __future__ import annotations

import msgspec

from larder.shopping.schemas import ListSummaryOut
from larder.stores.schemas import StoreCardOut


class UpcomingMealOut(msgspec.Struct):
    """A recipe planned for today or tomorrow: the entry of a plan's day (part 2 §3 'Plan recipe
    entry') with the plan it belongs to."""

    user_mealplan_id: int
    plan_name: str
    name: str
    value: int | str | None  # a recipe id, an external link, or None for a custom entry
    image: str | None
    type: str


class DashboardOut(msgspec.Struct):
    """Everything the dashboard shows, in one answer (DESIGN "Part 2")."""

    today: list[UpcomingMealOut]
    tomorrow: list[UpcomingMealOut]
    lists: list[ListSummaryOut]  # own and shared, most recently changed first
    default_store: StoreCardOut | None
