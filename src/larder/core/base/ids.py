"""Row ids: what a value must be to name a row (anything else is simply not found, never a database error).

`Id` is the one id type of every request body and `PathId` of every path: both are 1..2^63-1, so
a value SQLite cannot hold never reaches a query. A body id out of range is a 422 on its field; a
path id out of range names nothing, so `core.errors` answers it as a 404.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar.params import PathParameter

ID_MAX = 2**63 - 1  # SQLite's INTEGER PRIMARY KEY and PostgreSQL's BIGINT
ID_DESCRIPTION = f"A row id, 1 to {ID_MAX}."
MSG_NOT_AN_ID = f"Not a valid id: ids are whole numbers from 1 to {ID_MAX}."

Id = Annotated[int, msgspec.Meta(ge=1, le=ID_MAX, description=ID_DESCRIPTION)]
# msgspec's message for a value above ID_MAX, which only an id can get; `core.errors` words it.
ID_TOO_LARGE = f"Expected `int` <= {ID_MAX}"
# Path parameters are validated from Litestar's own kwarg constraints, not from msgspec.Meta.
PathId = Annotated[int, PathParameter(ge=1, le=ID_MAX, description=ID_DESCRIPTION)]


def is_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= ID_MAX


__all__ = ["ID_MAX", "ID_TOO_LARGE", "MSG_NOT_AN_ID", "Id", "PathId", "is_id"]
