"""An ingredient line as a recipe page writes it ("1 ½ cups plain flour, sifted"), read into a
quantity, one of the kitchen's units and the ingredient's name.

Imported recipes keep their ingredients as such text lines (part 1 §3). Reading them is a best
effort: what has no number keeps no quantity ("salt to taste"), what has no known unit is counted
in `unit(s)`, and the name is what is left once sizes, preparation words, parentheses and what
follows a comma are taken off. Ounces and pounds, which the kitchen's units do not have, are
converted to grams; fluid ounces to millilitres.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from larder.kitchen.merge import tidy
from larder.kitchen.units import UNIT

# Written unit → (kitchen unit, factor into it). Matched case-insensitively, except where a
# capital letter is the difference (T is a tablespoon, t a teaspoon, in older American recipes).
_UNIT_WORDS: Final[dict[str, tuple[str, float]]] = {
    **dict.fromkeys(("g", "gr", "gram", "grams", "gramme", "grammes"), ("g", 1.0)),
    **dict.fromkeys(("kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"), ("kg", 1.0)),
    **dict.fromkeys(("mg", "milligram", "milligrams"), ("mg", 1.0)),
    **dict.fromkeys(("ml", "millilitre", "millilitres", "milliliter", "milliliters"), ("ml", 1.0)),
    **dict.fromkeys(("l", "litre", "litres", "liter", "liters"), ("l", 1.0)),
    **dict.fromkeys(("cup", "cups", "c"), ("cup(s)", 1.0)),
    **dict.fromkeys(("tsp", "tsps", "teaspoon", "teaspoons"), ("tsp", 1.0)),
    **dict.fromkeys(("tbsp", "tbsps", "tbs", "tbl", "tablespoon", "tablespoons"), ("tbsp", 1.0)),
    **dict.fromkeys(("rasher", "rashers"), ("rasher(s)", 1.0)),
    **dict.fromkeys(("oz", "ounce", "ounces"), ("g", 28.35)),
    **dict.fromkeys(("lb", "lbs", "pound", "pounds"), ("g", 453.59)),
    **dict.fromkeys(("fl oz", "fl. oz", "fluid ounce", "fluid ounces"), ("ml", 29.57)),
}
_CASED_UNITS: Final[dict[str, tuple[str, float]]] = {"T": ("tbsp", 1.0), "t": ("tsp", 1.0)}

_FRACTIONS: Final = {
    "½": "1/2",
    "⅓": "1/3",
    "⅔": "2/3",
    "¼": "1/4",
    "¾": "3/4",
    "⅕": "1/5",
    "⅖": "2/5",
    "⅗": "3/5",
    "⅘": "4/5",
    "⅙": "1/6",
    "⅚": "5/6",
    "⅛": "1/8",
    "⅜": "3/8",
    "⅝": "5/8",
    "⅞": "7/8",
}
_NUMBER = r"\d+(?:[.,]\d+)?"
# "1 1/2", "1/2", "1.5", "1,5", "3"; then an optional range's other end ("2-3", "2 to 3"), ignored.
_QUANTITY: Final = re.compile(
    rf"^(?P<whole>{_NUMBER})(?:\s+(?P<num>\d+)\s*/\s*(?P<den>\d+)|\s*/\s*(?P<den_only>\d+))?"
    rf"(?:\s*(?:-|\u2013|to)\s*{_NUMBER}(?:\s*/\s*\d+)?)?\s*"
)
_UNIT_AT_START: Final = re.compile(
    r"^(?P<unit>fl\.?\s*oz|fluid ounces?|[A-Za-z]+)\.?(?=[\s(,]|$)\s*(?:of\s+)?",
)
# Words that describe the ingredient rather than name it: sizes, freshness and the spec's
# preparation words (part 2 §3 'Preparation words') with their common companions.
_DESCRIPTORS: Final = frozenset(
    (
        *("small", "medium", "large", "big", "extra-large", "jumbo", "fresh", "freshly", "dried", "ripe"),
        *("raw", "frozen", "whole", "crushed", "powdered", "muddled", "diced", "peeled", "sliced", "cooked"),
        *("melted", "boiled", "grated", "chopped", "finely", "roughly", "coarsely", "minced", "softened"),
        *("beaten", "ground", "thinly", "thickly", "shredded", "skinless", "boneless", "halved", "quartered"),
        "trimmed",
    )
)
# What a line may say after the name: "salt to taste", "oil for frying", "parsley, to serve".
_AFTER_NAME: Final = re.compile(r"\s+(?:to taste|as needed|as required|for\s+\w+|to serve|optional)\b.*$", re.I)
_PARENTHESES: Final = re.compile(r"\([^)]*\)|\[[^\]]*\]")
_SPACES: Final = re.compile(r"\s+")
_WORD: Final = re.compile(r"[^\W_]+(?:['\u2019-][^\W_]+)*")


@dataclass(frozen=True)
class IngredientLine:
    """What a line says: `quantity` in `unit` (None when the line gives no number) of `name`.

    `name` is empty when nothing but an amount was written."""

    text: str
    quantity: float | None
    unit: str
    name: str


def _group_removed(text: str) -> str:
    """Imports keep an ingredient group as a prefix ("Sauce: 2 tbsp soy sauce"): the group goes."""
    head, colon, rest = text.partition(":")
    if colon and rest.strip() and not any(ch.isdigit() for ch in head):
        return rest.strip()
    return text


def _number(text: str) -> float:
    return float(text.replace(",", "."))


def _quantity(text: str) -> tuple[float | None, str]:
    """The amount a line starts with and the rest of it (None and the whole text without one)."""
    found = _QUANTITY.match(text)
    if found is None:
        return None, text
    whole = _number(found["whole"])
    if found["den_only"]:
        denominator = int(found["den_only"])
        whole = whole / denominator if denominator else whole
    elif found["num"] and int(found["den"]):
        whole += int(found["num"]) / int(found["den"])
    return tidy(whole), text[found.end() :]


def _unit(text: str) -> tuple[str, float, str]:
    found = _UNIT_AT_START.match(text)
    if found is not None:
        word = found["unit"]
        known = _CASED_UNITS.get(word) or _UNIT_WORDS.get(_SPACES.sub(" ", word.lower().replace(".", "")))
        if known is not None:
            return known[0], known[1], text[found.end() :]
    return UNIT, 1.0, text


def ingredient_name(text: str) -> str:
    """The name an ingredient goes by in `text` (what follows the amount): without parentheses, what
    follows a comma, leading descriptive words and a leading 'of'."""
    name = _AFTER_NAME.sub("", _PARENTHESES.sub(" ", text).split(",")[0].split(";")[0])
    words = _WORD.findall(name)
    while words and (words[0].lower() in _DESCRIPTORS or words[0].lower() in ("of", "and")):
        words.pop(0)
    return " ".join(words)


def parse_line(text: str) -> IngredientLine:
    """Quantity, unit and name of one ingredient line."""
    line = _SPACES.sub(" ", text).strip()
    rest = _group_removed(line)
    for glyph, fraction in _FRACTIONS.items():
        rest = rest.replace(glyph, f" {fraction}")
    rest = rest.strip()
    quantity, rest = _quantity(rest)
    unit, factor = UNIT, 1.0
    if quantity is not None:
        unit, factor, rest = _unit(rest)
        quantity = tidy(quantity * factor) or None  # "0 g" is no amount
    return IngredientLine(text=line, quantity=quantity, unit=unit, name=ingredient_name(rest))


def name_forms(name: str) -> list[str]:
    """The lower-case forms a name may take in the catalogue, singular and plural ('tomatoes':
    'tomatoes', 'tomatoe', 'tomato'; 'berry': 'berry', 'berrys', 'berries')."""
    base = name.strip().lower()
    if not base:
        return []
    forms = [base]
    if base.endswith("ies") and len(base) > 4:
        forms.append(base[:-3] + "y")
    if base.endswith("oes") or base.endswith(("ches", "shes", "sses", "xes")):
        forms.append(base[:-2])
    if base.endswith("s") and not base.endswith("ss"):
        forms.append(base[:-1])
    else:
        forms.append(base + "s")
        if base.endswith("y") and len(base) > 2 and base[-2] not in "aeiou":
            forms.append(base[:-1] + "ies")
        if base.endswith(("o", "ch", "sh", "x", "ss")):
            forms.append(base + "es")
    return list(dict.fromkeys(forms))


__all__ = ["IngredientLine", "ingredient_name", "name_forms", "parse_line"]
