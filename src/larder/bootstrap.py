"""Start-up work on the data of an instance, run by `serve` before it listens."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import InviteService, UserService
from larder.catalogue.seed import load_catalogue
from larder.catalogue.service import CatalogueService
from larder.core.settings import Settings


async def prepare_instance(session: AsyncSession, settings: Settings) -> str | None:
    """Load the starter catalogue into an empty database; on an instance with no accounts, return
    an invite code so the first person can register."""
    if await CatalogueService(session=session, uploads_dir=settings.uploads_dir).is_empty():
        await load_catalogue(session, settings.uploads_dir)
    if await UserService(session=session, settings=settings).has_users():
        return None
    return await InviteService(session=session).usable_code()
