"""Pantry staples: what every kitchen is taken to have, so a recipe is never "missing" it.

Salt, pepper, cooking oil and water, as recipes and pages write them: "Salt", "salt and freshly
ground black pepper", "extra virgin olive oil", "2 tbsp vegetable oil, for frying", "cold water".
A name is a staple when, its words of manner and measure set aside, only staple words are left.
Oils and peppers that flavour a dish (sesame oil, coconut oil, cayenne pepper, red pepper) and
waters that are a drink (coconut water, sparkling water) are not.
"""

from __future__ import annotations

import re
from functools import lru_cache

STAPLE_WORDS = frozenset({"salt", "pepper", "peppercorns", "oil", "water", "ice", "spray"})
# Words that say which salt, oil or water, or how much and how: they neither make nor unmake a staple.
_MANNER = (
    "and or & to taste freshly fresh ground cracked kosher sea fine coarse table flaky flakes black "
    "white cold warm hot boiling lukewarm tap cooking frying extra virgin light mild olive vegetable "
    "sunflower rapeseed canola groundnut neutral cubes for the pan of a pinch some as needed plus "
    "more if drizzling greasing brushing seasoning serving deep shallow spray"
)
MANNER_WORDS = frozenset(_MANNER.split())
_WORD = re.compile(r"[^\W\d_]+|&")


# A catalogue's 100,000 lines name a few hundred ingredients: each name is read once.
@lru_cache(maxsize=4096)
def is_staple(name: str) -> bool:
    words = _WORD.findall(name.casefold())
    staple = [word for word in words if word not in MANNER_WORDS or word in STAPLE_WORDS]
    return bool(staple) and all(word in STAPLE_WORDS for word in staple)


__all__ = ["is_staple"]
