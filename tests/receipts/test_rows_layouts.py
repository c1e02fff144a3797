"""The line reader on whole receipts of several layouts, written as their printed rows: German
supermarkets, Malaysian shop tables (numbers and names on separate rows, QTY / U.P. / AMOUNT
columns, shelf codes, subtotals inside the table), US multi-buy and weighed rows, restaurant
tables that start with the quantity, and the deposit, discount, rounding, tax, total and payment
rows that are never items."""

from __future__ import annotations

import pytest

from larder.receipts.lines import read_lines
from tests.receipts.test_lines import CHAR, PITCH, box, receipt

Rows = list[tuple[str, str] | str]
Line = tuple[str, float, str | None, float]  # name, quantity, unit of a weight, price

LAYOUTS: dict[str, tuple[Rows, list[Line]]] = {
    "german supermarket: weight under the item, deposit, discount, multi-buy": (
        [
            "LIDL",
            "Warburger Strasse 130",
            ("", "EUR"),
            ("Bananen", "1,44 A"),
            ("  0,482 kg x 2,99 EUR/kg", ""),
            ("Coca-Cola 6X1.25L", "7,50 B"),
            ("Pfand 6x0,25", "1,50 A"),
            ("Apfelsaft 1,5 l", "1,19 A"),
            ("Kaffee Crema", ""),
            ("  3,29 x 2", "6,58 A"),
            ("Rabatt Kaffee", "-0,50 A"),
            ("Premium Vodka 4,99 X 2", "9,98 B"),
            ("Summe", "27,69"),
            ("Kreditkarte", "27,69"),
            ("MwSt 7%", "0,80"),
            ("Rückgeld", "0,00"),
        ],
        [
            ("Bananen", 0.482, "kg", 1.44),
            ("Coca-Cola 6X1.25L", 1, None, 7.50),
            ("Apfelsaft 1,5 l", 1, None, 1.19),
            ("Kaffee Crema", 2, None, 6.58),
            ("Premium Vodka", 2, None, 9.98),
        ],
    ),
    "german discounter: count rows above their items, a weighed item in columns under its heading": (
        [
            "ALDI",
            ("WURFELZUCKER", "0,89 C"),
            ("STOLZENFELS SEKT 0,2 L", "0,89 D"),
            ("7x0,35", ""),
            ("GUT BIO JOGHURT PUR", "2,45 C"),
            ("BANANEN LOSE", ""),
            ("kg EURO/kg", "EURO"),
            ("0,158 1,19", "0,19"),
            ("MORTADELLA", "1,98 B"),
            ("  2x 0,99", ""),
            ("ZU ZAHLEN EURO", "6,40"),
        ],
        [
            ("WURFELZUCKER", 1, None, 0.89),
            ("STOLZENFELS SEKT 0,2 L", 1, None, 0.89),
            ("GUT BIO JOGHURT PUR", 7, None, 2.45),
            ("BANANEN LOSE", 0.158, "kg", 0.19),
            ("MORTADELLA", 2, None, 1.98),
        ],
    ),
    "german discounter: the count of a multi-buy lost by the recogniser": (
        [("Premium Vodka 4,99 x", "9,98 B"), ("Kiwi Gold 0,59 x", "2,36 A"), ("Brot 1,99 x", "2,50 A")],
        [("Premium Vodka", 2, None, 9.98), ("Kiwi Gold", 4, None, 2.36), ("Brot 1,99 x", 1, None, 2.50)],
    ),
    "german supermarket as faded print reads it: prices lost, a count lost, a decimal comma read as a slash": (
        [
            ("SCHWEIZ.EMMENTALER", "38B"),  # "4,38 B" and "0,99 B" with their first digits lost
            ("G83FRISCHKASE", "S9B"),
            ("2.x 0,39", ""),  # counts the item below: 2 x 0,39 is its 0,78 (a speck read as a dot)
            ("HARRY VOLLK.KUMPEL", "0,78 B"),
            ("X 0, 79", ""),  # "3 x 0,79" with its count lost: 2,37 below is three of them
            ("KIWIS", "2,37 B"),
            ("BAEFRI.VOLLKORN", "1/19E"),
            ("FZ02 - 6/54", ""),  # a shelf code's slash is no decimal comma
            ("SUMME EUR", "4,34"),
        ],
        [("HARRY VOLLK.KUMPEL", 2, None, 0.78), ("KIWIS", 3, None, 2.37), ("BAEFRI.VOLLKORN", 1, None, 1.19)],
    ),
    "german drugstore: a tax class digit after the price": (
        [
            "dm drogerie markt",
            ("Ricola Krauter", "1,75 2"),
            ("Kokos Riegel Vollmilch 40g", "0,95 2"),
            ("Summe", "2,70"),
            ("BAR EUR", "5,00"),
        ],
        [("Ricola Krauter", 1, None, 1.75), ("Kokos Riegel Vollmilch 40g", 1, None, 0.95)],
    ),
    "malaysian table: numbers first, the name on the row below": (
        [
            "ASIA MART",
            "TAX INVOICE",
            ("ITEM QTY S/PRICE AMOUNT", "TAX"),
            ("9556641320027 17 0.85 0.90", "15.25 SR"),
            ("DELICIA CHOCOLATE [50G]", ""),
            ("9556231110045 1 3.55 3.55", "3.55 ZRL"),
            ("GARDENIA ORIGINAL CLASSIC JUMBO [600G]", ""),
            ("2623 2 2.12", "4.24 SR"),
            ("NAIL (PER/PACK)-RM2", ""),
            ("1792 3 7.42", "22.26 SR"),
            ("10' 1X2", ""),
            ("TOTAL QTY: 23", "45.30"),
            ("ROUNDING :", "0.01"),
            ("TOTAL SALES (INCLUSIVE OF GST) :", "23.05"),
            ("CASH :", "50.00"),
        ],
        [
            ("DELICIA CHOCOLATE [50G]", 17, None, 15.25),
            ("GARDENIA ORIGINAL CLASSIC JUMBO [600G]", 1, None, 3.55),
            ("NAIL (PER/PACK)- 2", 2, None, 4.24),
            ("10' 1X2", 3, None, 22.26),  # a name short on letters, right under its numbers
        ],
    ),
    "malaysian shop: name, shelf code, then article number and qty x price": (
        [
            "MR. D.I.Y. (M) SDN BHD",
            "LOT 1851-A, JALAN KPB 6, 43300 SERI KEMBANGAN",
            ("PILLAR SINK TAP *S", ""),
            ("FZ02 - 6/54", ""),
            ("9072351 2 X 23.90", "47.80"),
            ("PLASTIC BAGS *S", ""),
            ("99999 1 X 0.20", "0.20"),
            ("ITEM(S) : 2 QTY(S) : 3", ""),
            ("TOTAL INCL. GST@6%", "RM 48.00"),
            ("CASH", "RM 50.00"),
            ("CHANGE", "RM 2.00"),
        ],
        [("PILLAR SINK TAP *S", 2, None, 47.80), ("PLASTIC BAGS *S", 1, None, 0.20)],
    ),
    "malaysian stationer: code and name, an indented second name row, then qty x unit price": (
        [
            "SANYU STATIONERY SHOP",
            ("1. 2005-0263 ARTLINE 500A W/BOARD", ""),
            ("                MARKER - BLACK", ""),
            ("1 X 3.7000", "3.70 SR"),
            ("2. 2012-0029 RESTAURANT ORDER CHIT NCR", ""),
            ('                3.5"X6"', ""),
            ("3 X 2.9000", "8.70 SR"),
            ("TOTAL SALES INCLUSIVE GST @6%", "12.40"),
            ("DISCOUNT", "0.00"),
            ("ROUND ADJ", "0.00"),
            ("FINAL TOTAL", "12.40"),
        ],
        [
            ("1. 2005-0263 ARTLINE 500A W/BOARD MARKER BLACK", 1, None, 3.70),
            ("2. 2012-0029 RESTAURANT ORDER CHIT NCR", 3, None, 8.70),
        ],
    ),
    "bakery delivery note: a subtotal inside the item table": (
        [
            "GARDENIA BAKERIES (KL) SDN BHD",
            ("DESCRIPTION U.P ISS EXC D SALE", "AMT(RM)"),
            ("O.C. WHITE 2.13 6 3 0 3", "6.39"),
            ("WHOLEMEAL 2.78 6 3 0 3", "8.34"),
            ("TOTAL 0% SUPPLIES:", "14.73"),
            ("HAZEL CHOC 6.90 6 0 0 6", "41.40"),
            ("TOTAL 6% SUPPLIES (EXCL. GST):", "41.40"),
            ("GST:", "2.48"),
            ("TOTAL PAYABLE:", "58.61"),
            ("SR 6 41.40 2.48 3", "43.88"),
        ],
        [
            ("O.C. WHITE", 3, None, 6.39),
            ("WHOLEMEAL", 3, None, 8.34),
            ("HAZEL CHOC", 6, None, 41.40),
        ],
    ),
    "restaurant: the quantity column first": (
        [
            "GERBANG ALAF RESTAURANTS",
            ("QTY ITEM", "TOTAL"),
            ("1 L MCCHICKEN", "11.10"),
            ("2 SMALL CONE", "2.00"),
            ("1 X 205 - MEE MAMAK @9.80", "9.80 SR"),
            ("TAKEOUT TOTAL (INCL GST)", "22.90"),
            ("CASH TENDERED", "30.00"),
        ],
        [("L MCCHICKEN", 1, None, 11.10), ("SMALL CONE", 2, None, 2.00), ("205 MEE MAMAK", 1, None, 9.80)],
    ),
    "gift shop: the quantity first, an item code on the numbers row, the name on the rows below": (
        [
            "SARANG HAE YO",
            ("QTY DESCRIPTION PRICE DISC", "TOTAL"),
            ("1 MS 15.00 0.00", "15.00 SR"),
            ("LOYALTY PACKAGE", ""),
            ("10 IB-RDM 28.90 -28.90", "260.10 SR"),
            ("IRON BASKET", ""),
            ("ROUND 27 * 25", ""),
            ("24 TYPE: 2 TOTAL", "275.10"),
        ],
        [("LOYALTY PACKAGE", 1, None, 15.00), ("IRON BASKET ROUND 27 25", 10, None, 260.10)],
    ),
    "price x count: 5.90 X 3, RM33.90 X1, a price per kg times the weight": (
        [
            ("PLASTIC SPOONS 8PCS", ""),
            ("5.90 X 3", "17.70 SR"),
            ("LIQUID MEDICINE RM33.90 X1", "RM33.90"),
            ("WHOLE CHICKEN", ""),
            ("2006031014359 10.99*1.306", "14.35 Z"),
            ("MEE GORENG 7.90*3", ""),
            ("TOTAL", "RM89.68"),
        ],
        [
            ("PLASTIC SPOONS 8PCS", 3, None, 17.70),
            ("LIQUID MEDICINE", 1, None, 33.90),
            ("WHOLE CHICKEN", 1.306, "kg", 14.35),
            ("MEE GORENG", 3, None, 23.70),
        ],
    ),
    "spanish supermarket: the count leads the row, unit price and amount in columns": (
        [
            "MERCADONA, S.A.",
            ("Descripción P. Unit", "Importe"),
            ("2 LECHE ENTERA 0,89", "1,78"),
            ("1 PAN BARRA", "0,45"),
            ("3 YOGUR NATURAL 0,25", "0,75"),
            ("TOTAL (€)", "2,98"),
            ("TARJETA BANCARIA", "2,98"),
            ("ENTREGADO", "2,98"),
        ],
        [("LECHE ENTERA", 2, None, 1.78), ("1 PAN BARRA", 1, None, 0.45), ("YOGUR NATURAL", 3, None, 0.75)],
    ),
    "us supermarket: 2 @ 1.25, pounds at a price per lb, tax and card": (
        [
            "FRESHWAY MARKET",
            ("BANANAS 2 @ 1.25", "2.50"),
            ("MILK 1 GAL", "3.49 F"),
            ("CHKN BRST 1.52 lb @ 3.99/lb", "6.06"),
            ("SUBTOTAL", "12.05"),
            ("TAX", "0.30"),
            ("TOTAL", "12.35"),
            ("VISA", "12.35"),
            ("CHANGE DUE", "0.00"),
        ],
        [("BANANAS", 2, None, 2.50), ("MILK 1 GAL", 1, None, 3.49), ("CHKN BRST", 0.689, "kg", 6.06)],
    ),
    "french, dutch, spanish and italian discount, deposit and total rows": (
        [
            ("LAIT DEMI-ECR 1L", "0,99"),
            ("REMISE FIDELITE", "-0,20"),
            ("VOLLE MELK 1,5L", "1,29"),
            ("STATIEGELD", "0,25"),
            ("KORTING", "-0,30"),
            ("LECHE ENTERA 1L", "0,89"),
            ("DESCUENTO", "-0,10"),
            ("LATTE INTERO 1L", "1,19"),
            ("SCONTO", "-0,10"),
            ("TOTALE", "3,91"),
            ("CONTANTI", "5,00"),
        ],
        [
            ("LAIT DEMI-ECR 1L", 1, None, 0.99),
            ("VOLLE MELK 1,5L", 1, None, 1.29),
            ("LECHE ENTERA 1L", 1, None, 0.89),
            ("LATTE INTERO 1L", 1, None, 1.19),
        ],
    ),
}


@pytest.mark.parametrize("layout", LAYOUTS, ids=list(LAYOUTS))
def test_a_layout_reads_its_item_lines(layout: str) -> None:
    rows, expected = LAYOUTS[layout]
    read = [(line.name, line.quantity, line.unit, line.price) for line in read_lines(receipt(rows))]
    assert read == [(name, pytest.approx(q), unit, price) for name, q, unit, price in expected]


@pytest.mark.parametrize(
    "row",
    [
        ("Rounding", "0.00"),
        ("ROUNDING ADJ.", "-0.01"),
        ("RND ADJ", "0.02-"),
        ("Rundung", "0,01"),
        ("DISC", "-1.00"),
        ("ITEM DISCOUNT", "0.50"),
        ("YOU SAVED", "0.40"),
        ("Pfand", "0,25 A"),
        ("PF.FL.EUR0,25", "0,25 V"),  # a bottle's deposit, abbreviated
        ("Posten: 13", "0,78"),  # how many items
        ("Leergut", "-0,75 A"),
        ("BOTTLE DEPOSIT", "0.10"),
        ("Preisvorteil", "-0,30"),
        ("10% SRV CHG", "1.55"),
        ("Service Charge 10%", "2.37"),
        ("PAID", "20.00"),
        ("PAYMENT", "20.00"),
        ("TENDER", "20.00"),
        ("POINTS", "12.00"),
        ("# ITEMS SOLD", "6.00"),
        ("TVA 5,5%", "0,20"),
        ("BTW 9%", "0,11"),
        ("IVA 10%", "0,35"),
        ("TARJETA", "4,00"),
        ("Nett of Tax", "31.98"),
        ("UASH", "4.50"),  # CASH on faded print
    ],
)
def test_rows_that_are_never_items(row: tuple[str, str]) -> None:
    assert [line.name for line in read_lines(receipt([("BREAD", "1.10"), row, ("MILK", "2.00")]))] == [
        "BREAD",
        "MILK",
    ]


def test_a_total_anywhere_in_a_row_ends_the_items() -> None:
    rows: Rows = [("BATTERY 9V", "11.53"), ("2 ITEM(S) TOTAL(MYR) :", "11.53"), ("SR@6% 2 11.53", "0.69")]
    assert [line.name for line in read_lines(receipt(rows))] == ["BATTERY 9V"]


def test_a_row_as_long_as_the_items_after_a_subtotal_is_an_item_but_a_shorter_one_is_not() -> None:
    rows: Rows = [
        ("O.C. WHITE 2.13 6 3 0 3", "6.39"),
        ("SUBTOTAL", "6.39"),
        ("S6 = 6.00 % OF", "6.39 3.40"),
        ("HAZEL CHOC 6.90 6 0 0 6", "41.40"),
    ]
    assert [line.name for line in read_lines(receipt(rows))] == ["O.C. WHITE", "HAZEL CHOC"]


# QTY as faded print reads it: a Q as G or a, glued to the next heading.
@pytest.mark.parametrize("heading", ["QTY TAX", "Gty Tax", "aty Tax", "GtyTax", "QtyTax"])
def test_the_number_under_the_qty_heading_is_the_count_not_the_number_leading_the_row(heading: str) -> None:
    rows: Rows = [
        (" " * 26 + heading, "RM"),  # QTY over the column the counts are printed in
        ("809 METAL NAME BADGE CLIP 2 SR", "42.40"),
        ("DURAFILE H399 (110X95MM) 200 SR", "116.60"),
        ("TOTAL", "159.00"),
    ]
    assert [(line.name, line.quantity) for line in read_lines(receipt(rows))] == [
        ("809 METAL NAME BADGE CLIP", 2),
        ("DURAFILE H399 (110X95MM)", 200),
    ]


def test_a_model_number_is_a_name_under_the_table_header_but_a_postcode_above_the_items_is_not() -> None:
    rows: Rows = [("Lindenweg 7, 50667 Koln", ""), ("ITEM NAME QTY", "AMOUNT"), ("2032 ENERGIZER BATTERY", "")]
    rows += [("1 6.40", "6.40 SR"), ("TOTAL", "6.40")]
    assert [(line.name, line.price) for line in read_lines(receipt(rows))] == [("2032 ENERGIZER BATTERY", 6.40)]
    without_header: Rows = [("Kasse 3 Bon 4387", ""), ("BREAD", "1.10")]
    assert [line.name for line in read_lines(receipt(without_header))] == ["BREAD"]


def test_a_line_number_and_a_tax_code_are_no_name() -> None:
    rows: Rows = [("DESCRIPTION QTY PRICE", "AMOUNT"), ("1 SR 6001188379050 5 3.68", "18.40")]
    rows += [("KITCHEN LIGHTER 2015", ""), ("TOTAL", "18.40")]
    assert [(line.name, line.quantity, line.sku) for line in read_lines(receipt(rows))] == [
        ("KITCHEN LIGHTER 2015", 5, "6001188379050")
    ]


def test_an_indented_name_is_a_name_and_a_centred_row_is_the_header() -> None:
    boxes = receipt(["SHOP NAME", ("DESCRIPTION", "AMOUNT"), ("", ""), ("5 X 3.68", "18.40"), ("TOTAL", "18.40")])
    boxes.append(box("KITCHEN LIGHTER", 60 + 8 * CHAR, 100 + 2 * PITCH))  # inset on the left only
    assert [(line.name, line.quantity) for line in read_lines(boxes)] == [("KITCHEN LIGHTER", 5)]


@pytest.mark.parametrize(
    "total", ["IUIAL(GSIINLL)", "SUBIUIAL", "Reason: 8 SUBTUTAL", "TotaaI", "zuzahlen", "TOT QTY: 2", "TTL ATF RND"]
)
def test_a_total_as_the_recogniser_reads_faded_print_ends_the_items(total: str) -> None:
    rows: Rows = [("PRINGLES SOUR CR", "4.80"), (total, "4.80"), ("BONUS", "0.29")]
    assert [line.name for line in read_lines(receipt(rows))] == ["PRINGLES SOUR CR"]


def test_tot_ends_the_items_only_where_it_starts_the_row() -> None:
    rows: Rows = [("TATER TOT", "3.49"), ("MILK", "2.00")]
    assert [line.name for line in read_lines(receipt(rows))] == ["TATER TOT", "MILK"]


def test_a_total_printed_as_headings_is_still_the_total() -> None:
    rows: Rows = [("BREAD", "1.10"), ("TOTAL RM", ""), ("", "1.10"), ("BONUS", "0.40")]
    assert [line.name for line in read_lines(receipt(rows))] == ["BREAD"]
