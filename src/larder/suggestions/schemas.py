"""Wire contract of POST /api/pwa/recipe-suggestions."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

import msgspec

from larder.catalogue.schemas import FilterItem, SearchText

SUGGESTIONS_MAX = 50
SuggestionKind = Literal["catalogue", "user", "imported"]


class SuggestionsIn(msgspec.Struct):
    """Which suggestions: at most `limit`, through the same search and filters as Discover (the
    account's filter preferences always apply); `use_up` keeps only recipes that use stock
    expiring within 3 days (the dashboard's "Use it up")."""

    searchString: SearchText = ""
    filters: Annotated[list[FilterItem], msgspec.Meta(max_length=50)] = []
    limit: Annotated[int, msgspec.Meta(ge=1, le=SUGGESTIONS_MAX)] = 20
    use_up: bool = False


class MissingLineOut(msgspec.Struct):
    """A line of the recipe the stock does not cover: what to buy (by catalogue ingredient when
    it is one), with the recipe's amount."""

    name: str
    ingredient_id: int | None
    quantity: float | None
    measurement: str | None


class UsesOut(msgspec.Struct):
    """Stock the recipe uses up: it expires in `days_left` days (0: today)."""

    name: str
    days_left: int
    expiry_date: dt.date


class PlanEntryOut(msgspec.Struct):
    """The recipe as a meal plan entry (what 'add to plan' appends to a day)."""

    name: str
    value: int
    image: str | None
    type: str


class SuggestionOut(msgspec.Struct):
    kind: SuggestionKind
    recipe_id: int
    name: str
    image: str | None
    at_home: int  # ingredient lines the stock covers
    counted: int  # lines counted: pantry staples (salt, pepper, oil, water) are not
    missing: list[MissingLineOut]
    uses: list[UsesOut]  # soonest first
    score: float
    summary: str  # "8 of 10 ingredients at home · uses spinach (expires tomorrow), cream (2 days)"
    entry: PlanEntryOut


__all__ = ["SUGGESTIONS_MAX", "MissingLineOut", "PlanEntryOut", "SuggestionOut", "SuggestionsIn", "UsesOut"]
