"""Meal plans: create, read, edit (autosave), schedule and delete, through the one access policy
(part 2 §2 'Meal plans', §3, §4 'Meal plan creation', 'Editing', 'Schedule', §5, §6, §7).

A plan has `days` days, 0-based; when dated, day i is start + i and end = start + (days - 1). Each
planned recipe names what it is by `type` and `value`, and the server checks that the caller may
plan it: a catalogue recipe must be published, an own or imported recipe the caller's own. The
stored name and image of a recipe entry are the recipe's, never the sent ones.

Entry types as stored (part 2 §3 'Details'): a catalogue recipe's type is its category id as text,
or 'A9' when it has no category (our category ids are all numeric, so the spec's "'A9' when the
category is numeric" would make every catalogue entry 'A9' and drop the category the web app can
show; either form is read back as a catalogue recipe); then USER, IMPORTED, EXTERNAL_LINK (value
an http(s) URL) and CUSTOM (a name, no value).

Autosave sends the whole plan again and again: a PUT that changes nothing writes nothing (the plan
keeps its updated_at and nobody is told), and entries already on the plan are taken as they are,
without looking their recipes up again. That is also what lets a household member with edit
rights save a plan holding the owner's own recipes, which they could not add themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, Final, NamedTuple

import msgspec
from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy import Row, bindparam, delete, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from larder.accounts.service import display_names
from larder.catalogue.schemas import RecipeOptionOut
from larder.catalogue.service import catalogue_recipe_cards
from larder.cookbook.service import own_recipe_cards
from larder.core.clock import now
from larder.core.db import insert_all
from larder.core.errors import Conflict, FieldCollector, FormError, NotFound
from larder.core.service import DomainService
from larder.core.sql_dates import days_after
from larder.core.text import plain_name_problem
from larder.imports.service import checked_url, imported_recipe_cards, shown_image
from larder.mealplans.models import MealPlan, MealPlanEntry
from larder.mealplans.schemas import (
    CATALOGUE_NUMERIC,
    CUSTOM,
    DATE_FIRST,
    DATE_LAST,
    DAYS_MAX,
    DEFAULT_DAYS,
    ENTRY_NAME_MAX,
    EXTERNAL_LINK,
    IMPORTED,
    RECIPES_PER_DAY_MAX,
    USER,
    DayEntryIn,
    DayEntryOut,
    MealPlanIn,
    MealPlanOut,
    MealPlanUpdateIn,
    PlannedMealOut,
    PlanRecipeIn,
    PlanRecipeOut,
)
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
MSG_END_REQUIRED: Final = "An end date is required"
MSG_START_REQUIRED: Final = "A start date is required"
MSG_END_BEFORE_START: Final = "The end date cannot be before the start date"
MSG_TOO_LONG: Final = f"A meal plan has at most {DAYS_MAX} days"
MSG_OUT_OF_RANGE: Final = f"A meal plan's days must fall between {DATE_FIRST:%d/%m/%Y} and {DATE_LAST:%d/%m/%Y}"
MSG_DAY_FULL: Final = f"Day {{day}} has {{count}} recipes: a day holds at most {RECIPES_PER_DAY_MAX}"
MSG_COUNTS_DISAGREE: Final = "days and number_of_days must be the same number"
MSG_DAYS_DISAGREE: Final = "The dates make {days} days; the number of days must match them"
MSG_NO_SUCH_DAY: Final = "Day {day} is not a day of this plan: it has {days} days, numbered from 0"
MSG_DAY_TWICE: Final = "Day {day} is sent more than once"
MSG_SHORTENED: Final = "Day {day} has recipes: remove them before the plan is shortened to {days} days"
MSG_STALE: Final = "This meal plan was changed elsewhere. Reload and try again."
MSG_UNKNOWN_TYPE: Final = "Unknown recipe type '{type}'"
MSG_NEEDS_ID: Final = "A recipe of type {type} needs the recipe's id as its value"
MSG_NO_CATALOGUE: Final = "There is no published recipe {value}"
MSG_NO_OWN: Final = "You have no recipe {value}"
MSG_NO_IMPORT: Final = "You have no imported recipe {value}"
MSG_LINK: Final = "An external link must be an http or https address"
MSG_CUSTOM_NAME: Final = "A custom entry needs a name"

CATALOGUE: Final = "catalogue"  # the kind of an entry whose type is a category id or 'A9'
_CATEGORY_ID = re.compile(r"[0-9]{1,19}")
_ID_KINDS: Final = (CATALOGUE, USER, IMPORTED)
IMAGE_MAX: Final = 300  # the entry's image column


def entry_kind(entry_type: str) -> str | None:
    """What an entry's type names: CATALOGUE, USER, IMPORTED, EXTERNAL_LINK, CUSTOM, or None when
    it names nothing known."""
    if entry_type in (CUSTOM, USER, IMPORTED, EXTERNAL_LINK):
        return entry_type
    if entry_type == CATALOGUE_NUMERIC or _CATEGORY_ID.fullmatch(entry_type):
        return CATALOGUE
    return None


def entry_recipe_id(entry_type: str, value: str | None) -> int | None:
    """The recipe id of a catalogue, own or imported entry as stored, else None."""
    if entry_kind(entry_type) in _ID_KINDS and value is not None and value.isdigit():
        return int(value)
    return None


def _changed_days(current: Sequence[Planned], entries: Sequence[Planned]) -> set[int]:
    """The days whose entries (in their order) differ between `current` and `entries`."""
    before: dict[int, list[Planned]] = {}
    after: dict[int, list[Planned]] = {}
    for found, listed in ((before, current), (after, entries)):
        for entry in listed:
            found.setdefault(entry.day, []).append(entry)
    return {day for day in before.keys() | after.keys() if before.get(day) != after.get(day)}


class Planned(NamedTuple):
    """One recipe on one day, as stored (and compared: an autosave that changes nothing writes nothing)."""

    day: int
    position: int
    name: str
    type: str
    value: str | None
    image: str | None
    checked: bool


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


@dataclass(frozen=True)
class Span:
    """A plan's length and dates (both dates or neither)."""

    days: int
    start: date | None
    end: date | None


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
        head = PlanHead(*rows[0][: len(_PLAN_COLUMNS)])
        # A plan without entries is one row whose entry columns are all NULL.
        entries = [EntryRow(*row[len(_PLAN_COLUMNS) :]) for row in rows if row.entry_id is not None]
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
        counts = _counts(errors, {"days": data.days, "number_of_days": data.number_of_days})
        span = _span(errors, data.start_date, data.end_date, counts, default_days=DEFAULT_DAYS)
        missing: list[str] = []
        async with self.uow.write(account_scope(member.id)):
            # The recipes the caller may plan are looked up in the turn.
            entries = await self._resolve(member, data.recipes, span.days if span else None, {}, errors, missing)
            _refuse(errors, missing)
            assert span is not None  # raise_if_any above
            plan = MealPlan(user_id=member.id, name=name, days=span.days, start_date=None, end_date=None, entries=[])
            _date(plan, span)
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
            counts = _counts(errors, {"days": data.days, "number_of_days": data.number_of_days})
            span = _new_span(errors, plan, data, counts)
            shortened: list[int] = []
            if data.recipes is msgspec.UNSET:
                entries = current
                if span is not None:
                    shortened = sorted({entry.day for entry in current if entry.day >= span.days})
            else:
                known = {(entry_kind(e.type), e.value): e for e in current if entry_kind(e.type) in _ID_KINDS}
                entries = await self._resolve(member, data.recipes, span.days if span else None, known, errors, missing)
            _refuse(errors, missing)
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
                _date(plan, span)
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

    async def _resolve(
        self,
        member: Member,
        sent_days: Sequence[DayEntryIn],
        days: int | None,
        known: dict[tuple[str | None, str | None], Planned],
        errors: FieldCollector,
        missing: list[str],
    ) -> list[Planned]:
        """The sent day entries as stored: each recipe checked by its type, the recipes not yet on
        the plan looked up in one query per kind. `days` is None when the plan's length is itself
        in error (the day numbers are then not checked). A recipe id that names nothing the caller
        may plan goes to `missing` (a 404 unless something else is invalid: `_refuse`)."""
        seen: set[int] = set()
        wanted: dict[str, set[int]] = {kind: set() for kind in _ID_KINDS}
        sent: list[tuple[int, int, PlanRecipeIn, str, str | None]] = []
        for day_entry in sent_days:
            if day_entry.day in seen:
                errors.add("recipes", MSG_DAY_TWICE.format(day=day_entry.day))
            seen.add(day_entry.day)
            if days is not None and day_entry.day >= days:
                errors.add("recipes", MSG_NO_SUCH_DAY.format(day=day_entry.day, days=days))
            if len(day_entry.recipes) > RECIPES_PER_DAY_MAX:
                errors.add("recipes", MSG_DAY_FULL.format(day=day_entry.day, count=len(day_entry.recipes)))
                continue  # none of its recipes is looked up
            for position, recipe in enumerate(day_entry.recipes):
                kind = entry_kind(recipe.type.strip())
                if kind is None:
                    errors.add("recipes", MSG_UNKNOWN_TYPE.format(type=recipe.type))
                    continue
                value = _as_id(recipe.value) if kind in _ID_KINDS else None
                if kind in _ID_KINDS:
                    if value is None:
                        errors.add("recipes", MSG_NEEDS_ID.format(type=recipe.type))
                        continue
                    if (kind, str(value)) not in known:
                        wanted[kind].add(value)
                sent.append((day_entry.day, position, recipe, kind, None if value is None else str(value)))

        # Each lookup sends no query when nothing of its kind is wanted.
        cards: dict[str, dict[int, RecipeOptionOut]] = {
            CATALOGUE: await catalogue_recipe_cards(self.session, wanted[CATALOGUE]),
            USER: await own_recipe_cards(self.session, member.id, wanted[USER]),
            IMPORTED: await imported_recipe_cards(self.session, member.id, wanted[IMPORTED]),
        }
        unknown = {CATALOGUE: MSG_NO_CATALOGUE, USER: MSG_NO_OWN, IMPORTED: MSG_NO_IMPORT}
        entries: list[Planned] = []
        for day, position, recipe, kind, value in sent:
            checked = recipe.checked
            if kind == CUSTOM:
                name = recipe.name.strip()
                if not name:
                    errors.add("recipes", MSG_CUSTOM_NAME)
                    continue
                entries.append(Planned(day, position, name, CUSTOM, None, None, checked))
            elif kind == EXTERNAL_LINK:
                link = _link(recipe.value)
                if link is None:
                    errors.add("recipes", MSG_LINK)
                    continue
                name = recipe.name.strip() or link[:ENTRY_NAME_MAX]
                entries.append(Planned(day, position, name, EXTERNAL_LINK, link, None, checked))
            elif (kind, value) in known:
                was = known[(kind, value)]
                entries.append(Planned(day, position, was.name, was.type, value, was.image, checked))
            else:
                assert value is not None  # an id kind with no id was refused above
                card = cards[kind].get(int(value))
                if card is None:
                    missing.append(unknown[kind].format(value=value))
                    continue
                entry_type = kind if kind != CATALOGUE else _catalogue_type(card.category_id)
                image = card.image if card.image and len(card.image) <= IMAGE_MAX else None
                entries.append(Planned(day, position, card.name[:ENTRY_NAME_MAX], entry_type, value, image, checked))
        entries.sort(key=lambda e: (e.day, e.position))
        # Positions are the recipes' places within their day as stored, 0, 1, 2...
        return _renumbered(entries)

    async def _owner_names(self, member: Member, owner_ids: Iterable[int]) -> dict[int, str]:
        """Owners' names by id: the caller's own is known already, the others' read in one query."""
        known = {member.id: member.name} if member.name else {}
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


def _refuse(errors: FieldCollector, missing: list[str]) -> None:
    """Every problem of the input at once (422, the recipes that name nothing among them); else a
    recipe id that names nothing the caller may plan is a 404 with the first such message."""
    if errors.errors:
        for message in missing:
            errors.add("recipes", message)
        errors.raise_if_any()
    if missing:
        raise NotFound(missing[0])


def _checked_name(errors: FieldCollector, name: str) -> str:
    problem = plain_name_problem(name, "name", plain=MSG_PLAIN_NAME)
    if problem:
        errors.add("name", problem)
    return name.strip()


def _counts(errors: FieldCollector, sent: dict[str, int | msgspec.UnsetType | None]) -> dict[str, int]:
    """The sent day counts (`days` and its other name `number_of_days`), which must agree."""
    counts = {field: value for field, value in sent.items() if isinstance(value, int)}
    if len(set(counts.values())) > 1:
        errors.add("number_of_days", MSG_COUNTS_DISAGREE)
    return counts


def _span(
    errors: FieldCollector, start: date | None, end: date | None, counts: dict[str, int], *, default_days: int
) -> Span | None:
    """A plan's length and dates from the sent dates and counts (None when they are in error):
    both dates make end - start + 1 days, which a sent count must match; no dates, the count."""
    count = next(iter(counts.values()), None)
    if start is not None and end is not None:
        if end < start:
            errors.add("end_date", MSG_END_BEFORE_START)
            return None
        outside = [field for field, day in (("start_date", start), ("end_date", end)) if not in_range(day)]
        for field in outside:
            errors.add(field, MSG_OUT_OF_RANGE)
        days = (end - start).days + 1
        if days > DAYS_MAX:
            errors.add("end_date", MSG_TOO_LONG)
            return None
        wrong = [field for field, value in counts.items() if value != days]
        for field in wrong:
            errors.add(field, MSG_DAYS_DISAGREE.format(days=days))
        return None if wrong or outside else Span(days, start, end)
    if start is not None:
        errors.add("end_date", MSG_END_REQUIRED)
        return None
    if end is not None:
        errors.add("start_date", MSG_START_REQUIRED)
        return None
    return _length(errors, counts, count or default_days)


def _new_span(errors: FieldCollector, plan: MealPlan, data: MealPlanUpdateIn, counts: dict[str, int]) -> Span | None:
    """The plan's length and dates after an update (MealPlanUpdateIn's docstring)."""
    start, end = data.start_date, data.end_date
    if start is msgspec.UNSET and end is msgspec.UNSET:
        # Neither date sent: the dates stay, a new count moves the end (from the same start).
        field = next(iter(counts), "days")
        return _scheduled(errors, plan.start_date, next(iter(counts.values()), plan.days), counts, field)
    if isinstance(start, date) and end is msgspec.UNSET:
        # The schedule dialog: the same number of days from a new start.
        return _scheduled(errors, start, next(iter(counts.values()), plan.days), counts, "start_date")
    if start is msgspec.UNSET:
        # An end alone keeps the start; an undated plan has none to keep, which the request could
        # not know from its own fields (409).
        if isinstance(end, date) and plan.start_date is None:
            raise Conflict(MSG_START_REQUIRED)
        start = plan.start_date
    return _span(errors, start, None if end is msgspec.UNSET else end, counts, default_days=plan.days)


def _scheduled(
    errors: FieldCollector, start: date | None, days: int, counts: dict[str, int], field: str
) -> Span | None:
    """`days` days from `start` (the schedule dialog, or a new count of a dated plan); a problem
    with the dates this makes is reported on `field`, what the caller changed."""
    span = _length(errors, counts, days)
    if span is None or start is None:
        return span
    problem = dates_problem(start, days)
    if problem:
        errors.add(field, problem)
        return None
    return Span(days, start, start + timedelta(days=days - 1))


def _length(errors: FieldCollector, counts: dict[str, int], days: int) -> Span | None:
    """An undated span of `days` days, which must be at most DAYS_MAX (the error on the count sent)."""
    if days > DAYS_MAX:
        errors.add(next(iter(counts), "days"), MSG_TOO_LONG)
        return None
    return Span(days, None, None)


def in_range(day: date) -> bool:
    return DATE_FIRST <= day <= DATE_LAST


def dates_problem(start: date, days: int) -> str | None:
    """Why a plan of `days` days cannot start on `start` (its days must all fall between DATE_FIRST
    and DATE_LAST, so the day after each, which ends its all-day event in a calendar, exists too),
    or None."""
    if days > DAYS_MAX:
        return MSG_TOO_LONG
    if not (in_range(start) and start <= DATE_LAST - timedelta(days=days - 1)):
        return MSG_OUT_OF_RANGE
    return None


def _date(plan: MealPlan, span: Span) -> None:
    if span.start is None:
        plan.start_date = plan.end_date = None
    else:
        plan.schedule(span.start)  # end = start + (days - 1), the sent end in every dated case


def _as_id(value: int | str | None) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value if value > 0 else None
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 19:
        number = int(value.strip())
        return number if 0 < number < 2**63 else None
    return None


def _link(value: int | str | None) -> str | None:
    if not isinstance(value, str):
        return None
    try:
        return checked_url(value)
    except FormError:
        return None


def _catalogue_type(category_id: int | None) -> str:
    return str(category_id) if category_id is not None else CATALOGUE_NUMERIC


def _renumbered(entries: list[Planned]) -> list[Planned]:
    found: list[Planned] = []
    for entry in entries:
        position = found[-1].position + 1 if found and found[-1].day == entry.day else 0
        found.append(entry._replace(position=position))
    return found


def _as_utc(moment: datetime) -> datetime:
    # The server's timestamps are UTC; a client echoing one without its zone means UTC too.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


# -- answers --------------------------------------------------------------------------------------


def _by_start(plan: MealPlan | PlanHead | Row[Any]) -> tuple[bool, date, int]:
    return (plan.start_date is None, plan.start_date or date.min, plan.id)


def value_out(entry_type: str, value: str | None) -> int | str | None:
    """An entry's `value` as answered: a recipe id, an external URL, or None for a custom entry."""
    recipe_id = entry_recipe_id(entry_type, value)
    return recipe_id if recipe_id is not None else value


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
        role=role.value,  # type: ignore[arg-type]
        updated_at=plan.updated_at,
    )


def provide_mealplan_service(
    db_session: NamedDependency[AsyncSession], access: NamedDependency[AccessPolicy], state: State
) -> MealPlanService:
    return MealPlanService(db_session, access=access, image_key=state["settings"].secret_key)


__all__ = [
    "MSG_NOT_FOUND",
    "MSG_OUT_OF_RANGE",
    "MSG_STALE",
    "MSG_TOO_LONG",
    "EntryRow",
    "MealPlanService",
    "PlanHead",
    "dates_problem",
    "entry_kind",
    "entry_recipe_id",
    "in_range",
    "provide_mealplan_service",
]
