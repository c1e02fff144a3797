"""The ingredient list and the method of a page found under the headings that name them.

In the languages our users write in ("Ingredients", "Zutaten", "Ingrédients", "Ingrediënten",
"Ingredientes", "Ingredienti", "Składniki", "Hozzávalók"...; "Method", "Zubereitung",
"Préparation", "Bereiding", "Preparación", "Procedimento", "Przygotowanie", "Elkészítés"...,
and "How to make <the dish>"): the list items (or, without a list, the lines of the paragraphs)
up to the next heading. A short line ending in ":" between lists ("For the sauce:"), or a list
item that holds a list of its own, names the group of what follows. A method written as headed
steps ("Step 1: Brown the meat" and its paragraphs) is one step per heading.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from larder.imports.text import clean_block, clean_text

INGREDIENT_HEADINGS = frozenset(
    {
        "ingredients", "ingredient list", "what you need", "what you'll need", "you will need", "you'll need",
        "zutaten", "zutatenliste", "das brauchst du", "ingredienten", "ingredients list",
        "ingredientes", "ingredienti", "skladniki", "hozzavalok", "ingrediencie", "ingredience",
        "ingredienser", "ainekset", "sastojci", "the ingredients", "liste des ingredients",
        "los ingredientes", "gli ingredienti", "benodigdheden", "材料", "食材", "用料",
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
        "postup", "priprema", "recipe instructions", "recipe method", "the method", "method of preparation",
        "做法", "步骤", "作法", "製作方法",
    }
)  # fmt: skip
# "How to make <the dish>", "Here's how to make it", "So wird's gemacht": a method by its form.
_METHOD_PHRASE = re.compile(
    r"^(?:here's |here is )?how to (?:make|prepare|cook|bake)\b|^so (?:wird's|wird es) gemacht$"
    r"|^(?:comment|como|come) (?:faire|preparar|hacer|fare|preparare)\b"
)
# Headings that end a method: what follows is no longer its steps.
END_HEADINGS = frozenset(
    {
        "notes", "recipe notes", "tips", "nutrition", "nutrition facts", "video", "comments", "reviews",
        "hinweise", "tipps", "notizen", "nahrwerte", "remarques", "astuces", "tips en trucs", "notas",
        "consejos", "note", "consigli", "uwagi", "porady", "megjegyzes", "dicas", "pro tips",
        "leave a comment", "leave a reply", "storage", "faq", "uwaga", "tip", "hinweis", "nota", "astuce",
        "opmerking", "opmerkingen", "notes and tips", "cook's notes", "cooks notes", "recipe tips",
    }
)  # fmt: skip
# A step's own heading: "Step 1", "Schritt 2: Den Teig kneten", "Étape 3 -".
_STEP_HEADING = re.compile(
    r"^(?:step|schritt|etape|paso|stap|passo|krok|lepes|etapa|trin)\s*(\d{1,2})\s*[:.\-\u2013\u2014)]?\s*(.*)$"
)
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# What a heading is written as; a div or span only when it holds little (a page's large blocks
# are never read whole for a word).
_LABEL_TAGS = HEADING_TAGS | {"p", "strong", "b", "span", "div", "dt", "th", "label", "em", "summary", "legend"}
LIST_TAGS = frozenset({"ul", "ol"})
_STEP_HEADING_TAGS = HEADING_TAGS | {"strong", "b"}
# The class names of the common CSS frameworks that hide an element (a variant of the recipe for
# another appliance, text for screen readers only).
_HIDING_CLASSES = ("d-none", "hidden", "is-hidden", "sr-only", "visually-hidden", "screen-reader-text")
# What decides whether an element is part of the recipe: the nearest of these around it.
_MARKS = (
    "ancestor-or-self::*[self::main or self::article or self::nav or self::header or self::footer or self::aside"
    " or self::script or self::style or self::noscript or self::select or self::template"
    " or @hidden or @aria-hidden='true' or contains(translate(@style, ' ', ''), 'display:none')"
    + "".join(f" or contains(concat(' ', normalize-space(@class), ' '), ' {name} ')" for name in _HIDING_CLASSES)
    + "]"
)
# A picture's credit between the steps ("Photo credit: © The Site", "Foto: Erik Spronk").
_CREDIT = re.compile(r"^(?:photo|foto|image|picture|bild|credit|photos?\s+credit)s?\b[^.]{0,40}[:©]|©", re.IGNORECASE)
_SCRIPTS = re.compile(r"<(script|style)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_LABEL_MAX = 60  # a heading or a group label is a short line
_SCAN_MAX = 400  # elements looked at after a heading


def outside(element: Any) -> bool:
    """Part of the page that holds no recipe, however its words read: navigation, a header, a
    footer, an aside, scripts, and what the page hides. The nearest of these and <main> or
    <article> decides, so content that a broken page left inside its menu still counts. Not
    <form>: ASP.NET pages wrap everything in one."""
    marks = element.xpath(_MARKS)
    return bool(marks) and marks[-1].tag not in ("main", "article")


def heading_key(text: str) -> str:
    """A heading's words to look up: lower case, accents and the symbols around it (emoji, "#",
    "1.", ":") dropped."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c)).replace("ł", "l").replace("ø", "o")
    text = re.sub(r"\s+", " ", text.replace("\u2019", "'").replace("\u200d", ""))
    return re.sub(r"^[^\w']+|[^\w')]+$", "", text)


def element_text(element: Any) -> str:
    return clean_text(element.text_content())


def _is_credit(line: str) -> bool:
    return len(line) < 120 and bool(_CREDIT.search(line))


def _lines(element: Any) -> list[str]:
    """The lines of a paragraph: its <br>-separated parts."""
    from lxml import etree

    html = etree.tostring(element, encoding="unicode", with_tail=False)
    return [line for line in clean_block(_SCRIPTS.sub(" ", html)).split("\n") if line]


def heading_kind(element: Any) -> str | None:
    """ "ingredients", "method" or "end" for an element that is such a heading, else None."""
    if not isinstance(element.tag, str) or element.tag not in _LABEL_TAGS:
        return None
    if element.tag in ("div", "span") and len(element) > 2:
        return None
    text = element_text(element)
    if not text or len(text) > _LABEL_MAX:
        return None
    key = heading_key(text)
    for kind, words in (("ingredients", INGREDIENT_HEADINGS), ("method", METHOD_HEADINGS), ("end", END_HEADINGS)):
        if key in words:
            return kind
    return "method" if _METHOD_PHRASE.match(key) else None


def _is_label(element: Any) -> bool:
    """A group label between lists: a short heading, a short line ending in ':', or a few words
    right above a list ("Optional")."""
    text = element_text(element)
    if not text or len(text) > _LABEL_MAX:
        return False
    above_list = element.getnext() is not None and element.getnext().tag in LIST_TAGS and len(text) <= 30
    return element.tag in HEADING_TAGS or text.endswith(":") or above_list


def _own_text(item: Any) -> str:
    """A list item's text without the lists inside it."""
    parts = [item.text or ""]
    for child in item:
        if isinstance(child.tag, str) and child.tag not in LIST_TAGS:
            parts.append(child.text_content())
        parts.append(child.tail or "")
    return clean_text(" ".join(parts))


def _links_only(list_element: Any) -> bool:
    """A list of links and buttons (share, print, tags): every item's text is a link's."""
    items = list_element.xpath("./li")
    return bool(items) and all(
        element_text(item) == clean_text(" ".join(a.text_content() for a in item.xpath(".//a|.//button")))
        for item in items
    )


@dataclass
class _Section:
    """What a section holds so far: its lines in page order, each with its group label and
    whether a list gave it, and the steps under step headings."""

    kind: str
    entries: list[tuple[str, str, bool]] = field(default_factory=list)  # (label, text, from a list)
    headed: list[dict[str, str]] = field(default_factory=list)
    label: str = ""

    def add_list(self, element: Any, seen: set[Any]) -> bool:
        """Add a list's items; False for a list of links, which is no part of a recipe."""
        seen.update(element.iterdescendants())
        if _links_only(element):
            return False
        for item in element.xpath("./li"):
            nested = item.xpath("./ul|./ol")
            if nested and self.kind == "ingredients":
                # <li><strong>Seasonings</strong><ul><li>…</li></ul></li>: a group and its lines
                label, self.label = self.label, _own_text(item).rstrip(":").strip()
                for inner in nested:
                    self.add_list(inner, seen)
                self.label = label
                continue
            self.add_line(element_text(item), from_list=True)
        return True

    def add_line(self, text: str, from_list: bool) -> None:
        if not text:
            return
        if self.headed:
            step = self.headed[-1]
            step["text"] = f"{step['text']} {text}".strip()
        else:
            self.entries.append((self.label, text, from_list))

    @property
    def found(self) -> bool:
        return bool(self.entries or self.headed)

    @property
    def has_list(self) -> bool:
        return any(from_list for _label, _text, from_list in self.entries)

    def result(self, whole: bool = False) -> list[Any]:
        """Ingredient lines ("Sauce: 1 tbsp soy sauce") or steps ({name, text}). Under a heading
        the list lines, when there are any, else the paragraphs; in a block, all in page order."""
        if self.headed:
            return [step for step in self.headed if step["text"]]
        entries = self.entries if whole or not self.has_list else [e for e in self.entries if e[2]]
        if self.kind == "ingredients":
            return [f"{label}: {text}" if label else text for label, text, _from_list in entries]
        return [{"name": label, "text": text} for label, text, _from_list in entries]


def without_notes(steps: list[dict[str, str]]) -> list[dict[str, str]]:
    """The steps up to a line that only says "Notes:" / "Uwaga:" / "Tipps": what follows is notes."""
    for index, step in enumerate(steps):
        if not step["name"] and len(step["text"]) <= _LABEL_MAX and heading_key(step["text"]) in END_HEADINGS:
            return steps[:index]
    return steps


def step_heading(text: str) -> str | None:
    """The name of a step's own heading ("Step 2: Brown the meat" → "Brown the meat"), else None."""
    found = _STEP_HEADING.match(heading_key(text)) if len(text) <= _LABEL_MAX * 2 else None
    if not found:
        return None
    return re.sub(r"^\W*\w+\s*\d{1,2}\s*[:.\-\u2013\u2014)]?\s*", "", text).strip()


def _block_of(heading: Any) -> Any:
    """The block a heading stands in: its nearest ancestor that holds more than the heading."""
    key = heading_key(element_text(heading))
    block = heading.getparent()
    while block is not None and heading_key(element_text(block)) == key and block.getparent() is not None:
        block = block.getparent()
    return block


def _read(elements: Any, kind: str, whole: bool, block: Any = None) -> tuple[_Section, Any]:
    """The lines of `elements` (what follows a heading, or a block's own elements) for a section
    of `kind`, and the last element read. Under a heading, reading ends at the next heading, at
    prose after a list, and where paragraphs leave the heading's `block`; a block is read whole."""
    section = _Section(kind)
    seen: set[Any] = set()
    last = None
    for count, element in enumerate(elements):
        if count > _SCAN_MAX:
            break
        if element in seen or not isinstance(element.tag, str) or outside(element):
            continue
        if block is not None and section.found and not section.has_list and block not in element.iterancestors():
            break  # paragraphs end with the block they are written in
        if element.tag in LIST_TAGS:
            if section.add_list(element, seen):
                last = element
            continue
        found = heading_kind(element)
        if (found is not None and found != kind) or (found == kind and section.found):
            break
        if found == kind:
            seen.update(element.iterdescendants())
            continue
        if kind == "method" and element.tag in _STEP_HEADING_TAGS:
            name = step_heading(element_text(element))
            if name is not None:
                section.headed.append({"name": name, "text": ""})
                seen.update(element.iterdescendants())
                continue
        if element.tag in HEADING_TAGS or element.tag in ("p", "strong", "b", "h6", "dt"):
            if _is_label(element) and not element_text(element).endswith("."):
                if element.tag in HEADING_TAGS and section.found and not element_text(element).endswith(":"):
                    break  # the next part of the page
                section.label = element_text(element).rstrip(":").strip()
                seen.update(element.iterdescendants())
                continue
            if element.tag == "p":
                if section.has_list and not whole:
                    break  # prose after the list
                seen.update(element.iterdescendants())
                last = element
                lines = [element_text(element)] if section.headed else _lines(element)
                for line in lines:
                    if not _is_credit(line):
                        section.add_line(line, from_list=False)
    return section, last


def _section(heading: Any, kind: str) -> tuple[list[Any], Any]:
    """The lines under a heading, up to the next heading, and the last element read.

    Ingredients: the items of the lists that follow it, each after the group label above it,
    else the lines of the paragraphs. Method: the same as steps, or a step per step heading with
    the text under it."""
    section, last = _read(heading.xpath("following::*"), kind, whole=False, block=_block_of(heading))
    return section.result(), last if last is not None else heading


def block_lines(block: Any, kind: str) -> list[Any]:
    """The lines of a block that holds a recipe's part (a <div class="ingredients">), with their
    group labels: a method's list items and paragraphs in page order; ingredients from its lists
    when it has any (a note beside them is no ingredient)."""
    section, _last = _read(block.iterdescendants(), kind, whole=True)
    return section.result(whole=kind == "method")


def _paragraphs_after(element: Any) -> list[str]:
    """The method of a page that gives it no heading: the paragraphs right after the ingredient
    list, up to the next heading or list."""
    steps: list[str] = []
    for count, following in enumerate(element.xpath("following::*")):
        if count > _SCAN_MAX or following.tag in HEADING_TAGS or following.tag in LIST_TAGS:
            break
        if heading_kind(following) is not None:
            break
        if following.tag == "p" and not following.xpath("ancestor::p") and not outside(following):
            steps += _lines(following)
    return steps


def headings_recipe(tree: Any) -> dict[str, Any] | None:
    """recipeIngredient and recipeInstructions under their headings (either may be empty), or None."""
    sections: dict[str, list[Any]] = {}
    ends: dict[str, Any] = {}
    inside: set[Any] = set()
    for element in tree.iter():
        kind = heading_kind(element)
        if kind not in ("ingredients", "method") or element in inside or outside(element):
            continue
        # the outermost element that says it: <h2><strong>Method</strong></h2> is one heading
        inner = [child for child in element.iterdescendants() if heading_kind(child) == kind]
        inside.update(inner)
        if kind in sections and (kind == "method" or ends[kind].tag in LIST_TAGS):
            continue
        # An ingredient heading over paragraphs only (a tab's label, an introduction) gives way
        # to a later one over a list.
        found, end = _section(inner[-1] if inner else element, kind)
        if found and (kind not in sections or end.tag in LIST_TAGS):
            sections[kind], ends[kind] = found, end
    if "ingredients" in sections and "method" not in sections:
        sections["method"] = _paragraphs_after(ends["ingredients"])
    if not sections.get("ingredients") and not sections.get("method"):
        return None
    return {
        "recipeIngredient": sections.get("ingredients", []),
        "recipeInstructions": [s if isinstance(s, dict) else {"name": "", "text": s} for s in sections["method"]],
    }
