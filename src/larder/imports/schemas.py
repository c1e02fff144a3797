"""Wire contract of imported recipes (contract-5-6 'Imported recipes'). `data` is a JSON text."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

import msgspec

from larder.core.base.text import Line

MAX_URL_LENGTH = 2048


def declared(**schema: Any) -> msgspec.Meta:
    """JSON Schema keywords (as Litestar's `Schema` attributes) for the document only: the rule they
    describe is the service's (`checked_url`), checked there with its message."""
    return msgspec.Meta(extra_json_schema={"extra": schema})


# The white space str.strip() removes that the text rule lets through: the space separators.
_SPACES = r"[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]*"
# An absolute http(s) link with a host, and no white space or control character in it, as
# `checked_url` takes it once stripped (the host written plainly: no IPv6 brackets); at most
# MAX_URL_LENGTH characters in all.
_HOST_CHAR = r"[A-Za-z0-9._~%!$&'()*+,;=-]"
IMPORT_URL_PATTERN = (
    rf"^{_SPACES}[Hh][Tt][Tt][Pp][Ss]?://(?:(?:{_HOST_CHAR}|:)*@)?{_HOST_CHAR}+(?::[0-9]{{0,5}})?"
    rf"(?:[/?#][^\s\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]*)?{_SPACES}(?!\n)$"
)
ImportUrl = Annotated[
    Line,
    msgspec.Meta(description="An absolute http or https link."),
    declared(pattern=IMPORT_URL_PATTERN, max_length=MAX_URL_LENGTH),
]


class ImportIn(msgspec.Struct):
    url: ImportUrl  # checked by the service, with the spec's messages


class ImportedRecipeOut(msgspec.Struct):
    import_recipe_id: int
    url: str
    created_at: datetime
    import_failed: bool
    # {name, description, image, url, @id, recipeCuisine, recipeYield, recipeInstructions,
    #  recipeIngredient}, or {"message", "url", "name"} for a page without a recipe, or "{}".
    # `image` (one or a list) is answered as same-origin addresses of the image proxy
    # (/api/pwa/imported-images/...), never as the page's own links (imports/images.py).
    data: str


class ImportedLines(msgspec.Struct):
    """An import as ranking by the stock at home reads it: its name, picture (proxied) and
    ingredient lines as text."""

    import_id: int
    name: str
    image: str | None
    texts: list[str]
