"""The base every part of CatalogueService (service.py) stands on: the session, the request's
read-only connection for discovery, and a recipe's detail as the catalogue shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from sqlalchemy.ext.asyncio import AsyncSession

from larder.catalogue import reading
from larder.catalogue.models import Recipe
from larder.catalogue.schemas import RecipeOut
from larder.core.base.errors import NotFound
from larder.core.cache.read_cache import VersionSource
from larder.core.db.service import DomainService
from larder.core.db.sessions import DbReader

T = TypeVar("T")
# The read version (core/cache/read_cache.py) every write to the catalogue's tables counts up, by
# database triggers (migration 0020): its public reads are answered from memory meanwhile.
CATALOGUE_VERSION = "catalogue"


class CatalogueBase(DomainService[Recipe]):
    class Repo(SQLAlchemyAsyncRepository[Recipe]):
        model_type = Recipe

    repository_type = Repo

    def __init__(
        self,
        session: AsyncSession,
        *,
        uploads_dir: Path,
        reader: DbReader | None = None,
        versions: VersionSource | None = None,
    ) -> None:
        """`reader`: the request's read-only connection for discovery; without one (other domains, the
        command line) every read runs in the session's own transaction. `versions`: where the
        catalogue's version is read without a transaction (core/cache/read_cache.py), so what the
        catalogue says of an ingredient is kept while it stays the same."""
        super().__init__(session)
        self.uploads_dir = uploads_dir
        self.reader = reader
        self.versions = versions

    async def _read(self, work: Callable[..., T], *args: Any, fresh: bool = False) -> T:
        """Run a sync read (reading.py) in one worker-thread hop on the reader's own connection, or
        inside this request's transaction when asked for `fresh` data or when there is no reader."""
        if self.reader is not None and not fresh:
            return await self.reader.run(work, *args)
        return await self.session.run_sync(work, *args)

    async def detail(self, recipe_id: int, *, fresh: bool = False) -> RecipeOut:
        found = await self._read(reading.detail, recipe_id, fresh=fresh)
        if found is None:
            raise NotFound("No recipe with this id.")
        return found
