"""'select missing': which needs of an ingredient the stock covers, taken in order."""

from __future__ import annotations

import pytest

from larder.kitchen.cover import covered, covered_lines
from larder.kitchen.merge import Amount


@pytest.mark.parametrize(
    ("needs", "stock", "expected"),
    [
        # nothing in stock covers nothing
        ([(200, "g")], [], [False]),
        # converted: 1 kg covers 500 g, then 400 g of what is left, not 200 g more
        ([(500, "g"), (400, "g"), (200, "g")], [Amount(1, "kg")], [True, True, False]),
        # stock in two batches adds up
        ([(3, "unit(s)")], [Amount(2, "unit"), Amount(1, "unit")], [True]),
        # too little: the need is missing, and nothing is left for the next
        ([(2, "l"), (100, "ml")], [Amount(1, "l")], [False, False]),
        # "salt to taste": any stock covers it
        ([(None, None)], [Amount(1, "kg")], [True]),
        # units that do not convert cannot be compared: any stock covers them, and is kept
        ([(2, "cup(s)"), (100, "g")], [Amount(1, "kg")], [True, True]),
    ],
)
def test_the_needs_the_stock_covers(needs, stock, expected):
    assert covered(needs, stock) == expected


def test_lines_of_one_ingredient_share_its_stock_and_unknown_lines_are_not_covered():
    lines = [(1, 500, "g"), (2, 1, "unit(s)"), (1, 600, "g"), (None, 1, None)]
    assert covered_lines(lines, {1: [Amount(1, "kg")], 2: [Amount(2, "unit")]}) == [True, True, False, False]
