"""The receipt corpus is what the quality bench and the recorded boxes rely on: deterministic by
seed, spread over languages and variants, and as varied as it says."""

from __future__ import annotations

import io
import itertools

from PIL import Image

from tests.receipts.corpus import LANGUAGES, VARIANTS, corpus, make_receipt, render


def test_the_same_seed_gives_the_same_receipt_and_the_same_photo() -> None:
    assert make_receipt(1234) == make_receipt(1234)
    first, again = (
        make_receipt(1234, language="de", variant="rotated"),
        make_receipt(1234, language="de", variant="rotated"),
    )
    assert render(first, size=(600, 800)) == render(again, size=(600, 800))
    assert make_receipt(1235).lines != make_receipt(1234).lines


def test_a_photo_is_a_jpeg_at_phone_resolution() -> None:
    photo = Image.open(io.BytesIO(render(make_receipt(7, variant="blurred"))))
    assert (photo.format, photo.size) == ("JPEG", (3000, 4000))


def test_the_corpus_covers_every_language_and_variant_with_2_to_40_items() -> None:
    receipts = corpus(40)
    assert {(r.language, r.variant) for r in receipts} == {(lang, var) for lang in LANGUAGES for var in VARIANTS}
    sizes = [len(r.lines) for r in receipts]
    assert min(sizes) >= 2 and max(sizes) <= 40 and max(sizes) >= 30
    rows = [row for r in receipts for row in r.rows]
    kinds = {row.kind for row in rows}
    assert {"item", "detail", "discount", "payment", "header"} <= kinds
    lines = [line for r in receipts for line in r.lines]
    assert any(line.quantity > 1 for line in lines) and any(line.sku for line in lines)
    # A name split over two rows: a name row without a price, followed by the rest of the name.
    assert any(a.kind == b.kind == "item" and not a.right for a, b in itertools.pairwise(rows))
    assert {r.currency for r in receipts} == {"€", "EUR", "RM", "$", "£", None}
    assert any("," in row.right for row in rows) and any("." in row.right for row in rows)
    assert any(line.ingredient is None for line in lines) and any(line.ingredient for line in lines)
