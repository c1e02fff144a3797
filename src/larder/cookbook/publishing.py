"""Publish requests of an author (part 1 §4): request, cancel, unpublish; and what an edit withdraws."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from larder.catalogue.service import CatalogueService
from larder.cookbook.checks import RecipeChecks
from larder.cookbook.mapping import OPEN_STATUSES, RecipeMapper, is_published, to_request_out
from larder.cookbook.models import (
    ENTITY_USER_RECIPE,
    STATUS_CANCELLED,
    STATUS_PENDING,
    STATUS_REJECTED,
    PublishRequest,
    UserRecipe,
)
from larder.cookbook.repositories import PublishRequestRepository, UserRecipeRepository
from larder.cookbook.schemas import PublishRequestOut, UserRecipeOut
from larder.core.base.errors import Conflict, NotFound
from larder.core.db.service import DomainService
from larder.core.db.uow import UnitOfWork, unit_of_work
from larder.sharing.service import CATALOGUE, account_scope

MSG_NO_RECIPE = "No recipe with this id."
MSG_NO_REQUEST = "No publish request with this id."
OWN_REQUESTS_LIMIT = 500


class Publication:
    """What every change of a recipe does to its place in the catalogue (§4 'Saving (edit)')."""

    def __init__(self, catalogue: CatalogueService, requests: PublishRequestRepository) -> None:
        self.catalogue = catalogue
        self.requests = requests

    async def withdraw(self, recipe: UserRecipe) -> None:
        """A published recipe becomes private again; its catalogue row is kept for re-approval."""
        async with self._uow.write(account_scope(recipe.user_id)):
            if recipe.recipe_id is not None and recipe.published:
                await self.catalogue.withdraw_recipe(recipe.recipe_id)
            recipe.published = False

    async def cancel_open_requests(self, recipe: UserRecipe) -> None:
        async with self._uow.write(account_scope(recipe.user_id)):
            for row in await self.requests.of_recipe(recipe.id, OPEN_STATUSES):
                row.status = STATUS_CANCELLED

    @property
    def _uow(self) -> UnitOfWork:
        """The session's: these writes nest in the block of the caller that read the recipe."""
        return unit_of_work(self.requests.session)


class CookbookBase(DomainService[UserRecipe]):
    """What the cookbook's services share: the repositories, the checks, the mapping, the publication."""

    repository_type = UserRecipeRepository
    repository: UserRecipeRepository

    def __init__(self, session: AsyncSession, *, catalogue: CatalogueService) -> None:
        super().__init__(session)
        self.catalogue = catalogue
        self.requests = PublishRequestRepository(session=self.session)
        self.checks = RecipeChecks(catalogue)
        self.mapper = RecipeMapper(catalogue, self.requests)
        self.publication = Publication(catalogue, self.requests)

    async def _own(self, user_id: int, user_recipe_id: int) -> UserRecipe:
        """The author's recipe; anyone else gets the same 404 as for a recipe that does not exist."""
        recipe = await self.repository.find_own(user_id, user_recipe_id)
        if recipe is None:
            raise NotFound(MSG_NO_RECIPE)
        return recipe


class PublishingService(CookbookBase):
    async def own_requests(self, user_id: int) -> list[PublishRequestOut]:
        return [to_request_out(r) for r in await self.requests.newest(limit=OWN_REQUESTS_LIMIT, user_id=user_id)]

    async def request_publish(self, user_id: int, entity_id: int) -> tuple[PublishRequestOut, str | None]:
        """A new request: pending, or stored as rejected with the reason when the check fails."""
        async with self.uow.write(account_scope(user_id)):
            recipe = await self._own(user_id, entity_id)
            if is_published(recipe):
                raise Conflict("This recipe is already published.")
            latest = (await self.requests.latest_for([recipe.id])).get(recipe.id)
            if latest is not None and latest.status == STATUS_PENDING:
                raise Conflict("This recipe is already waiting for approval.")
            error = await self.checks.publish_error(recipe)
            request = await self.requests.add(
                PublishRequest(
                    user_id=user_id,
                    entity_type=ENTITY_USER_RECIPE,
                    entity_id=recipe.id,
                    status=STATUS_REJECTED if error else STATUS_PENDING,
                    error=error,
                )
            )
        return to_request_out(request), error

    async def cancel_request(self, user_id: int, request_id: int) -> PublishRequestOut:
        async with self.uow.write(account_scope(user_id)):
            request = await self.requests.find(request_id)
            if request is None or request.user_id != user_id:
                raise NotFound(MSG_NO_REQUEST)
            if request.status not in OPEN_STATUSES:
                raise Conflict(f"This request is {request.status} and can no longer be cancelled.")
            request.status = STATUS_CANCELLED
            await self.session.flush()
        return to_request_out(request)

    async def unpublish(self, user_id: int, user_recipe_id: int) -> UserRecipeOut:
        async with self.uow.write(account_scope(user_id), CATALOGUE):
            recipe = await self._own(user_id, user_recipe_id)
            if not is_published(recipe):
                raise Conflict("This recipe is not published.")
            await self.publication.withdraw(recipe)
            await self.session.flush()
        return await self.mapper.one(recipe)


__all__ = ["CookbookBase", "Publication", "PublishingService"]
