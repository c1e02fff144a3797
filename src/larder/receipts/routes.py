"""Receipt scan calls under /api/pwa (DESIGN "Part 2": the calls the spec does not show).

The app-wide guard refuses a missing or dead token before the body is read, so nobody can make the
server take in a photo without a session.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from litestar import Controller, Request, Response, post
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.params import JSONBody
from litestar.status_codes import HTTP_200_OK, HTTP_204_NO_CONTENT

from larder.core.base.errors import FormError, NotFound, TooManyRequests, app_error_handler
from larder.core.base.wire import Data
from larder.core.media.upload_forms import image_form, image_form_operation
from larder.receipts.schemas import (
    MAX_SCAN_BYTES,
    MSG_NO_FILE,
    MSG_TOO_LARGE,
    SCAN_FIELD,
    SCAN_IMAGE_TYPES,
    ConfirmedMatchesIn,
    ScanLineOut,
)
from larder.receipts.service import ReceiptService
from larder.sharing.service import Member

# The photo may be MAX_SCAN_BYTES; the multipart framing around it (boundaries, part headers, a
# field or two more) needs a little room on top. The app's limit for every other route is lower.
SCAN_BODY_MAX = MAX_SCAN_BYTES + 64 * 1024
# A type built at runtime is no type to mypy: it sees the dict the form is.
if TYPE_CHECKING:
    ScanForm = dict[str, Any]
else:
    ScanForm = image_form(
        SCAN_FIELD, MAX_SCAN_BYTES, "A photo of a receipt: JPEG, PNG, WebP or GIF, at most 12 MB (12582912 bytes)."
    )
ScanOperation = image_form_operation(SCAN_FIELD, SCAN_IMAGE_TYPES)


def _too_large(request: Request[Any, Any, Any], _: RequestEntityTooLarge) -> Response[Any]:
    """A body over the route's limit is the same refusal as a photo over MAX_SCAN_BYTES."""
    return app_error_handler(request, FormError({SCAN_FIELD: [MSG_TOO_LARGE]}))


class ReceiptScanController(Controller):
    path = "/api/pwa/receipt-scan"
    tags = ["receipts"]

    @post(
        "/",
        status_code=HTTP_200_OK,
        request_max_body_size=SCAN_BODY_MAX,
        exception_handlers={RequestEntityTooLarge: _too_large},
        operation_class=ScanOperation,
        # One scan per member in flight and a bounded queue behind the engine (receipts/service.py).
        raises=[TooManyRequests],
    )
    async def scan(
        self,
        data: ScanForm,
        member: NamedDependency[Member],
        receipts: NamedDependency[ReceiptService],
    ) -> Data[list[ScanLineOut]]:
        """Multipart `file`: a photo of a receipt (JPEG, PNG, WebP or GIF, at most 12 MB), read on
        this machine and never stored. Answers the scan lines, top to bottom; an empty list when
        nothing on it was read as an item line ('Scan Failed')."""
        upload = data.get(SCAN_FIELD) if isinstance(data, dict) else None
        if isinstance(upload, list):  # several parts named `file`: the first one that is a file
            upload = next((item for item in upload if isinstance(item, UploadFile)), None)
        if not isinstance(upload, UploadFile):
            raise FormError({SCAN_FIELD: [MSG_NO_FILE]})
        photo = await upload.read(MAX_SCAN_BYTES + 1)  # never more than one byte past the limit
        return Data(data=await receipts.scan(member, photo))

    @post("/matches", status_code=HTTP_204_NO_CONTENT, raises=[NotFound])
    async def confirm_matches(
        self,
        data: JSONBody[ConfirmedMatchesIn],
        member: NamedDependency[Member],
        receipts: NamedDependency[ReceiptService],
    ) -> None:
        """The lines the member confirmed, each with the ingredient it is: the next scan matches
        each printed name the same way. Sent after the stock went into the store."""
        await receipts.learn(member, data)
