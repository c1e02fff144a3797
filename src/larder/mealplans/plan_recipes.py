"""A plan's distinct recipes and their ingredient lines, as the ingredient check and completing
read them (mealplans/cooking.py).

Entries of one recipe share a key, so a recipe planned on several days is listed once with its
days. Catalogue and own recipes have structured ingredients; an imported recipe's text lines are
read into the same lines by the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final, Literal, Protocol, TypeVar

from larder.catalogue.schemas import IngredientLine
from larder.items.values import custom_value
from larder.kitchen.merge import tidy
from larder.kitchen.units import UNIT
from larder.mealplans.entries import CATALOGUE, entry_kind, entry_recipe_id, value_out
from larder.mealplans.schemas import CUSTOM, EXTERNAL_LINK, IMPORTED, USER, EntryRef

Kind = Literal["catalogue", "user", "imported", "custom", "link"]
RecipeKey = tuple[Kind, int | str]


_KINDS: Final[dict[str | None, Kind]] = {
    CATALOGUE: "catalogue",
    USER: "user",
    IMPORTED: "imported",
    EXTERNAL_LINK: "link",
    CUSTOM: "custom",
}


class Entry(Protocol):
    """A stored entry: the ORM object (when the plan is changed) or its row (when it is answered)."""

    @property
    def id(self) -> int: ...
    @property
    def day(self) -> int: ...
    @property
    def position(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def value(self) -> str | None: ...


def _kind(entry: Entry) -> Kind:
    return _KINDS.get(entry_kind(entry.type), "custom")


def _recipe_id(entry: Entry) -> int | None:
    return entry_recipe_id(entry.type, entry.value)


def recipe_key(entry: Entry) -> RecipeKey:
    """Entries of one recipe share a key: the kind and the recipe id (a custom entry: its name; a
    link: its URL)."""
    kind = _kind(entry)
    if kind == "custom":
        return kind, entry.name.strip().lower()
    if kind == "link":
        return kind, entry.value or ""
    recipe_id = _recipe_id(entry)
    return (kind, recipe_id) if recipe_id is not None else ("custom", entry.name.strip().lower())


E = TypeVar("E", bound=Entry)


def days_of(entries: Iterable[E]) -> dict[int, list[E]]:
    """Each day's entries in their order: an entry's place is its index in its day's list."""
    found: dict[int, list[E]] = {}
    for entry in sorted(entries, key=lambda e: (e.day, e.position, e.id)):
        found.setdefault(entry.day, []).append(entry)
    return found


@dataclass
class PlanRecipe:
    key: RecipeKey
    name: str
    type: str
    recipe_id: int | str | None
    days: list[int] = field(default_factory=list)
    entries: list[EntryRef] = field(default_factory=list)


@dataclass(frozen=True)
class RecipeLine:
    """One ingredient of a planned recipe: a catalogue ingredient or a named one without."""

    ingredient_id: int | None
    name: str
    quantity: float | None
    measurement: str

    @property
    def value(self) -> str:
        return str(self.ingredient_id) if self.ingredient_id is not None else custom_value(self.name)


def planned_recipes(plan_entries: Iterable[Entry]) -> list[PlanRecipe]:
    """The plan's distinct recipes in the order they first appear, each with its days and places."""
    recipes: dict[RecipeKey, PlanRecipe] = {}
    for day, entries in days_of(plan_entries).items():
        for index, entry in enumerate(entries):
            key = recipe_key(entry)
            recipe = recipes.get(key)
            if recipe is None:
                recipe = recipes[key] = PlanRecipe(key, entry.name, entry.type, value_out(entry.type, entry.value))
            if day not in recipe.days:
                recipe.days.append(day)
            recipe.entries.append(EntryRef(day=day, index=index))
    return list(recipes.values())


def structured(lines: list[IngredientLine]) -> list[RecipeLine]:
    return [
        RecipeLine(
            line.ingredient_id,
            line.name,
            tidy(line.quantity) if line.quantity is not None and line.quantity > 0 else None,
            line.measurement or UNIT,
        )
        for line in lines
    ]


__all__ = [
    "Entry",
    "Kind",
    "PlanRecipe",
    "RecipeKey",
    "RecipeLine",
    "days_of",
    "planned_recipes",
    "recipe_key",
    "structured",
]
