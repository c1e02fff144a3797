"""A plan meets the kitchen: the ingredient check and completing a plan (stock used up).
(Contract only on this branch: the implementation follows.)"""

from __future__ import annotations

from collections.abc import AsyncGenerator

from litestar.di import NamedDependency
from sqlalchemy.ext.asyncio import AsyncSession

from larder.mealplans.schemas import CompletePlanIn, CompletePlanOut, IngredientCheckOut
from larder.sharing.service import AccessPolicy, Member


class PlanCookingService:
    def __init__(self, session: AsyncSession, *, access: AccessPolicy) -> None:
        self.session = session
        self.access = access

    async def check(self, member: Member, plan_id: int) -> IngredientCheckOut:
        raise NotImplementedError

    async def complete(self, member: Member, plan_id: int, data: CompletePlanIn) -> CompletePlanOut:
        raise NotImplementedError


async def provide_cooking_service(
    db_session: NamedDependency[AsyncSession], access: NamedDependency[AccessPolicy]
) -> AsyncGenerator[PlanCookingService, None]:
    yield PlanCookingService(db_session, access=access)
