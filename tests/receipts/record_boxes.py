"""Record real OCR boxes of rendered receipts as test fixtures (tests/receipts/boxes/<seed>.json),
so that the unit tests of line rebuilding run without the OCR engine.

    PYTHONPATH=src:. python -m tests.receipts.record_boxes 1001 1002 ... [--first-seed=2000 2031 ...]

Seeds are the corpus's: seed s of the corpus that starts at --first-seed (1000 unless given).

Each fixture holds the receipt's seed, language, variant, truth (item lines, payment rows) and
the boxes the engine read from its photo. Re-record when the corpus or the engine changes (the
tests check that the recorded truth is still what the corpus makes from the seed).
"""

from __future__ import annotations

import asyncio
import io
import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from larder.receipts.lines import Box
from tests.receipts.corpus import Receipt, corpus_receipt, render

BOXES = Path(__file__).parent / "boxes"
MAX_SIDE = 2000  # the engine downscales to this anyway; doing it first saves decoding work

_engine: Any = None


def _rapidocr(photo: bytes) -> list[Box]:
    """The engine as it comes, on the photo downscaled to MAX_SIDE, without the angle classifier."""
    global _engine
    import numpy as np
    from PIL import Image, ImageOps
    from rapidocr_onnxruntime import RapidOCR

    if _engine is None:
        _engine = RapidOCR()
    image = ImageOps.exif_transpose(Image.open(io.BytesIO(photo))).convert("RGB")
    image.thumbnail((MAX_SIDE, MAX_SIDE))
    result, _ = _engine(np.asarray(image), use_cls=False)
    return [
        Box(text, tuple((float(x), float(y)) for x, y in corners), float(score))
        for corners, text, score in result or []
    ]  # type: ignore[misc]


class Reader:
    """The app's ReceiptReader (receipts/ocr.py) when it is implemented, else the engine directly."""

    def __init__(self) -> None:
        self._runner = asyncio.Runner()
        self._reader: Any = None
        try:
            from larder.receipts.ocr import NotAnImage, ReceiptReader

            reader = ReceiptReader()
            try:
                self._runner.run(reader.read(b""))
            except NotAnImage:  # refused before the engine loads: the reader is there
                self._reader = reader
        except (ImportError, TypeError, NotImplementedError):
            pass

    @property
    def name(self) -> str:
        return (
            "larder.receipts.ocr.ReceiptReader"
            if self._reader is not None
            else f"rapidocr, {MAX_SIDE} px, no angle classifier"
        )

    def read(self, photo: bytes) -> list[Box]:
        if self._reader is None:
            return _rapidocr(photo)
        return list(self._runner.run(self._reader.read(photo)))

    def close(self) -> None:
        if self._reader is not None:
            self._runner.run(self._reader.close())
        self._runner.close()


def fixture(receipt: Receipt, boxes: list[Box]) -> dict[str, Any]:
    return {
        "seed": receipt.seed,
        "language": receipt.language,
        "variant": receipt.variant,
        "currency": receipt.currency,
        "lines": [asdict(line) for line in receipt.lines],
        "payment_rows": list(receipt.payment_rows),
        "boxes": [
            {"text": b.text, "corners": [[round(x, 1), round(y, 1)] for x, y in b.corners], "score": round(b.score, 3)}
            for b in boxes
        ],
    }


def main(argv: list[str]) -> None:
    reader = Reader()
    BOXES.mkdir(exist_ok=True)
    try:
        first_seed = 1000
        for arg in argv:
            if arg.startswith("--first-seed="):
                first_seed = int(arg.split("=", 1)[1])
                continue
            receipt = corpus_receipt(int(arg), first_seed)
            boxes = reader.read(render(receipt))
            path = BOXES / f"{receipt.seed}.json"
            path.write_text(
                json.dumps(fixture(receipt, boxes), ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
            )
            print(f"{path}: {receipt.slice}, {len(receipt.lines)} items, {len(boxes)} boxes ({reader.name})")
    finally:
        reader.close()


if __name__ == "__main__":
    main(sys.argv[1:])
