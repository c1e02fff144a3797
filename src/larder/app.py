"""The one composition root: every domain's routes, dependencies and plugins meet here."""

from __future__ import annotations

import inspect
import logging

from litestar import Litestar, Router
from litestar.config.compression import CompressionConfig
from litestar.datastructures import State
from litestar.di import Provide
from litestar.logging import LoggingConfig
from litestar.openapi import OpenAPIConfig
from litestar.types import ControllerRouterHandler

from larder import __version__
from larder.accounts.guards import (
    administrator,
    provide_auth,
    provide_caller,
    provide_caller_id,
    provide_member,
    provide_member_check,
    signed_in,
)
from larder.accounts.routes import AccountController
from larder.accounts.service import provide_invite_service, provide_user_service
from larder.admin.routes import ADMIN_CONTROLLERS
from larder.bootstrap import daily_backups, housekeeping
from larder.catalogue.routes import CatalogueController, FormOptionsController
from larder.catalogue.service import provide_catalogue_service
from larder.content.routes import ContentController
from larder.content.service import provide_inbox_service, provide_news_service
from larder.cookbook.routes import CookbookController, PublishRequestController
from larder.cookbook.service import (
    provide_cookbook_service,
    provide_moderation_service,
    provide_publishing_service,
)
from larder.core.backup.archive import database_path
from larder.core.backup.keeper import BackupKeeper, provide_backup_keeper
from larder.core.base.errors import exception_handlers
from larder.core.base.paths import web_dist_dir
from larder.core.base.settings import Settings, get_settings
from larder.core.cache.private_answers import no_store_when_signed_in
from larder.core.cache.read_cache import (
    READ_CACHE_STATE_KEY,
    PostgresReadVersions,
    ReadCache,
    ReadCacheMiddleware,
    ReadVersions,
)
from larder.core.db.engine import build_alchemy_config
from larder.core.db.loop_reads import LOOP_READS_STATE_KEY, build_loop_reads
from larder.core.db.sessions import (
    WRITE_LOCK_FILE,
    DatabasePlugin,
    build_db_reader,
    install_write_file_lock,
    log_write_turn_waits,
    provide_db_reader,
    provide_db_session,
)
from larder.core.db.throttle import ThrottleStore
from larder.core.events.events import provide_event_bus
from larder.core.events.pg_events import PgEventBus
from larder.core.events.shared_events import SharedEventBus, shared_event_listener
from larder.core.mail.email import Mailer
from larder.core.media.uploads import uploaded_file
from larder.core.process.memory import memory_upkeep
from larder.core.web.access import PUBLIC
from larder.core.web.headers import add_security_headers, install_security_headers
from larder.core.web.openapi import SECURITY_COMPONENTS, ExactJsonRenderPlugin, describe_errors
from larder.core.web.requests import StrictJSONRequest
from larder.core.web.spa import ALREADY_COMPRESSED, spa_router
from larder.core.web.system import health, latest_version
from larder.dashboard.routes import DashboardController
from larder.dashboard.service import provide_dashboard_service
from larder.imports.routes import ImportController
from larder.imports.service import PageParser, provide_import_service
from larder.mealplans.calendar import provide_calendar_service
from larder.mealplans.calendar_routes import CalendarFeedController, calendar_feed
from larder.mealplans.cooking import provide_cooking_service
from larder.mealplans.models import MealPlan
from larder.mealplans.routes import MealPlanController
from larder.mealplans.service import provide_mealplan_service
from larder.media.routes import MediaController
from larder.notifications.routes import NotificationController
from larder.notifications.service import expiry_digests, provide_digest_service
from larder.receipts.ocr import ReceiptReader
from larder.receipts.routes import ReceiptScanController
from larder.receipts.service import READER_STATE_KEY, provide_receipt_service, reader_shutdown
from larder.sharing.routes import LiveController, SharingController
from larder.sharing.service import EntityType, SharedEntities, provide_access_policy
from larder.shopping.models import ShoppingList
from larder.shopping.routes import ShoppingListController
from larder.shopping.service import provide_shopping_service
from larder.stores.models import FoodStore
from larder.stores.routes import DefaultStoreController, StoresController
from larder.stores.service import provide_stores_service
from larder.suggestions.routes import SuggestionController
from larder.suggestions.service import provide_suggestion_service

# Room for a 2 MB image upload and its multipart overhead; a receipt photo's route has its own
# limit (receipts/routes.py).
REQUEST_MAX_BODY_BYTES = 12 * 1024 * 1024


def shared_entities() -> SharedEntities:
    """What the sharing policy may be asked about: each shareable entity's table, noun and page."""
    entities = SharedEntities()
    entities.register(
        EntityType.SHOPPING_LIST, ShoppingList, noun="list", page="/user-shopping-lists/{id}?view=readonly"
    )
    entities.register(EntityType.FOOD_STORE, FoodStore, noun="store", page="/user-stores/{id}")
    entities.register(EntityType.MEAL_PLAN, MealPlan, noun="meal plan", page="/user-meal-plans/{id}?view=readonly")
    return entities


def create_app(settings: Settings | None = None) -> Litestar:
    app = build_app()
    install_instance(app, (settings or get_settings()).prepared())
    return app


def build_app() -> Litestar:
    """The app's routes, dependencies, guards and hooks: everything but the instance they serve.

    What depends on the instance (its settings, database, caches, event bus and workers) is put in
    the app's state by `install_instance`, and every hook, middleware and dependency reads it from
    there. Building the routes is the costly part (~0.3 s: Litestar parses every handler); an app
    whose lifespan has ended can be given another instance and started again, which is how the
    test suite serves a fresh instance per test from one app per process.
    """
    app = Litestar(
        route_handlers=_route_handlers(),
        dependencies=_dependencies(),
        # Deny by default: every route needs a live session unless it is marked public in `opt`.
        guards=[signed_in],
        plugins=[DatabasePlugin()],
        middleware=[ReadCacheMiddleware()],
        state=State(),
        on_shutdown=[close_instance],
        lifespan=[
            shared_event_listener,
            housekeeping,
            memory_upkeep,
            expiry_digests,
            daily_backups,
        ],
        # Every answer, the web app's and the API's alike, leaves with the security headers.
        before_send=[add_security_headers, no_store_when_signed_in],
        exception_handlers=exception_handlers,
        # JSON bodies: JSON content type only, decoded strictly into the handler's type (core/web/requests.py).
        request_class=StrictJSONRequest,
        openapi_config=_openapi_config(),
        # The web app's assets are stored compressed by the build and sent as they are (core/web/spa.py).
        # API answers are compressed as they leave, at the fastest level: a household's stores
        # answer (10 stores of 500 items, 1.8 MB of JSON) takes ~4x less CPU than at level 9 for 45%
        # more bytes (62 KB instead of 43), which a phone on home Wi-Fi or 4G never notices.
        compression_config=CompressionConfig(
            backend="gzip", minimum_size=1024, gzip_compress_level=1, exclude_opt_key=ALREADY_COMPRESSED
        ),
        request_max_body_size=REQUEST_MAX_BODY_BYTES,
        logging_config=LoggingConfig(
            root={"level": "INFO", "handlers": ["queue_listener"]},
            loggers={"larder": {"level": "INFO", "propagate": True}},
            log_exceptions="debug",
        ),
        debug=False,
    )
    # Error answers and security of every route in the OpenAPI document, by the kind of route.
    describe_errors(app, role_guards=[administrator])
    return app


def _route_handlers() -> list[ControllerRouterHandler]:
    return [
        health,
        latest_version,
        uploaded_file,
        MediaController,
        AccountController,
        CatalogueController,
        FormOptionsController,
        ContentController,
        CookbookController,
        PublishRequestController,
        ImportController,
        ShoppingListController,
        MealPlanController,
        CalendarFeedController,
        calendar_feed,
        StoresController,
        DefaultStoreController,
        NotificationController,
        DashboardController,
        SuggestionController,
        ReceiptScanController,
        SharingController,
        LiveController,
        # Everything under /api/admin: the app-wide guard signs the caller in, this one wants the role.
        Router(path="/api/admin", guards=[administrator], route_handlers=ADMIN_CONTROLLERS),
        spa_router(web_dist_dir()),
    ]


def _dependencies() -> dict[str, Provide]:
    return {
        "db_session": Provide(provide_db_session),
        "db_reader": Provide(provide_db_reader, sync_to_thread=False),
        "users": Provide(provide_user_service, sync_to_thread=False),
        "invites": Provide(provide_invite_service, sync_to_thread=False),
        "auth": Provide(provide_auth),
        "caller": Provide(provide_caller),
        "caller_id": Provide(provide_caller_id, sync_to_thread=False),
        "news": Provide(provide_news_service, sync_to_thread=False),
        "inbox": Provide(provide_inbox_service, sync_to_thread=False),
        "catalogue": Provide(provide_catalogue_service, sync_to_thread=False),
        "cookbook": Provide(provide_cookbook_service, sync_to_thread=False),
        "publishing": Provide(provide_publishing_service, sync_to_thread=False),
        "moderation": Provide(provide_moderation_service, sync_to_thread=False),
        "imports": Provide(provide_import_service, sync_to_thread=False),
        "member": Provide(provide_member, sync_to_thread=False),
        "member_check": Provide(provide_member_check, sync_to_thread=False),
        "event_bus": Provide(provide_event_bus, sync_to_thread=False),
        "access": Provide(provide_access_policy, sync_to_thread=False),
        "stores": Provide(provide_stores_service, sync_to_thread=False),
        "shopping": Provide(provide_shopping_service, sync_to_thread=False),
        "mealplans": Provide(provide_mealplan_service, sync_to_thread=False),
        "cooking": Provide(provide_cooking_service, sync_to_thread=False),
        "calendar": Provide(provide_calendar_service),
        "digests": Provide(provide_digest_service, sync_to_thread=False),
        "dashboard": Provide(provide_dashboard_service, sync_to_thread=False),
        "suggestions": Provide(provide_suggestion_service, sync_to_thread=False),
        "receipts": Provide(provide_receipt_service, sync_to_thread=False),
        "backups": Provide(provide_backup_keeper, sync_to_thread=False),
    }


def _openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Larder API",
        version=__version__,
        components=SECURITY_COMPONENTS,
        path="/api/schema",
        # The document only, at /api/schema and /api/schema/openapi.json: every bundled renderer
        # loads its scripts from a CDN, which would run third-party code on the app's origin.
        render_plugins=[ExactJsonRenderPlugin(path=["/", "/openapi.json"])],
        openapi_router=Router(path="/api/schema", route_handlers=[], opt=PUBLIC, include_in_schema=False),
    )


def install_instance(app: Litestar, settings: Settings) -> None:
    """Give the (stopped) app the instance it serves: whatever the state held before is dropped."""
    alchemy = build_alchemy_config(settings)
    # Cheap to make: the OCR engine loads on the first scan and unloads when idle (receipts/ocr.py).
    receipt_reader = ReceiptReader(idle_seconds=settings.ocr_idle_seconds)
    # Changes fan out in memory to this process's streams and to the other processes on the same
    # database: through the live_event table on SQLite (`--workers N`), NOTIFY/LISTEN on PostgreSQL.
    event_bus = SharedEventBus(database_path(settings)) if settings.is_sqlite else PgEventBus(settings.database_url)
    read_versions = (
        ReadVersions(str(database_path(settings)))
        if settings.is_sqlite
        else PostgresReadVersions(settings.database_url)
    )
    state = app.state
    state.clear()
    state.update(
        {
            "settings": settings,
            "alchemy_config": alchemy,
            "db_reader": build_db_reader(settings),
            LOOP_READS_STATE_KEY: build_loop_reads(settings),
            "mailer": Mailer(settings),
            "shared_entities": shared_entities(),
            "event_bus": event_bus,
            "throttle_store": ThrottleStore(alchemy),
            "page_parser": PageParser(),
            READER_STATE_KEY: receipt_reader,
            "backup_keeper": BackupKeeper(settings, settings.backup_keep),
            READ_CACHE_STATE_KEY: ReadCache(read_versions, settings.read_cache_mb * 1024 * 1024),
        }
    )
    install_security_headers(state, settings.public_url)
    if settings.is_sqlite:
        install_write_file_lock(state, settings.data_dir / WRITE_LOCK_FILE)


async def close_instance(app: Litestar) -> None:
    """Shutdown: the instance's connections and workers, in the order they depend on each other
    (some close at once, some are awaited)."""
    state = app.state
    log_write_turn_waits(state)
    reader = state.get("db_reader")
    loop_reads = state.get(LOOP_READS_STATE_KEY)
    for close in (
        state["event_bus"].close,
        state["page_parser"].close,
        state[READ_CACHE_STATE_KEY].versions.close,
        reader_shutdown(state[READER_STATE_KEY]),
        *([reader.dispose] if reader else []),
        *([loop_reads.dispose] if loop_reads else []),
    ):
        result = close()
        if inspect.isawaitable(result):
            await result


logging.getLogger("aiosqlite").setLevel(logging.WARNING)
