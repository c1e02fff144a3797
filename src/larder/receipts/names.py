"""Reading a name, printed on a receipt or of a catalogue ingredient, into the words that say what
the food is (receipts/lexicon.py holds the shop words). Both sides are read the same way (`read`):
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

`normalise` and `learned_keys` give the keys a member's confirmed match is learned under.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from larder.receipts.lexicon import PHRASE_MAX, fold, shipped, words_of

KEY_MAX = 200  # a learned name's key is kept to this many characters
# Compounds: the shortest part read on its own, and the shortest last part that names the whole
# (shorter ones end other words too: "tamarind" is no beef).
COMPOUND_MIN = 8
LAST_PART_MIN = 5

# The letters German and Dutch put between the parts of a compound (Schwein-e-filet, kip-pen-dij).
_JOINING = ("", "e", "s", "n", "en")
_NOT_WORD = re.compile(r"[^a-z0-9]+")
BLOCKED = "\0"


def raw_words(text: str) -> list[str]:
    """The folded words of a name that may say what it is (lexicon.words_of)."""
    return words_of(fold(text))


def singular(token: str) -> str:
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
    """What the table says one word means: English words, `BLOCKED`, () for noise, or None.
    In a compound an English word is no part: "Watermelon" is no water, "Cornflour" no flour."""
    lexicon = shipped()
    key = (word,)
    if key in lexicon.meanings:
        means = lexicon.meanings[key]
        return None if in_compound and means == key else means
    if key in lexicon.none:
        return (BLOCKED,)
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
                if BLOCKED in tail or BLOCKED in head:
                    return (BLOCKED,)
                return head + tail
    for cut in range(3, len(word) - LAST_PART_MIN + 1):
        if tail := _meaning(word[cut:], in_compound=True):
            return tail
    return None


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
    # (the word as meant, or BLOCKED; the printed words it stands for)
    meant: list[tuple[str, str]] = []
    at = 0
    while at < len(words):
        for size in range(min(PHRASE_MAX, len(words) - at), 1, -1):
            phrase = tuple(words[at : at + size])
            if phrase in lexicon.none:
                meant.append((BLOCKED, " ".join(phrase)))
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
        if part == BLOCKED:
            blocked = True
            if printed not in key:
                key.append(printed)
            continue
        part = singular(part)
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
