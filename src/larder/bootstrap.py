"""Work on the data of a whole instance: at start-up (`serve`, before it listens) and in the background."""

from __future__ import annotations

import logging
import time
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime

import anyio.to_thread
from advanced_alchemy.config import SQLAlchemyAsyncConfig
from litestar import Litestar
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import InviteService, UserService
from larder.catalogue.seed import load_catalogue
from larder.catalogue.service import CatalogueService
from larder.content.service import NewsService
from larder.cookbook.service import CookbookService
from larder.core.backup.keeper import BackupKeeper
from larder.core.base.settings import Settings
from larder.core.db.jobs import claim
from larder.core.db.throttle import ThrottleStore
from larder.core.process.background import beside_the_server, repeat
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


async def _housekeeping_round(config: SQLAlchemyAsyncConfig, settings: Settings, throttle: ThrottleStore) -> None:
    # Several processes on one database: the first to claim the day does it.
    if not await claim(config, "housekeeping", f"{datetime.now(UTC):%Y-%m-%d}"):
        return
    async with config.get_session() as session:
        removed = await collect_unused_uploads(session, settings)
    if removed:
        logger.info("removed %d unused uploaded image(s)", len(removed))
    await throttle.forget_old()


def housekeeping(app: Litestar) -> AbstractAsyncContextManager[None]:
    """Runs beside the server, once a day: unused uploaded images and old throttle counts are deleted."""
    state = app.state

    async def round_() -> None:
        await _housekeeping_round(state["alchemy_config"], state["settings"], state["throttle_store"])

    return beside_the_server(
        repeat(
            round_,
            every=UPLOAD_COLLECTION_EVERY_SECONDS,
            first_after=UPLOAD_COLLECTION_FIRST_AFTER_SECONDS,
            what="housekeeping",
        )
    )


BACKUP_CHECK_EVERY_SECONDS = 3600
BACKUP_FIRST_CHECK_AFTER_SECONDS = 300  # a few minutes after the start, out of its way


def daily_backups(app: Litestar) -> AbstractAsyncContextManager[None]:
    """Runs beside the server: every hour, a backup when the newest is a day old (or there is none)."""
    keeper: BackupKeeper = app.state["backup_keeper"]
    config: SQLAlchemyAsyncConfig = app.state["alchemy_config"]

    async def round_() -> None:
        now = datetime.now(UTC)
        # Several processes on one database: the first to claim the day takes it.
        if keeper.keep <= 0 or not keeper.due(now) or not await claim(config, "backup", f"{now:%Y-%m-%d}"):
            return
        taken = await keeper.take_daily()
        logger.info("backup written to %s (%.1f MB)", taken.path, taken.size / 1_000_000)

    return beside_the_server(
        repeat(
            round_,
            every=BACKUP_CHECK_EVERY_SECONDS,
            first_after=BACKUP_FIRST_CHECK_AFTER_SECONDS,
            what="daily backup",
        )
    )
