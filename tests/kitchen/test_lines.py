"""Ingredient lines of imported recipes read into quantity, unit and name (kitchen/lines.py)."""

from __future__ import annotations

import pytest

from larder.kitchen.lines import name_forms, parse_line
from larder.kitchen.units import STOCK_UNITS


@pytest.mark.parametrize(
    ("text", "quantity", "unit", "name"),
    [
        ("500 g chicken breast", 500, "g", "chicken breast"),
        ("500g chicken breast", 500, "g", "chicken breast"),
        ("1.5 kg Flour", 1.5, "kg", "Flour"),
        ("1,5 l milk", 1.5, "l", "milk"),
        ("1 ½ cups plain flour, sifted", 1.5, "cup(s)", "plain flour"),
        ("1 1/2 cups sugar", 1.5, "cup(s)", "sugar"),
        ("¼ cup milk", 0.25, "cup(s)", "milk"),
        ("1/2 tsp salt", 0.5, "tsp", "salt"),
        ("2 Tbsp. olive oil", 2, "tbsp", "olive oil"),
        ("1 T sugar", 1, "tbsp", "sugar"),
        ("1 t salt", 1, "tsp", "salt"),
        ("3 tablespoons butter, melted", 3, "tbsp", "butter"),
        ("3 rashers of bacon", 3, "rasher(s)", "bacon"),
        ("2 large eggs", 2, "unit(s)", "eggs"),
        ("2-3 carrots", 2, "unit(s)", "carrots"),
        ("2 to 3 carrots", 2, "unit(s)", "carrots"),
        ("8 oz cream cheese, softened", 226.8, "g", "cream cheese"),
        ("1 lb beef mince", 453.59, "g", "beef mince"),
        ("4 fl oz cream", 118.28, "ml", "cream"),
        ("2 cups (250 g) flour", 2, "cup(s)", "flour"),
        ("Sauce: 2 tbsp soy sauce", 2, "tbsp", "soy sauce"),
        ("Topping: ½ cup grated Parmesan", 0.5, "cup(s)", "Parmesan"),
        ("salt to taste", None, "unit(s)", "salt"),
        ("oil for frying", None, "unit(s)", "oil"),
        ("Freshly ground black pepper", None, "unit(s)", "black pepper"),
        ("0 g nothing", None, "g", "nothing"),
    ],
)
def test_a_line_gives_its_quantity_unit_and_name(text, quantity, unit, name):
    line = parse_line(text)
    assert (line.quantity, line.unit, line.name) == (quantity, unit, name)
    assert line.unit in STOCK_UNITS
    assert line.text == text


def test_spaces_are_tidied_and_the_text_is_kept():
    assert parse_line("  2   cups\tmilk ").text == "2 cups milk"


@pytest.mark.parametrize(
    ("name", "forms"),
    [
        ("egg", ["egg", "eggs"]),
        ("Eggs", ["eggs", "egg"]),
        ("tomatoes", ["tomatoes", "tomato", "tomatoe"]),
        ("berries", ["berries", "berry", "berrie"]),
        ("berry", ["berry", "berrys", "berries"]),
        ("potato", ["potato", "potatos", "potatoes"]),
        ("peaches", ["peaches", "peach", "peache"]),
        ("glass", ["glass", "glasss", "glasses"]),
        ("", []),
    ],
)
def test_names_are_tried_singular_and_plural(name, forms):
    assert name_forms(name) == forms
