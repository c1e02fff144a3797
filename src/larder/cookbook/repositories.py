"""Data access of own recipes and publish requests: the queries the cookbook's services share."""

from __future__ import annotations

from collections.abc import Iterable

from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from larder.cookbook.models import ENTITY_USER_RECIPE, PublishRequest, UserRecipe
from larder.core.base.ids import is_id


def with_parts(statement: Select[UserRecipe]) -> Select[UserRecipe]:
    return statement.options(selectinload(UserRecipe.ingredients), selectinload(UserRecipe.steps))


class UserRecipeRepository(SQLAlchemyAsyncRepository[UserRecipe]):
    model_type = UserRecipe

    async def find_own(self, user_id: int, user_recipe_id: int | None) -> UserRecipe | None:
        if not is_id(user_recipe_id):
            return None
        return await self.session.scalar(
            with_parts(select(UserRecipe)).where(UserRecipe.user_id == user_id, UserRecipe.id == user_recipe_id)
        )

    async def list_own(self, user_id: int) -> list[UserRecipe]:
        statement = with_parts(select(UserRecipe)).where(UserRecipe.user_id == user_id)
        return list(await self.session.scalars(statement.order_by(UserRecipe.updated_at.desc(), UserRecipe.id.desc())))

    async def by_ids(self, ids: Iterable[int]) -> dict[int, UserRecipe]:
        wanted = list(set(ids))
        rows = await self.session.scalars(with_parts(select(UserRecipe)).where(UserRecipe.id.in_(wanted)))
        return {r.id: r for r in rows}


class PublishRequestRepository(SQLAlchemyAsyncRepository[PublishRequest]):
    model_type = PublishRequest
    session: AsyncSession  # made on a service's own session, never a scoped one

    async def find(self, request_id: int) -> PublishRequest | None:
        return await self.get_one_or_none(id=request_id) if is_id(request_id) else None

    async def author_of(self, request_id: int) -> int | None:
        if not is_id(request_id):
            return None
        return await self.session.scalar(select(PublishRequest.user_id).where(PublishRequest.id == request_id))

    async def latest_for(self, recipe_ids: Iterable[int]) -> dict[int, PublishRequest]:
        """The newest request of each recipe."""
        wanted = list(set(recipe_ids))
        latest: dict[int, PublishRequest] = {}
        if not wanted:
            return latest
        rows = await self.session.scalars(
            select(PublishRequest)
            .where(PublishRequest.entity_type == ENTITY_USER_RECIPE, PublishRequest.entity_id.in_(wanted))
            .order_by(PublishRequest.id)
        )
        for row in rows:
            latest[row.entity_id] = row
        return latest

    async def of_recipe(self, recipe_id: int, statuses: Iterable[str]) -> list[PublishRequest]:
        return list(
            await self.session.scalars(
                select(PublishRequest).where(
                    PublishRequest.entity_type == ENTITY_USER_RECIPE,
                    PublishRequest.entity_id == recipe_id,
                    PublishRequest.status.in_(list(statuses)),
                )
            )
        )

    async def newest(
        self, *, limit: int, user_id: int | None = None, status: str | None = None
    ) -> list[PublishRequest]:
        statement = select(PublishRequest).where(PublishRequest.entity_type == ENTITY_USER_RECIPE)
        if user_id is not None:
            statement = statement.where(PublishRequest.user_id == user_id)
        if status is not None:
            statement = statement.where(PublishRequest.status == status)
        return list(await self.session.scalars(statement.order_by(PublishRequest.id.desc()).limit(limit)))
