"""The cookbook's public surface: own recipes, publish requests and their moderation.

Each job lives in a module of its own: drafts (a recipe as the checks see it), checks (§5 messages
and the §4 publish check), mapping (answers), recipes (create/read/edit/delete), publishing (an
author's requests) and moderation (the administrator's decisions).
"""

from __future__ import annotations

from collections.abc import AsyncGenerator

from litestar.di import NamedDependency
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import UserService
from larder.catalogue.service import CatalogueService
from larder.cookbook.moderation import ModerationService
from larder.cookbook.publishing import PublishingService
from larder.cookbook.recipes import CookbookService


async def provide_cookbook_service(
    db_session: NamedDependency[AsyncSession], catalogue: NamedDependency[CatalogueService]
) -> AsyncGenerator[CookbookService, None]:
    yield CookbookService(session=db_session, catalogue=catalogue)


async def provide_publishing_service(
    db_session: NamedDependency[AsyncSession], catalogue: NamedDependency[CatalogueService]
) -> AsyncGenerator[PublishingService, None]:
    yield PublishingService(session=db_session, catalogue=catalogue)


async def provide_moderation_service(
    db_session: NamedDependency[AsyncSession],
    catalogue: NamedDependency[CatalogueService],
    users: NamedDependency[UserService],
) -> AsyncGenerator[ModerationService, None]:
    yield ModerationService(session=db_session, catalogue=catalogue, users=users)


__all__ = [
    "CookbookService",
    "ModerationService",
    "PublishingService",
    "provide_cookbook_service",
    "provide_moderation_service",
    "provide_publishing_service",
]
