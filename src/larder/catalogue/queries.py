"""Query building for discovery: pagination, FTS5 search and include/exclude filters.

Every search and filter is one FTS5 MATCH over recipe_fts (verified recipes only): text goes to
the name, description and ingredients columns, filters to exact tokens in the facets column
(`all`, `i<ingredient id>`, `c<category id>` or `c0`, a token per combination of tags). FTS5 merges those token lists
in C, so counting and paging stay fast when a filter names ingredients half the catalogue uses.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass, field

from larder.catalogue.models import Recipe
from larder.catalogue.schemas import PAGE_MAX, SEARCH_MAX, FilterItem
from larder.core.base.errors import FormError
from larder.core.base.ids import is_id

PER_PAGE = 20
MAX_SEARCH_TOKENS = 12
FACET_TAGS = {
    "vegan": "tvegan",
    "vegetarian": "tvegetarian",
    "gluten_free": "tglutenfree",
    "sugar_free": "tsugarfree",
    "dairy_free": "tdairyfree",
}
_TAG_CODES = {"vegan": "vn", "vegetarian": "vt", "gluten_free": "gf", "sugar_free": "sf", "dairy_free": "df"}
# Every combination of the five tags, in one fixed order (singles first). A recipe carries a token
# for each combination it has, so "vegetarian and gluten free" is one short token list for FTS5 to
# merge instead of two long ones (about 40% less work for a filter with two preferences).
TAG_COMBINATIONS = [c for size in range(1, 6) for c in itertools.combinations(FACET_TAGS, size)]


def tag_token(names: tuple[str, ...]) -> str:
    """The facet token of a set of tags given in FACET_TAGS order."""
    return FACET_TAGS[names[0]] if len(names) == 1 else "t" + "".join(_TAG_CODES[n] for n in names)


def facets_of(recipe: Recipe, ingredient_ids: list[int]) -> str:
    """The facets column of a recipe's search entry (the same tokens as FTS_REBUILD_SQL)."""
    tokens = ["all", f"c{recipe.category_id or 0}"] + [f"i{i}" for i in ingredient_ids]
    tokens += [tag_token(c) for c in TAG_COMBINATIONS if all(getattr(recipe, f"tag_{n}") for n in c)]
    return " ".join(tokens)


_TAG_SQL = "\n       || ".join(
    f"CASE WHEN {' AND '.join(f'r.tag_{n}' for n in c)} THEN ' {tag_token(c)}' ELSE '' END" for c in TAG_COMBINATIONS
)
# Rebuilds the whole search index from the tables (the bench builder uses it; migration 0008
# holds a frozen copy).
FTS_REBUILD_SQL = f"""
INSERT INTO recipe_fts (rowid, name, description, ingredients, facets)
SELECT r.id, r.name, r.description,
       coalesce((SELECT group_concat(i.name, ' ') FROM recipe_ingredient ri
                 JOIN ingredient i ON i.id = ri.ingredient_id WHERE ri.recipe_id = r.id), ''),
       'all c' || coalesce(r.category_id, 0)
       || coalesce((SELECT ' ' || group_concat('i' || ri.ingredient_id, ' ') FROM recipe_ingredient ri
                    WHERE ri.recipe_id = r.id), '')
       || {_TAG_SQL}
FROM recipe r WHERE r.verified
"""  # noqa: S608 (built from constants only)
# After a bulk (re)build: merge the index into one segment. A rebuild leaves many segments and the
# deleted rows' markers, which made the benchmark filter 5x slower (31 ms against 6 ms at 100k).
FTS_OPTIMIZE_SQL = "INSERT INTO recipe_fts (recipe_fts) VALUES ('optimize')"
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


MAX_SEARCH_LENGTH = SEARCH_MAX


# The routes' parameter types refuse these already (a 422 naming the parameter); other callers get the same.
def check_search(search: str) -> str:
    if len(search) > MAX_SEARCH_LENGTH:
        raise FormError({"search": [f"The search may be at most {MAX_SEARCH_LENGTH} characters."]})
    return search.strip()


def check_page(page: int) -> int:
    if page < 1:
        raise FormError({"page": ["The page must be 1 or more."]})
    if page > PAGE_MAX:
        raise FormError({"page": ["The page is too large."]})
    return page


@dataclass(frozen=True)
class RecipeFacts:
    """What the filters look at of a recipe: its name, ingredients (ids, and names as one text),
    category and the preference tags it carries."""

    name: str
    ingredient_ids: frozenset[int]
    ingredient_text: str
    category_id: int | None
    tags: frozenset[str]


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
    unmatchable: bool = False  # an included filter no recipe can meet

    @classmethod
    def from_filters(cls, search: str, filters: list[FilterItem]) -> RecipeQuery:
        """A filter that can match nothing (a preference that is none of the five, a custom category,
        a custom ingredient without a word to look for) leaves no recipe when included and every
        recipe when excluded: a search that finds nothing, not an error."""
        query = cls(search=search.strip() or None)
        for item in filters:
            include = item.includeExclude == "include"
            if item.type == "preference":
                if str(item.value) not in FACET_TAGS:
                    query.unmatchable = True
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
                    query.unmatchable = query.unmatchable or include
                else:
                    (query.include_ingredient_words if include else query.exclude_ingredient_words).append(words)
        return query

    def name_match(self) -> str | None:
        """The search words, all in the recipe's name: the first tier of a search's order."""
        words = fts_expression(self.search) if self.search else None
        return f"name : ({words})" if words else None

    def facet_terms(self) -> tuple[list[str | list[str]], list[str]] | None:
        """The facet tokens a recipe must carry (a list: any one of them) and those it must not;
        None when nothing can match (only custom categories, which no catalogue recipe has)."""
        if self.unmatchable:
            return None
        wanted: list[str | list[str]] = [f"i{i}" for i in dict.fromkeys(self.include_ingredients)]
        if self.include_categories:
            categories = [f"c{c}" for c in dict.fromkeys(self.include_categories) if c > 0]
            if not categories:
                return None
            wanted.append(categories)
        if self.preferences:
            chosen = set(self.preferences)
            wanted.append(tag_token(tuple(name for name in FACET_TAGS if name in chosen)))
        negatives = [f"i{i}" for i in dict.fromkeys(self.exclude_ingredients)]
        negatives += [f"c{c}" for c in dict.fromkeys(self.exclude_categories)]
        return wanted, negatives

    def fts_match(self) -> str | None:
        """The whole query as one FTS5 expression over recipe_fts, or None when nothing can match.

        Filters are exact tokens of the `facets` column (see FTS_REBUILD_SQL); user text is scoped
        to the text columns, so a typed word never matches a facet token.
        """
        positives: list[str] = []
        if self.search:
            words = fts_expression(self.search)
            if words is None:
                return None  # text with no searchable word matches nothing
            positives.append(f"{{name description ingredients}} : ({words})")
        positives += [f"ingredients : ({fts_expression(words)})" for words in self.include_ingredient_words]
        terms = self.facet_terms()
        if terms is None:
            return None
        wanted, negatives = terms
        facets = [term if isinstance(term, str) else f"({' OR '.join(term)})" for term in wanted]
        if facets:
            positives.append(f"facets : ({' AND '.join(facets)})")
        expression = " AND ".join(f"({p})" for p in positives) if positives else "facets : all"
        excluded = [f"facets : ({' OR '.join(negatives)})"] if negatives else []
        excluded += [f"ingredients : ({fts_expression(words)})" for words in self.exclude_ingredient_words]
        if excluded:
            expression = f"({expression}) NOT ({' OR '.join(excluded)})"
        return expression

    def admits(self, recipe: RecipeFacts) -> bool:
        """Whether a recipe outside the catalogue's search index (an own or imported one) passes
        the same search and filters as the catalogue's would: every word a prefix of a word of its
        name or ingredients, its ingredients, category and tags as the filters ask."""
        if self.unmatchable:
            return False
        text_words = _WORD.findall(f"{recipe.name} {recipe.ingredient_text}".lower())
        ingredient_words = _WORD.findall(recipe.ingredient_text.lower())

        def has(words: list[str], wanted: str) -> bool:
            return all(any(w.startswith(word) for w in words) for word in _WORD.findall(wanted.lower()))

        ingredients = recipe.ingredient_ids
        return (
            (not self.search or has(text_words, self.search))
            and all(i in ingredients for i in self.include_ingredients)
            and not any(i in ingredients for i in self.exclude_ingredients)
            and all(has(ingredient_words, words) for words in self.include_ingredient_words)
            and not any(has(ingredient_words, words) for words in self.exclude_ingredient_words)
            and (not self.include_categories or recipe.category_id in self.include_categories)
            and recipe.category_id not in self.exclude_categories
            and all(p in recipe.tags for p in self.preferences)
        )

    def _filters(self) -> dict[str, list[int] | list[str]]:
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
        return not (self.search or self.unmatchable or any(self._filters().values()))


def _as_id(value: str | int) -> int | None:
    """The row id a filter value names (an int, or ASCII digits), else None; never a bad FTS token."""
    if isinstance(value, str):
        value = int(value) if value.isascii() and value.isdigit() and len(value) < 12 else 0
    return value if is_id(value) else None
