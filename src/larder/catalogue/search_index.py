"""The search index's reads, for SQLite (an FTS5 table) and PostgreSQL (a table of the same
columns with expression GIN indexes: migrations/portable.py), in one place.

Both answer the same question the same way: a recipe matches when every typed word is a prefix
of a word of its name, description or ingredients (case and accents ignored), it carries every
wanted facet token (`i<ingredient>`, `c<category>`, a tag combination) and none of the excluded
ones. `tier` narrows a search to recipes with every word in their name (the first tier of its
order), or to the others.
"""

from __future__ import annotations

import re
from typing import Literal

from sqlalchemy import (
    BigInteger,
    Column,
    ColumnClause,
    ColumnElement,
    Connection,
    MetaData,
    Select,
    String,
    Table,
    and_,
    func,
    literal_column,
    not_,
    select,
    text,
)

from larder.catalogue.queries import MAX_SEARCH_TOKENS, RecipeQuery

Tier = Literal["all", "named", "unnamed"]

_COUNT = text("SELECT count(*) FROM recipe_fts WHERE recipe_fts MATCH :m")
# FTS5 walks its rowids backwards for this order: no sort, and the cost follows the offset, not
# the number of matches (a bm25 order would score every match: 8-10 ms for a common word).
_NEWEST = text("SELECT rowid FROM recipe_fts WHERE recipe_fts MATCH :m ORDER BY rowid DESC LIMIT :n OFFSET :o")


def _fts5(query: RecipeQuery, tier: Tier) -> str | None:
    match = query.fts_match()
    in_name = query.name_match()
    if match is None or tier == "all" or in_name is None:
        return match
    return f"({match}) AND ({in_name})" if tier == "named" else f"({match}) NOT ({in_name})"


# -- PostgreSQL ---------------------------------------------------------------------------------------
_index = Table(
    "recipe_fts",
    MetaData(),
    Column("rowid", BigInteger, primary_key=True),
    Column("name", String),
    Column("description", String),
    Column("ingredients", String),
    Column("facets", String),
)
_WORD = re.compile(r"\w+", re.UNICODE)
_SIMPLE: ColumnClause[str] = literal_column("'simple'")  # the text search configuration of the indexes


def _prefixes(words_text: str) -> str | None:
    """'Tomato sou' → 'tomato:* & sou:*' (the words are \\w+ only: nothing else reaches tsquery)."""
    words = _WORD.findall(words_text.lower())[:MAX_SEARCH_TOKENS]
    return " & ".join(f"{word}:*" for word in words) if words else None


def _words(column: ColumnElement[str], prefixes: str) -> ColumnElement[bool]:
    # The same expression as the indexes: larder_words() unaccents and splits into lowercase words.
    unaccented = func.public.unaccent(literal_column("'public.unaccent'::regdictionary"), prefixes)
    return func.larder_words(column).op("@@")(func.to_tsquery(_SIMPLE, unaccented))


def _all_text() -> ColumnElement[str]:
    # Written as the index's expression is, constants included, so the planner uses the index.
    return literal_column("recipe_fts.name || ' ' || recipe_fts.description || ' ' || recipe_fts.ingredients")


def _postgres(query: RecipeQuery, tier: Tier) -> ColumnElement[bool] | None:
    conditions: list[ColumnElement[bool]] = []
    if query.search:
        searched = _prefixes(query.search)
        if searched is None:
            return None  # text with no searchable word matches nothing
        conditions.append(_words(_all_text(), searched))
        if tier == "named":
            conditions.append(_words(_index.c.name, searched))
        elif tier == "unnamed":
            conditions.append(not_(_words(_index.c.name, searched)))
    for words in query.include_ingredient_words:
        conditions.append(_words(_index.c.ingredients, _prefixes(words) or ""))
    terms = query.facet_terms()
    if terms is None:
        return None
    wanted, negatives = terms
    facets = [term if isinstance(term, str) else f"({' | '.join(term)})" for term in wanted]
    if negatives:
        facets.append(f"!({' | '.join(negatives)})")
    if facets or not conditions:
        # Every recipe carries `all`: it stands in when only exclusions (or nothing) are asked for.
        expression = " & ".join(facets if wanted else ["all", *facets])
        tokens = func.to_tsvector(_SIMPLE, _index.c.facets)
        conditions.append(tokens.op("@@")(func.to_tsquery(_SIMPLE, expression)))
    for words in query.exclude_ingredient_words:
        conditions.append(not_(_words(_index.c.ingredients, _prefixes(words) or "")))
    return and_(*conditions)


# -- both -------------------------------------------------------------------------------------------------
def count(db: Connection, query: RecipeQuery, tier: Tier = "all") -> int:
    if db.dialect.name == "sqlite":
        match = _fts5(query, tier)
        return (db.scalar(_COUNT, {"m": match}) or 0) if match is not None else 0
    condition = _postgres(query, tier)
    if condition is None:
        return 0
    return db.scalar(select(func.count()).select_from(_index).where(condition)) or 0


def newest(db: Connection, query: RecipeQuery, offset: int, limit: int, tier: Tier = "all") -> list[int]:
    """The matching recipes' ids, newest first."""
    if db.dialect.name == "sqlite":
        match = _fts5(query, tier)
        return list(db.scalars(_NEWEST, {"m": match, "n": limit, "o": offset})) if match is not None else []
    condition = _postgres(query, tier)
    if condition is None:
        return []
    statement = select(_index.c.rowid).where(condition).order_by(_index.c.rowid.desc()).limit(limit).offset(offset)
    return list(db.scalars(statement))


def matching_ids(dialect: str, query: RecipeQuery) -> Select[tuple[int]] | None:
    """The matching recipes' ids as a subquery, or None when nothing can match."""
    if dialect == "sqlite":
        match = _fts5(query, "all")
        if match is None:
            return None
        return select(text("rowid")).select_from(text("recipe_fts")).where(text("recipe_fts MATCH :m")).params(m=match)
    condition = _postgres(query, "all")
    return None if condition is None else select(_index.c.rowid).where(condition)
