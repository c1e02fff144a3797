"""A plan meets the kitchen: the ingredient check and completing a plan (part 2 §4 'Complete
mealplan', 'Ingredient check'; DESIGN "Part 2").

The check lists each distinct recipe of the plan once, with the days it is planned on, its
ingredients and what the caller's stores (own, and shared with edit rights) hold of each, newest
first, plus the lists 'Add Selected' may merge into. Catalogue and own recipes have structured
ingredients; an imported recipe has text lines, read by `kitchen.lines` and matched by name
(ignoring case and plural) to the catalogue. Custom and external-link entries have no ingredients:
they are listed with none, so the complete dialog can show every recipe of the plan.

Own and imported recipes are read as the plan's owner's: a plan shared with a household shows its
members the ingredients of the recipes the owner planned (the plan only ever names the owner's).

Every read is one query per kind of thing (recipes of each kind, their stock, the lists), never one
per recipe or per ingredient. Completing is one write of the plan and the stores: stock used, items
at or below zero removed and the plan re-dated together, or nothing at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Final

from litestar.di import NamedDependency
from sqlalchemy.ext.asyncio import AsyncSession

from larder.catalogue.service import CatalogueService
from larder.cookbook.service import CookbookService
from larder.core.base.clock import now
from larder.core.base.errors import Conflict, FormError
from larder.core.db.uow import unit_of_work
from larder.imports.service import ImportService
from larder.mealplans.models import MealPlan, MealPlanEntry
from larder.mealplans.plan_recipes import Kind, RecipeKey, RecipeLine, days_of, planned_recipes, recipe_key, structured
from larder.mealplans.schemas import (
    CompletePlanIn,
    CompletePlanOut,
    EntryRef,
    IngredientCheckOut,
    IngredientRef,
    ListTargetOut,
    PlanIngredientOut,
    PlanRecipeCheckOut,
    ShortfallOut,
    StockMatchOut,
    UsedStockOut,
)
from larder.mealplans.service import MealPlanService
from larder.mealplans.spans import dates_problem, in_range
from larder.mealplans.stock import Need, missing_lines, needs_of, take_stock
from larder.sharing.service import AccessPolicy, Action, EntityType, Member, entity_scope
from larder.shopping.service import ShoppingService
from larder.stores.schemas import StockMatch
from larder.stores.service import StoresService

MSG_NO_ENTRY: Final = "There is no recipe at day {day}, place {index} of this plan. Reload and try again."
MSG_STOCK_GONE: Final = "A chosen stock item is no longer in a store you may change. Reload and try again."


class PlanCookingService:
    """Not a `DomainService`: it owns no table of its own beyond reading the plan, and asks the
    services of the recipes, the stores and the lists for everything else (like the dashboard)."""

    def __init__(
        self,
        session: AsyncSession,
        *,
        access: AccessPolicy,
        plans: MealPlanService,
        catalogue: CatalogueService,
        cookbook: CookbookService,
        imports: ImportService,
        stores: StoresService,
        shopping: ShoppingService,
    ) -> None:
        self.session = session
        self.access = access
        self.plans = plans
        self.catalogue = catalogue
        self.cookbook = cookbook
        self.imports = imports
        self.stores = stores
        self.shopping = shopping

    async def check(self, member: Member, plan_id: int) -> IngredientCheckOut:
        """GET /user-mealplans/{id}/ingredients: anyone who may see the plan."""
        plan, entries, _ = await self.plans.read(member, plan_id)
        recipes = planned_recipes(entries)
        lines = await self._lines(plan.user_id, [recipe.key for recipe in recipes])
        stock = await self.stores.stock_of(
            member, {line.ingredient_id for found in lines.values() for line in found if line.ingredient_id}
        )
        lists = await self.shopping.writable_summaries(member)
        planned = [lines.get(recipe.key, []) for recipe in recipes]
        missing = iter(missing_lines([line for found in planned for line in found], stock))
        return IngredientCheckOut(
            recipes=[
                PlanRecipeCheckOut(
                    recipe_id=recipe.recipe_id,
                    name=recipe.name,
                    type=recipe.type,
                    days=recipe.days,
                    entries=recipe.entries,
                    recipe_ingredients=[_ingredient_out(line, stock, next(missing)) for line in found],
                )
                for recipe, found in zip(recipes, planned, strict=True)
            ],
            lists=[
                ListTargetOut(user_shoppinglist_id=lst.user_shoppinglist_id, name=lst.name, owner_name=lst.owner_name)
                for lst in lists
            ],
        )

    async def complete(self, member: Member, plan_id: int, data: CompletePlanIn) -> CompletePlanOut:
        """POST /user-mealplans/{id}/complete: whoever may edit the plan (and, for the stock, the
        stores it comes from). Everything is checked before anything is written."""
        scopes = [entity_scope(EntityType.MEAL_PLAN, plan_id)]
        if data.adjust_stock:
            # The stock can only come from the stores the caller may change; one they are given
            # meanwhile is added to the write when it is used (StoresService.consume).
            scopes += [entity_scope(EntityType.FOOD_STORE, i) for i in await self.stores.writable_ids(member)]
        async with unit_of_work(self.session).write(*scopes):
            plan, _role = await self.plans.open(member, plan_id, Action.EDIT, with_entries=True)
            ticked = _ticked(plan, data.recipes)
            if data.reschedule_start is not None:
                _check_start(plan, data.reschedule_start)
            used: list[UsedStockOut] = []
            shortfall: list[ShortfallOut] = []
            if data.adjust_stock:
                keys = [recipe_key(entry) for entry in ticked]
                lines = await self._lines(plan.user_id, list(dict.fromkeys(keys)))
                needs = needs_of(line for key in keys for line in lines.get(key, []))
                uses, shortfall = take_stock(needs, await self._usable_stock(member, needs, data.use_items))
                used = [
                    UsedStockOut(
                        store_id=u.store_id,
                        item_id=u.item_id,
                        name=u.name,
                        used=u.used,
                        unit=u.unit,
                        left=u.left,
                        removed=u.removed,
                    )
                    for u in await self.stores.consume(member, uses)
                ]
            if data.reschedule_start is not None:
                plan.schedule(data.reschedule_start)
                plan.updated_at = now()
                await self.session.flush()
                await self.access.announce(EntityType.MEAL_PLAN, plan.id, plan.user_id)
        return CompletePlanOut(used=used, shortfall=shortfall, plan=await self.plans.get(member, plan_id))

    # -- internals ------------------------------------------------------------------------------
    async def _lines(self, owner_id: int, keys: Sequence[RecipeKey]) -> dict[RecipeKey, list[RecipeLine]]:
        """The ingredients of the recipes (own and imported ones: the plan owner's), one query per
        kind of recipe."""
        ids: dict[Kind, list[int]] = {"catalogue": [], "user": [], "imported": []}
        for kind, recipe_id in keys:
            if kind in ids and isinstance(recipe_id, int):
                ids[kind].append(recipe_id)
        found: dict[RecipeKey, list[RecipeLine]] = {}
        for recipe_id, lines in (await self.catalogue.ingredient_lines(ids["catalogue"])).items():
            found["catalogue", recipe_id] = structured(lines)
        for recipe_id, lines in (await self.cookbook.ingredient_lines(owner_id, ids["user"])).items():
            found["user", recipe_id] = structured(lines)
        texts = await self.imports.ingredient_texts(owner_id, ids["imported"])
        for recipe_id, lines in (await self.catalogue.read_ingredient_texts(texts)).items():
            found["imported", recipe_id] = structured(lines)
        return found

    async def _usable_stock(
        self, member: Member, needs: Sequence[Need], use_items: Sequence[int] | None
    ) -> dict[int, list[StockMatch]]:
        """The stock the needs may come from, newest first: the items the user ticked (each must be
        in a store they may change), or else everything the caller's writable stores hold of them."""
        ids = {need.ingredient_id for need in needs if need.ingredient_id is not None}
        if use_items is None:
            return await self.stores.stock_of(member, ids)
        chosen = await self.stores.stock_items(member, use_items)
        if len(chosen) != len(set(use_items)):
            # Ticked on the dialog, since used up, moved or unshared: the state changed (409).
            raise Conflict(MSG_STOCK_GONE)
        found: dict[int, list[StockMatch]] = {}
        for match in chosen:
            if match.ingredient_id in ids:
                found.setdefault(match.ingredient_id, []).append(match)
        return found


def _ingredient_out(line: RecipeLine, stock: dict[int, list[StockMatch]], missing: bool) -> PlanIngredientOut:
    matches = stock.get(line.ingredient_id, []) if line.ingredient_id is not None else []
    return PlanIngredientOut(
        ingredient_id=line.ingredient_id,
        ingredient=IngredientRef(name=line.name, ingredient_id=line.ingredient_id),
        quantity=line.quantity,
        measurement=line.measurement,
        value=line.value,
        stock=[
            StockMatchOut(
                store_id=m.store_id,
                store_name=m.store_name,
                item_id=m.item_id,
                quantity=m.quantity,
                unit=m.unit,
                date_added=m.date_added,
                expiry_date=m.expiry_date,
            )
            for m in matches
        ],
        missing=missing,
    )


def _ticked(plan: MealPlan, refs: Sequence[EntryRef]) -> list[MealPlanEntry]:
    """The entries at the given places (each once); 409 for a place the plan does not have (it
    changed since the dialog was opened)."""
    by_day = days_of(plan.entries)
    found: list[MealPlanEntry] = []
    for ref in dict.fromkeys((ref.day, ref.index) for ref in refs):
        day, index = ref
        entries = by_day.get(day, [])
        if index >= len(entries):
            raise Conflict(MSG_NO_ENTRY.format(day=day, index=index))
        found.append(entries[index])
    return found


def _check_start(plan: MealPlan, start: date) -> None:
    """The plan re-dated from `start` keeps within the dates a plan may have (spans.dates_problem):
    a start outside them is invalid (422), one whose plan's length carries it past them is a 409."""
    problem = dates_problem(start, plan.days)
    if problem and not in_range(start):
        raise FormError({"reschedule_start": [problem]})
    if problem:
        raise Conflict(problem)


def provide_cooking_service(
    db_session: NamedDependency[AsyncSession],
    access: NamedDependency[AccessPolicy],
    catalogue: NamedDependency[CatalogueService],
    cookbook: NamedDependency[CookbookService],
    imports: NamedDependency[ImportService],
    stores: NamedDependency[StoresService],
    shopping: NamedDependency[ShoppingService],
    mealplans: NamedDependency[MealPlanService],
) -> PlanCookingService:
    return PlanCookingService(
        db_session,
        access=access,
        plans=mealplans,
        catalogue=catalogue,
        cookbook=cookbook,
        imports=imports,
        stores=stores,
        shopping=shopping,
    )


__all__ = ["PlanCookingService", "provide_cooking_service"]
