"""From OCR boxes to item lines (receipts/lines.py): rows by position, prices, quantities,
currency, article numbers, payment rows, names split over rows; then the recorded OCR boxes of
rendered receipts (tests/receipts/boxes/) against their truth."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from larder.receipts.lines import PAYMENT_WORDS, Box, ReceiptLine, read_lines, read_row, rebuild_rows
from tests.receipts.corpus import TruthLine, make_receipt
from tests.receipts.scoring import score

BOXES = Path(__file__).parent / "boxes"
CHAR = 14.0  # px per character of the hand-made boxes
HEIGHT = 30.0  # text height; rows are PITCH apart
PITCH = 44.0


def box(text: str, x: float, y: float, *, angle: float = 0.0, width: float | None = None) -> Box:
    """A box whose top-left corner is at (x, y), turned by `angle` degrees around the page origin."""
    width = width if width is not None else CHAR * len(text)
    corners = [(x, y), (x + width, y), (x + width, y + HEIGHT), (x, y + HEIGHT)]
    a = math.radians(angle)
    turned = tuple((cx * math.cos(a) - cy * math.sin(a), cx * math.sin(a) + cy * math.cos(a)) for cx, cy in corners)
    return Box(text, turned)  # type: ignore[arg-type]


def receipt(
    rows: list[tuple[str, str] | str], *, angle: float = 0.0, left: float = 60.0, right: float = 640.0
) -> list[Box]:
    """Boxes of a receipt: each row a left text and a right-aligned text (or one centred text)."""
    boxes = []
    for index, row in enumerate(rows):
        y = 100 + index * PITCH
        if isinstance(row, str):
            if row:
                boxes.append(box(row, (left + right - CHAR * len(row)) / 2, y, angle=angle))
            continue
        name, price = row
        if name:
            boxes.append(box(name, left, y, angle=angle))
        if price:
            boxes.append(box(price, right - CHAR * len(price), y, angle=angle))
    return boxes


def bent(rows: list[tuple[str, str]], amplitude: float, width: float = 700.0) -> list[Box]:
    """Boxes of a receipt that does not lie flat: rows bow by `amplitude` px across the width."""

    def lift(x: float) -> float:
        return amplitude * math.sin(math.pi * x / width)

    boxes = []
    for index, (name, price) in enumerate(rows):
        y = 100 + index * PITCH
        for text, x in ((name, 40.0), (price, 640.0 - CHAR * len(price))):
            if not text:
                continue
            x2 = x + CHAR * len(text)
            corners = ((x, y + lift(x)), (x2, y + lift(x2)), (x2, y + lift(x2) + HEIGHT), (x, y + lift(x) + HEIGHT))
            boxes.append(Box(text, corners))
    return boxes


def names(lines: list[ReceiptLine]) -> list[str]:
    return [line.name for line in lines]


# ---------------------------------------------------------------------------------------------
# Rows by position


def test_rows_are_rebuilt_top_to_bottom_and_left_to_right_whatever_the_box_order() -> None:
    boxes = receipt([("BANANAS", "1.09"), ("MILK 2L", "3.49")])
    boxes.append(box("LOOSE", 60 + CHAR * 8, 100))
    rows = rebuild_rows(list(reversed(boxes)))
    assert [row.text for row in rows] == ["BANANAS LOOSE 1.09", "MILK 2L 3.49"]


@pytest.mark.parametrize("angle", [-3.0, -1.5, 1.5, 3.0])
def test_a_rotated_photo_keeps_each_price_on_its_row(angle: float) -> None:
    # At 3° the price sits 30 px (two thirds of a row) higher or lower than its name's start.
    items = [("BANANAS", "1.09"), ("MILK 2L", "3.49"), ("CHKN BRST", "5.99"), ("EGGS 6", "2.20"), ("BREAD", "1.10")]
    lines = read_lines(receipt(items, angle=angle))
    assert [(line.name, line.price) for line in lines] == [(n, float(p)) for n, p in items]


@pytest.mark.parametrize("amplitude", [-20.0, -12.0, 12.0, 20.0])
def test_a_curved_receipt_keeps_each_price_on_its_row(amplitude: float) -> None:
    # Rows bow by up to half a row across the width: a straight line from the name misses.
    items = [("BANANAS LOOSE", "1.09"), ("SEMI SKMD MILK", "3.49"), ("CHKN BRST", "5.99"), ("FREE RANGE EGGS", "2.20")]
    lines = read_lines(bent(items, amplitude))
    assert [(line.name, line.price) for line in lines] == [(n, float(p)) for n, p in items]


def test_a_row_split_into_overlapping_boxes_stays_one_row() -> None:
    # The recogniser cut "PLAIN FLOUR" in two boxes that overlap by more than half a text height.
    boxes = [box("PLAINF", 60, 100, width=124), box("FL0UR 1.5KG", 166, 98, width=220), box("1.76", 580, 100)]
    boxes += [box("BREAD", 60, 144), box("1.10", 580, 144)]
    assert [row.text for row in rebuild_rows(boxes)] == ["PLAINF FL0UR 1.5KG 1.76", "BREAD 1.10"]


def test_no_boxes_no_lines() -> None:
    assert read_lines([]) == []
    assert read_lines([box("   ", 10, 10)]) == []


# ---------------------------------------------------------------------------------------------
# One row: price, quantity, currency, article number


@pytest.mark.parametrize(
    ("text", "name", "price"),
    [
        ("MILK 2L 3.49", "MILK 2L", 3.49),
        ("MILK2L3.49", "MILK2L", 3.49),  # spaces dropped by OCR
        ("Vollmilch 3,5% 1,19", "Vollmilch 3,5%", 1.19),  # comma decimal; 3,5% is no price
        ("BREAD 1.99 A", "BREAD", 1.99),  # tax class after the price
        ("Brokkoli 1,04A", "Brokkoli", 1.04),
        ("EGGS 2.20 *", "EGGS", 2.20),
        ("Butter EUR 3,49", "Butter", 3.49),
        ("Butter 3,49 EUR", "Butter", 3.49),
        ("Butter 3,49 €", "Butter", 3.49),
        ("RICE RM3.49", "RICE", 3.49),
        ("RICE $12.50", "RICE", 12.50),
        ("TEA £2.10", "TEA", 2.10),
        ("TEA f2.10", "TEA", 2.10),  # the recogniser reads £ as f
        ("Salatgurke 0,648", "Salatgurke", 0.64),  # ... and € as an 8 after the cents
        ("Salatgurke 0,64 (", "Salatgurke", 0.64),  # ... or as a stray mark
        ("JAM 3 .49", "JAM", 3.49),
        ("CUCUMBER RMO.86", "CUCUMBER", 0.86),  # O read for a zero
        ("TEA 1O.99", "TEA", 10.99),
        ("Spaghetti No.5 1,02", "Spaghetti No.5", 1.02),  # ... but a name's O stays
        ("BR0CCOLI 0.64", "BROCCOLI", 0.64),  # and a zero read for an O in a word is the letter
        ("EV 0LIVE 0IL 500ML 4.20", "EV OLIVE OIL 500ML", 4.20),
        ("Y0gurt 10KG 1.00", "Yogurt 10KG", 1.00),
        ("BANANAS L00SE 1.09", "BANANAS LOOSE", 1.09),
        ("Zucker 3\uff0c79", "Zucker", 3.79),  # a full-width comma
    ],
)
def test_the_price_is_read_at_the_end_of_the_row(text: str, name: str, price: float) -> None:
    reading = read_row(text)
    assert (reading.name, reading.price) == (name, price)


@pytest.mark.parametrize("text", ["Sahne 30%", "12.03.2024 14:22", "Weizenmehl 405", "PLAIN FLOUR 1.5KG", "TILL 7"])
def test_rows_without_a_price_have_none(text: str) -> None:
    assert read_row(text).price is None


@pytest.mark.parametrize(
    ("text", "name", "quantity", "price"),
    [
        ("BANANAS 2 x 1,99 3,98", "BANANAS", 2, 3.98),  # the printed line total
        ("BANANAS 2 x 1,99", "BANANAS", 2, 3.98),  # no total printed: quantity times unit price
        ("BANANAS 2x1,99", "BANANAS", 2, 3.98),
        ("BANANAS 2 X 1.99 4.00", "BANANAS", 2, 4.00),  # what is printed wins over the product
        ("BANANAS 3 @ 1.10", "BANANAS", 3, 3.30),
        ("Bananen 2 Stk x 1,99 3,98", "Bananen", 2, 3.98),
        ("CHKN BRST QTY 2 11.98", "CHKN BRST", 2, 11.98),
        ("CHKN BRST QTY 2 @ 5.99", "CHKN BRST", 2, 11.98),
        ("CHKN BRST Qty2@5.99", "CHKN BRST", 2, 11.98),
        ("CHKN BRST OTY 2 11.98", "CHKN BRST", 2, 11.98),  # Q read as O
        ("2x CHKN BRST 11.98", "CHKN BRST", 2, 11.98),
        ("2 X CHKN BRST 11.98", "CHKN BRST", 2, 11.98),
        ("CHKN BRST 5.99", "CHKN BRST", None, 5.99),
        ("CHKN BRST QTY33.59 10.77", "CHKN BRST", 3, 10.77),  # "QTY 3 @ 3.59" with its @ lost
        ("CHKN BRST 33.59 10.77", "CHKN BRST", 3, 10.77),
        ("CHKN BRST 33.58 10.77", "CHKN BRST 33.58", None, 10.77),  # no such split: a name's number
    ],
)
def test_quantity_and_line_total(text: str, name: str, quantity: int | None, price: float) -> None:
    reading = read_row(text)
    assert (reading.name, reading.count, reading.price) == (name, quantity, price)


def test_quantity_defaults_to_one_and_is_never_below_one() -> None:
    lines = read_lines(receipt([("BREAD", "1.10"), ("0 x CHKN BRST", "0.00"), ("MILK", "2.00")]))
    assert [(line.name, line.quantity) for line in lines] == [("BREAD", 1.0), ("CHKN BRST", 1.0), ("MILK", 1.0)]


def test_a_quantity_row_under_a_priced_item_is_that_items_quantity() -> None:
    lines = read_lines(receipt([("LEMONS", "6.00"), ("  QTY 4 @ 1.50", ""), ("BREAD", "1.10")]))
    assert [(line.name, line.quantity, line.price) for line in lines] == [("LEMONS", 4.0, 6.0), ("BREAD", 1.0, 1.1)]


def test_a_quantity_row_with_the_total_under_a_name_row_is_one_item() -> None:
    lines = read_lines(receipt([("Bananen lose", ""), ("  2 x 1,99", "3,98 A"), ("Brot", "1,10")]))
    assert [(line.name, line.quantity, line.price) for line in lines] == [
        ("Bananen lose", 2.0, 3.98),
        ("Brot", 1.0, 1.1),
    ]


@pytest.mark.parametrize(
    ("row", "quantity"), [("41.29", 4), ("QTY41.29", 4), ("OTY41.29", 4), ("2 5.80", 1), ("41.30", 1)]
)
def test_a_quantity_row_that_lost_its_x_still_counts_when_its_product_is_the_total(row: str, quantity: int) -> None:
    # "4 x 1.29" read as "41.29" under an item of 5.16: 4 x 1.29 = 5.16. "41.30" is no such split.
    lines = read_lines(receipt([("WHOLE MILK 2L", "5.16"), (f"  {row}", ""), ("BREAD", "1.10")]))
    assert [(line.name, line.quantity, line.price) for line in lines] == [
        ("WHOLE MILK 2L", quantity, 5.16),
        ("BREAD", 1.0, 1.1),
    ]


def test_weighed_goods_are_their_weight_at_the_printed_amount() -> None:
    lines = read_lines(receipt([("BANANAS LOOSE", ""), ("  0.765 kg x 1.29 /kg", "0.99"), ("BREAD", "1.10")]))
    assert [(line.name, line.quantity, line.unit, line.price) for line in lines] == [
        ("BANANAS LOOSE", 0.765, "kg", 0.99),
        ("BREAD", 1.0, None, 1.1),
    ]


@pytest.mark.parametrize("text", ["Milch 0,98 \u2208 B", "Milch 0,98\u03b5", "Milch \u2208 0,98"])
def test_the_euro_sign_as_the_recogniser_reads_it(text: str) -> None:
    reading = read_row(text)
    assert (reading.name, reading.price, reading.currency) == ("Milch", 0.98, "€")


@pytest.mark.parametrize("text", ["Joghurt 2,17EA", "Joghurt 2,17 EA", "Joghurt 2,17E"])
def test_a_euro_sign_read_as_e_before_the_tax_class_leaves_the_price(text: str) -> None:
    reading = read_row(text)
    # An 'E' there may also be a US receipt's tax-exempt mark: no currency rather than a wrong one.
    assert (reading.name, reading.price, reading.currency) == ("Joghurt", 2.17, None)


def test_currency_from_the_row_or_else_from_the_receipt() -> None:
    header = read_lines(receipt([("", "EUR"), ("Milch", "1,19"), ("Brot", "2,49")]))
    assert [line.currency for line in header] == ["EUR", "EUR"]
    total_only = read_lines(receipt([("BREAD", "1.10"), ("MILK", "2.00"), ("TOTAL", "RM3.10")]))
    assert [line.currency for line in total_only] == ["RM", "RM"]
    rows = read_lines(receipt([("BREAD", "£1.10"), ("MILK", "£2.00")]))
    assert [line.currency for line in rows] == ["£", "£"]
    none = read_lines(receipt([("BREAD", "1.10"), ("MILK", "2.00")]))
    assert [line.currency for line in none] == [None, None]


@pytest.mark.parametrize(
    ("text", "sku", "name"),
    [
        ("4001234567890 Vollmilch 1,19", "4001234567890", "Vollmilch"),  # 13 digits (EAN)
        ("BANANAS 000000004011 1,19", "000000004011", "BANANAS"),
        ("123456 Milch 1,19", "123456", "Milch"),  # 6 digits
        # Too short (a PLU) or too long: no article number, and a number leading the row is no name.
        ("12345 Milch 1,19", None, "Milch"),
        ("12345678901234 Milch 1,19", None, "Milch"),
        ("35879G Milch 1,19", None, "Milch"),  # an article number with a digit misread
        ("Milch 1,19", None, "Milch"),
    ],
)
def test_an_article_number_is_a_run_of_6_to_13_digits(text: str, sku: str | None, name: str) -> None:
    reading = read_row(text)
    assert (reading.sku, reading.name, reading.price) == (sku, name, 1.19)


# ---------------------------------------------------------------------------------------------
# Which rows are item lines


@pytest.mark.parametrize("word", PAYMENT_WORDS)
def test_a_row_with_a_payment_word_is_skipped(word: str) -> None:
    # Anywhere in the row, in any case: "MY VISAISED", "xVisax".
    rows = [("BREAD", "1.10"), (f"MY {word.upper()}ISED", "12.34"), (f"x{word.capitalize()}x", "3.00")]
    assert names(read_lines(receipt(rows))) == ["BREAD"]


@pytest.mark.parametrize(
    "row",
    [
        "CASH 20.00",
        "CHANGE 8.90",
        "BALANCE DUE 3.10",
        "Gegeben Bar 20,00",
        "Rückgeld 1,10",
        "Ruckgeld 1,10",  # the recogniser drops umlauts
        "MwSt 7% 0,45",
        "Netto 5,60",
        "Kartenzahlung girocard 9,90",
        "Bar 20,00",
        "T0TAL 3.10",  # O read as 0
        "V1SA 3.10",
        "SUME 135,49",  # SUMME on a blurred photo
        "MSt7% 8,86",  # MwSt 7% on a blurred photo
        "M.St 19% 1,20",
    ],
)
def test_payment_rows_of_english_and_german_receipts_are_skipped(row: str) -> None:
    assert names(read_lines(receipt([("BREAD", "1.10"), (row, "")]))) == ["BREAD"]


def test_payment_words_beyond_the_spec_are_whole_words() -> None:
    lines = read_lines(
        receipt(
            [
                ("CASHEW NUTS", "2.99"),
                ("Summer Fruits", "3,49"),
                ("CARDAMOM PODS", "1.50"),
                ("Rhabarber", "2,00"),
                ("Mustard", "1,20"),
                ("Sumach", "2,10"),
                ("Balance Brot", "0,99 A"),
            ]
        )
    )
    assert names(lines) == [
        "CASHEW NUTS",
        "Summer Fruits",
        "CARDAMOM PODS",
        "Rhabarber",
        "Mustard",
        "Sumach",
        "Balance Brot",  # "BALANCE DUE" is paying, a bread is not
    ]


def test_nothing_after_the_total_is_an_item() -> None:
    lines = read_lines(
        receipt([("BREAD", "1.10"), ("TOTAL", "1.10"), ("CLUBCARD POINTS", "12.50"), ("YOU SAVED", "0.40")])
    )
    assert names(lines) == ["BREAD"]
    german = read_lines(receipt([("Brot", "1,10"), ("SUMME", "1,10"), ("Bonus", "0,40")]))
    assert names(german) == ["Brot"]


def test_rows_without_a_price_and_discounts_are_not_items() -> None:
    lines = read_lines(
        receipt(
            [
                "FRESHWAY",
                ("BREAD", "1.10"),
                ("PRICE CUT", "-0.30"),
                ("Pfand", "0,25-"),
                ("", ""),
                ("MILK", "2.00"),
                "THANK YOU",
            ]
        )
    )
    assert [(line.name, line.price) for line in lines] == [("BREAD", 1.1), ("MILK", 2.0)]


# ---------------------------------------------------------------------------------------------
# Names split over rows


def test_a_name_split_over_two_rows_is_joined() -> None:
    lines = read_lines(receipt([("CHICKEN BREAST", ""), ("FILLETS 500G", "6.08"), ("BROCCOLI", "0.64")]))
    assert [(line.name, line.price) for line in lines] == [("CHICKEN BREAST FILLETS 500G", 6.08), ("BROCCOLI", 0.64)]


@pytest.mark.parametrize("damaged", ["1,3", "1,3 A", "0,6EA"])
def test_a_row_whose_price_lost_a_digit_is_not_the_start_of_the_next_name(damaged: str) -> None:
    lines = read_lines(receipt([("SPAGHETTI 500G", damaged), ("BROCCOLI", "0.64"), ("CARROTS", "0.45")]))
    assert [(line.name, line.price) for line in lines] == [("BROCCOLI", 0.64), ("CARROTS", 0.45)]


def test_a_name_runs_over_three_rows_at_most() -> None:
    lines = read_lines(receipt([("ONE", ""), ("ORGANIC", ""), ("WHOLE MILK", ""), ("2L", "3.49")]))
    assert names(lines) == ["ORGANIC WHOLE MILK 2L"]


def test_a_price_row_with_no_name_takes_the_name_above() -> None:
    lines = read_lines(receipt([("Eier Bodenhaltung", ""), ("Gr. M 10 Stück", ""), ("  2 x 1,99", "3,98")]))
    assert [(line.name, line.quantity, line.price) for line in lines] == [
        ("Eier Bodenhaltung Gr. M 10 Stück", 2.0, 3.98)
    ]


def test_a_bare_price_with_no_name_anywhere_is_not_an_item() -> None:
    assert read_lines(receipt([("", "3.49"), ("BREAD", "1.10")])) == [ReceiptLine("BREAD", 1.0, 1.1, None, None)]


@pytest.mark.parametrize(
    "header",
    [
        "FRESHWAY SUPERSTORE",  # centred
        ("Lindenweg 7, 50667 Koln", ""),  # a postcode
        ("Datum 12.03.24 14:22", ""),  # a date, a time
        ("Kasse 3 Bon 4387", ""),  # a receipt number
    ],
)
def test_the_shops_header_is_not_part_of_the_first_name(header: tuple[str, str] | str) -> None:
    assert names(read_lines(receipt([header, ("BANANAS", "1.09"), ("MILK", "2.00")]))) == ["BANANAS", "MILK"]


def test_a_pack_size_does_not_stop_a_name_from_being_split() -> None:
    lines = read_lines(receipt([("BEEF MINCE 5500G", ""), ("  QTY 2 @ 5.32", "10.64"), ("BREAD", "1.10")]))
    assert [(line.name, line.quantity) for line in lines] == [("BEEF MINCE 5500G", 2.0), ("BREAD", 1.0)]


def test_a_name_row_far_above_its_price_row_is_not_joined() -> None:
    assert names(read_lines(receipt([("WELCOME", ""), ("", ""), ("", ""), ("BREAD", "1.10")]))) == ["BREAD"]


def test_a_name_split_on_a_rotated_photo_is_joined() -> None:
    rows: list[tuple[str, str] | str] = [("FREE RANGE EGGS", ""), ("LARGE 12PK", "3.20"), ("BREAD", "1.10")]
    assert names(read_lines(receipt(rows, angle=2.5))) == ["FREE RANGE EGGS LARGE 12PK", "BREAD"]


# ---------------------------------------------------------------------------------------------
# Recorded OCR boxes of rendered receipts


def fixtures() -> list[Path]:
    return sorted(BOXES.glob("*.json"))


def load(path: Path) -> tuple[dict, list[Box], list[TruthLine]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    boxes = [Box(b["text"], tuple(tuple(c) for c in b["corners"]), b["score"]) for b in data["boxes"]]  # type: ignore[misc]
    truth = [TruthLine(**line) for line in data["lines"]]
    return data, boxes, truth


def test_there_are_recorded_receipts_of_every_kind() -> None:
    kinds = {(json.loads(p.read_text())["language"], json.loads(p.read_text())["variant"]) for p in fixtures()}
    assert kinds == {(language, variant) for language in ("en", "de") for variant in ("clean", "rotated", "blurred")}


@pytest.mark.parametrize("path", fixtures(), ids=lambda p: p.stem)
def test_recorded_truth_is_what_the_corpus_makes_from_the_seed(path: Path) -> None:
    data, _, truth = load(path)
    made = make_receipt(data["seed"], language=data["language"], variant=data["variant"])
    assert list(made.lines) == truth
    assert list(made.payment_rows) == data["payment_rows"]


@pytest.mark.parametrize("path", fixtures(), ids=lambda p: p.stem)
def test_recorded_receipt_reads_back_its_items(path: Path) -> None:
    data, boxes, truth = load(path)
    result = score(truth, data["payment_rows"], read_lines(boxes))
    assert result.payment_kept == 0, result.kept
    assert result.found >= 0.95 * result.truth, result.missed
    assert result.price_exact == result.found, [(t.price, r.price) for t, r in result.pairs if t.price != r.price]
    assert result.quantity_exact >= result.found - 1, [(t, r) for t, r in result.pairs if t.quantity != r.quantity]
    assert result.spurious == 0, result.extra


def test_recorded_receipts_read_their_article_numbers_and_currency() -> None:
    skus = printed_skus = currencies = 0
    for path in fixtures():
        data, boxes, truth = load(path)
        result = score(truth, data["payment_rows"], read_lines(boxes))
        printed_skus += sum(1 for line in truth if line.sku)
        skus += sum(expected.sku == line.sku for expected, line in result.pairs if expected.sku)
        # Never a wrong currency; none where the recogniser dropped the receipt's euro or pound sign.
        assert all(line.currency in (expected.currency, None) for expected, line in result.pairs)
        currencies += sum(expected.currency == line.currency for expected, line in result.pairs)
    assert skus == printed_skus > 0
    assert currencies >= 95
