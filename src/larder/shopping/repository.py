"""Shopping lists in the database: the lists, their items as rows, and the shops completed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, cast

import msgspec
from sqlalchemy import Connection, Row, Table, and_, bindparam, delete, func, insert, or_, select
from sqlalchemy.orm import selectinload

from larder.core.base.clock import now
from larder.core.db.service import VersionedRepository
from larder.sharing.service import Member
from larder.shopping.models import ShopCompletion, ShoppingList, ShoppingListItem
from larder.shopping.schemas import CompleteShopOut

_ITEM_COLUMNS = tuple(ShoppingListItem.__table__.columns)


# A shop applied: the list it was of (None for shops kept before they named it), and its answer.
Completion = tuple[int | None, CompleteShopOut]


def _completion(list_id: int | None, answer: Any) -> Completion:
    return list_id, msgspec.convert(answer, CompleteShopOut)


# What a list's kept answer is found by (ShoppingService.get_encoded).
_LIST_STATE = select(
    ShoppingList.user_id, ShoppingList.name, ShoppingList.items_version, ShoppingList.updated_at
).where(ShoppingList.id == bindparam("list_id"))


class ShoppingListRepository(VersionedRepository[ShoppingList]):
    model_type = ShoppingList
    version_column = "items_version"

    @staticmethod
    def state_here(connection: Connection, list_id: int) -> Row[int, str, int, datetime] | None:
        """The list's owner, name, items_version and date, read on the event loop's own connection
        (`UnitOfWork.read_here`); None for no such list."""
        return connection.execute(_LIST_STATE, {"list_id": list_id}).one_or_none()

    async def with_items(self, ids: Sequence[int]) -> list[ShoppingList]:
        if not ids:
            return []
        statement = (
            select(ShoppingList)
            .options(selectinload(ShoppingList.items))
            .where(ShoppingList.id.in_(list(ids)))
            # Read again under the write turn, a list already loaded takes the database's values.
            .execution_options(populate_existing=True)
        )
        return list(await self.session.scalars(statement))

    async def items_with_values(self, list_id: int, values: Iterable[str]) -> list[ShoppingListItem]:
        """The list's items of these values: what a change of a few items touches (a list holds
        dozens; loading them all as objects cost more than the rest of the write)."""
        wanted = set(values)
        if not wanted:
            return []
        statement = select(ShoppingListItem).where(
            ShoppingListItem.list_id == list_id, ShoppingListItem.value.in_(wanted)
        )
        return list(await self.session.scalars(statement.execution_options(populate_existing=True)))

    async def lists(self, ids: Sequence[int]) -> list[ShoppingList]:
        """The lists alone; their items are read as rows (`item_rows`) when only answered."""
        if not ids:
            return []
        statement = select(ShoppingList).where(ShoppingList.id.in_(list(ids))).execution_options(populate_existing=True)
        return list(await self.session.scalars(statement))

    async def delete_with_items(self, shopping_list: ShoppingList) -> None:
        """The list gone in one statement, its items by their foreign key (ON DELETE CASCADE), not
        one by one; the objects leave the session."""
        await self.session.execute(delete(ShoppingList).where(ShoppingList.id == shopping_list.id))
        self.session.expunge(shopping_list)  # and its loaded items with it (cascade "all")

    async def delete_values(self, list_id: int, values: Sequence[str]) -> None:
        """The list's items of these values gone (a value names one item of a list), in one statement."""
        if values:
            await self.session.execute(
                delete(ShoppingListItem).where(ShoppingListItem.list_id == list_id, ShoppingListItem.value.in_(values))
            )

    async def item_amounts(self, list_id: int) -> list[Row[Any]]:
        """The list's items as what a shop takes of them: id, value, name, quantity and unit."""
        return list(await self.session.execute(_ITEM_AMOUNTS, {"id": list_id}))

    async def item_rows(self, list_ids: Sequence[int]) -> dict[int, list[Row[Any]]]:
        found: dict[int, list[Row[Any]]] = {list_id: [] for list_id in list_ids}
        if list_ids:
            statement = select(*_ITEM_COLUMNS).where(ShoppingListItem.list_id.in_(list(list_ids)))
            for row in await self.session.execute(statement.order_by(ShoppingListItem.id)):
                found[row.list_id].append(row)
        return found

    async def visible_ids(self, member: Member, shared: Sequence[int]) -> list[int]:
        return list(await self.session.scalars(select(ShoppingList.id).where(_visible_to(member, shared))))

    async def counted(self, member: Member, shared: Sequence[int]) -> list[Row[Any]]:
        """The visible lists' own fields and how many items each holds, in one query."""
        return list(await self.session.execute(_COUNTED, {"member_id": member.id, "shared": list(shared)}))

    async def completed(self, user_id: int, request_id: str) -> Completion | None:
        """The list and the answer of the caller's shop with this request id, if one was applied
        (the list is None for shops kept before they named their list)."""
        statement = select(ShopCompletion.list_id, ShopCompletion.answer).where(
            ShopCompletion.user_id == user_id, ShopCompletion.request_id == request_id
        )
        row = (await self.session.execute(statement)).first()
        return None if row is None else _completion(row.list_id, row.answer)

    async def list_for_shop(
        self, list_id: int, user_id: int, request_id: str
    ) -> tuple[ShoppingList | None, Completion | None]:
        """The list, and the caller's shop of this request id if one was applied (as `completed`),
        read in one statement."""
        row = (
            await self.session.execute(_LIST_FOR_SHOP, {"id": list_id, "user": user_id, "request": request_id})
        ).first()
        if row is None:
            return None, None
        return row[0], None if row.done_answer is None else _completion(row.done_list, row.done_answer)

    async def record_completion(self, user_id: int, list_id: int, answer: CompleteShopOut) -> None:
        """The shop kept with its answer, in its transaction: a replay of its request id answers it."""
        stamp = now()
        row = {
            "user_id": user_id,
            "list_id": list_id,
            "request_id": answer.request_id,
            "answer": msgspec.to_builtins(answer),
        }
        # Through the connection, not the ORM's insert: it costs a fraction, and a shop is a hot write.
        connection = await self.session.connection()
        await connection.execute(_INSERT_COMPLETION, row | {"created_at": stamp, "updated_at": stamp})


# A declarative model's table; SQLAlchemy types any FromClause.
_INSERT_COMPLETION = insert(cast(Table, ShopCompletion.__table__))

_ITEM_AMOUNTS = (
    select(
        ShoppingListItem.id,
        ShoppingListItem.value,
        ShoppingListItem.name,
        ShoppingListItem.quantity,
        ShoppingListItem.unit,
    )
    .where(ShoppingListItem.list_id == bindparam("id"))
    .order_by(ShoppingListItem.id)
)

_LIST_FOR_SHOP = (
    select(ShoppingList, ShopCompletion.list_id.label("done_list"), ShopCompletion.answer.label("done_answer"))
    .outerjoin(
        ShopCompletion,
        and_(ShopCompletion.user_id == bindparam("user"), ShopCompletion.request_id == bindparam("request")),
    )
    .where(ShoppingList.id == bindparam("id"))
    .execution_options(populate_existing=True)
)

# The dashboard's and the ingredient check's read, built once (its values bound at each call).
_COUNTED = (
    select(
        ShoppingList.id,
        ShoppingList.user_id,
        ShoppingList.name,
        ShoppingList.updated_at,
        func.count(ShoppingListItem.id).label("item_count"),
    )
    .outerjoin(ShoppingListItem, ShoppingListItem.list_id == ShoppingList.id)
    .where(
        or_(ShoppingList.user_id == bindparam("member_id"), ShoppingList.id.in_(bindparam("shared", expanding=True)))
    )
    .group_by(ShoppingList.id)
)


def _visible_to(member: Member, shared: Sequence[int]) -> Any:
    """The caller's own lists and those shared with them (`shared`: ids from the access policy)."""
    condition = ShoppingList.user_id == member.id
    return or_(condition, ShoppingList.id.in_(list(shared))) if shared else condition
