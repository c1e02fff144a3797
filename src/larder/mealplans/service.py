"""Meal plans: create, read, edit (autosave), schedule and delete, through the one access policy.
(Contract only on this branch: the implementation follows.)"""

from __future__ import annotations

from collections.abc import AsyncGenerator

from litestar.di import NamedDependency
from sqlalchemy.ext.asyncio import AsyncSession

from larder.mealplans.schemas import MealPlanIn, MealPlanOut, MealPlanUpdateIn
from larder.sharing.service import AccessPolicy, Member


class MealPlanService:
    def __init__(self, session: AsyncSession, *, access: AccessPolicy) -> None:
        self.session = session
        self.access = access

    async def list_visible(self, member: Member) -> list[MealPlanOut]:
        raise NotImplementedError

    async def get(self, member: Member, plan_id: int) -> MealPlanOut:
        raise NotImplementedError

    async def create(self, member: Member, data: MealPlanIn) -> MealPlanOut:
        raise NotImplementedError

    async def update(self, member: Member, plan_id: int, data: MealPlanUpdateIn) -> MealPlanOut:
        raise NotImplementedError

    async def delete(self, member: Member, plan_id: int) -> None:
        raise NotImplementedError


async def provide_mealplan_service(
    db_session: NamedDependency[AsyncSession], access: NamedDependency[AccessPolicy]
) -> AsyncGenerator[MealPlanService, None]:
    yield MealPlanService(db_session, access=access)


async def plan_owner(session: AsyncSession, entity_id: int) -> int | None:
    raise NotImplementedError


async def plan_names(session: AsyncSession, ids: list[int]) -> dict[int, str]:
    raise NotImplementedError
