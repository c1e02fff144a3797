"""How every JSON request body is read: JSON only, decoded strictly into the handler's type.

Litestar decodes a body to plain Python whatever its Content-Type and then converts it to the
handler's `data` type in lax mode, which accepts "2" for an int, `text/plain` bodies, and lets a
too-deeply nested or non-UTF-8 body escape as a RecursionError or UnicodeDecodeError (a 500). This
request class is installed app-wide, so every JSON endpoint gets the same edge:

- a body whose Content-Type is not JSON (application/json or */*+json) is refused with 415;
- a body that is not JSON, not UTF-8 or nested too deeply is a 400 with a message saying which;
- the raw bytes are then decoded with msgspec in strict mode into the handler's `data` type, so a
  wrong type, a constraint (ids, lengths, the text rule of `core.text`) or a missing field is a
  422 on its field before any handler runs (Litestar's own lax conversion then only ever sees
  values that are already right).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any, get_args, get_origin

import msgspec
from litestar import Request
from litestar.exceptions import ClientException, SerializationException, ValidationException
from litestar.status_codes import HTTP_415_UNSUPPORTED_MEDIA_TYPE
from litestar.types import Empty

from larder.core.errors import MSG_BAD_JSON

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


@lru_cache(maxsize=512)
def _decoder(wire_type: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(wire_type, strict=True)


def _strict_decoder(request: Request[Any, Any, Any]) -> msgspec.json.Decoder[Any] | None:
    field = request.route_handler.parsed_fn_signature.parameters.get("data")
    if field is None:
        return None
    wire_type = _msgspec_type(field.raw)
    try:
        return _decoder(wire_type)
    except TypeError:  # an unhashable annotation: decode without the cache
        return msgspec.json.Decoder(wire_type, strict=True)


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
        decoder = _strict_decoder(self) if body else None
        if decoder is not None:
            try:
                decoder.decode(body)
            except msgspec.ValidationError as exc:
                raise ValidationException(
                    detail=f"Validation failed for {self.method} request body",
                    extra=[{"message": str(exc), "key": "data", "source": "body"}],
                ) from None
            except (msgspec.DecodeError, RecursionError):  # read above already; cannot differ
                raise ClientException(MSG_BAD_JSON) from None
        return value


__all__ = ["MSG_NOT_JSON", "MSG_NOT_UTF8", "MSG_TOO_DEEP", "StrictJSONRequest", "is_json_media_type"]
