"""One printed row read on its own (lines.read_row): tax codes after the amount, quantities in
the orders and columns receipts print them, weights, and pack sizes that are no quantity."""

from __future__ import annotations

import pytest

from larder.receipts.lines import read_row


@pytest.mark.parametrize(
    ("text", "name", "price"),
    [
        ("PLASTIC BAGS 0.20 SR", "PLASTIC BAGS", 0.20),  # Malaysian tax codes
        ("GARDENIA JUMBO 3.55 ZRL", "GARDENIA JUMBO", 3.55),
        ("YELLOW ROCK SUGAR 2.50 SR0", "YELLOW ROCK SUGAR", 2.50),
        ("CANON CART 60.00 S6", "CANON CART", 60.00),
        ("MARLBORO 17.00SR", "MARLBORO", 17.00),
        ("Ricola Krauter 1,75 2", "Ricola Krauter", 1.75),  # dm's tax class digit
        ("SALT 1.20 T", "SALT", 1.20),
        ("Zeitschriften 14,90xB", "Zeitschriften", 14.90),
    ],
)
def test_a_tax_code_after_the_amount_leaves_the_price(text: str, name: str, price: float) -> None:
    reading = read_row(text)
    assert (reading.name, reading.price) == (name, price)


@pytest.mark.parametrize(
    "text",
    [
        "100 PLUS [1.50]",
        "SAFT (1.50)",
        "LAVA WATER JUG 2.25L",
        "PASTA 0.50G",
        "Sekt 0,75 L",
        "Milch 1,5% 1",
        "TEA 2.50 ML",
    ],
)
def test_a_pack_size_at_the_end_is_no_price(text: str) -> None:
    assert read_row(text).price is None


@pytest.mark.parametrize(
    ("text", "name", "count", "price"),
    [
        ("3 X 1.0000 3.00 SR", "", 3, 3.00),  # a unit price of four decimals
        ("NAME BADGE 2 @ 0.5500 1.10", "NAME BADGE", 2, 1.10),
        ("5.90 X 3 17.70 SR", "", 3, 17.70),  # unit price first, then the count
        ("Premium Vodka 4,99 X 2 9,98 B", "Premium Vodka", 2, 9.98),
        ("LIQUID MEDICINE RM33.90 X1 RM33.90", "LIQUID MEDICINE", 1, 33.90),
        ("9555589200385 1.40*1 1.40 Z", "", 1, 1.40),
        ("MEE GORENG 7.90*3", "MEE GORENG", 3, 23.70),  # no total printed: the product
        ("Kaffee 3,29 x 2", "Kaffee", 2, 6.58),
        ("TEE 3,29 X 2", "TEE", 2, 6.58),
        ("BREAD 2.10 X 3 5.00", "BREAD 2.10 X 3", None, 5.00),  # not the product: no quantity
    ],
)
def test_count_and_unit_price_in_either_order(text: str, name: str, count: int | None, price: float) -> None:
    reading = read_row(text)
    assert (reading.name, reading.count, reading.price) == (name, count, price)


@pytest.mark.parametrize(
    ("text", "count", "price"),
    [
        ("2623 2 2.12 4.24 SR", 2, 4.24),  # article, QTY, U/P, AMOUNT
        ("9556641320027 17 0.85 0.90 15.25 SR", 17, 15.25),  # price with and without tax: near enough
        ("1 SR 6001188379050 5 3.68 18.40", 5, 18.40),  # a line number first
        ("4 SR 24900007 12 2.74 32.88", 12, 32.88),
        ("1665 450 0.30 133.56 SR", 450, 133.56),  # 135.00 less a rounding of the unit price
        ("1812 2 16.96 33.92 SR", 2, 33.92),
        ("SR 6001188379050 3.68 18.40", 5, 18.40),  # the count lost: the amount over the unit price
    ],
)
def test_a_quantity_column_is_the_count_whose_product_with_a_unit_price_is_the_amount(
    text: str, count: int, price: float
) -> None:
    reading = read_row(text)
    assert (reading.count, reading.price, reading.detail) == (count, price, True)  # no name of its own


def test_columns_after_a_name_leave_the_name_and_the_article_number() -> None:
    reading = read_row("O.C. WHITE 2.13 6 3 0 3 6.39")
    assert (reading.name, reading.count, reading.price) == ("O.C. WHITE", 3, 6.39)
    coded = read_row("1 SR 6001188379050 5 3.68 18.40")
    assert coded.sku == "6001188379050"


def test_amounts_between_the_name_and_the_total_are_no_part_of_the_name() -> None:
    reading = read_row("IB-RDM 28.90 -28.90 260.10 SR")
    assert (reading.name, reading.price) == ("IB-RDM", 260.10)


def test_numbers_whose_product_is_not_the_amount_are_no_quantity() -> None:
    reading = read_row("MASSIMO WHEAT GERM 400 RM2.39 S")
    assert (reading.name, reading.count, reading.price) == ("MASSIMO WHEAT GERM 400", None, 2.39)
    named = read_row("BUTTER 1.00 2.00")  # a name's row: no count guessed from the amounts
    assert (named.count, named.price) == (None, 2.00)


@pytest.mark.parametrize(
    ("text", "weight", "price"),
    [
        ("0,482 kg x 2,99 EUR/kg 1,44 A", 0.482, 1.44),
        ("0.765 kg x 1.29 /kg 0.99", 0.765, 0.99),
        ("CHKN BRST 1.52 lb @ 3.99/lb 6.06", 0.689, 6.06),  # pounds into kg
        ("2006031014359 10.99*1.306 14.35 Z", 1.306, 14.35),  # price per kg times the weight
    ],
)
def test_a_weighed_row_reads_its_weight_in_kg(text: str, weight: float, price: float) -> None:
    reading = read_row(text)
    assert (reading.count, reading.weight_unit, reading.price) == (pytest.approx(weight), "kg", price)


@pytest.mark.parametrize("text", ["Coca-Cola 6X1.25L 7,50 B", "WATER 6 x 1.5 L 3.99", "BEER 4*6*320M 108.50 S"])
def test_a_multipack_size_is_no_count_times_unit_price(text: str) -> None:
    reading = read_row(text)
    assert reading.count is None
    assert reading.unit_price is None


def test_a_qty_heading_makes_the_leading_number_the_count() -> None:
    assert (read_row("2 SMALL CONE 2.00").count, read_row("2 SMALL CONE 2.00", leading_count=True).count) == (None, 2)
    assert read_row("100 PLUS 2.90", leading_count=True).name == "PLUS"
    assert read_row("100 PLUS 2.90").name == "100 PLUS"
