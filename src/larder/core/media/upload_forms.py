"""A multipart form of one image file, as the OpenAPI document shows it.

The handlers read the form themselves, so a missing file gets the route's own message (a 422 on the
field); the document still states the part's name, that it is required, its size limit and, in the
form's encoding, the image types taken. That the bytes really are such an image is checked on the
content, which a schema cannot state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from litestar.enums import RequestEncodingType
from litestar.openapi.spec import Encoding, OpenAPIFormat, OpenAPIType, Reference, Schema
from litestar.params import Body

from larder.core.web.openapi import ErrorOutOperation


def image_form(field: str, max_bytes: int, description: str) -> Any:
    """The body type of a route taking one image in the multipart part `field`."""
    return Annotated[
        dict[str, Any],
        Body(
            media_type=RequestEncodingType.MULTI_PART,
            schema_extra={
                "properties": {
                    field: Schema(
                        type=OpenAPIType.STRING,
                        format=OpenAPIFormat.BINARY,
                        max_length=max_bytes,
                        description=description,
                    )
                },
                "required": [field],
            },
        ),
    ]


def image_form_operation(field: str, image_types: tuple[str, ...]) -> type[ErrorOutOperation]:
    """The operation class of such a route: the form's encoding names the image types of `field`."""

    @dataclass
    class ImageFormOperation(ErrorOutOperation):
        def __post_init__(self) -> None:
            super().__post_init__()
            if self.request_body is None or isinstance(self.request_body, Reference):
                return
            for media in self.request_body.content.values():
                media.encoding = {field: Encoding(content_type=", ".join(image_types))}

    return ImageFormOperation
