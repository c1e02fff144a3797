"""The scoring of bench/receipts_real.py (the real-photo bench), on small inline receipts."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench.receipts_real.scoring import ReadLine, quantity_right, read_by_ocr, score_photo, similarity
from bench.receipts_real.truth import Expected, Size, check_truth, expected_of, parse_size, parse_truth

TRUTH = parse_truth(
    """
    # a small German receipt
    item | Apfelsaft 1,5l | 1.19 | | 1.5 l | Apple juice
    item | Kiwi Gold | 2.36 | 4 | | Kiwi fruit
    item | Bananen | 0.19 | | 0.162 kg | Banana
    item | Zeitschriften | 14.90 | | | -
    deposit | PFAND | 0.25
    total | zu zahlen | 18.89
    card | Kreditkarte | 18.89
    """
)


def test_truth_rows_are_parsed_with_their_kind_count_size_and_ingredient() -> None:
    juice, kiwi, bananas, magazine, deposit, total, card = TRUTH
    assert (juice.size, juice.quantity, juice.ingredient, juice.grocery) == (Size(1.5, "l"), None, "Apple juice", True)
    assert (kiwi.quantity, kiwi.size) == (4, None)
    assert bananas.size == Size(0.162, "kg")
    assert (magazine.grocery, magazine.ingredient) == (False, None)
    assert [row.kind for row in (deposit, total, card)] == ["deposit", "total", "card"]
    assert [row.is_item for row in TRUTH].count(True) == 4


def test_a_grocery_the_catalogue_lacks_is_a_grocery_with_no_ingredient() -> None:
    (line,) = parse_truth("item | Premium Vodka | 4.99 | | | none")
    assert (line.grocery, line.ingredient) == (True, None)


@pytest.mark.parametrize(
    ("text", "base"),
    [("1.5 l", ("ml", 1500.0)), ("24x320 ml", ("ml", 7680.0)), ("0.186 kg", ("g", 186.0)), ("52 pc", ("pc", 52.0))],
)
def test_pack_sizes_count_in_their_base_unit(text: str, base: tuple[str, float]) -> None:
    dimension, amount = parse_size(text).base
    assert dimension == base[0]
    assert amount == pytest.approx(base[1])


@pytest.mark.parametrize("bad", ["frobnicate | X | 1.00", "item | X | 1.00", "item | X | 1.00 | | 3 furlongs | -"])
def test_a_malformed_truth_row_is_refused_with_its_place(bad: str) -> None:
    with pytest.raises(ValueError, match=r"truth.txt:1"):
        parse_truth(bad, "truth.txt")


def test_the_sum_check_counts_items_deposits_discounts_rounding_and_added_tax() -> None:
    assert check_truth(TRUTH, Expected(total=18.89, items=4)) == []
    assert check_truth(TRUTH, Expected(total=18.64, items=None)) == ["items sum to 18.89, the total is 18.64"]
    rows = parse_truth("item | TAPE | 30.00 | 12 | | -\naddtax | TAX (RM) | 1.80\nrounding | ROUNDING | -0.01")
    assert check_truth(rows, Expected(total=31.79, items=None)) == []


def test_the_item_count_may_or_may_not_include_the_deposit_rows() -> None:
    assert check_truth(TRUTH, Expected(total=None, items=5)) == []
    assert check_truth(TRUTH, Expected(total=None, items=6)) == [
        "4 item lines (+1 deposit/discount), the file name says 6"
    ]


def test_a_german_photo_is_expected_to_have_the_count_and_total_of_its_file_name() -> None:
    assert expected_of(Path("softmatic_de/aldi_16052020_15_01416.jpg"), "softmatic_de") == Expected(14.16, 15)


def test_names_compare_without_case_accents_and_spacing() -> None:
    assert similarity("Bulgur-Kräuter", "BULGUR KRAUTER") == 1.0
    assert similarity("Eiweißbrot", "Eiweissbrot") == 1.0
    assert similarity("9556231110045 DELICIA CHOCOLATE [50G]", "DELICIA CHOCOLATE [50G]") > 0.6
    assert similarity("GUT BIO JOGHURT PUR", "SMIRNOFF VODKA 0,7L") < 0.35


@pytest.mark.parametrize(
    ("quantity", "unit", "right"),
    [(7.5, "l", True), (7500, "ml", True), (6, "unit(s)", False), (1, "ml", False), (7.5, "kg", False)],
)
def test_a_multipack_is_right_as_the_whole_amount_in_any_unit_of_it(quantity: float, unit: str, right: bool) -> None:
    (row,) = parse_truth("item | COLA 6X1.25L | 7.50 | | 6x1.25 l | none")
    assert quantity_right(row, ReadLine("COLA 6X1.25L", 7.5, quantity, unit)) is right


def test_a_weighed_item_is_its_weight_and_a_multi_buy_its_count() -> None:
    bananas = TRUTH[2]
    assert quantity_right(bananas, ReadLine("Bananen", 0.19, 0.162, "kg"))
    assert quantity_right(bananas, ReadLine("Bananen", 0.19, 162, "g"))
    assert not quantity_right(bananas, ReadLine("Bananen", 0.19, 1, "unit(s)"))
    kiwi = TRUTH[1]
    assert quantity_right(kiwi, ReadLine("Kiwi Gold", 2.36, 4, "unit(s)"))
    assert not quantity_right(kiwi, ReadLine("Kiwi Gold", 2.36, 1, "unit(s)"))


def test_packs_of_pieces_are_right_as_packs_or_as_pieces() -> None:
    (spoons,) = parse_truth("item | PLASTIC SPOONS 8PCS | 17.70 | 3 | 8 pc | -")
    assert quantity_right(spoons, ReadLine("PLASTIC SPOONS 8PCS", 17.7, 3, "unit(s)"))
    assert quantity_right(spoons, ReadLine("PLASTIC SPOONS 8PCS", 17.7, 24, "unit(s)"))
    assert not quantity_right(spoons, ReadLine("PLASTIC SPOONS 8PCS", 17.7, 1, "unit(s)"))


def test_a_line_the_ocr_never_read_is_told_from_one_the_rows_lost() -> None:
    kiwi = TRUTH[1]
    assert read_by_ocr(kiwi, ["Kiwi Gold", "0,59 X 4", "2,36 A"]) is None
    assert read_by_ocr(kiwi, ["KiwiGold", "2,3B A"]) == "price"
    assert read_by_ocr(kiwi, ["2.36"]) == "name"
    # An O read for a 0 is still the price read (the line reader takes it back).
    assert read_by_ocr(TRUTH[0], ["Apfelsaft 1,5l", "1,19 B"]) is None
    assert read_by_ocr(TRUTH[2], ["Bananen", "O,19 A"]) is None


def test_a_photo_is_scored_line_by_line_with_one_cause_per_miss() -> None:
    read = [
        ReadLine("Apfelsaft 1,5l", 1.19, 1, "ml", "Apple juice"),  # found, quantity wrong
        ReadLine("Kiwi Gold 0,59 x", 2.36, 4, "unit(s)", None),  # found, right, no match
        ReadLine("Zeitschriften", 1.49, 1, "unit(s)", None),  # found, price wrong (not a grocery)
        ReadLine("PFAND", 0.25, 1, "unit(s)", None),  # a deposit offered as an item
        ReadLine("zuzahlen", 18.89, 1, "unit(s)", None),  # the total offered as an item
        ReadLine("Vielen Dank", 1.0, 1, "unit(s)", None),  # other text
    ]
    score = score_photo(read, TRUTH, ["Bananen", "0,19 A"], "lidl")
    assert (score.items, score.found, score.price_exact) == (4, 3, 2)
    assert (score.prints_quantity, score.quantity_right) == (3, 1)
    assert (score.offered, score.not_items_offered) == (6, 3)
    assert (score.grocery, score.grocery_found, score.matched_right) == (3, 2, 1)
    causes = sorted((miss.cause, miss.detail.split(" ")[1]) for miss in score.misses)
    assert causes == [
        ("no match", "'Kiwi"),
        ("non-item offered", "[deposit]"),
        ("non-item offered", "[other"),
        ("non-item offered", "[total]"),
        ("price wrong", "'Zeitschriften'"),
        ("quantity wrong", "'Apfelsaft"),
        ("row built wrong", "'Bananen'"),
    ]


def test_a_wrong_ingredient_and_one_where_the_catalogue_has_none_are_wrong_matches() -> None:
    rows = parse_truth("item | GREEN BEAN 280G | 2.80 | | 280 g | Mung beans\nitem | HAZEL CHOC | 41.40 | | | none")
    read = [
        ReadLine("GREEN BEAN 280G", 2.8, 280, "g", "Green beans"),
        ReadLine("HAZEL CHOC", 41.4, 1, None, "Hazelnuts"),
    ]
    score = score_photo(read, rows, [])
    assert score.matched_right == 0
    assert [miss.cause for miss in score.misses] == ["wrong match", "wrong match"]
    assert score_photo([ReadLine("HAZEL CHOC", 41.4)], rows[1:], []).matched_right == 1


def test_identical_lines_pair_one_to_one() -> None:
    rows = parse_truth("item | GUT BIO JOGHURT PUR | 0.35 | | | Natural yogurt\n" * 3)
    read = [ReadLine("GUT BIO JOGHURT PUR", 0.35, 1, None, "Natural yogurt")] * 2
    score = score_photo(read, rows, ["GUT BIO JOGHURT PUR", "0,35 C"])
    assert (score.found, score.not_items_offered, score.matched_right) == (2, 0, 2)
    assert [miss.cause for miss in score.misses] == ["row built wrong"]


def test_groceries_with_a_catalogue_ingredient_are_counted_apart() -> None:
    rows = parse_truth("item | Kiwi Gold | 2.36 | | | Kiwi fruit\nitem | Premium Vodka | 4.99 | | | none")
    read = [ReadLine("Kiwi Gold", 2.36, 1, None, "Kiwi fruit"), ReadLine("Premium Vodka", 4.99)]
    score = score_photo(read, rows, [])
    assert (score.grocery, score.matched_right, score.with_ingredient, score.ingredient_right) == (2, 2, 1, 1)
