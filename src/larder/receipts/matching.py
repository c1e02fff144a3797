"""Which catalogue ingredient a printed receipt line is: the shipped lexicon of shop words
(receipts/lexicon.py) and a fuzzy matcher over the catalogue names.

Pure: no database, no I/O past reading the lexicon once. The service hands it the catalogue's
ingredient options and the member's learned matches (consulted first, by the normalised printed
name).

Both sides, the printed name and every catalogue name, are read into English words the same way
(receipts/names.py: the lexicon's phrases and words, compounds, plurals).

Scoring (0..1): how much of the catalogue name the printed name covers (0.6) and how much of the
printed name the catalogue name explains (0.4). A printed word that is a catalogue word is only
that word ("BUTTER" is not Buttermilk); any other compares as a truncation (4+ letters that begin
a catalogue word: "STRAWB", "MOZZ"), from 5 letters within an edit or two (rapidfuzz's
Levenshtein distance: OCR slips, "BANANS"; "PASTA" is never Passata, "TIME" no Lime), as two
catalogue words run together ("REDONIONS"), or, where it is like no catalogue word, as a word of
the lexicon it begins or is an edit from ("Frischk." -> Frischkäse, "APPELSAFT" -> Apfelsaft).
Generic words of catalogue names (fillet, fruit, clove...) weigh less, so "KIWI" is Kiwi fruit.
A printed product word (juice, sauce, cake...) admits only ingredients whose name holds it, and a
name of product words alone only ingredients it names whole ("JAM" is no Strawberry jam).
Below `THRESHOLD`, or when two different ingredients score the same (a bare "BUTTER" against
Salted, Unsalted, Vegan butter...), there is no match: the web app says 'No Matches Found.' and
the member picks one, which is learned for next time.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from larder.catalogue.schemas import IngredientOptionOut
from larder.receipts.lexicon import shipped
from larder.receipts.names import (
    BLOCKED,
    KEY_MAX,
    Reading,
    learned_keys,
    normalise,
    raw_words,
    read,
    singular,
    tokens,
)

THRESHOLD = 0.7
# Two different ingredients closer than this are a tie: no guess.
TIE = 0.02
# Share of the score for covering the catalogue name, the rest for explaining the printed one.
CATALOGUE_SHARE = 0.6
TRUNCATION_SIMILARITY = 0.9
# OCR slips: a word of 5+ letters that is no catalogue word, one edit away from one (two from 8
# letters on), is that word at this similarity per edit less. "PASTA" is never "Passata", and a
# word of four letters is too easily another ("TIME" is no lime, "LOVE" no clove).
EDIT_FROM = 5
EDIT_PENALTY = 0.1
MINOR_WEIGHT = 0.3
# A word like no catalogue word is read as a lexicon word it begins (from this many letters) or
# is an edit from (one from LEXICON_EDIT_FROM letters, two from twice that).
LEXICON_PREFIX_FROM = 5
LEXICON_EDIT_FROM = 7

# Words a catalogue name carries that a receipt often leaves out.
MINOR_WORDS = frozenset(
    {
        "fillet", "fruit", "clove", "pod", "stick", "leaf", "joint", "chunk", "sheet", "bag", "fresh",
        "whole", "biscuit", "baby",
    }
)  # fmt: skip


def _beginning_with(start: str, ordered: list[str]) -> list[str]:
    """The words of a sorted list that begin with `start`."""
    found = []
    for word in ordered[bisect_left(ordered, start) :]:
        if not word.startswith(start):
            break
        found.append(word)
    return found


@dataclass(frozen=True)
class _Candidate:
    option: IngredientOptionOut
    words: tuple[str, ...]
    weights: tuple[float, ...]


@lru_cache(maxsize=1)
def _lexicon_words() -> tuple[list[str], dict[str, tuple[str, ...]]]:
    """The table's single words with what they mean (`BLOCKED` for none), for OCR slips; not
    the English ones that mean themselves ("SMOOTH" is no cut "smoothie")."""
    lexicon = shipped()
    meanings = {key[0]: means for key, means in lexicon.meanings.items() if len(key) == 1 and means != key}
    meanings.update({key[0]: (BLOCKED,) for key in lexicon.none if len(key) == 1})
    return sorted(meanings), meanings


@lru_cache(maxsize=1)
def _english_words() -> frozenset[str]:
    """The words the table translates to: never read as a slip of another word."""
    return frozenset(singular(word) for means in shipped().meanings.values() for word in means)


class Matcher:
    """The catalogue's ingredients, prepared once for matching many printed names."""

    def __init__(self, options: Iterable[IngredientOptionOut]) -> None:
        self._candidates: list[_Candidate] = []
        self._by_word: dict[str, list[int]] = {}
        self._by_id: dict[int, IngredientOptionOut] = {}
        for option in options:
            self._by_id[option.value] = option
            words = read(option.name).words
            if not words:
                continue
            index = len(self._candidates)
            weights = tuple(MINOR_WEIGHT if w in MINOR_WORDS and len(words) > 1 else 1.0 for w in words)
            self._candidates.append(_Candidate(option, words, weights))
            for word in words:
                self._by_word.setdefault(word, []).append(index)
        self._vocabulary = sorted(self._by_word)
        self._products = frozenset(singular(word) for word in shipped().products)

    def option(self, ingredient_id: int) -> IngredientOptionOut | None:
        return self._by_id.get(ingredient_id)

    def match(self, printed: str, learned: Mapping[str, int] | None = None) -> IngredientOptionOut | None:
        """The ingredient the printed name is: the member's learned match for its key first, else
        the best fuzzy match at or above THRESHOLD that no other ingredient ties."""
        if learned:
            for key in learned_keys(printed):
                known = learned.get(key)
                if known is not None and known in self._by_id:
                    return self._by_id[known]
        ranked = self.ranked(printed)
        if not ranked or ranked[0][1] < THRESHOLD:
            return None
        if len(ranked) > 1 and ranked[0][1] - ranked[1][1] < TIE:
            return None
        return ranked[0][0]

    def ranked(self, printed: str, limit: int = 5) -> list[tuple[IngredientOptionOut, float]]:
        """The best-scoring ingredients for a printed name, best first (for matching and tests);
        none for a name of a thing the catalogue does not hold."""
        reading = read(printed)
        if reading.blocked:
            return []
        words: list[str] = []
        for word in reading.words:
            for part in self._parts(word):
                if part == BLOCKED:
                    return []
                if part not in words:
                    words.append(part)
        if not words:
            return []
        products = [word for word in words if word in self._products]
        # A name of product words alone ("JAM", "Marmelade") says no more than the kind: it is no
        # ingredient whose name says more (Strawberry jam), only one it names whole (Water).
        only_products = len(products) == len(words)
        similar = [self._similar(word) for word in words]
        reached = {index for sims in similar for match in sims for index in self._by_word[match]}
        scored: list[tuple[IngredientOptionOut, float]] = []
        for index in reached:
            candidate = self._candidates[index]
            if not all(any(w == p or w.endswith(p) for w in candidate.words) for p in products):
                continue
            best_for_catalogue = [max(sims.get(w, 0.0) for sims in similar) for w in candidate.words]
            if only_products and any(
                b == 0.0 and w == 1.0 for b, w in zip(best_for_catalogue, candidate.weights, strict=True)
            ):
                continue
            covered = sum(b * w for b, w in zip(best_for_catalogue, candidate.weights, strict=True))
            catalogue_cover = covered / sum(candidate.weights)
            printed_cover = sum(max(sims.get(w, 0.0) for w in candidate.words) for sims in similar) / len(words)
            score = CATALOGUE_SHARE * catalogue_cover + (1 - CATALOGUE_SHARE) * printed_cover
            scored.append((candidate.option, round(score, 4)))
        scored.sort(key=lambda item: (-item[1], len(item[0].name), item[0].name))
        return scored[:limit]

    def _parts(self, word: str) -> tuple[str, ...]:
        """A word that is no catalogue word: two run together ("REDONIONS", "CHKNBRST"), else the
        lexicon word it is a slip or a truncation of ("APPELSAFT", "FRISCHK"), else itself."""
        if word in self._by_word or word in _english_words():
            return (word,)
        if len(word) >= 6:
            for cut in range(3, len(word) - 2):
                parts = tokens(word[:cut]) + tokens(word[cut:])
                if len(parts) >= 2 and all(part in self._by_word for part in parts):
                    return tuple(parts)
        if len(word) < LEXICON_PREFIX_FROM or self._similar(word):
            return (word,)
        return self._lexicon_slip(word) or (word,)

    def _lexicon_slip(self, word: str) -> tuple[str, ...] | None:
        keys, meanings = _lexicon_words()
        found: set[tuple[str, ...]] = set()
        if len(word) >= LEXICON_PREFIX_FROM:
            found.update(meanings[key] for key in _beginning_with(word, keys))
        if not found and len(word) >= LEXICON_EDIT_FROM:
            edits = 1 if len(word) < 2 * LEXICON_EDIT_FROM else 2
            for key, _, _ in process.extract(word, keys, scorer=Levenshtein.distance, score_cutoff=edits, limit=None):
                found.add(meanings[key])
        # Only where every word it may be says the same: "FRISCHK" is Frischkäse, whichever spelling.
        if len(found) != 1:
            return None
        (means,) = found
        return tuple(singular(part) if part != BLOCKED else part for part in means)

    def _similar(self, word: str) -> dict[str, float]:
        """Catalogue words like a printed one, with their similarity (0..1)."""
        if word in self._by_word:
            return {word: 1.0}
        found: dict[str, float] = {}
        if len(word) < 4:
            return found
        for other in _beginning_with(word, self._vocabulary):
            found[other] = TRUNCATION_SIMILARITY
        if len(word) < EDIT_FROM:
            return found
        edits = 1 if len(word) < 8 else 2
        for other, distance, _ in process.extract(
            word, self._vocabulary, scorer=Levenshtein.distance, score_cutoff=edits, limit=None
        ):
            if len(other) >= 4:
                found[other] = max(found.get(other, 0.0), 1.0 - EDIT_PENALTY * distance)
        return found


__all__ = ["KEY_MAX", "THRESHOLD", "Matcher", "Reading", "learned_keys", "normalise", "raw_words", "read", "tokens"]
