"""Wire contract of news, home-beta, contact and bug reports. `HtmlContent` is the spec's name."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec

from larder.catalogue.schemas import OptionOut, RecipeSummary
from larder.core.text import Line, Text

Title = Annotated[Line, msgspec.Meta(max_length=200)]
Html = Annotated[Text, msgspec.Meta(max_length=100_000)]
MessageText = Annotated[Text, msgspec.Meta(max_length=10_000)]
InboxKind = Literal["contact", "bug"]


class NewsItemOut(msgspec.Struct):
    id: int
    title: str
    html_content: str = msgspec.field(name="HtmlContent")
    created_at: datetime | None = None


class NewsItemIn(msgspec.Struct):
    title: Title
    html_content: Html = msgspec.field(name="HtmlContent")


class HomeBetaOut(msgspec.Struct):
    news: list[NewsItemOut]
    categories: list[OptionOut]
    recipes: list[RecipeSummary]
    featured: list[RecipeSummary]


class ContactIn(msgspec.Struct):
    name: Annotated[Line, msgspec.Meta(max_length=200)]
    email: Annotated[Line, msgspec.Meta(max_length=320)]
    message: MessageText


class InboxMessageOut(msgspec.Struct):
    """A contact message or bug report as the administrator reads it (plain text, never HTML)."""

    id: int
    kind: InboxKind
    name: str
    email: str
    message: str
    page: str | None
    user_id: int | None
    created_at: datetime | None = None


class BugReportIn(msgspec.Struct):
    message: MessageText
    page: Annotated[Line, msgspec.Meta(max_length=500)] | None = None
