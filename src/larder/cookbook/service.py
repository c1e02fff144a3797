"""The cookbook's public surface: own recipes, publish requests and their moderation.

Each job lives in a module of its own: drafts (a recipe as the checks see it), checks (§5 messages
and the §4 publish check), mapping (answers), recipes (create/read/edit/delete), publishing (an
author's requests) and moderation (the administrator's decisions).
"""

from __future__ import annotations

from collections.abc import Iterable

from litestar.di import NamedDependency
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import UserService
from larder.catalogue.schemas import RecipeOptionOut
from larder.catalogue.service import CatalogueService
from larder.cookbook.models import UserRecipe
from larder.cookbook.moderation import ModerationService
from larder.cookbook.publishing import PublishingService
from larder.cookbook.recipes import CookbookService
from larder.core.base.ids import is_id


async def own_recipe_cards(session: AsyncSession, user_id: int, ids: Iterable[int]) -> dict[int, RecipeOptionOut]:
    """The user's own recipes among `ids`, by id, in one query: name, image and category, for
    another domain that names recipes (a meal plan). Anyone else's recipe is absent, exactly like
    an id that names nothing, so a caller never learns that another member's private recipe exists."""
    wanted = {i for i in ids if is_id(i)}
    if not wanted:
        return {}
    rows = await session.execute(
        select(UserRecipe.id, UserRecipe.name, UserRecipe.image, UserRecipe.category_id).where(
            UserRecipe.id.in_(wanted), UserRecipe.user_id == user_id
        )
    )
    return {r.id: RecipeOptionOut(r.id, r.name, r.image, r.category_id) for r in rows}


def provide_cookbook_service(
    db_session: NamedDependency[AsyncSession], catalogue: NamedDependency[CatalogueService]
) -> CookbookService:
    return CookbookService(session=db_session, catalogue=catalogue)


def provide_publishing_service(
    db_session: NamedDependency[AsyncSession], catalogue: NamedDependency[CatalogueService]
) -> PublishingService:
    return PublishingService(session=db_session, catalogue=catalogue)


def provide_moderation_service(
    db_session: NamedDependency[AsyncSession],
    catalogue: NamedDependency[CatalogueService],
    users: NamedDependency[UserService],
) -> ModerationService:
    return ModerationService(session=db_session, catalogue=catalogue, users=users)


__all__ = [
    "CookbookService",
    "ModerationService",
    "PublishingService",
    "own_recipe_cards",
    "provide_cookbook_service",
    "provide_moderation_service",
    "provide_publishing_service",
]
