"""The one merge rule, case by case (part 2 §9 and DESIGN "Part 2")."""

from __future__ import annotations

import pytest

from larder.kitchen.merge import Amount, amount, merge, merge_all, subtract
from larder.kitchen.units import DEFAULT_UNIT, STOCK_UNITS, UNITS, convert, convertible, dimension


@pytest.mark.parametrize(
    ("current", "added", "expected"),
    [
        # Same unit: quantities add, the unit stays.
        (Amount(2, "g"), Amount(3, "g"), Amount(5, "g")),
        (Amount(1, "unit(s)"), Amount(1, "unit(s)"), Amount(2, "unit(s)")),
        (Amount(1, "rasher(s)"), Amount(2, "rasher(s)"), Amount(3, "rasher(s)")),
        (Amount(0.1, "l"), Amount(0.2, "l"), Amount(0.3, "l")),
        # Convertible: converted to the larger unit.
        (Amount(500, "g"), Amount(1, "kg"), Amount(1.5, "kg")),
        (Amount(1, "kg"), Amount(250, "g"), Amount(1.25, "kg")),
        (Amount(250, "mg"), Amount(1, "g"), Amount(1.25, "g")),
        (Amount(3, "tsp"), Amount(1, "tbsp"), Amount(2, "tbsp")),
        (Amount(1, "cup(s)"), Amount(240, "ml"), Amount(2, "cup(s)")),
        (Amount(500, "ml"), Amount(1, "l"), Amount(1.5, "l")),
        (Amount(1, "cup(s)"), Amount(1, "l"), Amount(1.24, "l")),
        # Counts written two ways are one dimension; the first spelling wins the tie.
        (Amount(1, "unit(s)"), Amount(2, "unit"), Amount(3, "unit(s)")),
        (Amount(2, "unit"), Amount(1, "unit(s)"), Amount(3, "unit")),
        # Incompatible: the spec's rule, quantities added and the unit becomes 'unit'.
        (Amount(500, "g"), Amount(2, "tbsp"), Amount(502, "unit")),
        (Amount(2, "rasher(s)"), Amount(100, "g"), Amount(102, "unit")),
        (Amount(1, "unit(s)"), Amount(200, "ml"), Amount(201, "unit")),
        # A missing quantity counts as 1, a missing unit is 'unit'.
        (Amount(None, "g"), Amount(2, "g"), Amount(3, "g")),  # type: ignore[arg-type]
        (Amount(None, None), Amount(None, None), Amount(2, "unit")),  # type: ignore[arg-type]
        (Amount(4, None), Amount(1, "unit"), Amount(5, "unit")),  # type: ignore[arg-type]
    ],
)
def test_merge(current: Amount, added: Amount, expected: Amount) -> None:
    assert merge(current, added) == expected


def test_merge_all_adds_in_order_and_refuses_nothing() -> None:
    assert merge_all([Amount(1, "kg"), Amount(500, "g"), Amount(500, "g")]) == Amount(2, "kg")
    assert merge_all([Amount(3, "g")]) == Amount(3, "g")
    with pytest.raises(ValueError):
        merge_all([])


def test_custom_item_defaults() -> None:
    """A custom item carries no unit of its own: quantity 1 of 'unit' (part 2 §9)."""
    assert amount(None, None) == Amount(1, DEFAULT_UNIT)
    assert DEFAULT_UNIT == "unit"


@pytest.mark.parametrize(
    ("stock", "used", "left"),
    [
        (Amount(3, "unit(s)"), Amount(1, "unit(s)"), Amount(2, "unit(s)")),
        (Amount(1, "kg"), Amount(250, "g"), Amount(0.75, "kg")),
        (Amount(1, "tbsp"), Amount(1, "tsp"), Amount(0.667, "tbsp")),
        (Amount(200, "g"), Amount(2, "tbsp"), Amount(198, "g")),  # incompatible: bare numbers
        (Amount(1, "unit(s)"), Amount(2, "unit(s)"), Amount(-1, "unit(s)")),
    ],
)
def test_subtract(stock: Amount, used: Amount, left: Amount) -> None:
    assert subtract(stock, used) == left


def test_units() -> None:
    assert len(UNITS) == 10
    assert set(STOCK_UNITS) == {*UNITS, "unit"}
    assert all(dimension(unit) for unit in STOCK_UNITS)
    assert dimension("pinch") is None
    assert not convertible("g", "ml")
    assert not convertible("rasher(s)", "unit(s)")
    assert convert(2, "tbsp", "tsp") == 6
    with pytest.raises(ValueError):
        convert(1, "g", "ml")
