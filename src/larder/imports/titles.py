"""A recipe's title without the word "recipe" a site adds to every one: "Arretjescake \u2013
Recept" is "Arretjescake". The site's own name stays: pages give it as part of the recipe's name
("… - Culy") as often as not, and a cook can rename what they keep."""

from __future__ import annotations

import re

# The word "recipe" after a dash, a bar or a colon, in our users' languages.
_RECIPE_SUFFIX = re.compile(
    r"\s+[-\u2013\u2014|:]\s*(?:recipe|recept|rezept|recette|receta|ricetta|przepis|recepto|receita)\s*$",
    re.IGNORECASE,
)


def recipe_title(name: str) -> str:
    return _RECIPE_SUFFIX.sub("", name).strip() or name
