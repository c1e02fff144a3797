"""A user's imported recipes: check the link, fetch the page safely, parse it, keep the result.

A fetch that fails (refused address, DNS, timeout, 4xx/5xx, too large, not HTML...) is kept with
import_failed and data "{}" so the cookbook still lists the raw link; the reason is logged. A
page without a recipe is kept with data {"message": ..., "url": ..., "name": <page title>}.

The fetch runs on the event loop with async I/O and the parsing in a process of its own
(imports/worker.py: the parsing libraries never load into the server), and the request's database
transaction is ended before the fetch (`_release_database`) so a slow site holds neither the loop
nor the SQLite write lock while it takes its time.

The stored `data` keeps the page's own image links; every answer gives them as signed same-origin
addresses of the image proxy instead (imports/images.py), so the browser loads no picture from
another site. Another domain that keeps an import's image link (a meal plan) passes it through
`shown_image` when it answers.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from litestar import Request
from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.catalogue.schemas import RecipeOptionOut
from larder.core.base.errors import FormError, NotFound
from larder.core.base.ids import is_id
from larder.core.base.logsafe import loggable_url
from larder.core.base.settings import Settings
from larder.core.db.service import DomainService
from larder.core.db.throttle import Limit, NoThrottle, Throttle, request_throttle
from larder.imports.fetch import FetchError, FetchPolicy, fetch_page
from larder.imports.images import CACHE_DIR_NAME, ImageProxy, proxied_data, proxied_image, proxied_images
from larder.imports.models import ImportedRecipe
from larder.imports.schemas import MAX_URL_LENGTH, ImportedLines, ImportedRecipeOut
from larder.imports.worker import PageParser, ParseFailed
from larder.sharing.service import account_scope

logger = logging.getLogger("larder.imports")

IMPORTS_PER_USER = Limit(60, 3600)
MSG_URL_REQUIRED = "Please enter a link."
MSG_URL_INVALID = "Only http and https links can be imported."
MSG_URL_TOO_LONG = f"The link is too long (at most {MAX_URL_LENGTH} characters)."
MSG_NOT_FOUND = "No imported recipe with this id."
_UNSAFE_CHARS = re.compile(r"[\s\x00-\x1f\x7f]")


def checked_url(raw: str) -> str:
    """The link to import, trimmed; 422 unless it is an absolute http(s) URL of at most 2048 chars."""
    url = raw.strip()
    if not url:
        raise FormError({"url": [MSG_URL_REQUIRED]})
    if len(url) > MAX_URL_LENGTH:
        raise FormError({"url": [MSG_URL_TOO_LONG]})
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        raise FormError({"url": [MSG_URL_INVALID]}) from None
    if parts.scheme.lower() not in ("http", "https") or not host or _UNSAFE_CHARS.search(url):
        raise FormError({"url": [MSG_URL_INVALID]})
    return url


def fetch_policy(settings: Settings) -> FetchPolicy:
    return FetchPolicy(allow_private=settings.import_allow_private)


def to_imported_out(item: ImportedRecipe, image_key: str) -> ImportedRecipeOut:
    """An import as answered: `data` as kept, but for its image links, given as proxied addresses."""
    return ImportedRecipeOut(
        import_recipe_id=item.id,
        url=item.url,
        created_at=item.created_at,
        import_failed=item.import_failed,
        data=proxied_data(image_key, item.data),
    )


def shown_image(image_key: str, image: str | None) -> str | None:
    """A recipe picture as the browser may load it: an imported page's image link becomes its
    proxied same-origin address (signed with `image_key`, the instance's secret key); an upload's
    name, or anything else, is returned as it is."""
    if image is None or not image.lower().startswith(("http:", "https:")):
        return image
    return proxied_image(image_key, image)


def _parsed(data: str) -> dict[str, Any]:
    try:
        parsed = json.loads(data)
    except ValueError:
        return {}
    return parsed if isinstance(parsed, dict) else {}


def _ingredient_texts(data: str) -> list[str]:
    return _texts(_parsed(data))


def _texts(parsed: dict[str, Any]) -> list[str]:
    lines = parsed.get("recipeIngredient")
    if not isinstance(lines, list):
        return []
    return [line.strip() for line in lines if isinstance(line, str) and line.strip()]


async def import_page(url: str, policy: FetchPolicy, parser: PageParser) -> dict[str, Any] | None:
    """The parsed page, or None when it could not be fetched (or parsed)."""
    try:
        page = await fetch_page(url, policy)
    except FetchError as exc:
        logger.info("import of %s failed: %s", loggable_url(url), loggable_url(exc.reason, 500))
        return None
    except Exception:  # a bug must not turn into a 500: the import is kept as failed
        logger.exception("import of %s failed unexpectedly", loggable_url(url))
        return None
    try:
        return await parser.parse(page.body, page.content_type, page.url)
    except ParseFailed as exc:
        logger.warning("import of %s failed: %s", loggable_url(url), exc)
        return None


class ImportService(DomainService[ImportedRecipe]):
    class Repo(SQLAlchemyAsyncRepository[ImportedRecipe]):
        model_type = ImportedRecipe

    repository_type = Repo

    def __init__(
        self,
        session: AsyncSession,
        *,
        policy: FetchPolicy,
        parser: PageParser,
        image_key: str,
        throttle: Throttle | None = None,
    ) -> None:
        super().__init__(session)
        self.policy = policy
        self.image_key = image_key
        self.parser = parser
        self.throttle = throttle or NoThrottle()

    async def import_url(self, user_id: int, url: str) -> ImportedRecipeOut:
        url = checked_url(url)  # an invalid link does not count against the limit
        await self.throttle.hit(f"import:user:{user_id}", IMPORTS_PER_USER)
        # No transaction is held through a fetch of up to 15 seconds; the write turn is taken after.
        await self.uow.pause()
        data = await import_page(url, self.policy, self.parser)
        async with self.uow.write(account_scope(user_id)):
            item = await self.repository.add(
                ImportedRecipe(
                    user_id=user_id,
                    url=url,
                    data=json.dumps(data if data is not None else {}, ensure_ascii=False),
                    import_failed=data is None,
                )
            )
        return to_imported_out(item, self.image_key)

    async def owned(self, user_id: int) -> list[ImportedRecipeOut]:
        """The user's imports, newest first."""
        statement = (
            select(ImportedRecipe)
            .where(ImportedRecipe.user_id == user_id)
            .order_by(ImportedRecipe.created_at.desc(), ImportedRecipe.id.desc())
        )
        return [to_imported_out(item, self.image_key) for item in await self.session.scalars(statement)]

    async def ingredient_texts(self, user_id: int, import_ids: Iterable[int]) -> dict[int, list[str]]:
        """The ingredient lines (recipeIngredient) of `user_id`'s imports, by import, in one query (a
        meal plan's recipes). Imports of anyone else, or gone, are absent; a failed import or a
        page without a recipe has none."""
        wanted = {i for i in import_ids if is_id(i)}
        if not wanted:
            return {}
        rows = await self.session.execute(
            select(ImportedRecipe.id, ImportedRecipe.data).where(
                ImportedRecipe.id.in_(wanted), ImportedRecipe.user_id == user_id
            )
        )
        return {import_id: _ingredient_texts(data) for import_id, data in rows}

    async def recipes_with_texts(self, user_id: int) -> list[ImportedLines]:
        """Every import of `user_id` that holds a recipe, with its name, picture and ingredient lines."""
        rows = await self.session.execute(
            select(ImportedRecipe.id, ImportedRecipe.data)
            .where(ImportedRecipe.user_id == user_id, ImportedRecipe.import_failed.is_(False))
            .order_by(ImportedRecipe.id)
        )
        found = []
        for import_id, data in rows:
            parsed = _parsed(data)
            texts = _texts(parsed)
            name = parsed.get("name")
            if texts and isinstance(name, str) and name.strip():
                image = proxied_images(self.image_key, parsed.get("image"))
                first = image[0] if isinstance(image, list) and image else image
                found.append(
                    ImportedLines(import_id, name.strip(), first if isinstance(first, str) and first else None, texts)
                )
        return found

    async def recipes_stamp(self, user_id: int) -> tuple[int, int, str]:
        """Changes when `user_id`'s imports do: how many, the newest id and the latest change."""
        row = (
            await self.session.execute(
                select(
                    func.count(ImportedRecipe.id), func.max(ImportedRecipe.id), func.max(ImportedRecipe.updated_at)
                ).where(ImportedRecipe.user_id == user_id)
            )
        ).one()
        return row[0], row[1] or 0, str(row[2])

    async def _owned_one(self, user_id: int, import_id: int) -> ImportedRecipe:
        item: ImportedRecipe | None = await self.repository.get_one_or_none(id=import_id, user_id=user_id)
        if item is None:
            raise NotFound(MSG_NOT_FOUND)
        return item

    async def owned_one(self, user_id: int, import_id: int) -> ImportedRecipeOut:
        return to_imported_out(await self._owned_one(user_id, import_id), self.image_key)

    async def remove(self, user_id: int, import_id: int) -> None:
        async with self.uow.write(account_scope(user_id)):
            item = await self._owned_one(user_id, import_id)
            await self.repository.delete(item.id)


def _first_link(value: Any) -> str | None:
    """schema.org's `image`: a URL, an ImageObject {url}, or a list of either; http(s) only."""
    first = value[0] if isinstance(value, list) and value else value
    url = first.get("url") if isinstance(first, dict) else first
    if isinstance(url, str) and urlsplit(url.strip()).scheme.lower() in ("http", "https"):
        return url.strip()
    return None


def _card(item_id: int, url: str, data: str) -> RecipeOptionOut:
    try:
        parsed = json.loads(data)
    except ValueError:
        parsed = {}
    found = parsed if isinstance(parsed, dict) else {}
    name = found.get("name")
    return RecipeOptionOut(
        value=item_id,
        name=name.strip() if isinstance(name, str) and name.strip() else url,
        image=_first_link(found.get("image")),
        category_id=None,
    )


async def imported_recipe_cards(session: AsyncSession, user_id: int, ids: Iterable[int]) -> dict[int, RecipeOptionOut]:
    """The user's imports among `ids`, by id, in one query: the page's recipe name (the link when
    it has none) and its image link, for another domain that names recipes (a meal plan). Anyone
    else's import is absent, like an id that names nothing. The image is the page's own link, to
    keep (it does not depend on this instance's key); answers give it through `shown_image`."""
    wanted = {i for i in ids if is_id(i)}
    if not wanted:
        return {}
    rows = await session.execute(
        select(ImportedRecipe.id, ImportedRecipe.url, ImportedRecipe.data).where(
            ImportedRecipe.id.in_(wanted), ImportedRecipe.user_id == user_id
        )
    )
    return {r.id: _card(r.id, r.url, r.data) for r in rows}


def provide_import_service(
    db_session: NamedDependency[AsyncSession], state: State, request: Request[Any, Any, Any]
) -> ImportService:
    return ImportService(
        session=db_session,
        policy=fetch_policy(state["settings"]),
        parser=state["page_parser"],
        image_key=state["settings"].secret_key,
        throttle=request_throttle(state, db_session),
    )


def reading_imports(session: AsyncSession, settings: Settings) -> ImportService:
    """The service for reading a member's imports outside a request (the daily e-mail): it never
    fetches or parses a page, so its parser's worker process is never started."""
    return ImportService(
        session=session, policy=fetch_policy(settings), parser=PageParser(), image_key=settings.secret_key
    )


IMAGE_PROXY_STATE_KEY = "imported_image_proxy"


def provide_image_proxy(state: State) -> ImageProxy:
    """The process's image proxy, made on first use (its cache and waiting fetches live as long as the app)."""
    proxy = state.get(IMAGE_PROXY_STATE_KEY)
    if proxy is None:
        settings = state["settings"]
        proxy = ImageProxy(settings.secret_key, settings.data_dir / CACHE_DIR_NAME, fetch_policy(settings))
        state[IMAGE_PROXY_STATE_KEY] = proxy
    return proxy


__all__ = [
    "IMPORTS_PER_USER",
    "ImageProxy",
    "ImportService",
    "PageParser",
    "checked_url",
    "fetch_policy",
    "import_page",
    "imported_recipe_cards",
    "provide_image_proxy",
    "provide_import_service",
    "reading_imports",
    "shown_image",
]
