"""Pack sizes printed in names and the amount a scanned line puts into a store (quantities.py)."""

from __future__ import annotations

import pytest

from larder.receipts.quantities import PackSize, bought_amount, pack_size


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("Apfelsaft 1,5 l", PackSize(1, 1.5, "l")),
        ("MILK 2L", PackSize(1, 2.0, "l")),
        ("Mehl 500g", PackSize(1, 500.0, "g")),
        ("MINUTE MAID PULPY [OREN] [350ML]", PackSize(1, 350.0, "ml")),
        ("Wein 75cl", PackSize(1, 750.0, "ml")),  # cl into ml
        ("WATER 1.5 LTR", PackSize(1, 1.5, "l")),
        ("Vollmilch 3,5% 1L", PackSize(1, 1.0, "l")),  # the fat's percentage is no size
        ("COLA 6X1.25L", PackSize(6, 1.25, "l")),
        ("Wasser 6 x 1,5 l", PackSize(6, 1.5, "l")),
        ("TIGER BEER CAN 4*6*320M", PackSize(24, 320.0, "ml")),  # "320M": the L cut off
        ("Eier 10 Stück", PackSize(1, 10.0, "unit(s)")),
        ("PLASTIC SPOONS 8PCS", PackSize(1, 8.0, "unit(s)")),
        ("PEANUT BUTTER 16 OZ", PackSize(1, 453.6, "g")),
        ("MILK 1 GAL", PackSize(1, 3.785, "l")),
        # As the recogniser reads them: glued to the name, O for a zero, the L of ml cut off.
        ("ROYAL UMBRELLA BERAS WANGI1KG", PackSize(1, 1.0, "kg")),
        ("489TIGER BEERCAN4*6*320M", PackSize(24, 320.0, "ml")),
        ("STOLZENFELS SEKT O,2 L", PackSize(1, 0.2, "l")),
        ("SMIRNOFF VODKAO.7L", PackSize(1, 0.7, "l")),
        ("Coca-Cola 320m", PackSize(1, 320.0, "ml")),
        ("KIWI 4009", PackSize(1, 400.0, "g")),  # g read as 9
        ("MOCCA TAFEL 1009", PackSize(1, 100.0, "g")),
        ("FQ MANDARINEN 1k9", PackSize(1, 1.0, "kg")),
        ("TINGE LEMON DRINK SOOML", PackSize(1, 500.0, "ml")),  # S for 5, O for 0
        ("MEHL 1OOOG", PackSize(1, 1000.0, "g")),
        ("SOBJ. VODKA 0., 7L", PackSize(1, 0.7, "l")),  # the decimal point twice, spaced
    ],
)
def test_a_pack_size_is_read_into_the_kitchens_units(name: str, size: PackSize) -> None:
    assert pack_size(name) == size


@pytest.mark.parametrize(
    "name",
    [
        "BANANAS",
        "Weizenmehl 405",
        "100 PLUS [1.50]",
        "T-SHIRT SIZE M",
        "RUM 40%VOL.",
        "CEMENT 0G",
        "AA BATTERY",
        "SHIELDTOX FIK 6001L MP",  # 600ML misread: no pack holds 6001 l
        "PHILIPS 18W/E27/827",
        "CR2032 LG10001",
        "ROPE 20M",  # metres
        "KALENDER 2019",  # a year, no 201 g
        "SCREWS 1239",
        "SOL BEER",  # a word, never 50 l
        "SOL",
        "B6 G.LLETTE MACH3 6 KL",  # Gillette's i read as a dot: no 6 g
    ],
)
def test_a_name_without_a_size_has_none(name: str) -> None:
    assert pack_size(name) is None


@pytest.mark.parametrize(
    ("count", "weight_unit", "name", "amount"),
    [
        (1, None, "Apfelsaft 1,5 l", (1.5, "l")),
        (1, None, "COLA 6X1.25L", (7.5, "l")),  # six bottles of 1.25 l: 7.5 l bought
        (2, None, "Milch 1 l", (2.0, "l")),
        (3, None, "Joghurt 150g", (450.0, "g")),
        (1, None, "TIGER BEER CAN 4*6*320M", (7.68, "l")),  # 7680 ml reads as litres
        (1, None, "Sekt 0,2 l", (200.0, "ml")),  # a scan quantity is at least 1
        (0.482, "kg", "Bananen", (482.0, "g")),
        (1.306, "kg", "WHOLE CHICKEN", (1.306, "kg")),
        (2, None, "Eier 10 Stück", (20.0, "unit(s)")),
        (4, None, "BREAD", (4, None)),  # no size: the count, in the ingredient's unit
    ],
)
def test_what_a_line_puts_into_the_store(
    count: float, weight_unit: str | None, name: str, amount: tuple[float, str | None]
) -> None:
    quantity, unit = bought_amount(count, weight_unit, name)
    assert (quantity, unit) == (pytest.approx(amount[0]), amount[1])


@pytest.mark.parametrize(
    ("name", "measured_by", "amount"),
    [
        ("Apfelsaft 1,5", "volume", (1.5, "l")),  # the l lost
        ("Orangensaft mild 11", "volume", (1.0, "l")),  # the l read as a 1
        ("Saft 0,51", "volume", (500.0, "ml")),
        ("COLA 330", "volume", (330.0, "ml")),
        ("KIWI400", "count", (400.0, "g")),  # the g lost: a round number is grams
        ("Mehl 1000", "mass", (1.0, "kg")),
        ("Orangensaft mild 11", None, (1, None)),  # nothing matched: no unit to read it in
        ("Apfelsaft 1,5", "mass", (1, None)),  # a decimal without a unit is litres only for a drink
        ("BAEFRI.VOLLKORN 50", "count", (1, None)),  # two digits are a name's, not a size
        ("Mineralwasser 12", "volume", (1, None)),  # 12 l is no bottle
    ],
)
def test_a_size_whose_unit_the_recogniser_lost_is_read_in_the_matched_ingredients_dimension(
    name: str, measured_by: str | None, amount: tuple[float, str | None]
) -> None:
    quantity, unit = bought_amount(1, None, name, measured_by=measured_by)
    assert (quantity, unit) == (pytest.approx(amount[0]), amount[1])
