"""An answer encoded and compressed once and sent many times, with an ETag.

For large answers that stay the same between changes (a household's stores): the JSON is gzipped
once when it is made, kept compressed, and sent as it is to clients that accept gzip (every
browser); the rare client that does not gets it decompressed. A request whose If-None-Match names
the ETag gets 304 without a body.
"""

from __future__ import annotations

import gzip
import hashlib
from typing import Any

from litestar import MediaType, Response
from litestar.status_codes import HTTP_200_OK, HTTP_304_NOT_MODIFIED

from larder.core.web.spa import accepted_encodings

# Kept compressed; level 6 costs more once and less for every answer sent afterwards.
GZIP_LEVEL = 6


class EncodedAnswer:
    def __init__(self, body: bytes) -> None:
        self.gzipped = gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0)
        self.etag = f'"{hashlib.blake2b(body, digest_size=12).hexdigest()}"'

    @property
    def size(self) -> int:
        return len(self.gzipped)

    def answer(self, accept_encoding: str, if_none_match: str | None) -> tuple[int, dict[str, str], bytes]:
        """Status, headers and body for a request with these headers."""
        # no-cache: the browser keeps it but asks again each time, and gets a 304 while unchanged.
        headers = {"ETag": self.etag, "Vary": "Accept-Encoding", "Cache-Control": "no-cache"}
        if if_none_match and self.etag in {tag.strip() for tag in if_none_match.split(",")}:
            return HTTP_304_NOT_MODIFIED, headers, b""
        headers["Content-Type"] = MediaType.JSON.value
        if "gzip" in accepted_encodings(accept_encoding):
            return HTTP_200_OK, {**headers, "Content-Encoding": "gzip"}, self.gzipped
        return HTTP_200_OK, headers, gzip.decompress(self.gzipped)

    def response(self, accept_encoding: str, if_none_match: str | None) -> Response[Any]:
        status, headers, body = self.answer(accept_encoding, if_none_match)
        media_type = headers.pop("Content-Type", MediaType.JSON)
        return Response(body, status_code=status, media_type=media_type, headers=headers)


__all__ = ["EncodedAnswer"]
