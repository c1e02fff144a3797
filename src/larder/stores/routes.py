"""Food store calls under /api/pwa (part 2 §7; DESIGN "Part 2" for the calls the spec does not show)."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, Response, delete, get, post, put
from litestar.di import NamedDependency
from litestar.params import JSONBody
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED

from larder.core.base.errors import Conflict, Forbidden, NotFound
from larder.core.base.ids import PathId
from larder.core.base.wire import Data
from larder.core.web.spa import ALREADY_COMPRESSED
from larder.sharing.service import Member
from larder.stores.schemas import DefaultStoreOut, SetDefaultIn, StockIn, StoreIn, StoreOut, StoreUpdateIn
from larder.stores.service import StoresService


class StoresController(Controller):
    path = "/api/pwa/stores"
    tags = ["stores"]

    @get("/", opt={ALREADY_COMPRESSED: True})
    async def list_stores(
        self, request: Request[Any, Any, Any], member: NamedDependency[Member], stores: NamedDependency[StoresService]
    ) -> Response[Data[list[StoreOut]]]:
        """Sent as encoded and compressed once (a household's stores are large), with an ETag."""
        answer = await stores.list_visible_encoded(member)
        return answer.response(request.headers.get("accept-encoding", ""), request.headers.get("if-none-match"))

    @post("/", status_code=HTTP_201_CREATED)
    async def create_store(
        self, data: JSONBody[StoreIn], member: NamedDependency[Member], stores: NamedDependency[StoresService]
    ) -> Data[StoreOut]:
        return Data(data=await stores.create(member, data))

    @get("/{store_id:int}", opt={ALREADY_COMPRESSED: True}, raises=[NotFound])
    async def get_store(
        self,
        request: Request[Any, Any, Any],
        store_id: PathId,
        member: NamedDependency[Member],
        stores: NamedDependency[StoresService],
    ) -> Response[Data[StoreOut]]:
        """Sent as encoded and compressed once for each state of the store, with an ETag."""
        answer = await stores.get_encoded(member, store_id)
        return answer.response(request.headers.get("accept-encoding", ""), request.headers.get("if-none-match"))

    # 409: an item changed or removed since the version sent (`updated_at`), or no longer there.
    @put("/{store_id:int}", raises=[NotFound, Forbidden, Conflict])
    async def update_store(
        self,
        store_id: PathId,
        data: JSONBody[StoreUpdateIn],
        member: NamedDependency[Member],
        stores: NamedDependency[StoresService],
    ) -> Data[StoreOut]:
        return Data(data=await stores.update(member, store_id, data))

    # 409: the caller's default store.
    @delete("/{store_id:int}", raises=[NotFound, Forbidden, Conflict])
    async def delete_store(
        self, store_id: PathId, member: NamedDependency[Member], stores: NamedDependency[StoresService]
    ) -> None:
        await stores.delete(member, store_id)

    @get("/{store_id:int}/default", raises=[NotFound])
    async def default_store(
        self, store_id: PathId, member: NamedDependency[Member], stores: NamedDependency[StoresService]
    ) -> Data[DefaultStoreOut]:
        return Data(data=await stores.default_of(member, store_id))

    # 404 also for an ingredient or custom value that names nothing.
    @post("/{store_id:int}/items", status_code=HTTP_200_OK, raises=[NotFound, Forbidden])
    async def receive_stock(
        self,
        store_id: PathId,
        data: JSONBody[StockIn],
        member: NamedDependency[Member],
        stores: NamedDependency[StoresService],
    ) -> Data[StoreOut]:
        return Data(data=await stores.receive(member, store_id, data.items))


class DefaultStoreController(Controller):
    path = "/api/pwa/share"
    tags = ["stores"]

    @put("/default", raises=[NotFound, Forbidden])
    async def set_default(
        self, data: JSONBody[SetDefaultIn], member: NamedDependency[Member], stores: NamedDependency[StoresService]
    ) -> Data[DefaultStoreOut]:
        return Data(data=await stores.set_default(member, data.entity_id))
