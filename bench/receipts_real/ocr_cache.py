"""The boxes the app's OCR worker reads from each development photo, kept on disk.

A cached file is named by the photo's stem and a fingerprint of the engine (engine.py, ocr.py,
boxes.py and photo.py, whose changes change what is read, plus the rapidocr models' package
version), so tuning the line
reader or the matcher re-reads nothing, and a change to the engine re-reads everything.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from larder.receipts.lines import Box

ROOT = Path(__file__).resolve().parents[2]
CACHE_DIR = ROOT / "bench" / ".cache" / "receipts-real"
ENGINE_FILES = tuple(ROOT / "src/larder/receipts" / name for name in ("engine.py", "ocr.py", "boxes.py", "photo.py"))


def engine_fingerprint() -> str:
    digest = hashlib.sha256()
    for path in ENGINE_FILES:
        digest.update(path.read_bytes())
    with contextlib.suppress(metadata.PackageNotFoundError):
        digest.update(metadata.version("rapidocr-onnxruntime").encode())
    return digest.hexdigest()[:12]


def cache_path(stem: str, fingerprint: str) -> Path:
    return CACHE_DIR / f"{stem}.{fingerprint}.json"


def boxes_to_json(boxes: list[Box]) -> list[list[object]]:
    return [[box.text, [list(point) for point in box.corners], box.score] for box in boxes]


def boxes_from_json(items: list[list[object]]) -> list[Box]:
    found = []
    for text, corners, score in items:
        a, b, c, d = (tuple(point) for point in corners)  # type: ignore[union-attr]
        found.append(Box(text=str(text), corners=(a, b, c, d), score=float(score)))  # type: ignore[arg-type]
    return found


@dataclass
class Reading:
    """What the OCR gave for one photo: its boxes and the seconds the read took (for a cached
    photo, those of the fresh read that filled the cache)."""

    boxes: list[Box]
    ocr_seconds: float | None
    cached: bool = False
    peak_rss_mb: int | None = None  # the worker's VmHWM so far, when read now


@dataclass
class CachedReader:
    """Reads photos through the cache; the app's `ReceiptReader` (its worker process) only for
    photos not cached yet (all of them with `fresh`)."""

    fresh: bool = False
    fingerprint: str = field(default_factory=engine_fingerprint)
    peak_rss_mb: int | None = None  # the worker's VmHWM after the last photo it read
    _reader: object | None = None
    _loop: asyncio.AbstractEventLoop | None = None

    def needs_reading(self, stem: str) -> bool:
        return self.fresh or not cache_path(stem, self.fingerprint).exists()

    def read(self, stem: str, photo: Path) -> Reading:
        path = cache_path(stem, self.fingerprint)
        if not self.fresh and path.exists():
            kept = json.loads(path.read_text(encoding="utf-8"))
            return Reading(boxes_from_json(kept["boxes"]), kept.get("ocr_seconds"), cached=True)
        started = time.perf_counter()
        boxes = self._run(self._read_bytes(photo.read_bytes()))
        seconds = time.perf_counter() - started
        path.parent.mkdir(parents=True, exist_ok=True)
        kept = {"boxes": boxes_to_json(boxes), "ocr_seconds": seconds}
        path.write_text(json.dumps(kept), encoding="utf-8")
        return Reading(boxes, seconds, peak_rss_mb=self.peak_rss_mb)

    def warm_up(self, photo: Path) -> None:
        """Start the worker on one photo, untimed: its start (imports, models) is paid once per
        server, not per scan."""
        self._run(self._read_bytes(photo.read_bytes()))

    async def _read_bytes(self, photo: bytes) -> list[Box]:
        from larder.receipts.ocr import ReceiptReader

        if self._reader is None:
            self._reader = ReceiptReader(idle_seconds=3600, deadline_seconds=300)
        reader: ReceiptReader = self._reader  # type: ignore[assignment]
        boxes = await reader.read(photo)
        if reader.pid is not None:
            self.peak_rss_mb = _vm_hwm_mb(reader.pid)
        return boxes

    def _run(self, work):  # type: ignore[no-untyped-def]
        if self._loop is None:
            self._loop = asyncio.new_event_loop()
        return self._loop.run_until_complete(work)

    def close(self) -> None:
        if self._reader is not None:
            self._run(self._reader.close())  # type: ignore[attr-defined]
            self._reader = None
        if self._loop is not None:
            self._loop.close()
            self._loop = None


def _vm_hwm_mb(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        return None
    return None
