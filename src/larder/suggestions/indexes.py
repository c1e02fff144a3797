"""The recipes ranking looks at, made ready once and kept while they stay the same.

The catalogue's index (10,000 recipes: ~100,000 lines read and prepared) is kept per database
while the catalogue's version (a count of writes kept by triggers) stays the same. A member's own
and imported recipes are a few dozen: kept per member while their stamps (how many, the newest,
the latest change) and the catalogue's version (imported lines are matched to its names) stay the
same.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from larder.catalogue.schemas import IngredientLine, RecipeLines
from larder.catalogue.service import RecipeFacts
from larder.core.base.bounded_cache import BoundedCache
from larder.kitchen.ranking import RecipeIndex
from larder.kitchen.suggest import Line, prepare
from larder.suggestions.schemas import SuggestionKind

V = TypeVar("V")
RecipeKey = tuple[SuggestionKind, int]


@dataclass(frozen=True)
class Card:
    """What an answer shows of a recipe besides its ranking."""

    image: str | None
    category_id: int | None


@dataclass(frozen=True)
class Recipes:
    """Recipes ready to rank, keyed (kind, id), with their cards and what filters look at."""

    index: RecipeIndex[RecipeKey]
    cards: dict[RecipeKey, Card]
    facts: dict[RecipeKey, RecipeFacts]


def _lines(found: Sequence[IngredientLine]) -> list[Line]:
    return [
        Line(
            line.ingredient_id,
            line.name,
            line.quantity if line.quantity is not None and line.quantity > 0 else None,
            line.measurement or None,
        )
        for line in found
    ]


def recipes(
    found: Sequence[tuple[SuggestionKind, RecipeLines]], tags: dict[int, frozenset[str]] | None = None
) -> Recipes:
    """Recipes of their kind ('catalogue', 'user', 'imported') made ready to rank; with `tags` (of
    ingredients), their facts for the filters too: a recipe carries a preference tag when every one
    of its ingredients does (a line the catalogue does not know carries none)."""
    prepared = [prepare((kind, r.recipe_id), r.name, _lines(r.lines)) for kind, r in found]
    cards = {(kind, r.recipe_id): Card(r.image, r.category_id) for kind, r in found}
    facts: dict[RecipeKey, RecipeFacts] = {}
    if tags is not None:
        for kind, r in found:
            ids = [line.ingredient_id for line in r.lines]
            shared = (
                frozenset.intersection(*(tags.get(i, frozenset()) for i in ids if i is not None))
                if ids and None not in ids
                else frozenset()
            )
            facts[kind, r.recipe_id] = RecipeFacts(
                name=r.name,
                ingredient_ids=frozenset(i for i in ids if i is not None),
                ingredient_text=" ".join(line.name for line in r.lines),
                category_id=r.category_id,
                tags=shared,
            )
    return Recipes(RecipeIndex(prepared), cards, facts)


CATALOGUES: BoundedCache[tuple[int, Recipes]] = BoundedCache(4)  # by database: (catalogue version, its recipes)
OWN: BoundedCache[tuple[Hashable, Recipes]] = BoundedCache(256)  # by (database, member): (stamps, their recipes)

__all__ = ["CATALOGUES", "OWN", "Card", "Recipes", "recipes"]
