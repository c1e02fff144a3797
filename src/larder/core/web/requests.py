"""How every JSON request body is read: JSON only, decoded strictly into the handler's type.

Litestar decodes a body to plain Python whatever its Content-Type and then converts it to the
handler's `data` type in lax mode, which accepts "2" for an int, `text/plain` bodies, and lets a
too-deeply nested or non-UTF-8 body escape as a RecursionError or UnicodeDecodeError (a 500). This
request class is installed app-wide, so every JSON endpoint gets the same edge:

- a body whose Content-Type is not JSON (application/json or */*+json) is refused with 415;
- a body that is not JSON, not UTF-8 or nested too deeply is a 400 with a message saying which;
- the JSON is then converted with msgspec in strict mode into the handler's `data` type, so a
  wrong type, a constraint (ids, lengths, the text rule of `core.text`) or a missing field is a
  422 on its field before any handler runs (Litestar's own lax conversion then only ever sees
  values that are already right). JSON has one kind of number: a whole number written with a
  fraction (`2.0`) is the integer it names, as JSON Schema and every JSON client take it, so it is
  read as one; `"2"` stays a string and is refused where a number is wanted.
"""

from __future__ import annotations

from typing import Annotated, Any, get_args, get_origin

import msgspec
from litestar import Request
from litestar.exceptions import ClientException, SerializationException, ValidationException
from litestar.status_codes import HTTP_415_UNSUPPORTED_MEDIA_TYPE
from litestar.types import Empty

from larder.core.base.errors import MSG_BAD_JSON

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
MSG_NOT_JSON = "The request body must be JSON, sent with Content-Type: application/json."
MSG_NOT_UTF8 = "The request body is not valid UTF-8 text."
MSG_TOO_DEEP = "The request body is nested too deeply."


def is_json_media_type(media_type: str) -> bool:
    media_type = media_type.strip().lower()
    return media_type == "application/json" or (media_type.startswith("application/") and media_type.endswith("+json"))


def _msgspec_type(annotation: Any) -> Any:
    """The handler's `data` annotation with Litestar's own markers (JSONBody's BodyKwarg) removed."""
    if get_origin(annotation) is Annotated:
        base, *metadata = get_args(annotation)
        constraints = [item for item in metadata if isinstance(item, msgspec.Meta)]
        return Annotated[(base, *constraints)] if constraints else base
    return annotation


def _wire_type(request: Request[Any, Any, Any]) -> Any:
    field = request.route_handler.parsed_fn_signature.parameters.get("data")
    return None if field is None else _msgspec_type(field.raw)


def whole_numbers(value: Any) -> Any:
    """The decoded JSON with whole numbers written with a fraction (`2.0`) as integers."""
    if isinstance(value, float):
        return int(value) if value.is_integer() and INT64_MIN <= value <= INT64_MAX else value
    if isinstance(value, dict):
        return {key: whole_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [whole_numbers(item) for item in value]
    return value


class StrictJSONRequest(Request[Any, Any, Any]):
    """The app's request class (`request_class` of the app): `json()` is what reads a JSON `data` body."""

    async def json(self) -> Any:
        if self._json is not Empty or self._connection_state.json is not Empty:
            return await super().json()  # read and checked once already
        body = await self.body()
        if body:
            media_type, _ = self.content_type
            if not is_json_media_type(media_type):
                raise ClientException(MSG_NOT_JSON, status_code=HTTP_415_UNSUPPORTED_MEDIA_TYPE)
        try:
            # First as plain JSON, so a broken body is a 400 whatever the handler's type.
            value = await super().json()
        except SerializationException:
            raise ClientException(MSG_BAD_JSON) from None
        except UnicodeDecodeError:
            raise ClientException(MSG_NOT_UTF8) from None
        except RecursionError:
            raise ClientException(MSG_TOO_DEEP) from None
        wire_type = _wire_type(self) if body else None
        if wire_type is not None:
            try:
                value = whole_numbers(value)
                msgspec.convert(value, wire_type, strict=True)
            except msgspec.ValidationError as exc:
                raise ValidationException(
                    detail=f"Validation failed for {self.method} request body",
                    extra=[{"message": str(exc), "key": "data", "source": "body"}],
                ) from None
            except RecursionError:
                raise ClientException(MSG_TOO_DEEP) from None
            self._json = self._connection_state.json = value  # what Litestar converts for the handler
        return value


__all__ = ["MSG_NOT_JSON", "MSG_NOT_UTF8", "MSG_TOO_DEEP", "StrictJSONRequest", "is_json_media_type"]
