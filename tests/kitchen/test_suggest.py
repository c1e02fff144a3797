"""Recipes ranked by the stock held and what of it expires first (kitchen/suggest.py)."""

from __future__ import annotations

import random

import pytest

from larder.kitchen.ranking import RecipeIndex, suggest
from larder.kitchen.staples import is_staple
from larder.kitchen.suggest import Held, Line, prepare, suggest_one

FLOUR, SPINACH, CREAM, SALT, EGG, RICE, ONION = 1, 2, 3, 4, 5, 6, 7


def names(found: list[Line]) -> list[str]:
    return [line.name for line in found]


def lines(*items: tuple[int | None, str, float | None, str | None]) -> list[Line]:
    return [Line(*item) for item in items]


def test_quantities_are_compared_after_conversion():
    stock = {FLOUR: [Held(1, "kg", 30)]}
    enough = suggest_one("a", "Bread", lines((FLOUR, "Flour", 500, "g")), stock)
    too_little = suggest_one("b", "Big bread", lines((FLOUR, "Flour", 2, "kg")), stock)
    assert (enough.at_home, enough.counted, names(enough.missing)) == (1, 1, [])
    assert (too_little.at_home, names(too_little.missing)) == (0, ["Flour"])


def test_staples_do_not_count_against_a_recipe_and_unknown_lines_are_missing():
    stock = {SPINACH: [Held(200, "g", 10)]}
    found = suggest_one(
        "a",
        "Spinach soup",
        lines((SPINACH, "Spinach", 200, "g"), (SALT, "Salt", None, None), (None, "Lovage", 1, "unit(s)")),
        stock,
    )
    # salt is a staple: 2 lines counted, the lovage the catalogue does not know is missing
    assert (found.at_home, found.counted, names(found.missing)) == (1, 2, ["Lovage"])


def test_what_expires_first_lifts_a_recipe_above_one_that_covers_more():
    stock = {
        SPINACH: [Held(300, "g", 1)],  # expires tomorrow
        CREAM: [Held(300, "ml", 2)],
        **{n: [Held(10, "unit(s)", 60)] for n in range(100, 110)},
    }
    with_spinach = lines(
        (SPINACH, "Spinach", 200, "g"),
        *[(n, f"Thing {n}", 1, "unit(s)") for n in range(100, 107)],
        (None, "Rare", 1, None),
        (None, "Rarer", 1, None),
    )
    without = lines(*[(n, f"Thing {n}", 1, "unit(s)") for n in range(100, 109)], (None, "Rare", 1, None))
    ranked = suggest([("plain", "Plain stew", without), ("spinach", "Spinach pie", with_spinach)], stock)
    assert [s.key for s in ranked] == ["spinach", "plain"]
    assert (ranked[0].at_home, ranked[0].counted) == (8, 10)
    assert ranked[0].uses == [("Spinach", 1)]
    assert (ranked[1].at_home, ranked[1].counted, ranked[1].uses) == (9, 10, [])


def test_sooner_is_more_urgent_and_expired_stock_is_not_used():
    recipe = lines((CREAM, "Cream", 100, "ml"))
    today = suggest_one("a", "A", recipe, {CREAM: [Held(200, "ml", 0)]})
    in_three = suggest_one("b", "B", recipe, {CREAM: [Held(200, "ml", 3)]})
    expired = suggest_one("c", "C", recipe, {CREAM: [Held(200, "ml", -1)]})
    assert today.score > in_three.score > 1.0
    assert (expired.at_home, expired.missing, expired.uses) == (0, [Line(CREAM, "Cream", 100, "ml")], [])


def test_ties_go_to_more_at_home_then_fewer_missing_then_the_name():
    stock = {EGG: [Held(6, "unit(s)", 20)], RICE: [Held(1, "kg", 200)], ONION: [Held(3, "unit(s)", 20)]}
    two_of_two = lines((EGG, "Egg", 2, "unit(s)"), (RICE, "Rice", 200, "g"))
    one_of_one = lines((EGG, "Egg", 2, "unit(s)"))
    also_two = lines((ONION, "Onion", 1, "unit(s)"), (RICE, "Rice", 100, "g"))
    ranked = suggest([("b", "Omelette", one_of_one), ("c", "Pilaf", also_two), ("a", "Fried rice", two_of_two)], stock)
    assert [s.name for s in ranked] == ["Fried rice", "Pilaf", "Omelette"]


def test_recipes_with_nothing_at_home_are_left_out_and_a_limit_keeps_the_best():
    stock = {EGG: [Held(6, "unit(s)", 20)]}
    recipes = [("a", "Omelette", lines((EGG, "Egg", 2, "unit(s)"))), ("b", "Risotto", lines((RICE, "Rice", 300, "g")))]
    assert [s.name for s in suggest(recipes, stock)] == ["Omelette"]
    assert suggest(recipes, stock, limit=0) == []


@pytest.mark.parametrize(
    ("name", "staple"),
    [
        ("Salt", True),
        ("salt and freshly ground black pepper", True),
        ("Sea salt flakes", True),
        ("Extra virgin olive oil", True),
        ("vegetable oil, for frying", True),
        ("cold water", True),
        ("Ice cubes", True),
        ("Sesame oil", False),
        ("Coconut oil", False),
        ("Cayenne pepper", False),
        ("Red pepper", False),
        ("Sparkling water", False),
        ("Coconut water", False),
        ("Celery salt", False),
        ("Olives", False),
        ("Spinach", False),
        ("", False),
    ],
)
def test_pantry_staples_by_name(name: str, staple: bool):
    assert is_staple(name) is staple


def test_the_index_ranks_as_each_recipe_is_scored_alone():
    rng = random.Random(7)
    units = [None, "g", "kg", "ml", "l", "unit(s)", "cup"]
    recipes = [
        (
            n,
            f"Recipe {n % 17}",
            lines(
                *[
                    (
                        rng.choice([None, *range(1, 30)]),
                        f"Thing {k}",
                        rng.choice([None, 1, 2, 250, 500]),
                        rng.choice(units),
                    )
                    for k in range(rng.randint(1, 12))
                ]
            ),
        )
        for n in range(400)
    ]
    stock = {
        i: [Held(rng.choice([1, 2, 300, 1000]), rng.choice(["g", "kg", "ml", "unit(s)"]), rng.randint(-2, 9))]
        for i in range(1, 30, 2)
    }
    alone = sorted(
        (s for s in (suggest_one(key, name, found, stock) for key, name, found in recipes) if s.at_home),
        key=lambda s: (-s.score, -s.at_home, len(s.missing), s.name.casefold(), s.key),
    )
    ranked = RecipeIndex([prepare(*recipe) for recipe in recipes]).rank(stock)
    assert [(s.key, s.score) for s in ranked] == [(s.key, s.score) for s in alone]
    urgent = RecipeIndex([prepare(*recipe) for recipe in recipes]).rank(
        stock, use_up=True, only={1, 2, 3, 5, 8, 13, 21, 34}
    )
    assert [s.key for s in urgent] == [s.key for s in alone if s.uses and s.key in {1, 2, 3, 5, 8, 13, 21, 34}]
