"""A recipe read from the page's own markup, for pages that state it in no structured data.

Two readers, tried in order:
1. The markup of the common WordPress recipe plugins (WP Recipe Maker, Tasty Recipes, Mediavine
   Create, Zip Recipes), found by their class names: the name, ingredient lines (with their group
   names), steps and yield are where the plugin always puts them.
2. Headings: the ingredient list and the method found under headings that say so in the
   languages our users write in ("Ingredients", "Zutaten", "Ingrédients", "Ingrediënten",
   "Ingredientes", "Ingredienti", "Składniki", "Hozzávalók"...; "Method", "Zubereitung",
   "Préparation", "Bereiding", "Preparación", "Procedimento", "Przygotowanie", "Elkészítés"...):
   the list items (or, without a list, the lines of the paragraphs) up to the next heading. A
   short line ending in ":" between lists ("For the sauce:") names the group of what follows.
The title is the page's own heading (h1), not its <title>, which often names the site.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from larder.imports.text import clean_block, clean_text

INGREDIENT_HEADINGS = frozenset(
    {
        "ingredients", "ingredient list", "what you need", "what you'll need", "you will need", "you'll need",
        "zutaten", "zutatenliste", "das brauchst du", "ingredienten", "ingredienten:",
        "ingredientes", "ingredienti", "skladniki", "hozzavalok", "ingrediencie", "ingredience",
        "ingredienser", "ainekset", "sastojci",
    }
)  # fmt: skip
METHOD_HEADINGS = frozenset(
    {
        "method", "directions", "instructions", "cooking instructions", "preparation", "steps",
        "how to make it", "how to make", "to make", "recipe", "zubereitung", "anleitung", "so geht's",
        "etapes", "etapes de preparation", "bereiding", "bereidingswijze", "werkwijze",
        "preparacion", "elaboracion", "modo de preparacion", "procedimento", "preparazione",
        "przygotowanie", "sposob przygotowania", "wykonanie", "elkeszites", "elkeszitese",
        "modo de preparo", "modo de preparacao", "preparacao", "fremgangsmade", "tilberedning",
        "postup", "priprema",
    }
)  # fmt: skip
# Headings that end a method: what follows is no longer its steps.
END_HEADINGS = frozenset(
    {
        "notes", "recipe notes", "tips", "nutrition", "nutrition facts", "video", "comments", "reviews",
        "hinweise", "tipps", "notizen", "nahrwerte", "remarques", "astuces", "tips en trucs", "notas",
        "consejos", "note", "consigli", "uwagi", "porady", "megjegyzes", "dicas",
    }
)  # fmt: skip
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# What a heading is written as; a div or span only when it holds little (a page's large blocks
# are never read whole for a word).
_LABEL_TAGS = HEADING_TAGS | {"p", "strong", "b", "span", "div", "dt", "th", "label", "em", "summary", "legend"}
LIST_TAGS = frozenset({"ul", "ol"})
# Parts of a page that hold no recipe, however their words read (not <form>: ASP.NET pages wrap
# the whole page in one).
_OUTSIDE = "ancestor-or-self::*[self::nav or self::header or self::footer or self::aside or self::script or self::style or self::noscript or self::select]"  # noqa: E501
_LABEL_MAX = 60  # a heading or a group label is a short line
_SCAN_MAX = 400  # elements looked at after a heading


def _key(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c)).replace("ł", "l").replace("ø", "o")
    text = text.replace("\u2019", "'")
    return re.sub(r"\s+", " ", text).strip(" :.-\u2013\u2014#*\u00a0")


def _text(element: Any) -> str:
    return clean_text(element.text_content())


def _lines(element: Any) -> list[str]:
    """The lines of a paragraph: its <br>-separated parts."""
    from lxml import etree

    html = etree.tostring(element, encoding="unicode", with_tail=False)
    return [line for line in clean_block(html).split("\n") if line]


# -- WordPress recipe plugins ---------------------------------------------------------------------

# plugin: (card, name, ingredient group, group name, ingredient line, step, yield), as class names
_PLUGINS = (
    ("wprm-recipe-container", "wprm-recipe-name", "wprm-recipe-ingredient-group", "wprm-recipe-group-name",
     "wprm-recipe-ingredient", "wprm-recipe-instruction-text", "wprm-recipe-servings"),
    ("tasty-recipes", "tasty-recipes-title", "tasty-recipes-ingredients-body", "",
     "tasty-recipes-ingredients-body", "tasty-recipes-instructions-body", "tasty-recipes-yield"),
    ("mv-create-card", "mv-create-title", "mv-create-ingredients", "",
     "mv-create-ingredients", "mv-create-instructions", "mv-create-yield"),
    ("zlrecipe-container", "zlrecipe-title", "zlrecipe-ingredients-list", "",
     "zlrecipe-ingredients-list", "zlrecipe-instructions-list", "zlrecipe-yield"),
)  # fmt: skip


def _has_class(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ') or @id = '{name}'"


def _plugin_recipe(tree: Any) -> dict[str, Any] | None:
    for card_class, name_class, group_class, group_name_class, line_class, step_class, yield_class in _PLUGINS:
        cards = tree.xpath(f"//*[{_has_class(card_class)}]")
        if not cards:
            continue
        card = cards[0]
        ingredients: list[str] = []
        for group in card.xpath(f".//*[{_has_class(group_class)}]") or [card]:
            label = ""
            if group_name_class:
                names = group.xpath(f".//*[{_has_class(group_name_class)}]")
                label = _text(names[0]) if names else ""
            if line_class == group_class:  # the plugin's lines are the group's list items
                items = group.xpath(".//li")
            else:
                items = group.xpath(f".//li[{_has_class(line_class)}]")
            for item in items:
                line = _text(item)
                if line:
                    ingredients.append(f"{label.rstrip(':')}: {line}" if label else line)
        steps = [_text(s) for s in card.xpath(f".//*[{_has_class(step_class)}]//li")] or [
            _text(s) for s in card.xpath(f".//*[{_has_class(step_class)}]")
        ]
        names = card.xpath(f".//*[{_has_class(name_class)}]")
        yields = card.xpath(f".//*[{_has_class(yield_class)}]")
        recipe = {
            "name": _text(names[0]) if names else "",
            "recipeIngredient": list(dict.fromkeys(ingredients)),
            "recipeInstructions": [{"name": "", "text": s} for s in steps if s],
            "recipeYield": _text(yields[0]) if yields else "",
        }
        if recipe["recipeIngredient"] and recipe["recipeInstructions"]:
            return recipe
    return None


# -- headings -------------------------------------------------------------------------------------


def _heading_kind(element: Any) -> str | None:
    """ "ingredients", "method" or "end" for an element that is such a heading, else None."""
    if element.tag not in _LABEL_TAGS or (element.tag in ("div", "span") and len(element) > 2):
        return None
    text = _text(element)
    if not text or len(text) > _LABEL_MAX:
        return None
    key = _key(text)
    for kind, words in (("ingredients", INGREDIENT_HEADINGS), ("method", METHOD_HEADINGS), ("end", END_HEADINGS)):
        if key in words:
            return kind
    return None


def _is_label(element: Any) -> bool:
    """A group label between lists: a short heading, a short line ending in ':', or a few words
    right above a list ("Optional")."""
    text = _text(element)
    if not text or len(text) > _LABEL_MAX:
        return False
    above_list = element.getnext() is not None and element.getnext().tag in LIST_TAGS and len(text) <= 30
    return element.tag in HEADING_TAGS or text.endswith(":") or above_list


def _section(heading: Any, kind: str) -> tuple[list[str], Any]:
    """The lines under a heading: the items of the lists that follow it, each after the group
    label above it; without a list, the lines of the paragraphs; up to the next heading. And the
    last element read."""
    lines: list[str] = []
    paragraphs: list[str] = []
    label = ""
    seen: set[Any] = set()
    last = heading
    for count, element in enumerate(heading.xpath("following::*")):
        if count > _SCAN_MAX:
            break
        if element in seen or element.xpath(_OUTSIDE):
            continue
        if element.tag in LIST_TAGS:
            items = [_text(li) for li in element.xpath("./li")]
            seen.update(element.iterdescendants())
            last = element
            for item in items:
                if item:
                    lines.append(f"{label}: {item}" if label and kind == "ingredients" else item)
            continue
        found = _heading_kind(element)
        if (found is not None and found != kind) or (found == kind and (lines or paragraphs)):
            break
        if found == kind:
            seen.update(element.iterdescendants())
            continue
        if element.tag in HEADING_TAGS or element.tag in ("p", "strong", "b", "h6", "dt"):
            if _is_label(element) and not _text(element).endswith("."):
                if element.tag in HEADING_TAGS and (lines or paragraphs) and not _text(element).endswith(":"):
                    break  # the next part of the page
                label = _text(element).rstrip(":").strip()
                seen.update(element.iterdescendants())
                continue
            if element.tag == "p":
                if lines:
                    break  # prose after the list
                paragraphs += _lines(element)
                seen.update(element.iterdescendants())
                last = element
    return lines or paragraphs, last


def _paragraphs_after(element: Any) -> list[str]:
    """The method of a page that gives it no heading: the paragraphs right after the ingredient
    list, up to the next heading or list."""
    steps: list[str] = []
    for count, following in enumerate(element.xpath("following::*")):
        if count > _SCAN_MAX or following.tag in HEADING_TAGS or following.tag in LIST_TAGS:
            break
        if _heading_kind(following) is not None:
            break
        if following.tag == "p" and not following.xpath("ancestor::p") and not following.xpath(_OUTSIDE):
            steps += _lines(following)
    return steps


def _headings_recipe(tree: Any) -> dict[str, Any] | None:
    sections: dict[str, list[str]] = {}
    ends: dict[str, Any] = {}
    for element in tree.iter():
        kind = _heading_kind(element)
        if kind in ("ingredients", "method") and kind not in sections and not element.xpath(_OUTSIDE):
            # the outermost element that says it: <h2><strong>Method</strong></h2> is one heading
            inner = [child for child in element.iterdescendants() if _heading_kind(child) == kind]
            found, ends[kind] = _section(inner[-1] if inner else element, kind)
            if found:
                sections[kind] = found
    if "ingredients" in sections and "method" not in sections:
        sections["method"] = _paragraphs_after(ends["ingredients"])
    if not sections.get("ingredients") or not sections.get("method"):
        return None
    return {
        "name": "",
        "recipeIngredient": sections["ingredients"],
        "recipeInstructions": [{"name": "", "text": step} for step in sections["method"]],
        "recipeYield": "",
    }


def page_heading(tree: Any) -> str:
    """The page's own heading: its first h1 outside navigation."""
    for h1 in tree.xpath("//h1"):
        if not h1.xpath(_OUTSIDE):
            text = _text(h1)
            if text:
                return text
    return ""


def markup_recipe(tree: Any) -> dict[str, Any] | None:
    """name, recipeIngredient, recipeInstructions and recipeYield read from the markup, or None."""
    recipe = _plugin_recipe(tree) or _headings_recipe(tree)
    if recipe is not None and not recipe["name"]:
        recipe["name"] = page_heading(tree)
    return recipe
