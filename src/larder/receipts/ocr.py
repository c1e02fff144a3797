"""The on-device text recognition engine (rapidocr-onnxruntime; its models ship in its wheel).

One `ReceiptReader` per process (kept in app state). The engine is loaded on the first scan, not
at start; it runs in a worker thread so the event loop never waits; one scan runs at a time per
process; the photo is downscaled first; the engine is unloaded again after a while without scans
so the server's memory goes back to what it was.
"""

from __future__ import annotations

from larder.receipts.lines import Box


class ScanBusy(Exception):
    """Another scan is running in this process."""


class NotAnImage(Exception):
    """The bytes are not a picture Pillow reads, or one too large to decode safely."""


class ReceiptReader:
    async def read(self, photo: bytes) -> list[Box]:
        """The text boxes of the photo, in the photo's upright orientation (EXIF applied)."""
        raise NotImplementedError

    async def close(self) -> None:
        """Unload the engine (server shutdown)."""
        raise NotImplementedError
