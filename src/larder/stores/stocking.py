"""Stock put into a store by the merge rule (`kitchen.merge`): each sent item merges into its
ingredient's batch of the same day, or starts a new batch dated when it was added.

Batches are read and written as rows through the connection, not as ORM objects: a receipt or a
completed shop writes a handful of batches into a store of hundreds, and objects and their flush
cost more than the rest of the write.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any, cast
from zoneinfo import ZoneInfo

from sqlalchemy import Table, bindparam, insert, update

from larder.catalogue.schemas import StockFacts
from larder.catalogue.service import CatalogueService
from larder.core.base import clock
from larder.core.base.clock import local_date
from larder.core.base.errors import FieldCollector
from larder.items.resolve import Resolved, resolve_items
from larder.items.values import is_custom_value
from larder.kitchen.merge import Amount, amount, merge
from larder.kitchen.storage import StoreKind, shelf_life_days
from larder.stores.models import FoodStore, StoreItem
from larder.stores.repository import StoreRepository
from larder.stores.schemas import StoreItemIn, StoreItemOut
from larder.stores.stock_cache import Stock, StockChange

_ITEMS = cast(Table, StoreItem.__table__)  # a declarative model's table; SQLAlchemy types any FromClause
_INSERT_BATCH = insert(_ITEMS)
# Every field a merge may change, written for each batch it changed in one executemany.
_UPDATE_BATCH = (
    update(_ITEMS)
    .where(_ITEMS.c.id == bindparam("batch_id"))
    .values(
        quantity=bindparam("new_quantity"),
        unit=bindparam("new_unit"),
        estimated_expiry_days=bindparam("new_days"),
        updated_at=bindparam("new_updated_at"),
    )
)


class StockIntake:
    """Puts sent items into one store, in the caller's write turn."""

    def __init__(self, repository: StoreRepository, catalogue: CatalogueService, zone: str | None) -> None:
        self.repository = repository
        self.session = repository.session
        self.catalogue = catalogue
        self.zone = zone

    async def add(
        self,
        store: FoodStore,
        items: Sequence[StoreItemIn],
        *,
        field: str,
        facts: dict[int, StockFacts] | None = None,
        kept: Stock | None = None,
    ) -> StockChange:
        """Each sent item merged into its batch of the day, or a new batch; what was written.
        `kept`: the store's stock as kept at the version it was opened with in this write, when
        nothing changed it since: its batches are not read again."""
        if not items:
            return StockChange()
        # Changes made to loaded items earlier in this write are in the database before rows are read.
        await self.session.flush()
        errors = FieldCollector()
        sent_custom = [str(i.value) for i in items if isinstance(i.value, str) and is_custom_value(i.value)]
        known_custom = {row["value"]: row["name"] for row in await self._batches(store.id, sent_custom, kept)}
        resolved = await resolve_items(
            items, self.catalogue, errors, field=field, known_custom=known_custom, facts=facts
        )
        errors.raise_if_any()
        found = [r for r in resolved if r is not None]  # every one, after raise_if_any
        existing = await self._batches(store.id, [r.value for r in found], kept)
        batches = {(row["value"], local_date(row["date_added"], self.zone)): row for row in existing}
        before = {row["id"]: (row["quantity"], row["unit"], row["estimated_expiry_days"]) for row in existing}
        new_batches: list[dict[str, Any]] = []
        for sent, item in zip(items, found, strict=True):
            added_at = self.added_at(sent.date_added)
            key = (item.value, local_date(added_at, self.zone))
            unit = item.unit_for(sent.quantity)
            batch = batches.get(key)
            if batch is None:
                batch = _new_batch(store, item, sent, added_at, unit, StoreKind(store.kind))
                new_batches.append(batch)
                batches[key] = batch
                continue
            total = merge(Amount(batch["quantity"], batch["unit"]), amount(sent.quantity, unit))
            batch.update(quantity=total.quantity, unit=total.unit, updated_at=clock.now())
            if sent.estimated_expiry_days is not None:
                batch["estimated_expiry_days"] = sent.estimated_expiry_days
        # Only rows with a value changed are written (and counted by the triggers).
        changed = [
            row for row in existing if (row["quantity"], row["unit"], row["estimated_expiry_days"]) != before[row["id"]]
        ]
        await self._write(changed, new_batches)
        return StockChange(updated=[SimpleNamespace(**row) for row in changed], inserted=len(new_batches))

    async def _batches(self, store_id: int, values: Sequence[str], kept: Stock | None) -> list[dict[str, Any]]:
        """The store's batches of these values, as rows one can change."""
        if not values:
            return []
        if kept is not None:
            wanted = set(values)
            return [_row_of(item, store_id) for item in kept.items if item.value in wanted]
        return await self.repository.batch_rows(store_id, values)

    async def _write(self, changed: list[dict[str, Any]], new_batches: list[dict[str, Any]]) -> None:
        connection = await self.session.connection()
        if changed:
            await connection.execute(
                _UPDATE_BATCH,
                [
                    {
                        "batch_id": row["id"],
                        "new_quantity": row["quantity"],
                        "new_unit": row["unit"],
                        "new_days": row["estimated_expiry_days"],
                        "new_updated_at": row["updated_at"],
                    }
                    for row in changed
                ],
            )
        if new_batches:
            await connection.execute(_INSERT_BATCH, new_batches)

    def added_at(self, sent: datetime | None) -> datetime:
        if sent is None:
            return clock.now()
        # A time without a zone is read in the instance's zone, where its calendar day counts.
        return sent if sent.tzinfo else sent.replace(tzinfo=ZoneInfo(self.zone) if self.zone else None).astimezone(UTC)


def _row_of(item: StoreItemOut, store_id: int) -> dict[str, Any]:
    """A kept item as the row it was answered from (what a merge changes and the kept stock shows)."""
    return {
        "id": item.id,
        "store_id": store_id,
        "value": item.value,
        "name": item.name,
        "quantity": item.quantity,
        "unit": item.unit,
        "default_unit": item.default_unit,
        "default_quantity": item.default_quantity,
        "date_added": item.date_added,
        "created_at": item.created_at,
        "estimated_expiry_days": item.estimated_expiry_days,
        "category_id": item.category_id,
        "image": item.image,
        "checked": item.checked,
    }


def _new_batch(
    store: FoodStore, found: Resolved, sent: StoreItemIn, added_at: datetime, unit: str, kind: StoreKind
) -> dict[str, Any]:
    days = sent.estimated_expiry_days
    if days is None:
        days = shelf_life_days(found.shelf_life, kind)
    moment = clock.now()
    return {
        "created_at": moment,
        "updated_at": moment,  # as a changed item is dated: by the clock that dates its store
        "store_id": store.id,
        "value": found.value,
        "ingredient_id": found.ingredient_id,
        "name": found.name,
        "quantity": amount(sent.quantity, unit).quantity,
        "unit": unit,
        "default_unit": found.default_unit,
        "default_quantity": found.buy_step,
        "date_added": added_at,
        "estimated_expiry_days": days,
        "category_id": found.category_id,
        "image": found.image,
        "checked": False,
    }
