"""A plan's entries: what each entry's type names, and the sent day entries resolved to what is
stored (part 2 §3 'Details', §5).

Entry types as stored: a catalogue recipe's type is its category id as text, or 'A9' when it has
no category (our category ids are all numeric, so the spec's "'A9' when the category is numeric"
would make every catalogue entry 'A9' and drop the category the web app can show; either form is
read back as a catalogue recipe); then USER, IMPORTED, EXTERNAL_LINK (value an http(s) URL) and
CUSTOM (a name, no value).

The server checks that the caller may plan each recipe: a catalogue recipe must be published, an
own or imported recipe the caller's own. The stored name and image of a recipe entry are the
recipe's, never the sent ones; an entry already on the plan is taken as it is, without looking
its recipe up again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, NamedTuple

from sqlalchemy.ext.asyncio import AsyncSession

from larder.catalogue.schemas import RecipeOptionOut
from larder.catalogue.service import catalogue_recipe_cards
from larder.cookbook.service import own_recipe_cards
from larder.core.base.errors import FieldCollector, FormError, NotFound
from larder.imports.service import checked_url, imported_recipe_cards
from larder.mealplans.limits import ENTRY_NAME_MAX, RECIPES_PER_DAY_MAX
from larder.mealplans.schemas import (
    CATALOGUE_NUMERIC,
    CUSTOM,
    EXTERNAL_LINK,
    IMPORTED,
    USER,
    DayEntryIn,
    PlanRecipeIn,
)
from larder.sharing.service import Member

MSG_DAY_FULL: Final = f"Day {{day}} has {{count}} recipes: a day holds at most {RECIPES_PER_DAY_MAX}"
MSG_NO_SUCH_DAY: Final = "Day {day} is not a day of this plan: it has {days} days, numbered from 0"
MSG_DAY_TWICE: Final = "Day {day} is sent more than once"
MSG_UNKNOWN_TYPE: Final = "Unknown recipe type '{type}'"
MSG_NEEDS_ID: Final = "A recipe of type {type} needs the recipe's id as its value"
MSG_NO_CATALOGUE: Final = "There is no published recipe {value}"
MSG_NO_OWN: Final = "You have no recipe {value}"
MSG_NO_IMPORT: Final = "You have no imported recipe {value}"
MSG_LINK: Final = "An external link must be an http or https address"
MSG_CUSTOM_NAME: Final = "A custom entry needs a name"

CATALOGUE: Final = "catalogue"  # the kind of an entry whose type is a category id or 'A9'
_CATEGORY_ID = re.compile(r"[0-9]{1,19}")
ID_KINDS: Final = (CATALOGUE, USER, IMPORTED)
IMAGE_MAX: Final = 300  # the entry's image column
_UNKNOWN: Final = {CATALOGUE: MSG_NO_CATALOGUE, USER: MSG_NO_OWN, IMPORTED: MSG_NO_IMPORT}


class Planned(NamedTuple):
    """One recipe on one day, as stored (and compared: an autosave that changes nothing writes nothing)."""

    day: int
    position: int
    name: str
    type: str
    value: str | None
    image: str | None
    checked: bool


class _Sent(NamedTuple):
    """A sent recipe whose type was understood: its kind, and its recipe id as text (an id kind)."""

    day: int
    position: int
    recipe: PlanRecipeIn
    kind: str
    value: str | None


Known = dict[tuple[str | None, str | None], Planned]
Cards = dict[str, dict[int, RecipeOptionOut]]


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
    if entry_kind(entry_type) in ID_KINDS and value is not None and value.isdigit():
        return int(value)
    return None


def value_out(entry_type: str, value: str | None) -> int | str | None:
    """An entry's `value` as answered: a recipe id, an external URL, or None for a custom entry."""
    recipe_id = entry_recipe_id(entry_type, value)
    return recipe_id if recipe_id is not None else value


def known_recipes(current: Sequence[Planned]) -> Known:
    """The recipe entries on the plan by kind and id: sent again, they are taken as they are."""
    return {(entry_kind(e.type), e.value): e for e in current if entry_kind(e.type) in ID_KINDS}


async def resolve_entries(
    session: AsyncSession,
    member: Member,
    sent_days: Sequence[DayEntryIn],
    days: int | None,
    known: Known,
    errors: FieldCollector,
    missing: list[str],
) -> list[Planned]:
    """The sent day entries as stored: each recipe checked by its type, the recipes not yet on
    the plan looked up in one query per kind. `days` is None when the plan's length is itself
    in error (the day numbers are then not checked). A recipe id that names nothing the caller
    may plan goes to `missing` (a 404 unless something else is invalid: `refuse`)."""
    sent, wanted = _understood(sent_days, days, known, errors)
    # Each lookup sends no query when nothing of its kind is wanted.
    cards: Cards = {
        CATALOGUE: await catalogue_recipe_cards(session, wanted[CATALOGUE]),
        USER: await own_recipe_cards(session, member.id, wanted[USER]),
        IMPORTED: await imported_recipe_cards(session, member.id, wanted[IMPORTED]),
    }
    entries = [entry for one in sent if (entry := _stored(one, known, cards, errors, missing)) is not None]
    entries.sort(key=lambda e: (e.day, e.position))
    # Positions are the recipes' places within their day as stored, 0, 1, 2...
    return _renumbered(entries)


def _understood(
    sent_days: Sequence[DayEntryIn], days: int | None, known: Known, errors: FieldCollector
) -> tuple[list[_Sent], dict[str, set[int]]]:
    """The sent recipes whose day and type are right, and the recipe ids of each kind to look up
    (those not on the plan already)."""
    seen: set[int] = set()
    wanted: dict[str, set[int]] = {kind: set() for kind in ID_KINDS}
    sent: list[_Sent] = []
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
            value = _as_id(recipe.value) if kind in ID_KINDS else None
            if kind in ID_KINDS:
                if value is None:
                    errors.add("recipes", MSG_NEEDS_ID.format(type=recipe.type))
                    continue
                if (kind, str(value)) not in known:
                    wanted[kind].add(value)
            sent.append(_Sent(day_entry.day, position, recipe, kind, None if value is None else str(value)))
    return sent, wanted


def _stored(sent: _Sent, known: Known, cards: Cards, errors: FieldCollector, missing: list[str]) -> Planned | None:
    """One sent recipe as stored, or None when it is in error (told to `errors` or `missing`)."""
    day, position, recipe, kind, value = sent
    checked = recipe.checked
    if kind == CUSTOM:
        name = recipe.name.strip()
        if not name:
            errors.add("recipes", MSG_CUSTOM_NAME)
            return None
        return Planned(day, position, name, CUSTOM, None, None, checked)
    if kind == EXTERNAL_LINK:
        link = _link(recipe.value)
        if link is None:
            errors.add("recipes", MSG_LINK)
            return None
        name = recipe.name.strip() or link[:ENTRY_NAME_MAX]
        return Planned(day, position, name, EXTERNAL_LINK, link, None, checked)
    if (kind, value) in known:
        was = known[(kind, value)]
        return Planned(day, position, was.name, was.type, value, was.image, checked)
    assert value is not None  # an id kind with no id was refused in `_understood`
    card = cards[kind].get(int(value))
    if card is None:
        missing.append(_UNKNOWN[kind].format(value=value))
        return None
    entry_type = kind if kind != CATALOGUE else _catalogue_type(card.category_id)
    image = card.image if card.image and len(card.image) <= IMAGE_MAX else None
    return Planned(day, position, card.name[:ENTRY_NAME_MAX], entry_type, value, image, checked)


def refuse(errors: FieldCollector, missing: list[str]) -> None:
    """Every problem of the input at once (422, the recipes that name nothing among them); else a
    recipe id that names nothing the caller may plan is a 404 with the first such message."""
    if errors.errors:
        for message in missing:
            errors.add("recipes", message)
        errors.raise_if_any()
    if missing:
        raise NotFound(missing[0])


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


__all__ = [
    "CATALOGUE",
    "ID_KINDS",
    "Planned",
    "entry_kind",
    "entry_recipe_id",
    "known_recipes",
    "refuse",
    "resolve_entries",
    "value_out",
]
