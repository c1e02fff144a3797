"""Meal plans as stored: the plan and entry rows every answer is made from, read in one query per
page, and the entries written back only for the days that changed."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any, NamedTuple

from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from sqlalchemy import Row, bindparam, delete, or_, select
from sqlalchemy.orm import selectinload

from larder.core.db.engine import insert_all
from larder.core.db.sql_dates import days_after
from larder.mealplans.entries import Planned
from larder.mealplans.models import MealPlan, MealPlanEntry
from larder.sharing.service import Member


def _changed_days(current: Sequence[Planned], entries: Sequence[Planned]) -> set[int]:
    """The days whose entries (in their order) differ between `current` and `entries`."""
    before: dict[int, list[Planned]] = {}
    after: dict[int, list[Planned]] = {}
    for found, listed in ((before, current), (after, entries)):
        for entry in listed:
            found.setdefault(entry.day, []).append(entry)
    return {day for day in before.keys() | after.keys() if before.get(day) != after.get(day)}


class PlanHead(NamedTuple):
    """A plan's own fields, read as a row (for answering; changes go through the ORM object)."""

    id: int
    user_id: int
    name: str
    days: int
    start_date: date | None
    end_date: date | None
    updated_at: datetime


class EntryRow(NamedTuple):
    """One stored entry read as a row, with its id (the order of a day's entries is day, position, id)."""

    id: int
    day: int
    position: int
    name: str
    type: str
    value: str | None
    image: str | None
    checked: bool

    def planned(self) -> Planned:
        return Planned(self.day, self.position, self.name, self.type, self.value, self.image, self.checked)


_ENTRY_COLUMNS = (
    MealPlanEntry.plan_id,
    MealPlanEntry.day,
    MealPlanEntry.position,
    MealPlanEntry.name,
    MealPlanEntry.type,
    MealPlanEntry.value,
    MealPlanEntry.image,
    MealPlanEntry.checked,
)
_PLAN_COLUMNS = (
    MealPlan.id,
    MealPlan.user_id,
    MealPlan.name,
    MealPlan.days,
    MealPlan.start_date,
    MealPlan.end_date,
    MealPlan.updated_at,
)


# The reads every plan page and the dashboard make, built once with their parameters bound at each
# call: building a statement and working out its cache key cost about as much as running it.
_VISIBLE = or_(MealPlan.user_id == bindparam("member_id"), MealPlan.id.in_(bindparam("shared", expanding=True)))
_PLAN_ROWS = (
    select(
        *_PLAN_COLUMNS,
        MealPlanEntry.id.label("entry_id"),
        *(column.label(f"entry_{column.key}") for column in _ENTRY_COLUMNS[1:]),
    )
    .outerjoin(MealPlanEntry, MealPlanEntry.plan_id == MealPlan.id)
    .where(MealPlan.id == bindparam("plan_id"))
    .order_by(MealPlanEntry.day, MealPlanEntry.position, MealPlanEntry.id)
)
_VISIBLE_PLANS = select(*_PLAN_COLUMNS).where(_VISIBLE)
_ENTRIES = (
    select(*_ENTRY_COLUMNS)
    .where(MealPlanEntry.plan_id.in_(bindparam("plan_ids", expanding=True)))
    .order_by(MealPlanEntry.plan_id, MealPlanEntry.day, MealPlanEntry.position)
)
_ON = days_after(MealPlan.start_date, MealPlanEntry.day)
_ON_DATES = (
    select(MealPlan.id, MealPlan.name.label("plan_name"), _ON.label("on"), *_ENTRY_COLUMNS[1:])
    .join(MealPlanEntry, MealPlanEntry.plan_id == MealPlan.id)
    .where(
        _VISIBLE,
        MealPlan.start_date <= bindparam("last"),
        MealPlan.end_date >= bindparam("first"),
        _ON.in_(bindparam("days", expanding=True)),
    )
    .order_by(MealPlan.start_date, MealPlan.id, MealPlanEntry.position)
)


class MealPlanRepository(SQLAlchemyAsyncRepository[MealPlan]):
    model_type = MealPlan

    async def plan(self, plan_id: int, *, with_entries: bool = False) -> MealPlan | None:
        statement = select(MealPlan).where(MealPlan.id == plan_id).execution_options(populate_existing=True)
        if with_entries:
            statement = statement.options(selectinload(MealPlan.entries))
        return await self.session.scalar(statement)

    async def plan_rows(self, plan_id: int) -> tuple[PlanHead | None, list[EntryRow]]:
        """The plan's own fields and its entries by day and position, as rows, in one query."""
        rows = list(await self.session.execute(_PLAN_ROWS, {"plan_id": plan_id}))
        if not rows:
            return None, []
        head = PlanHead._make(rows[0][: len(_PLAN_COLUMNS)])
        # A plan without entries is one row whose entry columns are all NULL.
        entries = [EntryRow._make(row[len(_PLAN_COLUMNS) :]) for row in rows if row.entry_id is not None]
        return head, entries

    async def visible(self, member: Member, shared: Sequence[int]) -> list[Row[Any]]:
        """The caller's own plans and those shared with them, their own fields only, in one query."""
        return list(await self.session.execute(_VISIBLE_PLANS, {"member_id": member.id, "shared": list(shared)}))

    async def entries(self, plan_ids: Sequence[int]) -> dict[int, list[Planned]]:
        """Every plan's entries by day and position, read as rows for all of them in one query."""
        found: dict[int, list[Planned]] = {plan_id: [] for plan_id in plan_ids}
        if plan_ids:
            for row in await self.session.execute(_ENTRIES, {"plan_ids": list(plan_ids)}):
                found[row.plan_id].append(Planned(*row[1:]))
        return found

    async def replace_entries(self, plan_id: int, entries: Sequence[Planned], current: Sequence[Planned] = ()) -> None:
        """The plan's entries made `entries`, from `current` (what it holds, read in this turn): only
        the days whose entries differ are written again (an autosave changes a day of a week)."""
        changed = _changed_days(current, entries)
        if not changed:
            return
        condition = MealPlanEntry.plan_id == plan_id
        if current:
            condition = condition & MealPlanEntry.day.in_(sorted(changed))
        await self.session.execute(delete(MealPlanEntry).where(condition))
        written = [MealPlanEntry(plan_id=plan_id, **e._asdict()) for e in entries if e.day in changed]
        await insert_all(self.session, MealPlanEntry, written)

    async def on_dates(self, member: Member, shared: Sequence[int], days: Sequence[date]) -> list[Row[Any]]:
        """The entries of visible plans whose date is one of `days`, with their plan, in one query."""
        parameters = {
            "member_id": member.id,
            "shared": list(shared),
            "first": min(days),
            "last": max(days),
            "days": list(days),
        }
        return list(await self.session.execute(_ON_DATES, parameters))


__all__ = ["EntryRow", "MealPlanRepository", "PlanHead"]
