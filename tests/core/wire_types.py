"""Every field of every request body the app accepts, found from its route handlers' `data` types."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, get_args, get_origin

import msgspec
import msgspec.inspect as mi
from litestar.routes import HTTPRoute

from larder.app import create_app
from larder.core.base.settings import Settings


@dataclass(frozen=True)
class WireField:
    name: str  # the JSON name of the field holding the value
    where: str  # e.g. "POST /api/pwa/user-recipe-creator: $.steps[].description"
    kind: str  # "int" | "str"
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def is_int(self) -> bool:
        return self.kind == "int"

    @property
    def is_str(self) -> bool:
        return self.kind == "str"


def _wire_type(annotation: Any) -> Any:
    if get_origin(annotation) is Annotated:
        base, *metadata = get_args(annotation)
        constraints = [item for item in metadata if isinstance(item, msgspec.Meta)]
        return Annotated[(base, *constraints)] if constraints else base
    return annotation


def _walk(info: Any, where: str, name: str, out: list[WireField], seen: set[type]) -> None:
    if isinstance(info, mi.Metadata):  # a description or title around the real type
        _walk(info.type, where, name, out, seen)
    elif isinstance(info, mi.StructType):
        if info.cls in seen:
            return
        for item in info.fields:
            _walk(item.type, f"{where}.{item.encode_name}", item.encode_name, out, seen | {info.cls})
    elif isinstance(info, mi.ListType | mi.SetType | mi.FrozenSetType | mi.VarTupleType):
        _walk(info.item_type, f"{where}[]", name, out, seen)
    elif isinstance(info, mi.DictType):
        _walk(info.value_type, f"{where}{{}}", name, out, seen)
    elif isinstance(info, mi.UnionType):
        for member in info.types:
            _walk(member, where, name, out, seen)
    elif isinstance(info, mi.IntType):
        meta = {"ge": info.ge, "le": info.le, "gt": info.gt, "lt": info.lt}
        out.append(WireField(name, where, "int", meta))
    elif isinstance(info, mi.StrType):
        meta = {"pattern": info.pattern, "max_length": info.max_length, "min_length": info.min_length}
        out.append(WireField(name, where, "str", meta))


@cache
def input_fields() -> tuple[WireField, ...]:
    # Only the route table is read: no database is needed.
    settings = Settings.from_env({"LARDER_DATA_DIR": tempfile.mkdtemp(prefix="larder-wire-")})
    app = create_app(settings)
    found: list[WireField] = []
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for method, (handler, _) in route.route_handler_map.items():
            data = handler.parsed_fn_signature.parameters.get("data")
            if data is None or method in ("HEAD", "OPTIONS"):
                continue
            info = mi.type_info(_wire_type(data.raw))
            _walk(info, f"{method} {route.path}: $", "data", found, set())
    return tuple(found)
