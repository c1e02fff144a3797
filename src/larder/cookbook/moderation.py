"""Moderation of publish requests by the administrator: list, approve into the catalogue, reject.

Approval re-checks the recipe and copies it into the verified catalogue, credited to its author;
a re-approval rewrites the same catalogue row.
"""

from __future__ import annotations

from typing import cast

from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import UserService
from larder.catalogue.schemas import CatalogueRecipeIn, Measurement, RecipeIngredientIn, RecipeStepIn, Treatment
from larder.catalogue.service import CatalogueService
from larder.cookbook.drafts import draft_of
from larder.cookbook.mapping import to_request_out
from larder.cookbook.models import (
    STATUS_APPROVED,
    STATUS_PENDING,
    STATUS_REJECTED,
    STATUSES,
    PublishRequest,
    UserRecipe,
)
from larder.cookbook.publishing import MSG_NO_RECIPE, MSG_NO_REQUEST, CookbookBase
from larder.cookbook.schemas import AdminPublishRequestOut, AuthorOut
from larder.core.base.errors import Conflict, FormError, NotFound
from larder.core.db.uow import Scope
from larder.sharing.service import CATALOGUE, account_scope

ADMIN_LIST_LIMIT = 500
ADMIN_FILTERS = (*STATUSES, "all")


class ModerationService(CookbookBase):
    def __init__(self, session: AsyncSession, *, catalogue: CatalogueService, users: UserService) -> None:
        super().__init__(session, catalogue=catalogue)
        self.users = users

    async def list_requests(self, status: str = STATUS_PENDING) -> list[AdminPublishRequestOut]:
        """`status`: pending (the default), approved, rejected, cancelled, or all."""
        if status not in ADMIN_FILTERS:
            raise FormError({"status": [f"Status must be one of {', '.join(ADMIN_FILTERS)}."]})
        rows = await self.requests.newest(limit=ADMIN_LIST_LIMIT, status=None if status == "all" else status)
        return await self._out_many(rows)

    async def _out_many(self, requests: list[PublishRequest]) -> list[AdminPublishRequestOut]:
        recipes = await self.repository.by_ids(r.entity_id for r in requests)
        authors = await self.users.users_by_id(r.user_id for r in requests)
        outs = dict(zip(recipes, await self.mapper.many(list(recipes.values())), strict=True))
        answers: list[AdminPublishRequestOut] = []
        for request in requests:
            recipe, author = recipes.get(request.entity_id), authors.get(request.user_id)
            if recipe is None or author is None:
                continue  # the recipe was deleted (its requests were cancelled then)
            base = to_request_out(request)
            answers.append(
                AdminPublishRequestOut(
                    **{f: getattr(base, f) for f in base.__struct_fields__},
                    author=AuthorOut(id=author.id, name=author.name, email=author.email),
                    recipe=outs[recipe.id],
                    check=await self.checks.report(await draft_of(recipe, self.catalogue), recipe),
                )
            )
        return answers

    async def _pending(self, request_id: int) -> tuple[PublishRequest, UserRecipe]:
        request = await self.requests.find(request_id)
        if request is None:
            raise NotFound(MSG_NO_REQUEST)
        if request.status != STATUS_PENDING:
            raise Conflict(f"This request is {request.status}; only pending requests can be decided.")
        recipe = (await self.repository.by_ids([request.entity_id])).get(request.entity_id)
        if recipe is None:
            raise NotFound(MSG_NO_RECIPE)
        return request, recipe

    async def _author_scope(self, request_id: int) -> Scope:
        """The account of the request's author, whose request and recipe a decision changes. Read
        before the turn to name it (a request's author never changes); the request, the recipe and
        whether they may still be decided are read again in the turn."""
        author_id = await self.requests.author_of(request_id)
        if author_id is None:
            raise NotFound(MSG_NO_REQUEST)
        return account_scope(author_id)

    async def approve(self, request_id: int) -> AdminPublishRequestOut:
        # The author's account and the catalogue: an edit of a published recipe takes them in this
        # order too (the catalogue in its withdrawal), so the two queue, never deadlock.
        async with self.uow.write(await self._author_scope(request_id), CATALOGUE):
            request, recipe = await self._pending(request_id)
            error = await self.checks.publish_error(recipe)
            if error:
                # The recipe as it stands may no longer be published (it, or the catalogue, changed).
                raise Conflict(error)
            author = (await self.users.users_by_id([request.user_id])).get(request.user_id)
            if author is None:
                raise NotFound("The author of this recipe no longer exists.")
            draft = await draft_of(recipe, self.catalogue)
            published = await self.catalogue.write_recipe(
                CatalogueRecipeIn(
                    name=draft.name,
                    description=draft.description,
                    serves=draft.serves,
                    category_id=draft.category_id,
                    image=draft.image,
                    ingredients=[
                        RecipeIngredientIn(
                            ingredient_id=line.ingredient.ingredient_id,
                            # publish_error has held both to the catalogue's choices (catalogue.rules)
                            measurement=cast(Measurement, line.measurement),
                            quantity=line.quantity,
                            treatment=cast(Treatment | None, line.treatment),
                        )
                        for line in draft.lines
                        if line.ingredient is not None
                    ],
                    steps=[
                        RecipeStepIn(title=s.title, description=s.description, timer=s.timer, image=s.image)
                        for s in draft.steps
                    ],
                ),
                recipe.recipe_id,
                author_id=author.id,
                author_name=author.name,
            )
            recipe.recipe_id = published.recipe_id
            recipe.published = True
            request.status = STATUS_APPROVED
            request.error = None
            await self.session.flush()
        return (await self._out_many([request]))[0]

    async def reject(self, request_id: int, reason: str) -> AdminPublishRequestOut:
        reason = reason.strip()
        if not reason:
            raise FormError({"reason": ["Please give a reason."]})
        async with self.uow.write(await self._author_scope(request_id)):
            request, _ = await self._pending(request_id)
            request.status = STATUS_REJECTED
            request.error = reason
            await self.session.flush()
        return (await self._out_many([request]))[0]


__all__ = ["ModerationService"]
