"""The OCR engine reads rendered receipt photos in a worker process: the text of every item and
price, upright whatever the EXIF orientation; one scan at a time; anything but a picture refused;
the engine is loaded on the first scan, unloaded when idle and loaded again on the next one."""

from __future__ import annotations

import asyncio
import io
import json
import os
import signal
import subprocess
import sys
from dataclasses import replace

import pytest
from PIL import Image

from larder.receipts.lines import Box
from larder.receipts.ocr import NotAnImage, ReceiptReader, ScanBusy, ScanFailed
from tests.media.builders import encode, png_declaring
from tests.receipts.photos import render_receipt

WAIT = 60  # seconds a scenario may take on a busy machine before it counts as hung


def read(photo: bytes, reader: ReceiptReader | None = None) -> list[Box]:
    async def scan() -> list[Box]:
        used = reader or ReceiptReader()
        try:
            return await asyncio.wait_for(used.read(photo), WAIT)
        finally:
            await used.close()

    return asyncio.run(scan())


def squeezed(text: str) -> str:
    """Spaces are sometimes dropped or added inside a box, and O and 0 look alike in many fonts."""
    return text.replace(" ", "").lower().replace("0", "o")


def small_receipt(seed: int = 1, lines: int = 8) -> bytes:
    return render_receipt(seed, lines=lines, photo_size=(1200, 1600)).jpeg


def test_a_receipt_photo_gives_the_boxes_of_its_items_and_prices():
    photo = render_receipt(3)  # 30 item lines on a 3000x4000 phone photo (~2.5 MB)
    boxes = read(photo.jpeg)
    texts = [box.text for box in boxes]
    joined = "|".join(squeezed(text) for text in texts)
    for name, price in photo.items:
        assert squeezed(name) in joined, f"{name!r} not read: {texts}"
        assert any(price in text.replace(" ", "") for text in texts), f"{price!r} not read: {texts}"
    width, height = photo.size
    for box in boxes:
        assert all(0 <= x <= width and 0 <= y <= height for x, y in box.corners)
        assert 0.5 <= box.score <= 1.0
    # a name and its price sit on one row, the price to the right (coordinates of the photo itself)
    name, price = photo.items[0]
    name_box = next(box for box in boxes if squeezed(name) in squeezed(box.text))
    price_box = next(box for box in boxes if price in box.text.replace(" ", ""))
    assert abs(name_box.corners[0][1] - price_box.corners[0][1]) < height / 40
    assert price_box.corners[0][0] > name_box.corners[1][0]


@pytest.mark.parametrize("orientation", [6, 8])
def test_the_exif_orientation_is_applied(orientation):
    """A phone stores the sensor's pixels on their side and says so in EXIF: read upright anyway."""
    photo = render_receipt(2, lines=8, photo_size=(1200, 1600))
    upright = Image.open(io.BytesIO(photo.jpeg))
    # rotate the pixels the way the camera stored them; the tag tells how to turn them back
    stored = upright.transpose(Image.Transpose.ROTATE_90 if orientation == 6 else Image.Transpose.ROTATE_270)
    exif = Image.Exif()
    exif[0x0112] = orientation
    buffer = io.BytesIO()
    stored.save(buffer, format="JPEG", quality=92, exif=exif.tobytes())
    boxes = read(buffer.getvalue())
    texts = [squeezed(box.text) for box in boxes]
    # Read upright, every name is there (a letter may go either way: 'Mehl' was once read 'Meht');
    # read on its side, hardly a word would be.
    for name, _price in photo.items:
        assert any(_nearly(squeezed(name), text) for text in texts), (name, texts)
    assert all(x <= 1200 and y <= 1600 for box in boxes for x, y in box.corners)  # the upright photo's size


def _nearly(name: str, text: str) -> bool:
    """`name` in `text` with at most one letter read as another."""
    return any(
        sum(a != b for a, b in zip(name, text[start : start + len(name)], strict=True)) <= 1
        for start in range(len(text) - len(name) + 1)
    )


def test_a_second_scan_while_one_runs_is_refused_at_once():
    photo = small_receipt()

    async def scenario() -> list[object]:
        reader = ReceiptReader()
        try:
            # gather starts the first read, which marks the reader busy before it first waits
            return await asyncio.wait_for(
                asyncio.gather(reader.read(photo), reader.read(photo), return_exceptions=True), WAIT
            )
        finally:
            await reader.close()

    first, second = asyncio.run(scenario())
    assert isinstance(first, list) and first, first
    assert isinstance(second, ScanBusy)


def test_the_event_loop_runs_on_while_a_scan_runs_and_the_reader_is_free_after_it():
    photo = small_receipt()

    async def scenario() -> tuple[int, int, int]:
        reader = ReceiptReader()
        ticks = 0
        scanning = True

        async def ticker() -> None:
            nonlocal ticks
            while scanning:
                ticks += 1
                await asyncio.sleep(0.005)  # the work measured, not a synchronisation

        beside = asyncio.ensure_future(ticker())
        try:
            first = await asyncio.wait_for(reader.read(photo), WAIT)
            scanning = False
            await beside
            assert not reader.busy
            second = await asyncio.wait_for(reader.read(photo), WAIT)
            return ticks, len(first), len(second)
        finally:
            scanning = False
            await reader.close()

    ticks, first, second = asyncio.run(scenario())
    assert ticks >= 20  # a scan takes a second or more (the engine loads): the loop ticked throughout
    assert first == second > 0


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"%PDF-1.7 not a photo",
        b"<svg xmlns='http://www.w3.org/2000/svg'/>",
        Image.new("RGB", (40, 40)).tobytes(),  # raw pixels without a format
    ],
    ids=["empty", "pdf", "svg", "raw"],
)
def test_anything_but_a_picture_is_refused_without_starting_the_engine(content):
    async def scenario() -> int | None:
        reader = ReceiptReader()
        with pytest.raises(NotAnImage):
            await reader.read(content)
        return reader.pid

    assert asyncio.run(scenario()) is None


BROKEN = {
    "bomb": png_declaring(20_000, 20_000),  # 400 megapixels in a few bytes
    "too wide": png_declaring(30_000, 10),  # a side beyond any phone's
    "truncated": small_receipt()[:5000],  # a JPEG cut short
    "signature only": b"\x89PNG\r\n\x1a\n" + b"\0" * 64,  # a PNG signature and nothing of a PNG
}


def test_a_decompression_bomb_or_broken_picture_is_refused_and_the_engine_reads_on():
    async def scenario() -> tuple[list[str], list[Box]]:
        reader = ReceiptReader()
        accepted = []
        try:
            for name, content in BROKEN.items():
                try:
                    await asyncio.wait_for(reader.read(content), WAIT)
                except NotAnImage:
                    continue
                accepted.append(name)
            return accepted, await asyncio.wait_for(reader.read(small_receipt()), WAIT)
        finally:
            await reader.close()

    accepted, boxes = asyncio.run(scenario())
    assert accepted == []
    assert boxes


def test_the_engine_is_unloaded_when_idle_and_loaded_again_on_the_next_scan():
    photo = small_receipt()

    async def scenario() -> tuple[int | None, int | None, int | None, int | None]:
        reader = ReceiptReader(idle_seconds=0.2)
        before = reader.pid
        await asyncio.wait_for(reader.read(photo), WAIT)
        loaded = reader.pid
        await asyncio.wait_for(reader.wait_unloaded(), WAIT)
        unloaded = reader.pid
        assert loaded is not None
        with pytest.raises(ProcessLookupError):  # the process has ended, not only been let go
            os.kill(loaded, 0)
        assert await asyncio.wait_for(reader.read(photo), WAIT)
        again = reader.pid
        await reader.close()
        return before, loaded, unloaded, again

    before, loaded, unloaded, again = asyncio.run(scenario())
    assert before is None and unloaded is None
    assert loaded is not None and again is not None and again != loaded


def rss_mb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) // 1024 for line in status if line.startswith("VmRSS:"))


def test_the_worker_holds_its_models_and_no_photo_between_scans():
    """What a photo used goes back to the system once it is read: after photos of several sizes
    the worker is the size it was with only its models loaded. (Kept, the engine's arena held the
    largest working set so far, 100-170 MB, and grew with each photo of another shape.)"""
    blank = encode(Image.new("L", (64, 64), 255), "PNG")  # starts the engine; nothing to read on it
    photos = [render_receipt(3).jpeg, small_receipt(2, lines=20), render_receipt(4, photo_size=(2400, 3200)).jpeg]

    async def scenario() -> tuple[int, int]:
        reader = ReceiptReader()
        try:
            await asyncio.wait_for(reader.read(blank), WAIT)
            assert reader.pid is not None
            loaded = rss_mb(reader.pid)
            for photo in photos:
                assert await asyncio.wait_for(reader.read(photo), WAIT)
            return loaded, rss_mb(reader.pid)
        finally:
            await reader.close()

    loaded, after = asyncio.run(scenario())
    assert after - loaded < 30, (loaded, after)


def test_wide_batches_run_in_parts_read_what_whole_batches_read():
    from larder.receipts.engine import DEFAULT_TUNING, Engine

    photo = render_receipt(5, lines=12, photo_size=(1500, 2000)).jpeg
    in_parts = Engine(replace(DEFAULT_TUNING, rec_run_width=400))  # every batch of this receipt split
    whole = Engine(replace(DEFAULT_TUNING, rec_run_width=0))
    assert in_parts.read(photo) == whole.read(photo)


def test_close_ends_the_engine():
    async def scenario() -> int | None:
        reader = ReceiptReader()
        await asyncio.wait_for(reader.read(small_receipt()), WAIT)
        pid = reader.pid
        await reader.close()
        assert reader.pid is None
        return pid

    pid = asyncio.run(scenario())
    assert pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_an_engine_that_died_while_idle_is_started_again_for_the_next_scan():
    photo = small_receipt()

    async def scenario() -> tuple[int | None, int | None, list[Box]]:
        reader = ReceiptReader()
        try:
            await asyncio.wait_for(reader.read(photo), WAIT)
            first = reader.pid
            assert first is not None
            os.kill(first, signal.SIGKILL)  # as the kernel's out-of-memory killer would
            boxes = await asyncio.wait_for(reader.read(photo), WAIT)
            return first, reader.pid, boxes
        finally:
            await reader.close()

    first, second, boxes = asyncio.run(scenario())
    assert boxes
    assert second is not None and second != first


def test_a_scan_past_its_deadline_fails_and_the_engine_is_stopped():
    async def scenario() -> tuple[int | None, list[Box]]:
        reader = ReceiptReader(deadline_seconds=0.01)  # less than loading the models takes
        with pytest.raises(ScanFailed):
            await reader.read(small_receipt())
        stopped = reader.pid
        reader.deadline_seconds = WAIT
        try:
            return stopped, await asyncio.wait_for(reader.read(small_receipt()), WAIT)
        finally:
            await reader.close()

    stopped, boxes = asyncio.run(scenario())
    assert stopped is None
    assert boxes


def test_the_server_does_not_load_the_engine_libraries(tmp_path):
    """Starting the app and scanning a receipt loads none of the engine's libraries into the server."""
    photo = tmp_path / "receipt.jpg"
    photo.write_bytes(small_receipt())
    script = """
import asyncio, json, sys
from larder.app import create_app
from larder.core.base.settings import Settings
from larder.receipts.ocr import ReceiptReader
create_app(Settings.from_env({"LARDER_DATA_DIR": sys.argv[1]}))
async def scan():
    reader = ReceiptReader()
    try:
        return await reader.read(open(sys.argv[2], "rb").read())
    finally:
        await reader.close()
boxes = asyncio.run(scan())
heavy = sorted(m for m in ("cv2", "onnxruntime", "rapidocr_onnxruntime", "shapely", "pyclipper") if m in sys.modules)
print(json.dumps({"boxes": len(boxes), "loaded": heavy}))
"""
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "data"), str(photo)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["loaded"] == []
    assert found["boxes"] > 0
