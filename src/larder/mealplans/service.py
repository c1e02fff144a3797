"""Meal plans: create, read, edit (autosave), schedule and delete, through the one access policy
(part 2 §2 'Meal plans', §3, §4 'Meal plan creation', 'Editing', 'Schedule', §5, §6, §7).

A plan has `days` days, 0-based; when dated, day i is start + i and end = start + (days - 1)
(mealplans/spans.py). Each planned recipe names what it is by `type` and `value`, and the server
checks that the caller may plan it (mealplans/entries.py). The plans are read and written through
mealplans/repository.py.

Autosave sends the whole plan again and again: a PUT that changes nothing writes nothing (the plan
keeps its updated_at and nobody is told), and entries already on the plan are taken as they are,
without looking their recipes up again. That is also what lets a household member with edit
rights save a plan holding the owner's own recipes, which they could not add themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any, Final

import msgspec
from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy import Row, delete
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import display_names
from larder.core.base.clock import now
from larder.core.base.errors import Conflict, FieldCollector, NotFound
from larder.core.base.text import plain_name_problem
from larder.core.db.service import DomainService
from larder.imports.service import shown_image
from larder.mealplans.entries import Planned, known_recipes, refuse, resolve_entries, value_out
from larder.mealplans.limits import DEFAULT_DAYS
from larder.mealplans.models import MealPlan
from larder.mealplans.repository import EntryRow, MealPlanRepository, PlanHead
from larder.mealplans.schemas import (
    DayEntryOut,
    MealPlanIn,
    MealPlanOut,
    MealPlanUpdateIn,
    PlannedMealOut,
    PlanRecipeOut,
)
from larder.mealplans.spans import counts_of, date_plan, new_span, span_of
from larder.sharing.service import (
    AccessPolicy,
    Action,
    EntityType,
    Member,
    Role,
    ShareEntry,
    account_scope,
    entity_scope,
    role_among,
)

MSG_NOT_FOUND: Final = "Meal plan not found."
MSG_PLAIN_NAME: Final = "No special characters allowed"
MSG_SHORTENED: Final = "Day {day} has recipes: remove them before the plan is shortened to {days} days"
MSG_STALE: Final = "This meal plan was changed elsewhere. Reload and try again."


class MealPlanService(DomainService[MealPlan]):
    repository_type = MealPlanRepository
    repository: MealPlanRepository

    def __init__(self, session: AsyncSession, *, access: AccessPolicy, image_key: str) -> None:
        super().__init__(session)
        self.access = access
        self.image_key = image_key  # an imported recipe's picture is answered as a signed address

    # -- reading --------------------------------------------------------------------------------
    async def list_visible(self, member: Member) -> list[MealPlanOut]:
        """Own plans by start date (undated ones after the dated), then the plans shared with the
        caller in the same order; every plan with all its days."""
        shared = await self.access.shared_with(member, EntityType.MEAL_PLAN)
        plans = await self.repository.visible(member, list(shared))
        # Every plan read is the caller's or shared with them, so each has a role.
        roles = {plan.id: role for plan in plans if (role := role_among(member, plan.user_id, plan.id, shared))}
        plans.sort(key=lambda plan: (roles[plan.id] != Role.OWNER, *_by_start(plan)))
        return await self._answers(member, plans, roles)

    async def get(self, member: Member, plan_id: int) -> MealPlanOut:
        plan, entries, role = await self.read(member, plan_id)
        return await self._answer(member, plan, [entry.planned() for entry in entries], role)

    async def read(
        self, member: Member, plan_id: int, action: Action = Action.VIEW
    ) -> tuple[PlanHead, list[EntryRow], Role]:
        """The plan and its entries as rows, read in one query, and the caller's role, which must
        allow `action` (404 for a stranger, 403 for a role without the right): for answering, as
        `open` is for changing."""
        plan, entries = await self.repository.plan_rows(plan_id)
        if plan is None:
            raise NotFound(MSG_NOT_FOUND)
        role = await self.access.require(
            member, EntityType.MEAL_PLAN, plan.id, plan.user_id, action, not_found=MSG_NOT_FOUND
        )
        return plan, entries, role

    async def meals_on(self, member: Member, days: Sequence[date]) -> dict[date, list[PlannedMealOut]]:
        """The recipes of the caller's own and shared plans dated on each of `days` (the dashboard's
        Today and Tomorrow), by plan and position, in one query besides the shares."""
        found: dict[date, list[PlannedMealOut]] = {day: [] for day in days}
        if not days:
            return found
        shared = await self.access.shared_with(member, EntityType.MEAL_PLAN)
        for row in await self.repository.on_dates(member, list(shared), list(found)):
            on = row.on
            found[on].append(
                PlannedMealOut(
                    date=on,
                    user_mealplan_id=row.id,
                    plan_name=row.plan_name,
                    name=row.name,
                    value=value_out(row.type, row.value),
                    image=shown_image(self.image_key, row.image),
                    type=row.type,
                )
            )
        return found

    # -- writing --------------------------------------------------------------------------------
    async def create(self, member: Member, data: MealPlanIn) -> MealPlanOut:
        errors = FieldCollector()
        name = _checked_name(errors, data.name)
        counts = counts_of(errors, {"days": data.days, "number_of_days": data.number_of_days})
        span = span_of(errors, data.start_date, data.end_date, counts, default_days=DEFAULT_DAYS)
        missing: list[str] = []
        async with self.uow.write(account_scope(member.id)):
            # The recipes the caller may plan are looked up in the turn.
            entries = await resolve_entries(
                self.session, member, data.recipes, span.days if span else None, {}, errors, missing
            )
            refuse(errors, missing)
            assert span is not None  # raise_if_any above
            plan = MealPlan(user_id=member.id, name=name, days=span.days, start_date=None, end_date=None, entries=[])
            date_plan(plan, span)
            plan.updated_at = now()
            await self.repository.add(plan, auto_refresh=False)
            await self.repository.replace_entries(plan.id, entries)
            self.session.expire(plan, ["entries"])  # written past the ORM: the empty list is stale
            await self.access.announce(EntityType.MEAL_PLAN, plan.id, plan.user_id)
        owners = await self._owner_names(member, [plan.user_id])
        return _plan_out(plan, entries, Role.OWNER, [], owners.get(plan.user_id, ""), self.image_key)

    async def update(self, member: Member, plan_id: int, data: MealPlanUpdateIn) -> MealPlanOut:
        """MealPlanUpdateIn's rules: fields left out keep their value; a start alone re-dates the plan
        (schedule), a start and an end give it a new number of days, two nulls undate it; `recipes`
        replaces every entry. A write that changes nothing is no write; a change based on an older
        version than the stored one (`updated_at`) is refused with 409."""
        async with self.uow.write(entity_scope(EntityType.MEAL_PLAN, plan_id)):
            # Read in the turn: the caller's right, the entries, and the version a stale write is told by.
            plan, role = await self.open(member, plan_id, Action.EDIT)
            current = (await self.repository.entries([plan.id]))[plan.id]
            errors = FieldCollector()
            missing: list[str] = []
            name = plan.name if data.name is msgspec.UNSET else _checked_name(errors, data.name)
            counts = counts_of(errors, {"days": data.days, "number_of_days": data.number_of_days})
            span = new_span(errors, plan, data, counts)
            shortened: list[int] = []
            if data.recipes is msgspec.UNSET:
                entries = current
                if span is not None:
                    shortened = sorted({entry.day for entry in current if entry.day >= span.days})
            else:
                days = span.days if span else None
                known = known_recipes(current)
                entries = await resolve_entries(self.session, member, data.recipes, days, known, errors, missing)
            refuse(errors, missing)
            assert span is not None  # raise_if_any above
            if shortened:
                # Valid on its own, refused for what the plan holds: a conflict with its state (409).
                raise Conflict(MSG_SHORTENED.format(day=shortened[0], days=span.days))

            plan_as_is = (plan.name, plan.days, plan.start_date, plan.end_date)
            unchanged = (name, span.days, span.start, span.end) == plan_as_is and entries == current
            if not unchanged:
                if data.updated_at is not None and _as_utc(data.updated_at) < plan.updated_at:
                    raise Conflict(MSG_STALE)
                plan.name, plan.days = name, span.days
                date_plan(plan, span)
                if entries != current:
                    await self.repository.replace_entries(plan.id, entries, current)
                plan.updated_at = now()  # also when only the entries changed
                await self.session.flush()
                await self.access.announce(EntityType.MEAL_PLAN, plan.id, plan.user_id)
        # Unchanged, nothing was written: the entries sent are the stored ones.
        return await self._answer(member, plan, entries, role)

    async def delete(self, member: Member, plan_id: int) -> None:
        async with self.uow.write(entity_scope(EntityType.MEAL_PLAN, plan_id)):
            plan, _ = await self.open(member, plan_id, Action.DELETE)
            # Its entries go by their foreign key (ON DELETE CASCADE), not one by one.
            await self.session.execute(delete(MealPlan).where(MealPlan.id == plan.id))
            self.session.expunge(plan)
            await self.access.forget(EntityType.MEAL_PLAN, plan.id, plan.user_id)

    # -- internals ------------------------------------------------------------------------------
    async def open(
        self, member: Member, plan_id: int, action: Action, *, with_entries: bool = False
    ) -> tuple[MealPlan, Role]:
        """The plan (with its entries loaded when asked) and the caller's role, which must allow
        `action`: 404 for a stranger, 403 for a role without the right."""
        plan = await self.repository.plan(plan_id, with_entries=with_entries)
        if plan is None:
            raise NotFound(MSG_NOT_FOUND)
        role = await self.access.require(
            member, EntityType.MEAL_PLAN, plan.id, plan.user_id, action, not_found=MSG_NOT_FOUND
        )
        return plan, role

    async def _owner_names(self, member: Member, owner_ids: Iterable[int]) -> dict[int, str]:
        """Owners' names by id: the caller's own is known already, the others' read in one query."""
        known = member.known_name
        return known | await display_names(self.session, set(owner_ids) - set(known))

    async def _answer(
        self, member: Member, plan: MealPlan | PlanHead, entries: list[Planned], role: Role
    ) -> MealPlanOut:
        shares = (await self.access.shares_of(EntityType.MEAL_PLAN, [plan.id]))[plan.id] if role == Role.OWNER else []
        owners = await self._owner_names(member, [plan.user_id])
        return _plan_out(plan, entries, role, shares, owners.get(plan.user_id, ""), self.image_key)

    async def _answers(
        self, member: Member, plans: Sequence[MealPlan | Row[Any]], roles: dict[int, Role]
    ) -> list[MealPlanOut]:
        owners = await self._owner_names(member, {plan.user_id for plan in plans})
        shares = await self.access.shares_of(
            EntityType.MEAL_PLAN, [plan.id for plan in plans if roles[plan.id] == Role.OWNER]
        )
        entries = await self.repository.entries([plan.id for plan in plans])
        return [
            _plan_out(
                plan,
                entries[plan.id],
                roles[plan.id],
                shares.get(plan.id, []),
                owners.get(plan.user_id, ""),
                self.image_key,
            )
            for plan in plans
        ]


# -- checks ---------------------------------------------------------------------------------------


def _checked_name(errors: FieldCollector, name: str) -> str:
    problem = plain_name_problem(name, "name", plain=MSG_PLAIN_NAME)
    if problem:
        errors.add("name", problem)
    return name.strip()


def _as_utc(moment: datetime) -> datetime:
    # The server's timestamps are UTC; a client echoing one without its zone means UTC too.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


# -- answers --------------------------------------------------------------------------------------


def _by_start(plan: MealPlan | PlanHead | Row[Any]) -> tuple[bool, date, int]:
    return (plan.start_date is None, plan.start_date or date.min, plan.id)


def _plan_out(
    plan: MealPlan | PlanHead | Row[Any],
    entries: Iterable[Planned],
    role: Role,
    shares: list[ShareEntry],
    owner_name: str,
    image_key: str,
) -> MealPlanOut:
    by_day: list[list[PlanRecipeOut]] = [[] for _ in range(plan.days)]
    for entry in entries:
        if entry.day < plan.days:
            by_day[entry.day].append(
                PlanRecipeOut(
                    name=entry.name,
                    value=value_out(entry.type, entry.value),
                    image=shown_image(image_key, entry.image),
                    type=entry.type,
                    checked=entry.checked,
                )
            )
    start = plan.start_date
    return MealPlanOut(
        user_mealplan_id=plan.id,
        user_id=plan.user_id,
        name=plan.name,
        days=plan.days,
        number_of_days=plan.days,
        start_date=start,
        end_date=plan.end_date,
        recipes=[
            DayEntryOut(date=start + timedelta(days=day) if start else None, day=day, recipes=recipes)
            for day, recipes in enumerate(by_day)
        ],
        shared_with=shares,
        owner_name=owner_name,
        role=role.value,
        updated_at=plan.updated_at,
    )


def provide_mealplan_service(
    db_session: NamedDependency[AsyncSession], access: NamedDependency[AccessPolicy], state: State
) -> MealPlanService:
    return MealPlanService(db_session, access=access, image_key=state["settings"].secret_key)


__all__ = [
    "MSG_NOT_FOUND",
    "MSG_STALE",
    "MealPlanService",
    "provide_mealplan_service",
]
