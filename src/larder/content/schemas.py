"""Wire contract of news, home-beta, contact and bug reports. `HtmlContent` is the spec's name.

A text that must not be blank, and an e-mail address, are checked by the service with its own
message; the document declares them (catalogue.schemas `declared`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec

from larder.accounts.service import EMAIL_PATTERN
from larder.catalogue.schemas import NOT_BLANK, OptionOut, RecipeSummary, declared
from larder.core.base.text import Line, Text

Title = Annotated[Line, msgspec.Meta(max_length=200), NOT_BLANK]
# Cleaned of everything but the kept markup before it is stored (what is left may be empty).
Html = Annotated[Text, msgspec.Meta(max_length=100_000), NOT_BLANK]
MessageText = Annotated[Text, msgspec.Meta(max_length=10_000), NOT_BLANK]
EMAIL_MAX = 254  # the longest address accounts.service.is_email accepts
# Checked without the white space around it.
Email = Annotated[
    Line,
    msgspec.Meta(max_length=EMAIL_MAX, description="An e-mail address."),
    declared(all_of=[{"pattern": rf"^\s*(?:{EMAIL_PATTERN.pattern.removeprefix('^').removesuffix('$')})\s*$"}]),
]
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
    name: Annotated[Line, msgspec.Meta(max_length=200), NOT_BLANK]
    email: Email
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
