"""Alembic environment: async engine, batch mode (SQLite cannot ALTER most things in place)."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from larder.accounts import models as _accounts_models  # noqa: F401
from larder.catalogue import models as _catalogue_models  # noqa: F401
from larder.content import models as _content_models  # noqa: F401
from larder.cookbook import models as _cookbook_models  # noqa: F401
from larder.core.cache import read_cache as _read_cache_models  # noqa: F401  (versions of cached answers)
from larder.core.db import jobs as _jobs_models  # noqa: F401  (daily jobs' claims)
from larder.core.db import throttle as _throttle_models  # noqa: F401  (throttle attempts)
from larder.core.db.engine import metadata
from larder.core.events import shared_events as _shared_events_models  # noqa: F401  (live changes between processes)
from larder.core.mail import email as _email_models  # noqa: F401  (outbox table)
from larder.imports import models as _imports_models  # noqa: F401
from larder.mealplans import models as _mealplans_models  # noqa: F401
from larder.notifications import models as _notifications_models  # noqa: F401
from larder.receipts import models as _receipts_models  # noqa: F401
from larder.sharing import models as _sharing_models  # noqa: F401
from larder.shopping import models as _shopping_models  # noqa: F401
from larder.stores import models as _stores_models  # noqa: F401

config = context.config


def _include_object(obj: object, name: str | None, type_: str, reflected: bool, compare_to: object) -> bool:
    # The FTS5 search table with its shadow tables and the trigger-kept recipe_stats are made by
    # hand (0004, 0006b); autogenerate must never propose to drop them.
    return not (type_ == "table" and name is not None and name.startswith(("recipe_fts", "recipe_stats")))


def _do_run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=True,
        compare_type=True,
        include_object=_include_object,
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_async() -> None:
    engine = create_async_engine(config.get_main_option("sqlalchemy.url") or "")
    try:
        async with engine.connect() as connection:
            await connection.run_sync(_do_run)
    finally:
        await engine.dispose()


def run_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    asyncio.run(_run_async())
