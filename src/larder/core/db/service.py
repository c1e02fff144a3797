"""The base of every domain service: rule-bearing operations are its only public surface.

A service keeps an advanced-alchemy repository for the plain data access of its own model
(`self.repository.add`, `get_one_or_none`, `delete`, ...). It deliberately does not inherit
`SQLAlchemyAsyncRepositoryService`: that class's public `update`/`delete`/`create` would let any
caller skip the domain's rules (ownership checks, cancelling a publish request, withdrawing a
published recipe). Other domains call the named operations a service defines, nothing generic.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar, Generic, TypeVar, cast

from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from advanced_alchemy.repository.typing import ModelT as RowT
from sqlalchemy import ColumnElement, Table, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from larder.core.base.clock import now
from larder.core.db.uow import UnitOfWork, unit_of_work

ModelT = TypeVar("ModelT")


class DomainService(Generic[ModelT]):
    repository_type: ClassVar[type[SQLAlchemyAsyncRepository[Any]]]

    def __init__(self, session: AsyncSession) -> None:
        self.repository: SQLAlchemyAsyncRepository[Any] = self.repository_type(session=session)

    @property
    def session(self) -> AsyncSession:
        # Services are made with a plain session (never a scoped one): that is what the repository holds.
        return cast("AsyncSession", self.repository.session)

    @property
    def database_key(self) -> str:
        """Part of every key of what a service keeps between requests: ids and versions start over
        in every database, and one process may open several (the test suite, a command run beside
        the server)."""
        return str(self.session.get_bind().engine.url)

    @property
    def uow(self) -> UnitOfWork:
        """The session's unit of work: where the service takes its write turns (core/db/uow.py)."""
        return unit_of_work(self.session)


class VersionedRepository(SQLAlchemyAsyncRepository[RowT]):
    """The repository of a model whose `version_column` database triggers count up at every change
    of its children (a list's items, a store's stock), whoever makes it."""

    version_column: ClassVar[str]

    async def date(self, row_id: int, stamp: datetime) -> int:
        """The row dated `stamp`, in one statement that answers its version as the triggers left it."""
        return int((await self.session.execute(self._dating(row_id, stamp))).scalar_one())

    def _dating(self, row_id: int, stamp: datetime, *also: ColumnElement[Any]) -> Any:
        """The statement dating the row, returning its version (and `also`)."""
        table = cast(Table, self.model_type.__table__)  # a declarative model's table
        statement = update(table).where(table.c.id == row_id).values(updated_at=stamp)
        return statement.returning(table.c[self.version_column], *also)

    async def date_row(self, row: Any, *, also: ColumnElement[Any] | None = None) -> Any:
        """`row` dated now, after the changes made so far are written; the object takes the date
        and the version (it keeps the version it was read with otherwise). `also`: a value to read
        in the same statement (a subquery of the row), answered."""
        session = self.session
        if session.new or session.dirty or session.deleted:
            await session.flush()
        stamp = now()
        found = None
        if also is None:
            version = await self.date(row.id, stamp)
        else:
            version, found = (await self.session.execute(self._dating(row.id, stamp, also))).one()
        set_committed_value(row, self.version_column, version)
        set_committed_value(row, "updated_at", stamp)
        return found


__all__ = ["DomainService", "VersionedRepository"]
