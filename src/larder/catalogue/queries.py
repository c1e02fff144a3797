"""Query building for discovery: pagination, FTS5 search and include/exclude filters.

Every filter is an indexed lookup: ingredient filters go through (ingredient_id, recipe_id),
preferences through the derived tag columns, text through the FTS5 index.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from sqlalchemy import Float, Integer, Select, and_, false, intersect, select, text
from sqlalchemy.sql.elements import ColumnElement

from larder.catalogue.models import Recipe, RecipeIngredient
from larder.catalogue.schemas import FilterItem
from larder.core.errors import FormError

PER_PAGE = 20
MAX_SEARCH_TOKENS = 12
PREFERENCE_TAGS = {
    "vegan": Recipe.tag_vegan,
    "vegetarian": Recipe.tag_vegetarian,
    "gluten_free": Recipe.tag_gluten_free,
    "sugar_free": Recipe.tag_sugar_free,
    "dairy_free": Recipe.tag_dairy_free,
}
_WORD = re.compile(r"\w+", re.UNICODE)


def fts_expression(search: str, column: str | None = None) -> str | None:
    """User text → an FTS5 query: every word must match, each as a prefix. None when no words."""
    words = _WORD.findall(search.lower())[:MAX_SEARCH_TOKENS]
    if not words:
        return None
    scope = f"{column} : " if column else ""
    return " AND ".join(f'{scope}"{word}"*' for word in words)


@dataclass(frozen=True)
class PageWindow:
    page: int
    total: int

    @property
    def last_page(self) -> int:
        return max(1, math.ceil(self.total / PER_PAGE))

    @property
    def offset(self) -> int:
        return (self.page - 1) * PER_PAGE


MAX_SEARCH_LENGTH = 200


def check_search(search: str) -> str:
    if len(search) > MAX_SEARCH_LENGTH:
        raise FormError({"search": [f"The search may be at most {MAX_SEARCH_LENGTH} characters."]})
    return search.strip()


def check_page(page: int) -> int:
    if page < 1:
        raise FormError({"page": ["The page must be 1 or more."]})
    if page > 1_000_000:
        raise FormError({"page": ["The page is too large."]})
    return page


@dataclass
class RecipeQuery:
    """What to select: text, ingredient/category include/exclude, required tags."""

    search: str | None = None
    include_ingredients: list[int] = field(default_factory=list)
    exclude_ingredients: list[int] = field(default_factory=list)
    include_ingredient_words: list[str] = field(default_factory=list)
    exclude_ingredient_words: list[str] = field(default_factory=list)
    include_categories: list[int] = field(default_factory=list)
    exclude_categories: list[int] = field(default_factory=list)
    preferences: list[str] = field(default_factory=list)

    @classmethod
    def from_filters(cls, search: str, filters: list[FilterItem]) -> RecipeQuery:
        query = cls(search=search.strip() or None)
        problems: list[str] = []
        for item in filters:
            include = item.includeExclude == "include"
            if item.type == "preference":
                if str(item.value) not in PREFERENCE_TAGS:
                    problems.append(f"Unknown preference: {item.value}.")
                else:
                    query.preferences.append(str(item.value))
                continue
            number = _as_id(item.value)
            if item.type == "category":
                if number is None:
                    # A custom category made in the add dialog matches no catalogue recipe.
                    if include:
                        query.include_categories.append(-1)
                    continue
                (query.include_categories if include else query.exclude_categories).append(number)
            elif number is not None:
                (query.include_ingredients if include else query.exclude_ingredients).append(number)
            else:
                words = item.name or str(item.value)
                if fts_expression(words) is None:
                    problems.append("A custom ingredient filter needs a name.")
                else:
                    (query.include_ingredient_words if include else query.exclude_ingredient_words).append(words)
        if problems:
            raise FormError({"filters": problems})
        return query

    def conditions(self) -> list[ColumnElement[bool]]:
        where: list[ColumnElement[bool]] = [Recipe.verified.is_(True)]
        if self.search and fts_expression(self.search) is None:
            where.append(false())  # text with no searchable word matches nothing
        includes = [
            select(RecipeIngredient.recipe_id).where(RecipeIngredient.ingredient_id == ingredient_id)
            for ingredient_id in dict.fromkeys(self.include_ingredients)
        ]
        if includes:
            # One set of recipe ids, built from the (ingredient_id, recipe_id) index, then probed by
            # primary key: the cost follows the rarest ingredient, not the size of the catalogue.
            where.append(Recipe.id.in_(includes[0] if len(includes) == 1 else intersect(*includes)))
        if self.exclude_ingredients:
            where.append(
                Recipe.id.not_in(
                    select(RecipeIngredient.recipe_id).where(
                        RecipeIngredient.ingredient_id.in_(self.exclude_ingredients)
                    )
                )
            )
        if self.include_categories:
            where.append(Recipe.category_id.in_(self.include_categories))
        if self.exclude_categories:
            where.append(Recipe.category_id.not_in(self.exclude_categories) | Recipe.category_id.is_(None))
        for index, words in enumerate(self.exclude_ingredient_words):
            where.append(Recipe.id.not_in(_fts_ids(fts_expression(words, "ingredients") or "", f"x{index}")))
        where.extend(PREFERENCE_TAGS[name].is_(True) for name in dict.fromkeys(self.preferences))
        return where

    def _match(self) -> str | None:
        parts = [fts_expression(self.search)] if self.search else []
        parts += [fts_expression(words, "ingredients") for words in self.include_ingredient_words]
        expressions = [p for p in parts if p]
        return " AND ".join(f"({p})" for p in expressions) or None

    @property
    def is_text_only(self) -> bool:
        """Only a search text: answered from the FTS index alone (it holds verified recipes only)."""
        return bool(self.search) and RecipeQuery(search=None, **self._filters()).is_plain

    def _filters(self) -> dict[str, list]:
        return {
            "include_ingredients": self.include_ingredients,
            "exclude_ingredients": self.exclude_ingredients,
            "include_ingredient_words": self.include_ingredient_words,
            "exclude_ingredient_words": self.exclude_ingredient_words,
            "include_categories": self.include_categories,
            "exclude_categories": self.exclude_categories,
            "preferences": self.preferences,
        }

    @property
    def is_plain(self) -> bool:
        """The whole catalogue, newest first: no text and no filter."""
        return not (
            self.search
            or self.include_ingredients
            or self.exclude_ingredients
            or self.include_ingredient_words
            or self.exclude_ingredient_words
            or self.include_categories
            or self.exclude_categories
            or self.preferences
        )

    def statement(self) -> tuple[Select[tuple[int]], bool]:
        """Ids of matching recipes, best first: (statement, ranked)."""
        match = self._match()
        if match is None:
            return select(Recipe.id).where(and_(*self.conditions())), False
        ranked = (
            text(
                "SELECT rowid AS id, bm25(recipe_fts, 10.0, 2.0, 4.0) AS rank FROM recipe_fts WHERE recipe_fts MATCH :m"
            )
            .bindparams(m=match)
            .columns(id=Integer, rank=Float)
            .subquery("ranked")
        )
        statement = select(Recipe.id).join(ranked, ranked.c.id == Recipe.id).where(and_(*self.conditions()))
        return statement.order_by(ranked.c.rank, Recipe.id), True


def _fts_ids(expression: str, name: str) -> Select[tuple[int]]:
    match = text(f"recipe_fts MATCH :{name}").bindparams(**{name: expression})
    return select(text("rowid")).select_from(text("recipe_fts")).where(match)


def _as_id(value: str | int) -> int | None:
    if isinstance(value, int):
        return value
    return int(value) if value.isdigit() and len(value) < 12 else None
