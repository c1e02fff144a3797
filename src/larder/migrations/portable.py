"""What the migrations write differently for SQLite and PostgreSQL, in one place.

A PostgreSQL database only ever comes from a fresh install migrated to head before any data
exists: migrations that rebuilt SQLite's search index from existing rows have nothing to rebuild
there, and the index is made in its final shape by the first of them (`create_search_index`).
"""

from __future__ import annotations

from alembic import op

SEARCH_COLUMNS = ("name", "description", "ingredients", "facets")


def on_postgres() -> bool:
    return op.get_bind().dialect.name == "postgresql"


def create_row_trigger(name: str, event: str, table: str, body: str, *, when: str | None = None) -> None:
    """`AFTER {event} ON {table}`, for each row, running `body` (one statement that may use `new.` and
    `old.`) when `when` holds."""
    if on_postgres():
        guarded = f"IF {when} THEN {body}; END IF;" if when else f"{body};"
        op.execute(
            f"CREATE FUNCTION {name}_fn() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN {guarded} RETURN NULL; END $$"
        )
        op.execute(f"CREATE TRIGGER {name} AFTER {event} ON {table} FOR EACH ROW EXECUTE FUNCTION {name}_fn()")
        return
    condition = f" WHEN {when}" if when else ""
    op.execute(f"CREATE TRIGGER {name} AFTER {event} ON {table}{condition} BEGIN {body}; END")


def drop_row_trigger(name: str, table: str) -> None:
    if on_postgres():
        op.execute(f"DROP TRIGGER IF EXISTS {name} ON {table}")
        op.execute(f"DROP FUNCTION IF EXISTS {name}_fn()")
        return
    op.execute(f"DROP TRIGGER IF EXISTS {name}")


def create_search_index() -> None:
    """PostgreSQL's counterpart of the FTS5 table `recipe_fts`: the same columns in a plain table
    keyed by `rowid` (the recipe's id, as FTS5 names it), searched through expression GIN indexes
    of its words (case- and accent-insensitive, any prefix) and of its exact facet tokens."""
    columns = ", ".join(f"{column} text NOT NULL DEFAULT ''" for column in SEARCH_COLUMNS)
    op.execute("CREATE EXTENSION IF NOT EXISTS unaccent")
    # unaccent() is only STABLE (its dictionary could change); an index needs an IMMUTABLE function.
    op.execute(
        "CREATE FUNCTION larder_words(text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE "
        "AS $$ SELECT to_tsvector('simple', public.unaccent('public.unaccent'::regdictionary, $1)) $$"
    )
    op.execute(f"CREATE TABLE recipe_fts (rowid bigint PRIMARY KEY, {columns})")
    op.execute("CREATE INDEX ix_recipe_fts_name ON recipe_fts USING gin (larder_words(name))")
    op.execute(
        "CREATE INDEX ix_recipe_fts_text ON recipe_fts USING gin "
        "(larder_words(name || ' ' || description || ' ' || ingredients))"
    )
    op.execute("CREATE INDEX ix_recipe_fts_facets ON recipe_fts USING gin (to_tsvector('simple', facets))")


def drop_search_index() -> None:
    op.execute("DROP TABLE IF EXISTS recipe_fts")
    op.execute("DROP FUNCTION IF EXISTS larder_words(text)")
