"""Group headings that a page left among its ingredient lines, made group labels again.

Pages write "For the sauce:", "Seasoning" or "Yoghurt and Ouzo Dressing" as one more line of
their ingredient list. Such a line is no ingredient: it names the group of the lines after it,
which the imported viewer shows as "Sauce: 2 tbsp soy sauce". A line is a heading when it ends
in ":", or when it says "For the …" (in our users' languages), or when it is a few words with
no quantity, written as a heading (Title Case or capitals), naming a part of a dish (a sauce, a
dressing, the filling) and the next line starts with a quantity. A lone "Tomato sauce" at the
end of a list stays an ingredient.
"""

from __future__ import annotations

import re
import unicodedata

_LABEL_MAX = 60
# "For the sauce", "Für den Teig", "Pour la garniture", "Voor de saus", "Para la salsa", "Per il ripieno"
_FOR_THE = re.compile(
    r"^(?:for (?:the )?|to (?:serve|finish|garnish)\b|fur (?:den |die |das )?|pour (?:la |le |les |l')?"
    r"|voor (?:de |het )?|para (?:el |la |los |las )?|per (?:il |la |lo |le |i |gli )?|do |na )",
)
# The parts of a dish a group is named after, in our users' languages.
_PARTS = frozenset(
    {
        "sauce", "sauces", "dressing", "marinade", "topping", "toppings", "filling", "glaze", "seasoning",
        "seasonings", "garnish", "garnishes", "crust", "dough", "batter", "frosting", "icing", "base",
        "assembly", "vinaigrette", "crumble", "streusel", "syrup", "spice", "spices", "rub", "salsa",
        "soße", "sosse", "teig", "fullung", "belag", "glasur", "garnitur", "gewurze",
        "pate", "garniture", "glacage", "saus", "deeg", "vulling", "glazuur", "masa", "relleno",
        "cobertura", "aderezo", "marinada", "impasto", "ripieno", "condimento", "glassa", "farcia",
        "sos", "ciasto", "nadzienie", "polewa", "teszta", "toltelek", "massa", "recheio",
    }
)  # fmt: skip
_QUANTITY = re.compile(r"^\s*(?:\d|[\u00bc-\u00be\u2150-\u215e]|a |an |one |two |half )", re.IGNORECASE)


def _words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.findall(r"[^\W\d_]+", text)


def is_group_heading(line: str, following: str | None) -> bool:
    """Whether `line`, followed by `following` (None at the end), names the group of what follows."""
    text = line.strip()
    if not text or len(text) > _LABEL_MAX or following is None or any(c.isnumeric() for c in text):
        return False
    if text.endswith(":"):
        return True
    if ": " in text:  # a line of a group already named ("Sauce: salt")
        return False
    words = _words(text)
    if not words or len(words) > 6:
        return False
    if _FOR_THE.match(" ".join(words) + " "):
        return True
    titled = text.isupper() or all(word[0].isupper() for word in text.split() if len(word) > 3)
    return titled and bool(_PARTS.intersection(words)) and bool(_QUANTITY.match(following))


def with_group_labels(lines: list[str]) -> list[str]:
    """The ingredient lines with the group headings among them made prefixes ("Sauce: 1 tbsp…")."""
    result: list[str] = []
    label = ""
    for index, line in enumerate(lines):
        following = lines[index + 1] if index + 1 < len(lines) else None
        if is_group_heading(line, following):
            label = line.strip().rstrip(":").strip()
            continue
        result.append(f"{label}: {line}" if label else line)
    return result
