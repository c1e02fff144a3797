"""The shareable entities' tables, told by the domains at the composition root (app.py)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from larder.sharing.terms import EntityType


class SharedEntities:
    """Each kind of shareable entity's table, told by the domains at the composition root, so the
    policy can find an entity's owner and name for an id alone and knows no domain. Every such
    model has the columns `id`, `user_id` (the owner) and `name`."""

    def __init__(self) -> None:
        self.models: dict[EntityType, Any] = {}
        self.pages: dict[EntityType, tuple[str, str]] = {}

    def register(self, entity_type: EntityType, model: Any, *, noun: str, page: str) -> None:
        """`noun` names the kind in e-mails ('list'); `page` is the web app's address of one, with
        `{id}` for its id ('/user-shopping-lists/{id}')."""
        self.models[entity_type] = model
        self.pages[entity_type] = (noun, page)

    async def owner_of(self, session: AsyncSession, entity_type: EntityType, entity_id: int) -> int | None:
        model = self.models.get(entity_type)
        if model is None:
            return None
        owner_id: int | None = await session.scalar(select(model.user_id).where(model.id == entity_id))
        return owner_id

    async def names_of(self, session: AsyncSession, entity_type: EntityType, ids: list[int]) -> dict[int, str]:
        """Names by id of those that still exist, in one query."""
        model = self.models[entity_type]
        rows = await session.execute(select(model.id, model.name).where(model.id.in_(ids)))
        return {entity_id: name for entity_id, name in rows}


__all__ = ["SharedEntities"]
