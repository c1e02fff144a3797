"""One error shape for every answer: {"message": str, "errors": {field: [str, ...]}}.

`errors` is present only on validation failures (422). Nothing escapes as a bare 500 page.
"""

from __future__ import annotations

import logging
import re
import traceback
from typing import Any

from advanced_alchemy.exceptions import IntegrityError as RepositoryIntegrityError
from advanced_alchemy.exceptions import NotFoundError as RepositoryNotFoundError
from litestar import MediaType, Request, Response
from litestar.exceptions import HTTPException, NotFoundException, SerializationException, ValidationException
from litestar.status_codes import (
    HTTP_400_BAD_REQUEST,
    HTTP_403_FORBIDDEN,
    HTTP_404_NOT_FOUND,
    HTTP_409_CONFLICT,
    HTTP_422_UNPROCESSABLE_ENTITY,
    HTTP_429_TOO_MANY_REQUESTS,
    HTTP_500_INTERNAL_SERVER_ERROR,
    HTTP_503_SERVICE_UNAVAILABLE,
)
from sqlalchemy.exc import IntegrityError, OperationalError

from larder.core.base.ids import ID_TOO_LARGE, MSG_NOT_AN_ID
from larder.core.base.logsafe import loggable
from larder.core.base.text import text_rule_message

logger = logging.getLogger("larder")

FieldErrors = dict[str, list[str]]
MSG_BAD_JSON = "The request body could not be read as JSON."
MSG_NOT_FOUND = "Not found."
MSG_UNEXPECTED = "An unexpected error occurred."
MSG_BUSY = "The database is busy. Please try again."


class AppError(HTTPException):
    """An error a handler raises on purpose; its detail is shown to the user as `message`."""

    status_code = HTTP_400_BAD_REQUEST

    def __init__(
        self,
        message: str,
        *,
        errors: FieldErrors | None = None,
        status_code: int | None = None,
        headers: dict[str, str] | None = None,
        extra_body: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(detail=message, status_code=status_code or self.status_code, headers=headers)
        self.errors = errors
        self.extra_body = extra_body or {}


class FormError(AppError):
    """Validation failed: 422 with a map of field → messages; `message` is the first of them."""

    status_code = HTTP_422_UNPROCESSABLE_ENTITY

    def __init__(self, errors: FieldErrors, message: str | None = None) -> None:
        first = next((msgs[0] for msgs in errors.values() if msgs), "The given data was invalid.")
        super().__init__(message or first, errors=errors)


class Unauthorized(AppError):
    status_code = 401


class Forbidden(AppError):
    status_code = HTTP_403_FORBIDDEN


class NotFound(AppError):
    status_code = HTTP_404_NOT_FOUND


class Conflict(AppError):
    status_code = HTTP_409_CONFLICT


class TooManyRequests(AppError):
    status_code = HTTP_429_TOO_MANY_REQUESTS

    def __init__(self, retry_after: int, message: str | None = None) -> None:
        retry_after = max(1, retry_after)
        super().__init__(
            message or f"Too many attempts. Please try again in {retry_after} seconds.",
            headers={"Retry-After": str(retry_after)},
        )


class FieldCollector:
    """Gathers field errors so a form reports every problem at once."""

    def __init__(self) -> None:
        self.errors: FieldErrors = {}

    def add(self, field: str, message: str) -> None:
        self.errors.setdefault(field, []).append(message)

    def raise_if_any(self) -> None:
        if self.errors:
            raise FormError(self.errors)


def error_body(message: str, errors: FieldErrors | None = None, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"message": message, **extra}
    if errors:
        body["errors"] = errors
    return body


def _json(status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> Response[Any]:
    return Response(content=body, status_code=status, media_type=MediaType.JSON, headers=headers)


_MSGSPEC_PATH = re.compile(r"at `\$\.([A-Za-z0-9_]+)")
_MSGSPEC_MISSING = re.compile(r"missing required field `([A-Za-z0-9_]+)`")
_MSGSPEC_WHERE = re.compile(r"at `\$\.([^`]+)`")


def _validation_errors(exc: ValidationException) -> FieldErrors:
    """Turn Litestar/msgspec decode failures into {field: [message]}."""
    errors: FieldErrors = {}
    extra = exc.extra if isinstance(exc.extra, list) else []
    for item in extra:
        if not isinstance(item, dict):
            continue
        text = str(item.get("message") or "Invalid value.")
        key = item.get("key")
        where = _MSGSPEC_WHERE.search(text)
        if key in (None, "data", "body"):
            # msgspec names the offending field inside its message, not in `key`.
            path = _MSGSPEC_PATH.search(text)
            missing = _MSGSPEC_MISSING.search(text)
            key = path.group(1) if path else missing.group(1) if missing else "body"
        if _MSGSPEC_MISSING.search(text):
            text = "This field is required."
        elif text.startswith(ID_TOO_LARGE):
            text = MSG_NOT_AN_ID
        elif (rule := text_rule_message(text, where.group(1) if where else str(key))) is not None:
            text = rule
        errors.setdefault(str(key), []).append(_humanise(text))
    return errors


def _is_out_of_bounds(message: str) -> bool:
    """A JSON value of the right kind outside its bounds ("Expected `int` >= 1", an id too large)."""
    return message == MSG_NOT_AN_ID or (message.startswith("Expected `") and ", got `" not in message)


def _names_path_parameter(exc: ValidationException) -> bool:
    extra = exc.extra if isinstance(exc.extra, list) else []
    return any(isinstance(item, dict) and item.get("source") == "path" for item in extra)


def _humanise(text: str) -> str:
    text = re.sub(r" - at `\$[^`]*`", "", text)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def app_error_handler(_: Request[Any, Any, Any], exc: AppError) -> Response[Any]:
    return _json(exc.status_code, error_body(exc.detail, exc.errors, **exc.extra_body), exc.headers)


def validation_handler(_: Request[Any, Any, Any], exc: ValidationException) -> Response[Any]:
    if _names_path_parameter(exc):
        # A path id that is no id at all (0, negative, beyond 64 bits) names nothing: not found.
        return _json(HTTP_404_NOT_FOUND, error_body(MSG_NOT_FOUND))
    errors = _validation_errors(exc)
    if not errors:
        # A body that is not JSON at all, or not an object.
        return _json(HTTP_400_BAD_REQUEST, error_body(MSG_BAD_JSON))
    root = [message for key in ("body", "data") for message in errors.get(key, [])]
    # A bare value that is merely out of bounds (an id body) is a 422 like any field; anything
    # else at the root (a missing body, an array for an object) is a body of the wrong shape.
    if set(errors) <= {"body", "data"} and not (root and all(_is_out_of_bounds(m) for m in root)):
        return _json(HTTP_400_BAD_REQUEST, error_body("The request body must be a JSON object."))
    first = next(iter(errors.values()))[0]
    return _json(HTTP_422_UNPROCESSABLE_ENTITY, error_body(first, errors))


def http_error_handler(_: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    message = exc.detail if isinstance(exc.detail, str) and exc.detail else "Request failed."
    if isinstance(exc.__cause__, SerializationException):
        message = MSG_BAD_JSON
    if isinstance(exc, NotFoundException) and message == "Not Found":
        message = MSG_NOT_FOUND
    return _json(exc.status_code, error_body(message), exc.headers)


def integrity_handler(_: Request[Any, Any, Any], exc: IntegrityError) -> Response[Any]:
    logger.info("integrity error: %s", loggable(exc.orig))
    return _json(HTTP_409_CONFLICT, error_body("This conflicts with existing data."))


def repository_not_found_handler(_: Request[Any, Any, Any], exc: RepositoryNotFoundError) -> Response[Any]:
    # A repository look-up by id that found nothing: the row is gone (or never was) for this caller.
    return _json(HTTP_404_NOT_FOUND, error_body(MSG_NOT_FOUND))


def repository_integrity_handler(_: Request[Any, Any, Any], exc: RepositoryIntegrityError) -> Response[Any]:
    logger.info("integrity error: %s", loggable(exc))
    return _json(HTTP_409_CONFLICT, error_body("This conflicts with existing data."))


# SQLite's primary result codes for contention: SQLITE_BUSY (5) and SQLITE_LOCKED (6); the
# extended codes (SQLITE_BUSY_SNAPSHOT, ...) carry them in their low byte.
_CONTENTION_CODES = {5, 6}
_CONTENTION_WORDS = ("database is locked", "database table is locked", "database is busy", "lock timeout")


def is_contention(exc: OperationalError) -> bool:
    """Another writer held the database: worth retrying, unlike every other operational error."""
    code = getattr(exc.orig, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in _CONTENTION_CODES
    text = str(exc.orig).lower()
    return any(word in text for word in _CONTENTION_WORDS)


def operational_handler(request: Request[Any, Any, Any], exc: OperationalError) -> Response[Any]:
    if is_contention(exc):
        logger.warning(
            "database busy on %s %s: %s", loggable(request.method, 16), loggable(request.url.path), loggable(exc.orig)
        )
        return _json(HTTP_503_SERVICE_UNAVAILABLE, error_body(MSG_BUSY))
    # A broken statement, a full disk, a corrupt file: a fault to fix, not a reason to retry.
    _log_unexpected(request, exc)
    return _json(HTTP_500_INTERNAL_SERVER_ERROR, error_body(MSG_UNEXPECTED))


def _describe(exc: BaseException) -> str:
    """The exception chain as frames plus escaped, bounded messages (they may echo request data)."""
    parts: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen and len(parts) < 5:
        seen.add(id(current))
        frames = "".join(traceback.format_tb(current.__traceback__))
        parts.append(
            f"Traceback (most recent call last):\n{frames}{type(current).__qualname__}: {loggable(current, 1000)}"
        )
        current = current.__cause__ or (None if current.__suppress_context__ else current.__context__)
    return "\nwhich led to:\n".join(reversed(parts))


def _log_unexpected(request: Request[Any, Any, Any], exc: BaseException) -> None:
    logger.error(
        "unhandled error on %s %s\n%s", loggable(request.method, 16), loggable(request.url.path), _describe(exc)
    )


def unexpected_handler(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    _log_unexpected(request, exc)
    return _json(HTTP_500_INTERNAL_SERVER_ERROR, error_body(MSG_UNEXPECTED))


exception_handlers: dict[Any, Any] = {
    AppError: app_error_handler,
    ValidationException: validation_handler,
    HTTPException: http_error_handler,
    IntegrityError: integrity_handler,
    RepositoryIntegrityError: repository_integrity_handler,
    RepositoryNotFoundError: repository_not_found_handler,
    OperationalError: operational_handler,
    Exception: unexpected_handler,
}
