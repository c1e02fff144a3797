"""Work on the data of a whole instance: at start-up (`serve`, before it listens) and in the background."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio.to_thread
from advanced_alchemy.config import SQLAlchemyAsyncConfig
from litestar import Litestar
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import InviteService, UserService
from larder.catalogue.seed import load_catalogue
from larder.catalogue.service import CatalogueService
from larder.content.service import NewsService
from larder.cookbook.service import CookbookService
from larder.core.settings import Settings
from larder.core.throttle import ThrottleStore
from larder.media.service import collect_unused

logger = logging.getLogger("larder")


async def prepare_instance(session: AsyncSession, settings: Settings) -> str | None:
    """Load the starter catalogue into an empty database; on an instance with no accounts, return
    an invite code so the first person can register."""
    if await CatalogueService(session=session, uploads_dir=settings.uploads_dir).is_empty():
        await load_catalogue(session, settings.uploads_dir)
    if await UserService(session=session, settings=settings).has_users():
        return None
    return await InviteService(session=session).usable_code()


UNUSED_UPLOAD_GRACE_SECONDS = 7 * 86_400  # a draft kept in the browser may hold a picture this long
UPLOAD_COLLECTION_EVERY_SECONDS = 86_400


async def collect_unused_uploads(session: AsyncSession, settings: Settings) -> list[str]:
    """Delete stored images that no recipe, step, category, ingredient or news item shows any more."""
    catalogue = CatalogueService(session=session, uploads_dir=settings.uploads_dir)
    referenced = (
        await catalogue.referenced_uploads()
        | await CookbookService(session=session, catalogue=catalogue).referenced_uploads()
        | await NewsService(session=session).referenced_uploads()
    )
    return await anyio.to_thread.run_sync(
        lambda: collect_unused(
            settings.uploads_dir, referenced, grace_seconds=UNUSED_UPLOAD_GRACE_SECONDS, now=time.time()
        )
    )


UPLOAD_COLLECTION_FIRST_AFTER_SECONDS = 60  # not in the way of the start itself


async def _housekeeping_forever(config: SQLAlchemyAsyncConfig, settings: Settings, throttle: ThrottleStore) -> None:
    await asyncio.sleep(UPLOAD_COLLECTION_FIRST_AFTER_SECONDS)
    while True:
        try:
            async with config.get_session() as session:
                removed = await collect_unused_uploads(session, settings)
            if removed:
                logger.info("removed %d unused uploaded image(s)", len(removed))
            await throttle.forget_old()
        except Exception:  # a failed round is retried at the next one, the server keeps serving
            logger.exception("housekeeping failed")
        await asyncio.sleep(UPLOAD_COLLECTION_EVERY_SECONDS)


@asynccontextmanager
async def housekeeping(app: Litestar) -> AsyncIterator[None]:
    """Runs beside the server, once a day: unused uploaded images and old throttle counts are deleted."""
    state = app.state
    task = asyncio.create_task(
        _housekeeping_forever(state["alchemy_config"], state["settings"], state["throttle_store"])
    )
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
