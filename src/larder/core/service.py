"""The base of every domain service: rule-bearing operations are its only public surface.

A service keeps an advanced-alchemy repository for the plain data access of its own model
(`self.repository.add`, `get_one_or_none`, `delete`, ...). It deliberately does not inherit
`SQLAlchemyAsyncRepositoryService`: that class's public `update`/`delete`/`create` would let any
caller skip the domain's rules (ownership checks, cancelling a publish request, withdrawing a
published recipe). Other domains call the named operations a service defines, nothing generic.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from sqlalchemy.ext.asyncio import AsyncSession

from larder.core.uow import UnitOfWork, unit_of_work

ModelT = TypeVar("ModelT")


class DomainService(Generic[ModelT]):
    repository_type: ClassVar[type[SQLAlchemyAsyncRepository[Any]]]

    def __init__(self, session: AsyncSession) -> None:
        self.repository: SQLAlchemyAsyncRepository[Any] = self.repository_type(session=session)

    @property
    def session(self) -> AsyncSession:
        return self.repository.session

    @property
    def uow(self) -> UnitOfWork:
        """The session's unit of work: where the service takes its write turns (core/uow.py)."""
        return unit_of_work(self.session)


__all__ = ["DomainService"]
