"""Which catalogue ingredient a printed receipt line is: a fuzzy matcher over the catalogue names.

Pure: no database, no I/O. The service hands it the catalogue's ingredient options and the member's
learned matches (consulted first, by the normalised printed name).

Shops print names short, upper case, with weights, brands and shop words: "BANANAS LOOSE",
"CHKN BRST FLLT 500G", "Vollmilch 3,5% 1L". Both sides, the printed name and every catalogue name,
go through the same `normalise`:
- lower case; German umlauts and ß spelled out (ä -> ae), other accents dropped (crème -> creme);
- letters and digits parted where OCR ran them together ("MILK2L" -> milk 2 l);
- tokens with digits (weights, sizes, percentages, article numbers), units, single letters (tax
  classes) and shop words (loose, organic, value, a few chains' own-brand names) dropped, also
  where OCR ran them into the name ("BANANASLOOSE");
- shop abbreviations expanded from a small table (CHKN -> chicken, BRST -> breast, MLK -> milk);
- German words translated from a small de -> en table (Vollmilch -> whole milk, Hähnchenbrust ->
  chicken breast, compounds of two of its words: Lachsfilet -> salmon fillet, else a compound's
  last word, which names the thing: Speisekartoffeln -> potato; a few pairs: Paprika rot -> red
  pepper). The catalogue is English and carries no aliases; a table here
  keeps the catalogue's data (and its other users) untouched and covers German shops' receipts;
- plurals folded (bananas -> banana, cherries -> cherry, tomatoes -> tomato).

Scoring (0..1): how much of the catalogue name the printed name covers (0.6) and how much of the
printed name the catalogue name explains (0.4). A printed word that is a catalogue word is only
that word ("BUTTER" is not Buttermilk); any other compares as a truncation (4+ letters that begin a
catalogue word: "STRAWB", "MOZZ"), within an edit or two (rapidfuzz's Levenshtein distance: OCR
slips, "BANANS"; "PASTA" is never Passata), or as two catalogue words run together ("REDONIONS").
Generic words of catalogue names (fillet, fruit, clove...) weigh less, so "KIWI" is Kiwi fruit.
A name with a word of `NOT_FOOD` ("Spülmittel Zitrone" is washing-up liquid) matches nothing.
Below `THRESHOLD`, or when two different ingredients score the same (a bare "BUTTER" against
Salted, Unsalted, Vegan butter...), there is no match: the web app says 'No Matches Found.' and
the member picks one, which is learned for next time.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from larder.catalogue.schemas import IngredientOptionOut

THRESHOLD = 0.7
KEY_MAX = 200  # a learned name's key is kept to this many characters
# Two different ingredients closer than this are a tie: no guess.
TIE = 0.02
# Share of the score for covering the catalogue name, the rest for explaining the printed one.
CATALOGUE_SHARE = 0.6
TRUNCATION_SIMILARITY = 0.9
# OCR slips: a word of 4+ letters that is no catalogue word, one edit away from one (two from 8
# letters on), is that word at this similarity per edit less. "PASTA" is never "Passata".
EDIT_PENALTY = 0.1
MINOR_WEIGHT = 0.3

# Words a catalogue name carries that a receipt often leaves out.
MINOR_WORDS = frozenset(
    {
        "fillet",
        "fruit",
        "clove",
        "pod",
        "stick",
        "leaf",
        "joint",
        "chunk",
        "sheet",
        "bag",
        "fresh",
        "whole",
        "biscuit",
        "baby",
    }
)

UNITS = frozenset(
    {
        "g", "gr", "kg", "mg", "ml", "cl", "dl", "l", "lt", "ltr", "litre", "liter", "oz", "lb", "lbs",
        "pk", "pck", "pack", "pkt", "x", "st", "stk", "stck", "stueck", "ea", "each", "ct", "pc", "pcs",
        "pce", "btl", "per", "approx", "ca", "bulb", "type", "typ", "pt", "pint", "pints",
    }
)  # fmt: skip
# Words about the shop, the offer or the farming rather than the food.
SHOP_WORDS = frozenset(
    {
        "loose", "lse", "organic", "org", "bio", "value", "essential", "basic", "finest", "everyday",
        "british", "uk", "free", "range", "fr", "freiland", "large", "lrg", "lge", "medium", "med",
        "small", "sml", "class", "kl", "deal", "offer", "promo", "multibuy", "reduced", "bnls",
        "boneless", "skinless", "sknls", "approx", "tesco", "sainsbury", "asda", "morrison", "aldi",
        "lidl", "coop", "rewe", "edeka", "ja", "gut", "guenstig", "milbona", "penny", "netto",
        "style", "art",
    }
)  # fmt: skip
# Shop abbreviations (matched after lower-casing and before plural folding).
ABBREVIATIONS = {
    "chkn": "chicken", "chk": "chicken", "ckn": "chicken", "chick": "chicken",
    "brst": "breast", "brs": "breast", "fllt": "fillet", "flt": "fillet", "fil": "fillet",
    "mlk": "milk", "whl": "whole", "skim": "skimmed", "skmd": "skimmed", "smi": "semi",
    "tom": "tomato", "toms": "tomato", "pot": "potato", "pots": "potato", "veg": "vegetable",
    "grn": "green", "rd": "red", "ylw": "yellow", "wht": "white", "brn": "brown", "brd": "bread",
    "wml": "wholemeal", "grnd": "ground", "crm": "cream", "dbl": "double", "sgl": "single",
    "chs": "cheese", "chse": "cheese", "ched": "cheddar", "chedd": "cheddar", "yog": "yogurt",
    "ygt": "yogurt", "yghrt": "yogurt", "yoghurt": "yogurt", "bf": "beef", "mnc": "mince",
    "frz": "frozen", "frzn": "frozen", "sug": "sugar", "flr": "flour", "btr": "butter",
    "bttr": "butter", "oj": "orange juice", "pnut": "peanut", "pnt": "peanut", "bnna": "banana",
    "choc": "chocolate", "mush": "mushroom", "mshrm": "mushroom", "sw": "sweet", "spr": "spring",
    "sprng": "spring", "jce": "juice", "bkd": "baked", "bns": "bean", "saus": "sausage",
    "ssg": "sausage", "bcn": "bacon", "stky": "streaky", "smkd": "smoked", "smk": "smoked",
    "hny": "honey", "avo": "avocado", "cucum": "cucumber", "brocc": "broccoli", "caul": "cauliflower",
    "mozz": "mozzarella", "parm": "parmesan", "sdough": "sourdough", "ssk": "semi skimmed",
    "loaf": "bread", "tin": "tinned", "tins": "tinned", "whlml": "wholemeal", "whlmeal": "wholemeal",
    "grk": "greek", "ev": "extra virgin", "evoo": "extra virgin olive oil", "porridge": "rolled",
}  # fmt: skip
# German shop words, spelled as `_fold` leaves them (ä -> ae); the forms without the umlaut's
# dots that OCR often reads ("Hahnchen") are added below.
GERMAN = {
    "vollmilch": "whole milk", "milch": "milk", "fettarme": "semi skimmed", "fettarm": "semi skimmed",
    "magermilch": "skimmed milk", "sahne": "cream", "schlagsahne": "whipping cream",
    "eier": "egg", "ei": "egg", "mehl": "plain flour", "weizenmehl": "plain flour",
    "zucker": "granulated sugar",
    "puderzucker": "icing sugar", "salz": "salt", "pfeffer": "black pepper", "banane": "banana",
    "bananen": "banana", "apfel": "apple", "aepfel": "apple", "birne": "pear", "birnen": "pear",
    "zitrone": "lemon", "zitronen": "lemon", "limette": "lime", "limetten": "lime",
    "orangen": "orange", "erdbeeren": "strawberry", "himbeeren": "raspberry",
    "heidelbeeren": "blueberry", "trauben": "grape", "weintrauben": "grape", "kartoffel": "potato",
    "kartoffeln": "potato", "zwiebel": "onion", "zwiebeln": "onion", "knoblauch": "garlic",
    "tomate": "tomato", "tomaten": "tomato", "gurke": "cucumber", "gurken": "cucumber",
    "moehre": "carrot", "moehren": "carrot", "karotte": "carrot", "karotten": "carrot",
    "brokkoli": "broccoli", "blumenkohl": "cauliflower", "spinat": "spinach", "pilze": "mushroom",
    "champignons": "mushroom", "haehnchen": "chicken", "huhn": "chicken",
    "haehnchenbrust": "chicken breast", "haehnchenbrustfilet": "chicken breast",
    "huehnerbrust": "chicken breast", "brust": "breast", "hackfleisch": "mince",
    "rinderhack": "beef mince", "schweinehack": "pork mince", "hack": "mince", "rind": "beef",
    "schwein": "pork", "schinken": "cooked ham", "speck": "bacon", "lachs": "salmon",
    "thunfisch": "tuna", "kaese": "cheese", "joghurt": "yogurt", "brot": "bread", "reis": "rice",
    "nudeln": "pasta", "haferflocken": "rolled oats", "oel": "oil", "olivenoel": "olive oil",
    "sonnenblumenoel": "sunflower oil", "essig": "vinegar", "honig": "honey", "kaffee": "coffee",
    "tee": "tea", "wasser": "water", "saft": "juice", "orangensaft": "orange juice",
    "apfelsaft": "apple juice", "senf": "mustard", "konfituere": "jam", "schokolade": "chocolate",
    "mandeln": "almond", "erbsen": "pea", "bohnen": "bean", "linsen": "lentil",
    "kichererbsen": "chickpea", "mais": "sweetcorn", "filet": "fillet", "rot": "red",
    "gruen": "green", "gelb": "yellow", "weiss": "white", "rinder": "beef", "vollkorn": "wholemeal",
    "nativ": "virgin", "natives": "virgin", "griech": "greek", "griechisch": "greek",
    "frischkaese": "cream cheese", "suessrahmbutter": "unsalted butter",
    "sauerrahmbutter": "unsalted butter",
}  # fmt: skip
GERMAN.update({key.replace("ae", "a").replace("oe", "o").replace("ue", "u"): value for key, value in GERMAN.items()})
# German pairs whose words alone would say something else: Paprika alone is the spice.
GERMAN_PAIRS = {
    ("paprika", "rot"): "red pepper",
    ("paprika", "gruen"): "green pepper",
    ("paprika", "grun"): "green pepper",
    ("paprika", "gelb"): "yellow pepper",
    # German butter is unsalted unless it says gesalzen.
    ("butter", "mild"): "unsalted butter",
}
# Things shops sell that are no food, whatever food word their name holds ("Spülmittel Zitrone",
# "LEMON WASHING UP LIQUID"): a printed name with one of these matches nothing.
NOT_FOOD = frozenset(
    {
        "spuelmittel", "spulmittel", "reiniger", "waschmittel", "weichspueler", "muellbeutel",
        "mullbeutel", "kuechenrolle", "kuchenrolle", "toilettenpapier", "tragetasche", "seife",
        "washing", "detergent", "cleaner", "bleach", "soap", "shampoo", "bin", "kitchen",
        "battery", "batterie", "dishwasher", "tab", "carrier", "foil", "folie",
    }
)  # fmt: skip
# The letters German puts between the parts of a compound word (Schwein-e-filet).
_JOINING = ("", "e", "s", "n")

_GERMAN_LETTERS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_LETTER_DIGIT = re.compile(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])")
_NOT_WORD = re.compile(r"[^a-z0-9]+")
# "S/SKIM", "S/S MILK": the slash would leave a lone letter.
_SEMI_SKIMMED = re.compile(r"\bs\s*/\s*s(?:kim\w*)?\b")
_DROPPED = UNITS | SHOP_WORDS
# Dropped words OCR often runs into the name ("BANANASLOOSE"): cut off either end of a longer word.
_GLUED = tuple(sorted((w for w in _DROPPED if len(w) >= 4), key=len, reverse=True))


def _fold(text: str) -> str:
    """Lower case, umlauts spelled out, other accents dropped."""
    text = text.casefold().translate(_GERMAN_LETTERS)
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


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


def _translated(word: str) -> str | None:
    """The English of a German word from the table, of a compound of two words of the table
    ("Lachsfilet" -> salmon fillet), or else of a compound's last word, which names the thing
    ("Speisekartoffeln" -> potato, "Salatgurke" -> cucumber)."""
    found = GERMAN.get(word)
    if found or len(word) < 8:
        return found
    for cut in range(3, len(word) - 2):
        head = GERMAN.get(word[:cut])
        if head is None:
            continue
        for joint in _JOINING:
            if word.startswith(joint, cut) and (tail := GERMAN.get(word[cut + len(joint) :])):
                return f"{head} {tail}"
    # A last word of 5+ letters: shorter ones end English words too ("tamarind" is no beef).
    for cut in range(3, len(word) - 4):
        if tail := GERMAN.get(word[cut:]):
            return tail
    return None


def _unglued(word: str) -> str:
    """The word without a shop word or unit run into either end of it."""
    for glued in _GLUED:
        if len(word) - len(glued) >= 3:
            if word.endswith(glued):
                return _unglued(word[: -len(glued)])
            if word.startswith(glued):
                return _unglued(word[len(glued) :])
    return word


def tokens(text: str) -> list[str]:
    """The words of a name that say what the food is, normalised (see the module), in order, once each."""
    folded = _SEMI_SKIMMED.sub("semi skimmed", _fold(text))
    words = [
        _unglued(word)
        for word in _NOT_WORD.split(_LETTER_DIGIT.sub(" ", folded))
        if len(word) >= 2 and not any(c.isdigit() for c in word) and word not in _DROPPED
    ]
    found: list[str] = []
    at = 0
    while at < len(words):
        word = words[at]
        english = GERMAN_PAIRS.get((word, words[at + 1])) if at + 1 < len(words) else None
        at += 2 if english else 1
        english = english or ABBREVIATIONS.get(word) or _translated(word) or word
        for part in english.split():
            part = _singular(part)
            if part not in _DROPPED and part not in found:
                found.append(part)
    return found


def normalise(text: str) -> str:
    """The key a printed name is learned under: its normalised words. Spellings of one thing by
    one shop ("BANANAS LOOSE", "Bananas loose 1.2kg") share it. A name with no such words keeps
    its own letters and digits, so a confirmed match of it is still learned."""
    key = " ".join(tokens(text)) or " ".join(w for w in _NOT_WORD.split(_fold(text)) if w)
    return key[:KEY_MAX].rstrip()


@dataclass(frozen=True)
class _Candidate:
    option: IngredientOptionOut
    words: tuple[str, ...]
    weights: tuple[float, ...]


class Matcher:
    """The catalogue's ingredients, prepared once for matching many printed names."""

    def __init__(self, options: Iterable[IngredientOptionOut]) -> None:
        self._candidates: list[_Candidate] = []
        self._by_word: dict[str, list[int]] = {}
        self._by_id: dict[int, IngredientOptionOut] = {}
        for option in options:
            self._by_id[option.value] = option
            words = tuple(tokens(option.name))
            if not words:
                continue
            index = len(self._candidates)
            weights = tuple(MINOR_WEIGHT if w in MINOR_WORDS and len(words) > 1 else 1.0 for w in words)
            self._candidates.append(_Candidate(option, words, weights))
            for word in words:
                self._by_word.setdefault(word, []).append(index)
        self._vocabulary = list(self._by_word)

    def option(self, ingredient_id: int) -> IngredientOptionOut | None:
        return self._by_id.get(ingredient_id)

    def match(self, printed: str, learned: Mapping[str, int] | None = None) -> IngredientOptionOut | None:
        """The ingredient the printed name is: the member's learned match for its key first, else
        the best fuzzy match at or above THRESHOLD that no other ingredient ties."""
        if learned:
            known = learned.get(normalise(printed))
            if known is not None and known in self._by_id:
                return self._by_id[known]
        if NOT_FOOD.intersection(tokens(printed)):
            return None
        ranked = self.ranked(printed)
        if not ranked or ranked[0][1] < THRESHOLD:
            return None
        if len(ranked) > 1 and ranked[0][1] - ranked[1][1] < TIE:
            return None
        return ranked[0][0]

    def ranked(self, printed: str, limit: int = 5) -> list[tuple[IngredientOptionOut, float]]:
        """The best-scoring ingredients for a printed name, best first (for matching and tests)."""
        words = [part for word in tokens(printed) for part in self._parts(word)]
        if not words:
            return []
        similar = [self._similar(word) for word in words]
        reached = {index for sims in similar for match in sims for index in self._by_word[match]}
        scored: list[tuple[IngredientOptionOut, float]] = []
        for index in reached:
            candidate = self._candidates[index]
            best_for_catalogue = [max(sims.get(w, 0.0) for sims in similar) for w in candidate.words]
            covered = sum(b * w for b, w in zip(best_for_catalogue, candidate.weights, strict=True))
            catalogue_cover = covered / sum(candidate.weights)
            printed_cover = sum(max(sims.get(w, 0.0) for w in candidate.words) for sims in similar) / len(words)
            score = CATALOGUE_SHARE * catalogue_cover + (1 - CATALOGUE_SHARE) * printed_cover
            scored.append((candidate.option, round(score, 4)))
        scored.sort(key=lambda item: (-item[1], len(item[0].name), item[0].name))
        return scored[:limit]

    def _parts(self, word: str) -> list[str]:
        """A word that is no catalogue word but two run together ("REDONIONS", "CHKNBRST"): both."""
        if word in self._by_word or len(word) < 6:
            return [word]
        for cut in range(3, len(word) - 2):
            parts = tokens(word[:cut]) + tokens(word[cut:])
            if len(parts) >= 2 and all(part in self._by_word for part in parts):
                return parts
        return [word]

    def _similar(self, word: str) -> dict[str, float]:
        """Catalogue words like a printed one, with their similarity (0..1)."""
        if word in self._by_word:
            return {word: 1.0}
        found: dict[str, float] = {}
        if len(word) < 4:
            return found
        for other in self._vocabulary:
            if other.startswith(word):
                found[other] = TRUNCATION_SIMILARITY
        edits = 1 if len(word) < 8 else 2
        for other, distance, _ in process.extract(
            word, self._vocabulary, scorer=Levenshtein.distance, score_cutoff=edits, limit=None
        ):
            if len(other) >= 4:
                found[other] = max(found.get(other, 0.0), 1.0 - EDIT_PENALTY * distance)
        return found


__all__ = ["KEY_MAX", "THRESHOLD", "Matcher", "normalise", "tokens"]
