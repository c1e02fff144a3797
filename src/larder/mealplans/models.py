"""Meal plans: a name, a number of days (dated from a start date when scheduled), and the recipes
planned on each day."""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy import Boolean, Date, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from larder.core.db.engine import Base


class MealPlan(Base):
    __tablename__ = "meal_plan"

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    days: Mapped[int] = mapped_column(Integer)
    # Both or neither: a plan without dates is a template of `days` days.
    start_date: Mapped[date | None] = mapped_column(Date, default=None)
    end_date: Mapped[date | None] = mapped_column(Date, default=None)
    # Counted up by database triggers (migration 0024) on every change of the plan's row or of its
    # entries, by any writer: the calendar feed's ETag is made of these, so a poll that finds
    # nothing new is answered 304 without building the feed. Never written by the ORM.
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    entries: Mapped[list[MealPlanEntry]] = relationship(
        back_populates="plan",
        cascade="all, delete-orphan",
        order_by="(MealPlanEntry.day, MealPlanEntry.position)",
        lazy="raise",
    )

    def schedule(self, start: date) -> None:
        """Date the plan from `start` (part 2 §4 'Schedule'): day i is start + i, so the end is
        start + (days - 1). Entries keep their day index; their dates follow."""
        self.start_date = start
        self.end_date = start + timedelta(days=self.days - 1)

    def date_of(self, day: int) -> date | None:
        return self.start_date + timedelta(days=day) if self.start_date else None


class MealPlanEntry(Base):
    """One recipe on one day of a plan (part 2 §3 'Plan recipe entry')."""

    __tablename__ = "meal_plan_entry"
    __table_args__ = (Index("ix_meal_plan_entry_plan_day", "plan_id", "day", "position"),)

    plan_id: Mapped[int] = mapped_column(ForeignKey("meal_plan.id", ondelete="CASCADE"))
    day: Mapped[int] = mapped_column(Integer)  # 0-based; its date is the plan's start date + day
    position: Mapped[int] = mapped_column(Integer)  # order within the day
    name: Mapped[str] = mapped_column(String(200))
    # What `value` names: a catalogue recipe (its category id as text, or 'A9'), IMPORTED, USER,
    # EXTERNAL_LINK (value is the URL) or CUSTOM (no value).
    type: Mapped[str] = mapped_column(String(32))
    value: Mapped[str | None] = mapped_column(String(2048), default=None)
    image: Mapped[str | None] = mapped_column(String(300), default=None)
    checked: Mapped[bool] = mapped_column(Boolean, default=False)

    plan: Mapped[MealPlan] = relationship(back_populates="entries", lazy="raise")


class CalendarFeed(Base):
    """A member's calendar feed link (mealplans/calendar.py). `key` is the random half of the
    link, used to find the row; the other half is a MAC of it under the server's secret key and
    is never stored, so the database alone does not give anybody a live feed address."""

    __tablename__ = "calendar_feed"

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), unique=True)
    key: Mapped[str] = mapped_column(String(32), unique=True)
