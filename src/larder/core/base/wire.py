"""The envelopes every answer is wrapped in, defined once (DESIGN "API conventions").

Domains define their payloads in their own `schemas.py`; services return those payloads, and routes
only wrap them here: `{data: ...}` for a single item, a create or an option list, the spec's page
of catalogue recipes, and `{message}` for a call whose answer is a sentence.
"""

from __future__ import annotations

from typing import Generic, TypeVar

import msgspec

T = TypeVar("T")


class Data(msgspec.Struct, Generic[T]):
    """`{data: T}`: one item, a create (the new id under the spec's name), or a list of options."""

    data: T


class Page(msgspec.Struct, Generic[T]):
    """One page of a paginated list, in the spec's (Laravel-style) shape."""

    data: list[T]
    current_page: int
    last_page: int
    per_page: int
    from_: int | None = msgspec.field(name="from")
    to: int | None
    total: int


class Message(msgspec.Struct):
    """`{message}`: the sentence the web app shows for a call that returns nothing else."""

    message: str


__all__ = ["Data", "Message", "Page"]
