"""The banned-word check that guards publishing (part 1 §4 'Publish check', §5).

The list lives in data/moderation/banned_words.txt (its format is described at its top). Two kinds
of entries:

- WORDS (letters a-z only) match whole words, ignoring case, with the usual endings (s, es, ed, er,
  ers, ing, y), repeated letters ("fuuuck"), accents and look-alike letters, and symbol disguises:
  @/4 -> a, $/5 -> s, 0 -> o, 1/!/| -> i (or l), 3 -> e, 7 -> t, and '*' standing for any one letter
  ("f*ck", "sh!t", "$h1t"; up to four stars). A word inside a longer word never matches ('Scunthorpe', 'Shiitake',
  'class' are fine), and a token without a single real letter is never a disguise ("455 g").
- SEQUENCES (anything else, e.g. "<script", "javascript:", "$$$") match anywhere, ignoring case,
  also when spread out with whitespace or control characters.

Every token costs a few dictionary look-ups (no backtracking patterns), so the largest draft is
checked quickly.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from larder.core.base.paths import seed_data_dir

ENDINGS = ("s", "es", "ed", "er", "ers", "ing", "y")
RUNS_MAX = 6  # repeated-letter runs tried both ways; more are collapsed to one letter
WILDCARD = "*"
# Symbols (and digits) people put in place of letters; '1' and '|' may stand for i or l.
_DISGUISE = str.maketrans({"@": "a", "4": "a", "$": "s", "5": "s", "0": "o", "3": "e", "7": "t", "!": "i"})
_AS_I = str.maketrans({"1": "i", "|": "i"})
_AS_L = str.maketrans({"1": "l", "|": "l"})
# Cyrillic and Greek letters that look like Latin ones (written as escapes: they are look-alikes).
_LOOKALIKES = str.maketrans(
    {
        "\u0430": "a",
        "\u0435": "e",
        "\u043e": "o",
        "\u0440": "p",
        "\u0441": "c",
        "\u0443": "y",
        "\u0445": "x",
        "\u0456": "i",
        "\u0458": "j",
        "\u0455": "s",
        "\u043a": "k",
        "\u043c": "m",
        "\u043d": "h",
        "\u0442": "t",
        "\u0432": "b",
        "\u03b1": "a",
        "\u03b5": "e",
        "\u03b9": "i",
        "\u03ba": "k",
        "\u03bd": "v",
        "\u03bf": "o",
        "\u03c1": "p",
        "\u03c4": "t",
        "\u03c5": "u",
    }
)
_TOKEN = re.compile(r"[a-z0-9@$!*|]+")
_LETTER = re.compile(r"[a-z]")
_REPEATS = re.compile(r"([a-z])\1+")
_INVISIBLE = re.compile(r"[\s\x00-\x1f\x7f\u00ad\u200b-\u200f\u2060\ufeff]+")
_WORD_ENTRY = re.compile(r"^[a-z]+$")
TOKEN_MAX = 40  # longer runs are not words anyone would disguise
MAX_STARS = 4  # "motherf***er" has three; a word needs at least one real letter


def _inflections(word: str) -> set[str]:
    """The word with the usual English endings ("bitches", "whored", "shitty", "fucking")."""
    forms = {word}
    if word.endswith("e"):
        stem = word[:-1]
        forms.update({word + "s", word + "d", word + "r", word + "rs", stem + "ing", stem + "y"})
    else:
        forms.update(word + ending for ending in ENDINGS)
        if len(word) >= 3 and word[-1] not in "aeiouwxy" and word[-2] in "aeiou" and word[-3] not in "aeiou":
            forms.update(word + word[-1] + ending for ending in ("ed", "er", "ers", "ing", "y"))
    return forms


def _spellings(candidate: str) -> list[str]:
    """A token with each run of a repeated letter read as one letter or as two ("fuuuck", "asssshole")."""
    runs = list(_REPEATS.finditer(candidate))
    if not runs:
        return [candidate]
    if len(runs) > RUNS_MAX:
        return [_REPEATS.sub(r"\1", candidate)]
    spellings = [""]
    position = 0
    for run in runs:
        between = candidate[position : run.start()]
        letter = run.group(1)
        spellings = [s + between + letter * n for s in spellings for n in (1, 2)]
        position = run.end()
    return [s + candidate[position:] for s in spellings]


def _letters_only(text: str) -> str:
    """Accents stripped, look-alikes mapped, invisible characters removed, case folded."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(c for c in decomposed if unicodedata.category(c) not in ("Mn", "Cf"))
    return kept.casefold().translate(_LOOKALIKES)


@dataclass
class BannedWords:
    words: list[str] = field(default_factory=list)
    sequences: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        # Every form a banned word takes (with an ending) -> the word.
        self._forms: dict[str, str] = {}
        for word in self.words:
            for form in sorted(_inflections(word)):
                self._forms.setdefault(form, word)
        # Starred spellings ("f**k") are matched through an index of which forms have which letter at
        # which place: per length, a bit set of forms for each (place, letter). A starred token's forms
        # are the AND of the sets of its letters, and the lowest bit is the first form, so the result is
        # that of a table of every form with up to MAX_STARS letters starred (63,000 strings, 6 MB).
        self._by_length: dict[int, list[str]] = {}
        self._letter_at: dict[tuple[int, int, str], int] = {}
        for form in self._forms:
            forms = self._by_length.setdefault(len(form), [])
            bit = 1 << len(forms)
            forms.append(form)
            for place, letter in enumerate(form):
                key = (len(form), place, letter)
                self._letter_at[key] = self._letter_at.get(key, 0) | bit

    @classmethod
    def parse(cls, text: str) -> BannedWords:
        words: list[str] = []
        sequences: list[str] = []
        for raw in text.splitlines():
            entry = raw.strip()
            if not entry or entry.startswith("#"):
                continue
            entry = unicodedata.normalize("NFKC", entry).casefold()
            target = words if _WORD_ENTRY.match(entry) else sequences
            if entry not in target:
                target.append(entry)
        return cls(words=words, sequences=sequences)

    # -- matching ----------------------------------------------------------------------------------
    def _starred_word(self, candidate: str) -> str | None:
        """The word of the first form that the starred spelling fits: same length, at most MAX_STARS
        stars, at least one real letter, and every letter in its place."""
        stars = candidate.count(WILDCARD)
        forms = self._by_length.get(len(candidate))
        if not forms or stars > MAX_STARS or stars >= len(candidate):
            return None
        fits = (1 << len(forms)) - 1
        for place, letter in enumerate(candidate):
            if letter != WILDCARD:
                fits &= self._letter_at.get((len(candidate), place, letter), 0)
                if not fits:
                    return None
        return self._forms[forms[(fits & -fits).bit_length() - 1]]

    def _word_of(self, candidate: str) -> str | None:
        if WILDCARD in candidate:
            return self._starred_word(candidate) or next(
                (w for s in _spellings(candidate) if (w := self._starred_word(s))), None
            )
        if candidate in self._forms:
            return self._forms[candidate]
        return next((self._forms[s] for s in _spellings(candidate) if s in self._forms), None)

    def _token_word(self, token: str) -> str | None:
        if len(token) > TOKEN_MAX or not _LETTER.search(token):
            return None
        pieces = [token]
        if "!" in token:
            pieces.extend({token.strip("!"), *token.split("!")} - {token})
        for piece in pieces:
            if not piece or not _LETTER.search(piece):
                continue
            if piece.isalpha():
                found = self._word_of(piece)
            else:
                mapped = piece.translate(_DISGUISE)
                found = self._word_of(mapped.translate(_AS_I))
                if not found and ("1" in mapped or "|" in mapped):
                    found = self._word_of(mapped.translate(_AS_L))
            if found:
                return found
        return None

    def find(self, texts: Iterable[str]) -> list[str]:
        """The banned entries found in these texts, each once, in the order met."""
        found: dict[str, None] = {}
        seen_tokens: set[str] = set()
        for text in texts:
            if not text:
                continue
            folded = unicodedata.normalize("NFKC", text).casefold()
            squeezed = _INVISIBLE.sub("", folded)
            for sequence in self.sequences:
                if sequence in folded or sequence in squeezed:
                    found.setdefault(sequence)
            for token in _TOKEN.findall(_letters_only(text)):
                if token in seen_tokens:
                    continue
                seen_tokens.add(token)
                word = self._token_word(token)
                if word:
                    found.setdefault(word)
        return list(found)


def banned_words_file() -> Path:
    return seed_data_dir() / "moderation" / "banned_words.txt"


@lru_cache(maxsize=1)
def shipped_banned_words() -> BannedWords:
    return BannedWords.parse(banned_words_file().read_text(encoding="utf-8"))


__all__ = ["BannedWords", "banned_words_file", "shipped_banned_words"]
