"""Many recipes ranked against a household's stock at once (kitchen/suggest.py says how one is
scored).

A catalogue of 10,000 recipes has about 100,000 ingredient lines, but far fewer distinct needs: an
ingredient asked for in a few amounts. The index is built once per catalogue and keeps each
distinct need (an ingredient and the amounts its lines in one recipe ask for, in order) with the
recipes that have it. Ranking works out once per need what the stock covers, then adds the counts
up per recipe in array sums, and describes in full (`suggest_one`) only the recipes it keeps.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Generic

import numpy as np

from larder.kitchen.cover import covered_from
from larder.kitchen.merge import Amount, merge_all
from larder.kitchen.suggest import (
    URGENCY_WEIGHT,
    Held,
    K,
    Line,
    Prepared,
    Suggestion,
    lift,
    prepare,
    suggest_one,
    usable,
)

Need = tuple[int, tuple[tuple[float | None, str | None], ...]]


class RecipeIndex(Generic[K]):
    def __init__(self, recipes: Sequence[Prepared[K]]) -> None:
        self.recipes = list(recipes)
        self.position = {recipe.key: index for index, recipe in enumerate(self.recipes)}
        needs: dict[Need, int] = {}
        recipe_of: list[int] = []
        need_of: list[int] = []
        for index, recipe in enumerate(self.recipes):
            for group in recipe.groups:
                recipe_of.append(index)
                need_of.append(needs.setdefault(group, len(needs)))
        self.needs = list(needs)
        self.needs_of: dict[int, list[int]] = {}
        for number, (ingredient_id, _amounts) in enumerate(self.needs):
            self.needs_of.setdefault(ingredient_id, []).append(number)
        self.recipe_of = np.array(recipe_of, dtype=np.int64)
        self.need_of = np.array(need_of, dtype=np.int64)
        self.counted = np.array([len(recipe.lines) for recipe in self.recipes], dtype=np.float64)
        by_name = sorted(range(len(self.recipes)), key=lambda i: self.recipes[i].sort_name)
        self.name_rank = np.empty(len(self.recipes), dtype=np.int64)
        self.name_rank[by_name] = np.arange(len(self.recipes))

    def __len__(self) -> int:
        return len(self.recipes)

    def rank(
        self,
        stock: Mapping[int, Sequence[Held]],
        *,
        limit: int | None = None,
        use_up: bool = False,
        only: Collection[K] | None = None,
    ) -> list[Suggestion[K]]:
        """The recipes best cooked from `stock` first, as `suggest_one` scores them: those the stock
        covers nothing of are left out; `use_up` keeps only those using stock that expires within
        URGENT_DAYS, `only` (recipe keys) only those a filter let through."""
        if not self.recipes:
            return []
        covers = np.zeros(len(self.needs), dtype=np.float64)
        lifts = np.zeros(len(self.needs), dtype=np.float64)
        for ingredient_id, batches in stock.items():
            numbers = self.needs_of.get(ingredient_id)
            held = usable(batches)
            if not numbers or not held:
                continue
            left = merge_all([Amount(b.quantity, b.unit) for b in held])
            added = lift(min(b.expires_in for b in held))
            for number in numbers:
                found = sum(covered_from(self.needs[number][1], left))
                covers[number] = found
                lifts[number] = added if found else 0.0
        size = len(self.recipes)
        at_home = np.bincount(self.recipe_of, weights=covers[self.need_of], minlength=size)
        urgency = np.bincount(self.recipe_of, weights=lifts[self.need_of], minlength=size)
        keep = at_home > 0
        if use_up:
            keep &= urgency > 0
        if only is not None:
            allowed = np.zeros(size, dtype=bool)
            allowed[[self.position[key] for key in only if key in self.position]] = True
            keep &= allowed
        chosen = np.flatnonzero(keep)
        score = at_home[chosen] / self.counted[chosen] + URGENCY_WEIGHT * urgency[chosen]
        # The ties of suggest(): score, more at home, fewer missing, then the name (last key first).
        order = np.lexsort(
            (
                self.name_rank[chosen],
                self.counted[chosen] - at_home[chosen],
                -at_home[chosen],
                -np.round(score, 6),
            )
        )
        if limit is not None:
            order = order[:limit]
        return [self._describe(int(chosen[i]), stock) for i in order]

    def _describe(self, index: int, stock: Mapping[int, Sequence[Held]]) -> Suggestion[K]:
        recipe = self.recipes[index]
        return suggest_one(recipe.key, recipe.name, recipe.lines, stock)


def suggest(
    recipes: Sequence[tuple[K, str, Sequence[Line]]],
    stock: Mapping[int, Sequence[Held]],
    limit: int | None = None,
) -> list[Suggestion[K]]:
    """A few recipes ranked at once (the index made for them alone)."""
    return RecipeIndex([prepare(key, name, lines) for key, name, lines in recipes]).rank(stock, limit=limit)


__all__ = ["RecipeIndex", "suggest"]
