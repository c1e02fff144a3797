"""POST /api/pwa/receipt-scan through the real app: refusals by content, the lines answered with
their matches, and the photo never kept.

All but the last test give the app a reader that answers the OCR boxes rapidocr read from the
rendered receipts (tests/receipts/recorded/); the last one reads the photos with the real engine.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from typing import Any

import anyio.to_thread
import pytest
from PIL import Image

from larder.core.db import sessions as db
from larder.receipts.ocr import NotAnImage, ScanBusy
from larder.receipts.schemas import (
    MAX_SCAN_BYTES,
    MSG_BUSY,
    MSG_FAILED,
    MSG_NO_FILE,
    MSG_NOT_AN_IMAGE,
    MSG_SCAN_IN_PROGRESS,
    MSG_TOO_LARGE,
)
from larder.receipts.service import TURNS_STATE_KEY
from larder.receipts.turns import ScanTurns
from tests.media.builders import encode, noisy_jpeg, padded_to, png_declaring
from tests.receipts.rendered import ENGLISH, GERMAN, photo, recorded_boxes
from tests.receipts.scan_support import (
    MATCHES,
    SCAN,
    RecordedReader,
    assert_refused,
    files_under,
    learned_rows,
    scan,
    use_reader,
)
from tests.receipts.scan_support import shipped as shipped

# What each rendered receipt's item lines must be matched to (the shipped catalogue).
EXPECTED = {
    "english": {"BANANAS": "Banana", "CHKN": "Chicken breast", "EGGS": "Egg", "CARRIER": None},
    "german": {"Vollmilch": "Whole milk", "Bananen": "Banana", "Zitronen": "Lemon"},
}
PRICES = {"english": [1.29, 6.49, 2.20, 0.10], "german": [1.19, 1.49, 0.99]}


@pytest.fixture
def english(client) -> RecordedReader:
    return use_reader(client, RecordedReader(recorded_boxes("english")))


def line_named(lines: list[dict[str, Any]], word: str) -> dict[str, Any]:
    found = [line for line in lines if word.lower() in line["name"].lower().replace(" ", "")]
    assert len(found) == 1, (word, [line["name"] for line in lines])
    return found[0]


def assert_receipt_read(lines: list[dict[str, Any]], receipt: str, shipped: dict[str, int]) -> None:
    assert not any(word in line["name"].upper() for line in lines for word in ("TOTAL", "VISA", "MASTERCARD"))
    for word, ingredient in EXPECTED[receipt].items():
        line = line_named(lines, word)
        assert line["quantity"] >= 1
        if ingredient is None:
            assert line["matchedItem"] is None
            assert (line["unit"], line["checked"]) == ("unit(s)", False)
        else:
            assert line["matchedItem"]["name"] == ingredient, line
            assert line["matchedItem"]["value"] == shipped[ingredient]
            # no size printed: the count in the unit it is bought in (1 l of milk, not 1 ml)
            assert line["unit"] == line["matchedItem"]["buy_unit"]
            assert line["checked"] is True
    for price in PRICES[receipt]:
        assert price in [line["price"] for line in lines], (price, lines)


# --- who may scan ----------------------------------------------------------------------------------


def test_anonymous_callers_get_401_and_nothing_is_read(client, english):
    response = scan(client, None, photo(ENGLISH))
    assert response.status_code == 401
    assert set(response.json()) == {"message"}
    assert client.post(MATCHES, json={"matches": []}).status_code == 401
    assert english.photos == []


# --- refused uploads -------------------------------------------------------------------------------


def test_a_request_without_a_file_is_refused(client, member, english):
    assert_refused(
        client.post(SCAN, headers=member.headers, files={"other": ("a.txt", b"hi", "text/plain")}), MSG_NO_FILE
    )
    text_field = {"other": ("a.txt", b"hi", "text/plain")}
    assert_refused(
        client.post(SCAN, headers=member.headers, files=text_field, data={"file": "not a file"}), MSG_NO_FILE
    )
    assert_refused(client.post(SCAN, headers=member.headers), MSG_NO_FILE)
    for other in ({"data": {"file": "x"}}, {"json": {"file": "x"}}):  # not multipart at all
        answer = client.post(SCAN, headers=member.headers, **other)
        assert answer.status_code in (400, 415, 422), answer.text
        assert set(answer.json()) == {"message"} or "errors" in answer.json()
    assert english.photos == []


NOT_IMAGES = {
    "text named .jpg": (b"just some text, honest\n", "photo.jpg", "image/jpeg"),
    "svg": (b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "r.svg", "image/svg+xml"),
    "pdf": (b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n", "receipt.pdf", "application/pdf"),
    "empty file": (b"", "empty.jpg", "image/jpeg"),
    "bmp": (encode(Image.new("RGB", (10, 10)), "BMP"), "old.bmp", "image/bmp"),
    "png magic then garbage": (b"\x89PNG\r\n\x1a\n" + b"garbage" * 20, "a.png", "image/png"),
}


@pytest.mark.parametrize("case", NOT_IMAGES)
def test_what_is_not_a_picture_is_refused_by_its_content(client, member, english, case):
    data, filename, ctype = NOT_IMAGES[case]
    assert_refused(scan(client, member, data, filename, ctype), MSG_NOT_AN_IMAGE)
    assert english.photos == []


def test_decompression_bombs_are_refused_before_anything_decodes_them(client, member, english):
    declared = png_declaring(30000, 30000)  # a header claiming 900 megapixels
    assert_refused(scan(client, member, declared, "bomb.png", "image/png"), MSG_NOT_AN_IMAGE)
    real = encode(Image.new("1", (8000, 8000)), "PNG")  # a few KB of file, 64 megapixels decoded
    assert len(real) < 50_000
    assert_refused(scan(client, member, real, "bomb.png", "image/png"), MSG_NOT_AN_IMAGE)
    assert english.photos == []


def test_the_size_limit_is_exactly_12_mb_whatever_the_app_wide_body_limit(client, member, english):
    image = noisy_jpeg()
    assert_refused(scan(client, member, padded_to(image, MAX_SCAN_BYTES + 1)), MSG_TOO_LARGE)
    # A body far over the limit is stopped while it arrives, with the same answer.
    assert_refused(scan(client, member, padded_to(image, MAX_SCAN_BYTES + 512 * 1024)), MSG_TOO_LARGE)
    assert english.photos == []
    # The largest photo allowed gets through to the engine, multipart framing and all.
    answer = scan(client, member, padded_to(image, MAX_SCAN_BYTES))
    assert answer.status_code == 200, answer.text
    assert [len(seen) for seen in english.photos] == [MAX_SCAN_BYTES]


def test_what_the_engine_cannot_read_is_refused_and_a_failing_engine_is_no_500(client, member):
    use_reader(client, RecordedReader(error=NotAnImage("truncated")))
    assert_refused(scan(client, member, photo(ENGLISH)), MSG_NOT_AN_IMAGE)
    use_reader(client, RecordedReader(error=RuntimeError("model file missing")))
    assert_refused(scan(client, member, photo(ENGLISH)), MSG_FAILED)


def test_a_scan_while_another_runs_is_429_with_retry_after(client, member):
    use_reader(client, RecordedReader(error=ScanBusy()))
    answer = scan(client, member, photo(ENGLISH))
    assert answer.status_code == 429, answer.text
    assert answer.json() == {"message": MSG_BUSY}
    assert int(answer.headers["retry-after"]) >= 1


# --- fair turns at the reader ----------------------------------------------------------------------

WAIT_SECONDS = 60  # a bound on each wait of the test below, never reached when all goes well


class HeldReader(RecordedReader):
    """Holds each read until the test lets it go (the event loop serves other requests meanwhile),
    and tells the test which photo it is reading. Like the real reader it reads one photo at a
    time and refuses a second one meanwhile."""

    def __init__(self, boxes: list[Any]) -> None:
        super().__init__(boxes)
        self.reading: queue.Queue[tuple[bytes, threading.Event]] = queue.Queue()
        self.busy = False

    async def read(self, photo: bytes) -> list[Any]:
        if self.busy:
            raise ScanBusy
        self.busy = True
        try:
            release = threading.Event()
            self.reading.put((photo, release))
            await anyio.to_thread.run_sync(release.wait, WAIT_SECONDS)
            return await super().read(photo)
        finally:
            self.busy = False

    def next_read(self) -> tuple[bytes, threading.Event]:
        return self.reading.get(timeout=WAIT_SECONDS)


class WatchedTurns(ScanTurns):
    """The app's turns at the reader, telling the test each time a scan starts to wait."""

    def __init__(self) -> None:
        super().__init__()
        self.came: queue.Queue[None] = queue.Queue()

    async def _wait(self) -> None:
        self.came.put(None)
        await super()._wait()


class InFlight:
    """A request sent from a thread of its own; `answer()` waits for its response."""

    def __init__(self, send: Callable[[], Any]) -> None:
        self._answers: queue.Queue[Any] = queue.Queue()
        threading.Thread(target=lambda: self._answers.put(send()), daemon=True).start()

    def answer(self) -> Any:
        return self._answers.get(timeout=WAIT_SECONDS)


def test_a_member_scanning_in_a_loop_never_keeps_another_member_from_the_reader(client, member_factory, shipped):
    """Alice's scan holds the reader and she keeps sending photos; Bob's scan is read right after
    the one being read, not after all of hers, and Bob never hears 429 because of her."""
    alice = member_factory("alice_1", "alice@example.org")
    bob = member_factory("bobby_1", "bob@example.org")
    reader = use_reader(client, HeldReader(recorded_boxes("english")))
    turns = client.app.state[TURNS_STATE_KEY] = WatchedTurns()
    alices, bobs = photo(ENGLISH), photo(GERMAN)

    first = InFlight(lambda: scan(client, alice, alices))
    seen, release_first = reader.next_read()
    assert seen == alices
    # Her next photo while that one is read: refused at once, it holds no second place in line.
    again = scan(client, alice, alices)
    assert again.status_code == 429, again.text
    assert again.json() == {"message": MSG_SCAN_IN_PROGRESS}
    assert int(again.headers["retry-after"]) >= 1
    bobs_scan = InFlight(lambda: scan(client, bob, bobs))
    turns.came.get(timeout=WAIT_SECONDS)  # Bob waits for the reader
    release_first.set()
    assert first.answer().status_code == 200
    alices_next = InFlight(lambda: scan(client, alice, alices))  # sent the moment hers was answered

    seen, release_bob = reader.next_read()
    assert seen == bobs  # Bob's, who came before her next one
    release_bob.set()
    bobs_answer = bobs_scan.answer()
    assert bobs_answer.status_code == 200, bobs_answer.text
    seen, release_next = reader.next_read()
    assert seen == alices
    release_next.set()
    assert alices_next.answer().status_code == 200
    assert reader.photos == [alices, bobs, alices]


# --- reading a receipt -----------------------------------------------------------------------------


def test_the_item_lines_come_back_matched_to_the_catalogue(client, member, shipped, english):
    answer = scan(client, member, photo(ENGLISH))
    assert answer.status_code == 200, answer.text
    lines = answer.json()["data"]
    for line in lines:
        assert set(line) == {"name", "matchedItem", "quantity", "unit", "price", "currency", "sku", "checked"}
        if line["matchedItem"] is not None:
            assert set(line["matchedItem"]) == {"value", "name", "image", "category_id", "default_unit", "buy_unit"}
    assert_receipt_read(lines, "english", shipped)
    assert english.photos == [photo(ENGLISH)]


def test_a_german_receipt_is_matched_through_the_german_words(client, member, shipped):
    use_reader(client, RecordedReader(recorded_boxes("german")))
    answer = scan(client, member, photo(GERMAN))
    assert answer.status_code == 200, answer.text
    assert_receipt_read(answer.json()["data"], "german", shipped)


def test_a_photo_with_no_item_lines_is_an_empty_answer(client, member, shipped):
    use_reader(client, RecordedReader([]))
    answer = scan(client, member, photo(ENGLISH))
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"data": []}


def test_the_photo_is_never_kept_and_a_scan_writes_nothing(client, member, settings, shipped, english):
    before = files_under(settings.data_dir)
    assert scan(client, member, photo(ENGLISH)).status_code == 200
    assert_refused(scan(client, member, b"not a picture"), MSG_NOT_AN_IMAGE)
    assert files_under(settings.data_dir) == before
    assert learned_rows(settings) == []


def test_the_engine_reads_while_the_request_holds_no_database_turn(client, member, shipped):
    """Reading takes a second or more: meanwhile the request waits in no line of the database's."""
    admission = client.app.state[db._ADMISSION] = asyncio.Semaphore(1)  # one request at a time
    held: list[bool] = []

    class Watching(RecordedReader):
        async def read(self, photo: bytes) -> list[Any]:
            held.append(admission.locked())
            return await super().read(photo)

    use_reader(client, Watching(recorded_boxes("english")))
    assert scan(client, member, photo(ENGLISH)).status_code == 200
    assert held == [False]


# --- the real engine -------------------------------------------------------------------------------


def test_rendered_receipts_read_by_the_real_engine(client, member, shipped):
    """The app's own ReceiptReader (rapidocr on this machine), no recorded boxes: two receipts."""
    for receipt in (ENGLISH, GERMAN):
        answer = scan(client, member, photo(receipt))
        assert answer.status_code == 200, answer.text
        assert_receipt_read(answer.json()["data"], receipt.name, shipped)
