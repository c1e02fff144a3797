"""A plan's length and dates (part 2 §4 'Meal plan creation', 'Schedule', §5): from what a new
plan or a change sends, checked against DAYS_MAX and the dates a plan may cover, each problem told
on the field that caused it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final

import msgspec

from larder.core.base.errors import Conflict, FieldCollector
from larder.mealplans.limits import DATE_FIRST, DATE_LAST, DAYS_MAX
from larder.mealplans.models import MealPlan
from larder.mealplans.schemas import MealPlanUpdateIn

MSG_END_REQUIRED: Final = "An end date is required"
MSG_START_REQUIRED: Final = "A start date is required"
MSG_END_BEFORE_START: Final = "The end date cannot be before the start date"
MSG_TOO_LONG: Final = f"A meal plan has at most {DAYS_MAX} days"
MSG_OUT_OF_RANGE: Final = f"A meal plan's days must fall between {DATE_FIRST:%d/%m/%Y} and {DATE_LAST:%d/%m/%Y}"
MSG_COUNTS_DISAGREE: Final = "days and number_of_days must be the same number"
MSG_DAYS_DISAGREE: Final = "The dates make {days} days; the number of days must match them"


@dataclass(frozen=True)
class Span:
    """A plan's length and dates (both dates or neither)."""

    days: int
    start: date | None
    end: date | None


def counts_of(errors: FieldCollector, sent: dict[str, int | msgspec.UnsetType | None]) -> dict[str, int]:
    """The sent day counts (`days` and its other name `number_of_days`), which must agree."""
    counts = {field: value for field, value in sent.items() if isinstance(value, int)}
    if len(set(counts.values())) > 1:
        errors.add("number_of_days", MSG_COUNTS_DISAGREE)
    return counts


def span_of(
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


def new_span(errors: FieldCollector, plan: MealPlan, data: MealPlanUpdateIn, counts: dict[str, int]) -> Span | None:
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
    return span_of(errors, start, None if end is msgspec.UNSET else end, counts, default_days=plan.days)


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


def date_plan(plan: MealPlan, span: Span) -> None:
    if span.start is None:
        plan.start_date = plan.end_date = None
    else:
        plan.schedule(span.start)  # end = start + (days - 1), the sent end in every dated case


__all__ = [
    "MSG_OUT_OF_RANGE",
    "MSG_TOO_LONG",
    "Span",
    "counts_of",
    "date_plan",
    "dates_problem",
    "in_range",
    "new_span",
    "span_of",
]
