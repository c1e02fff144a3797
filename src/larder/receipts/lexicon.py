"""The receipt lexicon: what the words shops print mean, read from the reviewed table shipped as
data (larder/data/receipts/lexicon.tsv; its README says how it was built and how to extend it).

Each row is `kind <TAB> printed <TAB> means <TAB> language`. `printed` is one word or a phrase of
words as a receipt prints them (accents, umlauts and case as in the language: both the spelled-out
"Moehren" and the dots OCR loses, "Mohren", are added here); `means` depends on the kind:
- `name`: a catalogue ingredient's exact name ("pommes de terre" -> Potato);
- `word`: English words of catalogue names ("rot" -> red, "filet" -> fillet);
- `product`: an English word saying what kind of product a line is (juice, sauce, cake...):
  only an ingredient whose name holds that word can be the line ("Tomatensaft" is no Tomato);
- `none`: a thing the catalogue holds no ingredient for, or no food at all; a line holding it
  matches nothing ("Ostereier" are no eggs, "Spülmittel Zitrone" is no lemon);
- `noise`: a word that says nothing about which food (units, chains and own brands, farming and
  offer words, the little words of phrases): left out.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from larder.core.base.paths import seed_data_dir

KINDS = ("name", "word", "product", "none", "noise")
# The longest phrase the table may hold, in words.
PHRASE_MAX = 5

_GERMAN_LETTERS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_PLAIN_VOWELS = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss"})
_NOT_WORD = re.compile(r"[^a-z0-9]+")
_LETTER_DIGIT = re.compile(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])")
# "S/SKIM", "S/S MILK": the slash would leave a lone letter.
_SEMI_SKIMMED = re.compile(r"\bs\s*/\s*s(?:kim\w*)?\b")
# "P.S.", "O.C.": letters of one abbreviation, each with its dot.
_DOTTED = re.compile(r"\b([a-z])\.([a-z])\b\.?")


def fold(text: str) -> str:
    """Lower case, umlauts spelled out (ä -> ae), other accents dropped (crème -> creme)."""
    return _strip_accents(text.casefold().translate(_GERMAN_LETTERS))


def words_of(folded: str) -> list[str]:
    """The words of folded text that may say what a thing is: letters and digits parted where OCR
    ran them together ("milk2l"), dotted abbreviations joined ("p.s." -> ps), and no words with
    digits (sizes, percentages, article numbers) or of one letter (tax classes, "d'olive")."""
    text = _DOTTED.sub(r"\1\2", _SEMI_SKIMMED.sub("semi skimmed", folded))
    return [word for word in _NOT_WORD.split(_LETTER_DIGIT.sub(" ", text)) if len(word) >= 2 and word.isalpha()]


def _strip_accents(text: str) -> str:
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def spellings(printed: str) -> set[tuple[str, ...]]:
    """The word sequences a printed entry is met as: umlauts spelled out and without their dots."""
    lower = printed.casefold()
    texts = [fold(printed)]
    if any(letter in lower for letter in "äöüß"):
        texts.append(_strip_accents(lower.translate(_PLAIN_VOWELS)))
    return {words for text in texts if (words := tuple(words_of(text)))}


@dataclass(frozen=True)
class Entry:
    kind: str
    printed: str
    means: str
    language: str
    line: int


@dataclass
class Lexicon:
    """The table ready for look-ups: every key is a tuple of folded words."""

    meanings: dict[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict)
    none: set[tuple[str, ...]] = field(default_factory=set)
    noise: set[str] = field(default_factory=set)
    products: set[str] = field(default_factory=set)
    entries: list[Entry] = field(default_factory=list)

    def knows(self, key: tuple[str, ...]) -> bool:
        return key in self.meanings or key in self.none or (len(key) == 1 and key[0] in self.noise)

    @property
    def single_words(self) -> dict[str, tuple[str, ...]]:
        return {key[0]: means for key, means in self.meanings.items() if len(key) == 1}


def parse(lines: Iterable[str]) -> list[Entry]:
    """The table's rows; a malformed row is an error that names its line (the table is reviewed
    data: a silent skip would hide a typo)."""
    entries = []
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != 4 or cells[0] not in KINDS or not cells[1].strip():
            raise ValueError(f"lexicon line {number}: expected kind, printed, means, language: {line!r}")
        kind, printed, means, language = (cell.strip() for cell in cells)
        if kind in ("name", "word", "product") and not means:
            raise ValueError(f"lexicon line {number}: a {kind} says what it means: {line!r}")
        entries.append(Entry(kind, printed, means, language, number))
    return entries


def build(entries: Iterable[Entry]) -> Lexicon:
    lexicon = Lexicon()
    for entry in entries:
        lexicon.entries.append(entry)
        keys = spellings(entry.printed)
        if any(len(key) > PHRASE_MAX for key in keys):
            raise ValueError(f"lexicon line {entry.line}: a phrase of at most {PHRASE_MAX} words")
        if entry.kind == "noise":
            lexicon.noise.update(word for key in keys for word in key)
        elif entry.kind == "none":
            lexicon.none.update(keys)
        else:
            means = tuple(words_of(fold(entry.means)))
            if entry.kind == "product":
                lexicon.products.update(means)
            for key in keys:
                lexicon.meanings[key] = means
    return lexicon


def table_path() -> Path:
    return seed_data_dir() / "receipts" / "lexicon.tsv"


@cache
def shipped() -> Lexicon:
    """The shipped table, read once per process."""
    return build(parse(table_path().read_text(encoding="utf-8").splitlines()))


__all__ = [
    "KINDS",
    "PHRASE_MAX",
    "Entry",
    "Lexicon",
    "build",
    "fold",
    "parse",
    "shipped",
    "spellings",
    "table_path",
    "words_of",
]
