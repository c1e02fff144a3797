"""POST /api/pwa/recipe-suggestions: cook from what you have (a read: its body is a Discover
search and filters, as POST /recipe-filter's is)."""

from __future__ import annotations

from litestar import Controller, post
from litestar.di import NamedDependency
from litestar.params import JSONBody
from litestar.status_codes import HTTP_200_OK

from larder.core.base.wire import Data
from larder.sharing.service import Member
from larder.suggestions.schemas import SuggestionOut, SuggestionsIn
from larder.suggestions.service import SuggestionService


class SuggestionController(Controller):
    path = "/api/pwa/recipe-suggestions"
    tags = ["suggestions"]

    @post("/", status_code=HTTP_200_OK)
    async def suggestions(
        self,
        data: JSONBody[SuggestionsIn],
        member: NamedDependency[Member],
        suggestions: NamedDependency[SuggestionService],
    ) -> Data[list[SuggestionOut]]:
        """The recipes best cooked from the stock of every store the caller may see, most of the
        recipe at home and what expires soonest used first; each says why and what is missing."""
        return Data(data=await suggestions.suggest(member, data))
