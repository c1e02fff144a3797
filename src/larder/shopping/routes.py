"""Shopping list calls under /api/pwa (part 2 §7; DESIGN "Part 2" for merge and complete)."""

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
from larder.shopping.complete_shop import CompleteShop
from larder.shopping.schemas import (
    CompleteShopIn,
    CompleteShopOut,
    MergeIn,
    ShoppingListEnvelope,
    ShoppingListIn,
    ShoppingListOut,
    ShoppingListUpdateIn,
)
from larder.shopping.service import ShoppingService


class ShoppingListController(Controller):
    path = "/api/pwa/user-shoppinglists"
    tags = ["shopping"]

    @get("/")
    async def list_lists(
        self, member: NamedDependency[Member], shopping: NamedDependency[ShoppingService]
    ) -> Data[list[ShoppingListOut]]:
        return Data(data=await shopping.list_visible(member))

    # 404: an ingredient or custom value that names nothing.
    @post("/", status_code=HTTP_201_CREATED, raises=[NotFound])
    async def create_list(
        self,
        data: JSONBody[ShoppingListIn],
        member: NamedDependency[Member],
        shopping: NamedDependency[ShoppingService],
    ) -> Data[ShoppingListOut]:
        return Data(data=await shopping.create(member, data))

    @get("/{list_id:int}", opt={ALREADY_COMPRESSED: True}, raises=[NotFound])
    async def get_list(
        self,
        list_id: PathId,
        request: Request[Any, Any, Any],
        member: NamedDependency[Member],
        shopping: NamedDependency[ShoppingService],
    ) -> Response[ShoppingListEnvelope]:
        """Sent as encoded and compressed once for each state of the list, with an ETag."""
        answer = await shopping.get_encoded(member, list_id)
        return answer.response(request.headers.get("accept-encoding", ""), request.headers.get("if-none-match"))

    @put("/{list_id:int}", raises=[NotFound, Forbidden])
    async def update_list(
        self,
        list_id: PathId,
        data: JSONBody[ShoppingListUpdateIn],
        member: NamedDependency[Member],
        shopping: NamedDependency[ShoppingService],
    ) -> Data[ShoppingListOut]:
        return Data(data=await shopping.update(member, list_id, data))

    @delete("/{list_id:int}", raises=[NotFound, Forbidden])
    async def delete_list(
        self, list_id: PathId, member: NamedDependency[Member], shopping: NamedDependency[ShoppingService]
    ) -> None:
        await shopping.delete(member, list_id)

    @post("/{list_id:int}/merge", status_code=HTTP_200_OK, raises=[NotFound, Forbidden])
    async def merge_items(
        self,
        list_id: PathId,
        data: JSONBody[MergeIn],
        member: NamedDependency[Member],
        shopping: NamedDependency[ShoppingService],
    ) -> Data[ShoppingListOut]:
        return Data(data=await shopping.merge(member, list_id, data.ingredients))

    # 409: a request id used for another list, a checked item no longer on the list, the list as
    # its own move target, no store to put the checked items into.
    @post("/{list_id:int}/complete", status_code=HTTP_200_OK, raises=[NotFound, Forbidden, Conflict])
    async def complete_shop(
        self,
        list_id: PathId,
        data: JSONBody[CompleteShopIn],
        member: NamedDependency[Member],
        shopping: NamedDependency[ShoppingService],
    ) -> Data[CompleteShopOut]:
        return Data(data=await CompleteShop(shopping, member, list_id, data)())
