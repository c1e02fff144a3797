"""One error shape for every answer: {"message": str, "errors": {field: [str, ...]}}.

`errors` is present only on validation failures (422). Nothing escapes as a bare 500 page.
"""

from __future__ import annotations

import logging
import re
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

logger = logging.getLogger("larder")

FieldErrors = dict[str, list[str]]
MSG_BAD_JSON = "The request body could not be read as JSON."


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

    def __init__(self, retry_after: int) -> None:
        retry_after = max(1, retry_after)
        super().__init__(
            f"Too many attempts. Please try again in {retry_after} seconds.",
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


def _validation_errors(exc: ValidationException) -> FieldErrors:
    """Turn Litestar/msgspec decode failures into {field: [message]}."""
    errors: FieldErrors = {}
    extra = exc.extra if isinstance(exc.extra, list) else []
    for item in extra:
        if not isinstance(item, dict):
            continue
        text = str(item.get("message") or "Invalid value.")
        key = item.get("key")
        if key in (None, "data", "body"):
            # msgspec names the offending field inside its message, not in `key`.
            path = _MSGSPEC_PATH.search(text)
            missing = _MSGSPEC_MISSING.search(text)
            key = path.group(1) if path else missing.group(1) if missing else "body"
        if _MSGSPEC_MISSING.search(text):
            text = "This field is required."
        errors.setdefault(str(key), []).append(_humanise(text))
    return errors


def _humanise(text: str) -> str:
    text = re.sub(r" - at `\$[^`]*`", "", text)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def app_error_handler(_: Request[Any, Any, Any], exc: AppError) -> Response[Any]:
    return _json(exc.status_code, error_body(exc.detail, exc.errors, **exc.extra_body), exc.headers)


def validation_handler(_: Request[Any, Any, Any], exc: ValidationException) -> Response[Any]:
    errors = _validation_errors(exc)
    if not errors:
        # A body that is not JSON at all, or not an object.
        return _json(HTTP_400_BAD_REQUEST, error_body(MSG_BAD_JSON))
    if set(errors) <= {"body", "data"}:
        return _json(HTTP_400_BAD_REQUEST, error_body("The request body must be a JSON object."))
    first = next(iter(errors.values()))[0]
    return _json(HTTP_422_UNPROCESSABLE_ENTITY, error_body(first, errors))


def http_error_handler(_: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    message = exc.detail if isinstance(exc.detail, str) and exc.detail else "Request failed."
    if isinstance(exc.__cause__, SerializationException):
        message = MSG_BAD_JSON
    if isinstance(exc, NotFoundException) and message == "Not Found":
        message = "Not found."
    return _json(exc.status_code, error_body(message), exc.headers)


def integrity_handler(_: Request[Any, Any, Any], exc: IntegrityError) -> Response[Any]:
    logger.info("integrity error: %s", exc.orig)
    return _json(HTTP_409_CONFLICT, error_body("This conflicts with existing data."))


def repository_not_found_handler(_: Request[Any, Any, Any], exc: RepositoryNotFoundError) -> Response[Any]:
    # A repository look-up by id that found nothing: the row is gone (or never was) for this caller.
    return _json(HTTP_404_NOT_FOUND, error_body("Not found."))


def repository_integrity_handler(_: Request[Any, Any, Any], exc: RepositoryIntegrityError) -> Response[Any]:
    logger.info("integrity error: %s", exc)
    return _json(HTTP_409_CONFLICT, error_body("This conflicts with existing data."))


def operational_handler(_: Request[Any, Any, Any], exc: OperationalError) -> Response[Any]:
    logger.warning("database unavailable: %s", exc.orig)
    return _json(HTTP_503_SERVICE_UNAVAILABLE, error_body("The database is busy. Please try again."))


def unexpected_handler(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    logger.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return _json(HTTP_500_INTERNAL_SERVER_ERROR, error_body("An unexpected error occurred."))


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
