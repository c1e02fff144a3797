"""Which catalogue ingredient a printed receipt line is: the shipped lexicon of shop words
(receipts/lexicon.py) and a fuzzy matcher over the catalogue names.

Pure: no database, no I/O past reading the lexicon once. The service hands it the catalogue's
ingredient options and the member's learned matches (consulted first, by the normalised printed
name).

Shops print names short, upper case, in their language, with weights, brands and shop words:
"BANANAS LOOSE", "CHKN BRST FLLT 500G", "Vollmilch 3,5% 1L", "LAIT DEMI-ECR. UHT". Both sides, the
printed name and every catalogue name, are read the same way (`read`):
- lower case; umlauts spelled out, other accents dropped; letters and digits parted where OCR ran
  them together ("MILK2L"); dotted abbreviations joined ("P.S." -> ps);
- words with digits (sizes, percentages, article numbers) and single letters (tax classes) left
  out;
- the lexicon's phrases first, longest first ("pommes de terre", "latte ps"), then its words: a
  `noise` word (units, brands, BIO, STK) is left out, a `none` word makes the line match nothing,
  a `word`/`name`/`product` is replaced by the English it means;
- a word the table lacks: noise run into it cut off ("BANANASLOOSE"), then read as a compound
  (German, Dutch): two words of the table ("Lachsfilet" -> salmon fillet), else its last part of
  5+ letters, which names the thing ("Speisekartoffeln" -> potato, "Vollkornbrötchen" is a roll,
  which the catalogue does not hold);
- plurals folded (bananas -> banana, cherries -> cherry, tomatoes -> tomato).

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

import re
from bisect import bisect_left
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from larder.catalogue.schemas import IngredientOptionOut
from larder.receipts.lexicon import PHRASE_MAX, fold, shipped, words_of

THRESHOLD = 0.7
KEY_MAX = 200  # a learned name's key is kept to this many characters
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
# Compounds: the shortest part read on its own, and the shortest last part that names the whole
# (shorter ones end other words too: "tamarind" is no beef).
COMPOUND_MIN = 8
LAST_PART_MIN = 5

# Words a catalogue name carries that a receipt often leaves out.
MINOR_WORDS = frozenset(
    {
        "fillet", "fruit", "clove", "pod", "stick", "leaf", "joint", "chunk", "sheet", "bag", "fresh",
        "whole", "biscuit", "baby",
    }
)  # fmt: skip

# The letters German and Dutch put between the parts of a compound (Schwein-e-filet, kip-pen-dij).
_JOINING = ("", "e", "s", "n", "en")
_NOT_WORD = re.compile(r"[^a-z0-9]+")
_BLOCKED = "\0"


def raw_words(text: str) -> list[str]:
    """The folded words of a name that may say what it is (lexicon.words_of)."""
    return words_of(fold(text))


def _singular(token: str) -> str:
    if len(token) <= 3 or token.endswith(("ss", "us", "is")):
        return token
    if token.endswith("ies"):
        return token[:-3] + "y"
    if token.endswith(("oes", "ches", "shes", "xes")):
        return token[:-2]
    if token.endswith("s"):
        return token[:-1]
    return token


@lru_cache(maxsize=1)
def _glued() -> tuple[frozenset[str], tuple[int, ...]]:
    """Noise words OCR often runs into a name ("BANANASLOOSE"), and their lengths, longest first."""
    glued = frozenset(word for word in shipped().noise if len(word) >= 4)
    return glued, tuple(sorted({len(word) for word in glued}, reverse=True))


def _unglued(word: str) -> str:
    """The word without a noise word run into either end of it."""
    glued, lengths = _glued()
    for length in lengths:
        if len(word) - length >= 3:
            if word[-length:] in glued:
                return _unglued(word[:-length])
            if word[:length] in glued:
                return _unglued(word[length:])
    return word


def _meaning(word: str, in_compound: bool = False) -> tuple[str, ...] | None:
    """What the table says one word means: English words, `_BLOCKED`, () for noise, or None.
    In a compound an English word is no part: "Watermelon" is no water, "Cornflour" no flour."""
    lexicon = shipped()
    key = (word,)
    if key in lexicon.meanings:
        means = lexicon.meanings[key]
        return None if in_compound and means == key else means
    if key in lexicon.none:
        return (_BLOCKED,)
    if word in lexicon.noise:
        return ()
    return None


@lru_cache(maxsize=8192)
def _word(word: str) -> tuple[str, ...]:
    """One printed word read through the table (see the module)."""
    found = _meaning(word)
    if found is not None:
        return found
    unglued = _unglued(word)
    if unglued != word:
        return _word(unglued)
    return _compound(word) or (word,)


def _compound(word: str) -> tuple[str, ...] | None:
    """A compound's meaning: of two words of the table ("Lachsfilet" -> salmon fillet), else of its
    last part, which names the thing ("Speisekartoffeln" -> potato)."""
    if len(word) < COMPOUND_MIN:
        return None
    for cut in range(3, len(word) - 2):
        head = _meaning(word[:cut], in_compound=True)
        if not head:
            continue
        for joint in _JOINING:
            if (
                word.startswith(joint, cut)
                and (tail := _meaning(word[cut + len(joint) :], in_compound=True)) is not None
            ):
                if _BLOCKED in tail or _BLOCKED in head:
                    return (_BLOCKED,)
                return head + tail
    for cut in range(3, len(word) - LAST_PART_MIN + 1):
        if tail := _meaning(word[cut:], in_compound=True):
            return tail
    return None


def _beginning_with(start: str, ordered: list[str]) -> list[str]:
    """The words of a sorted list that begin with `start`."""
    found = []
    for word in ordered[bisect_left(ordered, start) :]:
        if not word.startswith(start):
            break
        found.append(word)
    return found


@dataclass(frozen=True)
class Reading:
    """A name read: its words in English where the table knows them, in order, once each;
    whether it holds a word of a thing the catalogue does not hold; and the key it is learned
    under (the words with those of such things kept as printed: "Spülmittel Zitrone" is learned
    apart from "ZITRONE")."""

    words: tuple[str, ...]
    blocked: bool
    key: tuple[str, ...]


@lru_cache(maxsize=8192)
def read(text: str) -> Reading:
    lexicon = shipped()
    words = raw_words(text)
    # (the word as meant, or _BLOCKED; the printed words it stands for)
    meant: list[tuple[str, str]] = []
    at = 0
    while at < len(words):
        for size in range(min(PHRASE_MAX, len(words) - at), 1, -1):
            phrase = tuple(words[at : at + size])
            if phrase in lexicon.none:
                meant.append((_BLOCKED, " ".join(phrase)))
            elif phrase in lexicon.meanings:
                meant.extend((part, "") for part in lexicon.meanings[phrase])
            else:
                continue
            at += size
            break
        else:
            meant.extend((part, words[at]) for part in _word(words[at]))
            at += 1
    found: list[str] = []
    key: list[str] = []
    blocked = False
    for part, printed in meant:
        if part == _BLOCKED:
            blocked = True
            if printed not in key:
                key.append(printed)
            continue
        part = _singular(part)
        if part not in lexicon.noise and part not in found:
            found.append(part)
            key.append(part)
    return Reading(tuple(found), blocked, tuple(key))


def tokens(text: str) -> list[str]:
    """The words of a name that say what the food is, normalised (see the module)."""
    return list(read(text).words)


def normalise(text: str) -> str:
    """The key a printed name is learned under: its words as printed, folded (lower case, no
    accents), without numbers and sizes. Spellings of one thing by one shop ("BANANAS LOOSE",
    "Bananas loose 1.2kg") share it. It never goes through the lexicon, so a lexicon that grows
    or changes never moves what a household taught. A name with no such words keeps its own
    letters and digits, so a confirmed match of it is still learned."""
    words = [w for w in _NOT_WORD.split(fold(text)) if len(w) >= 2 and not any(c.isdigit() for c in w)]
    key = " ".join(words) or " ".join(w for w in _NOT_WORD.split(fold(text)) if w)
    return key[:KEY_MAX].rstrip()


def learned_keys(text: str) -> tuple[str, ...]:
    """The keys a confirmed match of a printed name is stored and looked up under, in that order:
    `normalise`'s, then the name's words as the lexicon reads them (the same for the spellings OCR
    makes of one name, but moved by a change of the lexicon; matches confirmed by earlier versions
    were stored under this one only)."""
    keys = [normalise(text), " ".join(read(text).key)[:KEY_MAX].rstrip()]
    return tuple(dict.fromkeys(key for key in keys if key))


@dataclass(frozen=True)
class _Candidate:
    option: IngredientOptionOut
    words: tuple[str, ...]
    weights: tuple[float, ...]


@lru_cache(maxsize=1)
def _lexicon_words() -> tuple[list[str], dict[str, tuple[str, ...]]]:
    """The table's single words with what they mean (`_BLOCKED` for none), for OCR slips; not
    the English ones that mean themselves ("SMOOTH" is no cut "smoothie")."""
    lexicon = shipped()
    meanings = {key[0]: means for key, means in lexicon.meanings.items() if len(key) == 1 and means != key}
    meanings.update({key[0]: (_BLOCKED,) for key in lexicon.none if len(key) == 1})
    return sorted(meanings), meanings


@lru_cache(maxsize=1)
def _english_words() -> frozenset[str]:
    """The words the table translates to: never read as a slip of another word."""
    return frozenset(_singular(word) for means in shipped().meanings.values() for word in means)


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
        self._products = frozenset(_singular(word) for word in shipped().products)

    def option(self, ingredient_id: int) -> IngredientOptionOut | None:
        return self._by_id.get(ingredient_id)

    def match(self, printed: str, learned: Mapping[str, int] | None = None) -> IngredientOptionOut | None:
        """The ingredient the printed name is: the member's learned match for its key first, else
        the best fuzzy match at or above THRESHOLD that no other ingredient ties."""
        for key in learned_keys(printed) if learned else ():
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
                if part == _BLOCKED:
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
        return tuple(_singular(part) if part != _BLOCKED else part for part in means)

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
