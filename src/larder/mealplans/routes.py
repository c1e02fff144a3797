"""Meal plan calls under /api/pwa (part 2 §7; DESIGN "Part 2" for the ingredient check and complete)."""

from __future__ import annotations

from litestar import Controller, delete, get, post, put
from litestar.di import NamedDependency
from litestar.params import JSONBody
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED

from larder.core.base.errors import Conflict, Forbidden, NotFound
from larder.core.base.ids import PathId
from larder.core.base.wire import Data
from larder.mealplans.cooking import PlanCookingService
from larder.mealplans.schemas import (
    CompletePlanIn,
    CompletePlanOut,
    IngredientCheckOut,
    MealPlanOut,
    NewPlan,
    PlanChange,
)
from larder.mealplans.service import MealPlanService
from larder.sharing.service import Member


class MealPlanController(Controller):
    """Besides invalid input (422): a plan the caller may not see, or a recipe id that names nothing
    they may plan, is a 404; a role without the right a 403; a plan changed meanwhile a 409."""

    path = "/api/pwa/user-mealplans"
    tags = ["meal plans"]

    @get("/")
    async def list_plans(
        self, member: NamedDependency[Member], mealplans: NamedDependency[MealPlanService]
    ) -> Data[list[MealPlanOut]]:
        """The caller's own plans by start date, then the plans shared with them."""
        return Data(data=await mealplans.list_visible(member))

    @post("/", status_code=HTTP_201_CREATED, raises=[NotFound])
    async def create_plan(
        self, data: NewPlan, member: NamedDependency[Member], mealplans: NamedDependency[MealPlanService]
    ) -> Data[MealPlanOut]:
        return Data(data=await mealplans.create(member, data))

    @get("/{plan_id:int}")
    async def get_plan(
        self, plan_id: PathId, member: NamedDependency[Member], mealplans: NamedDependency[MealPlanService]
    ) -> Data[MealPlanOut]:
        return Data(data=await mealplans.get(member, plan_id))

    @put("/{plan_id:int}", raises=[NotFound, Forbidden, Conflict])
    async def update_plan(
        self,
        plan_id: PathId,
        data: PlanChange,
        member: NamedDependency[Member],
        mealplans: NamedDependency[MealPlanService],
    ) -> Data[MealPlanOut]:
        return Data(data=await mealplans.update(member, plan_id, data))

    @delete("/{plan_id:int}", raises=[NotFound, Forbidden])
    async def delete_plan(
        self, plan_id: PathId, member: NamedDependency[Member], mealplans: NamedDependency[MealPlanService]
    ) -> None:
        await mealplans.delete(member, plan_id)

    @get("/{plan_id:int}/ingredients")
    async def check_ingredients(
        self, plan_id: PathId, member: NamedDependency[Member], cooking: NamedDependency[PlanCookingService]
    ) -> Data[IngredientCheckOut]:
        """The plan's recipes with their ingredients and what the caller's stores hold of each."""
        return Data(data=await cooking.check(member, plan_id))

    @post("/{plan_id:int}/complete", status_code=HTTP_200_OK, raises=[NotFound, Forbidden, Conflict])
    async def complete_plan(
        self,
        plan_id: PathId,
        data: JSONBody[CompletePlanIn],
        member: NamedDependency[Member],
        cooking: NamedDependency[PlanCookingService],
    ) -> Data[CompletePlanOut]:
        """The complete dialog at once: stock used by the ticked recipes, optionally re-dated."""
        return Data(data=await cooking.complete(member, plan_id, data))
