"""What the OpenAPI document says about errors and signing in, decided in one place for every route.

Handlers declare their success answer only. `describe_errors` walks the built app once and gives
each operation the error answers its kind of route can give, all in the one shape of
core/base/errors.py (`ErrorOut`), and the bearer scheme wherever a session is needed:

- every route: 503 (the database is busy);
- every route that is not public: 401, and the bearer scheme; a public route that identifies its
  caller takes a token optionally (and answers 401 to a dead one);
- routes behind a role guard (/api/admin): 403;
- routes with a path parameter: 404;
- routes reading a body: 400 (not a JSON object), 413 (too large), 415 (not sent as JSON), 422 (invalid fields);
  routes reading query parameters: 422;
- what only its service knows (its rate limits: 429, its conflicts: 409, the ids it looks up from a
  body: 404): the `raises` each handler declares beside its route, where the call that raises is
  made. tests/core/test_api_contract.py fails when an operation answers a status it does not declare.

The statuses come from what Litestar reads for the route (its kwargs model), not from guesses, and
Litestar's own `{status_code, detail}` error answers never reach the document.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Annotated, Any

import msgspec
from litestar import Litestar, Request
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.plugins import JsonRenderPlugin
from litestar.openapi.spec import Components, Operation, Reference, SecurityScheme
from litestar.routes import HTTPRoute
from litestar.types import Guard

from larder.core.web.access import IDENTIFY_KEY, PUBLIC_KEY

BEARER = "bearer"
SECURITY_COMPONENTS = Components(
    security_schemes={
        BEARER: SecurityScheme(
            type="http",
            scheme="bearer",
            bearer_format="JWT",
            description="The session token answered by signing in, sent as `Authorization: Bearer <token>`.",
        )
    }
)


class ErrorOut(msgspec.Struct, kw_only=True):
    """Every error answer of the API."""

    message: Annotated[str, msgspec.Meta(description="What went wrong, for the user.")]
    errors: (
        Annotated[
            dict[str, list[str]],
            msgspec.Meta(description="Validation failures only (422): each field with its messages."),
        ]
        | msgspec.UnsetType
    ) = msgspec.UNSET
    error: (
        Annotated[str, msgspec.Meta(description="A failed e-mail verification, and a refused publish: the message.")]
        | msgspec.UnsetType
    ) = msgspec.UNSET
    request: (
        Annotated[
            dict[str, Any],
            msgspec.Meta(description="A refused publish request (409): the stored, rejected request."),
        ]
        | msgspec.UnsetType
    ) = msgspec.UNSET


DESCRIPTIONS = {
    400: "The body is not a JSON object (or not a form, where one is taken).",
    401: "No session: the bearer token is missing, invalid, expired or revoked.",
    403: "Signed in, but without the rights this needs.",
    404: "No such item, or not one the caller may see.",
    409: "Conflicts with existing data or with the item's current state.",
    413: "The body is too large.",
    415: "The body is not JSON sent with Content-Type: application/json.",
    422: "Invalid input: `errors` names each field with its messages.",
    429: "Too many attempts: try again after the seconds in the Retry-After header.",
    503: "The database is busy: try again.",
}


@dataclass(frozen=True)
class RouteFacts:
    public: bool
    identifies: bool
    role_guarded: bool
    path_params: bool
    query_params: bool
    body: bool
    also: frozenset[int] = frozenset()


def error_statuses(route: RouteFacts) -> set[int]:
    statuses = {503, *route.also}
    if not route.public or route.identifies:
        statuses.add(401)
    if route.role_guarded:
        statuses.add(403)
    if route.path_params:
        statuses.add(404)
    if route.body:
        statuses |= {400, 413, 415, 422}
    if route.query_params:
        statuses.add(422)
    return statuses


def security_of(route: RouteFacts) -> list[dict[str, list[str]]] | None:
    if not route.public:
        return [{BEARER: []}]
    if route.identifies:
        return [{}, {BEARER: []}]  # optional: a token, when sent, names the caller
    return None


@dataclass
class ErrorOutOperation(Operation):
    """An operation without Litestar's own error answers. Litestar adds a 400 in its `{status_code,
    detail}` shape to every route with parameters, always as an unnamed schema; the answers
    `describe_errors` declares name theirs (`ErrorOut`), so an unnamed error schema is Litestar's."""

    def __post_init__(self) -> None:
        for status, response in list((self.responses or {}).items()):
            if int(status) < 400 or isinstance(response, Reference):
                continue
            schemas = [media.schema for media in (response.content or {}).values()]
            if not any(isinstance(schema, Reference) for schema in schemas):
                del self.responses[status]  # type: ignore[union-attr]


def describe_errors(
    app: Litestar,
    *,
    role_guards: Iterable[Guard] = (),
) -> None:
    """Give every documented operation of `app` its error answers and security (see the module).
    What only a handler knows it may answer (409, 429, a 404 for an id read from the body) is the
    `raises` it declares."""
    role_guards = tuple(role_guards)
    found: dict[int, tuple[HTTPRouteHandler, list[RouteFacts]]] = {}
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for handler, kwargs in route.route_handler_map.values():
            if not handler.resolve_include_in_schema():
                continue
            # The layers' own guards: resolve_guards() answers them wrapped.
            guards = [guard for layer in handler.ownership_layers for guard in layer.guards or ()]
            facts = RouteFacts(
                public=bool(handler.opt.get(PUBLIC_KEY)),
                identifies=bool(handler.opt.get(IDENTIFY_KEY)),
                role_guarded=any(guard in guards for guard in role_guards),
                path_params=bool(kwargs.expected_path_params),
                query_params=bool(kwargs.expected_query_params),
                body="data" in kwargs.expected_reserved_kwargs or kwargs.expected_form_data is not None,
                also=frozenset(exc.status_code for exc in handler.raises or ()),
            )
            found.setdefault(id(handler), (handler, []))[1].append(facts)
    for handler, every in found.values():
        _document(handler, every)


def _document(handler: HTTPRouteHandler, facts: list[RouteFacts]) -> None:
    """One handler may serve several methods: it gets what any of them can answer."""
    statuses = set().union(*(error_statuses(f) for f in facts))
    responses = {
        status: ResponseSpec(
            data_container=ErrorOut,
            description=DESCRIPTIONS.get(status) or HTTPStatus(status).phrase,
            generate_examples=False,
        )
        for status in sorted(statuses)
    }
    # A response a handler spelled out itself stays as it is.
    handler.responses = {**responses, **(handler.responses or {})}
    security = security_of(facts[0])
    if security and not handler.security:
        handler.security = security
    if handler.operation_class is Operation:
        handler.operation_class = ErrorOutOperation


# -- numbers as the server reads them -----------------------------------------------------------------

_BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def exact_integers(node: Any) -> Any:
    """The document with the bounds of integer schemas written as integers. Litestar writes every
    numeric bound as a float (`"minimum": 1.0`, and an id's maximum 2**63 - 1 as 9.223372036854776e18,
    which is 2**63 once read back): a client or a fuzzer reading it would send a number the server
    refuses. Our integers are 64-bit, so a bound the float rounded past that range is the range's end."""
    if isinstance(node, list):
        return [exact_integers(item) for item in node]
    if not isinstance(node, dict):
        return node
    fixed = {key: exact_integers(value) for key, value in node.items()}
    if fixed.get("type") == "integer":
        for key in _BOUNDS:
            value = fixed.get(key)
            if isinstance(value, float) and value.is_integer():
                fixed[key] = min(max(int(value), INT64_MIN), INT64_MAX)
    return fixed


def published_document(app: Litestar) -> dict[str, Any]:
    """The OpenAPI document as /api/schema publishes it."""
    document: dict[str, Any] = exact_integers(app.openapi_schema.to_schema())
    return document


class ExactJsonRenderPlugin(JsonRenderPlugin):
    """The JSON document, its integer bounds written as integers (see `exact_integers`)."""

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return self.render_json(request, exact_integers(openapi_schema))


__all__ = [
    "BEARER",
    "SECURITY_COMPONENTS",
    "ErrorOut",
    "ExactJsonRenderPlugin",
    "RouteFacts",
    "describe_errors",
    "error_statuses",
    "exact_integers",
    "published_document",
]
