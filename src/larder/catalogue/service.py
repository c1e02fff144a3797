"""The verified catalogue: discovery (list, search, filter), recipe detail, saved recipes, options.

Tags are derived from ingredients on every write; the FTS5 index is rewritten with the recipe.
CatalogueService is made of one part per job, each in its module: discovery.py (what members
browse and save), lookups.py (what other domains ask), writing.py (recipes written, withdrawn,
removed), on the shared base in base.py. This module is what other domains import of the
catalogue.
"""

from __future__ import annotations

from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy.ext.asyncio import AsyncSession

from larder.catalogue.base import CATALOGUE_VERSION
from larder.catalogue.discovery import Discovery
from larder.catalogue.lookups import catalogue_recipe_cards
from larder.catalogue.models import KIND_INGREDIENT, KIND_RECIPE
from larder.catalogue.ranking import RecipeFacts, recipe_filter
from larder.catalogue.rules import (
    DraftLine,
    DraftStep,
    RecipeDraft,
    missing_references,
    raise_if_invalid,
    shape_problems,
)
from larder.catalogue.writing import RecipeWriting, derive_tags, tags_from
from larder.core.cache.read_cache import READ_CACHE_STATE_KEY
from larder.core.db.sessions import DbReader


class CatalogueService(RecipeWriting, Discovery):
    """Every catalogue operation, one request's worth."""


def provide_catalogue_service(
    db_session: NamedDependency[AsyncSession], db_reader: NamedDependency[DbReader | None], state: State
) -> CatalogueService:
    return CatalogueService(
        session=db_session,
        uploads_dir=state["settings"].uploads_dir,
        reader=db_reader,
        versions=state[READ_CACHE_STATE_KEY].versions,
    )


__all__ = [
    "CATALOGUE_VERSION",
    "KIND_INGREDIENT",
    "KIND_RECIPE",
    "CatalogueService",
    "DraftLine",
    "DraftStep",
    "RecipeDraft",
    "RecipeFacts",
    "catalogue_recipe_cards",
    "derive_tags",
    "missing_references",
    "provide_catalogue_service",
    "raise_if_invalid",
    "recipe_filter",
    "shape_problems",
    "tags_from",
]
