"""A receipt that fills a small part of the photo (a scanned A4 page, a photo from afar) is read
from that part, decoded again larger: at the size the whole photo is read, its print is too small."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from larder.receipts.engine import Engine, Tuning
from tests.receipts.photos import render_receipt
from tests.receipts.test_ocr import squeezed

PAGE = (4960, 7016)  # an A4 page scanned at 600 dpi
PLACED = (1900, 2300)  # where the receipt's top-left corner lies on it


@pytest.fixture(scope="module")
def page() -> tuple[bytes, tuple[tuple[str, str], ...], tuple[int, int]]:
    photo = render_receipt(7, lines=12, photo_size=(900, 1200))
    receipt = Image.open(io.BytesIO(photo.jpeg)).convert("L")
    sheet = Image.new("L", PAGE, 235)
    sheet.paste(receipt, PLACED)
    out = io.BytesIO()
    sheet.save(out, format="JPEG", quality=90)
    return out.getvalue(), photo.items, receipt.size


def read_items(boxes: list, items: tuple[tuple[str, str], ...]) -> int:
    texts = [box.text for box in boxes]
    joined = "|".join(squeezed(text) for text in texts)
    return sum(
        squeezed(name) in joined and any(price in text.replace(" ", "") for text in texts) for name, price in items
    )


def test_a_small_receipt_on_a_large_page_is_read_whole_where_it_lies(page) -> None:
    jpeg, items, (width, height) = page
    boxes = Engine().read(jpeg)
    assert read_items(boxes, items) == len(items)
    # the boxes are where the receipt lies on the page
    for box in boxes:
        for x, y in box.corners:
            assert PLACED[0] - 0.05 * width <= x <= PLACED[0] + 1.05 * width
            assert PLACED[1] - 0.05 * height <= y <= PLACED[1] + 1.05 * height


def test_without_the_closer_look_its_print_is_too_small_to_read(page) -> None:
    jpeg, items, _ = page
    boxes = Engine(Tuning(closer_side=0)).read(jpeg)
    assert read_items(boxes, items) < len(items) / 2
