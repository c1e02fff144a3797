"""From a fetched HTML page to Larder's schema.org-shaped recipe data (part 1 §3 'Imported recipe').

The result always has the same keys: name, description, image (one URL, or a list when the page
gives several), url, @id, recipeCuisine, recipeYield (a string), totalTime, prepTime and
cookTime (ISO 8601 durations such as "PT1H30M", "" when the page gives none), recipeInstructions (a list of
{name, text}, or one plain text when the page gives one text) and recipeIngredient (a list of text).
A page without a recipe gives {"message": NO_RECIPE, "url": ..., "name": <page title>}.

Where the data comes from, in order:
1. recipe-scrapers (`scrape_html(..., supported_only=False)`): a site-specific scraper for the
   sites it knows, otherwise its schema.org reader (JSON-LD and microdata). Its Recipe node is
   preferred, its methods fill what the node lacks, and its HTML ingredient groups (WP Recipe
   Maker, Tasty) name the ingredient groups.
2. Our own pass, which also indexes every JSON-LD node by @id to follow references such as
   {"image": {"@id": ...}}: JSON-LD anywhere (`@graph`, top-level arrays, `mainEntity`, no
   `@context`, one broken block among good ones), then microdata (extruct), then RDFa (extruct).
   The richest Recipe node found wins.
3. The page's markup (imports/markup.py) when no structured data gives the ingredients or the
   method, or gives either as one block (all ingredients in one line, a method in one string)
   that the page shows as separate lines: the WordPress recipe plugins' classes, else the lists
   under headings such as "Ingredients" / "Zutaten" and "Method" / "Zubereitung", else the blocks
   whose class names say so. Without structured data it must give both; a list alone is no recipe.
4. What the page prints beside the recipe (imports/page_facts.py): "Servings: 4", "Prep time:
   10 min", for the yield and the times the first three leave out.

Decisions:
- Steps and ingredient lines are read as imports/fields.py says: sections survive in a flat list
  as the steps' names ("Section: Step name").
- Ingredient groups (HowToSection-like groups in recipeIngredient, named groups in the HTML, or a
  heading written as one more line: "For the sauce:", imports/groups.py) are kept as a prefix,
  "Group name: ingredient", so every line is still an ingredient; the viewer shows the name once.
- A step that only says "Notes:" ends the method; the word "recipe" after a dash ends no title.
- All text is HTML-entity decoded (repeatedly, for double-escaped sites), stripped of tags and of
  repeated white space; a plain-text instruction keeps its line breaks.
- Image URLs and url/@id are made absolute against the final page URL; only http(s) URLs are
  kept, so a page cannot plant a javascript: link in the viewer.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable
from typing import Any

import lxml.html

from larder.core.base.logsafe import loggable_url
from larder.imports.fields import ingredient_lines, instruction_steps, is_one_block
from larder.imports.groups import with_group_labels
from larder.imports.headings import without_notes
from larder.imports.markup import markup_recipe
from larder.imports.nodes import Graph, json_ld_nodes, microdata_nodes, rdfa_nodes, recipes_in, richness
from larder.imports.page_facts import page_lines, page_times, page_yield
from larder.imports.text import as_list, clean_block, clean_text, http_url, types_of
from larder.imports.times import iso_duration, minutes_of
from larder.imports.titles import recipe_title

logger = logging.getLogger("larder.imports")

NO_RECIPE = "No recipe found on this page"
# Bounds on what one page can make us store.
MAX_NAME = 300
MAX_TEXT = 20_000
MAX_ITEMS = 300
MAX_IMAGES = 20


# -- one field at a time -------------------------------------------------------------------------


def _images(value: Any, graph: Graph, base: str) -> list[str]:
    urls: list[str] = []
    for item in as_list(graph.resolve(value)):
        item = graph.resolve(item)
        if isinstance(item, dict):
            item = item.get("url") or item.get("contentUrl") or item.get("@id")
        for candidate in as_list(item):
            url = http_url(candidate, base) if isinstance(candidate, str) else ""
            if url and url not in urls:
                urls.append(url)
    return urls


def _yield_text(value: Any) -> str:
    """recipeYield as one string: the most telling of several ("4 servings" over "4")."""
    texts: list[str] = []
    for item in as_list(value):
        if isinstance(item, dict) and ("value" in item or "unitText" in item):
            item = " ".join(clean_text(item.get(k)) for k in ("value", "unitText") if clean_text(item.get(k)))
        text = clean_text(item)
        if text:
            texts.append(text)
    worded = [t for t in texts if re.search(r"[^\W\d_]", t)]
    return (worded or texts or [""])[0]


def _times(node: dict[str, Any], scraper: Any, lines: Callable[[], list[str]]) -> dict[str, str]:
    """totalTime, prepTime and cookTime as ISO 8601 durations, else as the page prints them; a
    total the page leaves out is prep plus cook, as a cook reads it."""
    prep = minutes_of(node.get("prepTime")) or minutes_of(_call(scraper, "prep_time"))
    cook = minutes_of(node.get("cookTime")) or minutes_of(_call(scraper, "cook_time"))
    total = minutes_of(node.get("totalTime")) or minutes_of(_call(scraper, "total_time"))
    if not (prep or cook or total):
        printed = page_times(lines())
        prep, cook, total = printed.get("prep"), printed.get("cook"), printed.get("total")
    total = total or (prep or 0) + (cook or 0)
    return {"totalTime": iso_duration(total), "prepTime": iso_duration(prep), "cookTime": iso_duration(cook)}


def _joined(value: Any) -> str:
    texts = [clean_text(v) for v in as_list(value)]
    return ", ".join(dict.fromkeys(t for t in texts if t))


# -- the page ------------------------------------------------------------------------------------


def _tree(text: str) -> Any:
    parser = lxml.html.HTMLParser(encoding="utf-8", remove_comments=False, recover=True)
    try:
        tree = lxml.html.fromstring(text.encode("utf-8", "replace"), parser=parser)
    except Exception:  # lxml gives up on some inputs ("Document is empty")
        tree = None
    return tree if tree is not None else lxml.html.fromstring("<html></html>")


def page_title(tree: Any) -> str:
    for query in ("//meta[@property='og:title']/@content", "//title//text()", "//h1//text()"):
        found = clean_text(" ".join(str(t) for t in tree.xpath(query)))
        if found:
            return found[:MAX_NAME]
    return ""


def _og_image(tree: Any, base: str) -> list[str]:
    found = tree.xpath("//meta[@property='og:image' or @name='og:image' or @name='twitter:image']/@content")
    return [u for u in (http_url(v, base) for v in found[:1]) if u]


def _scraper(text: str, url: str) -> Any:
    """recipe-scrapers' view of the page, or None when it finds no recipe."""
    from recipe_scrapers import scrape_html

    try:
        return scrape_html(text, org_url=url, supported_only=False)
    except Exception as exc:  # NoSchemaFoundInWildMode, or anything a broken page provokes
        logger.debug("recipe-scrapers found nothing on %s: %s", loggable_url(url), loggable_url(exc))
        return None


def _call(scraper: Any, method: str) -> Any:
    if scraper is None:
        return None
    try:
        return getattr(scraper, method)()
    except Exception:  # scrapers raise freely for a missing field
        return None


# The plugins whose HTML groups recipe-scrapers reads. Its grouping selects over the whole page
# (~170 ms a page, as much as the rest of the parse): asked only when the page has such markup.
_GROUP_MARKUP = ("wprm-recipe-group-name", "wprm-recipe-ingredient-group", "tasty-recipes-ingredients")


def _scraper_groups(scraper: Any, text: str) -> list[str]:
    """Ingredients with their HTML group names as a prefix; [] when the page names no groups."""
    if not any(marker in text for marker in _GROUP_MARKUP):
        return []
    groups = _call(scraper, "ingredient_groups") or []
    if not any(getattr(g, "purpose", None) for g in groups):
        return []
    lines: list[str] = []
    for group in groups:
        purpose = clean_text(group.purpose or "").rstrip(":").strip()
        lines += [f"{purpose}: {clean_text(i)}" if purpose else clean_text(i) for i in group.ingredients]
    return [line for line in lines if line]


def parse_page(text: str, url: str) -> dict[str, Any]:
    """The recipe on the page at `url` (its final URL), or the 'no recipe' message."""
    tree = _tree(text)
    try:
        data = _parse(text, url, tree)
    except Exception:  # a page must never break the import
        logger.exception("parsing %s failed", loggable_url(url))
        data = None
    return data or {"message": NO_RECIPE, "url": url, "name": page_title(tree)}


def _parse(text: str, url: str, tree: Any) -> dict[str, Any] | None:
    graph = Graph()
    json_ld = json_ld_nodes(tree)
    graph.index(json_ld)
    scraper = _scraper(text, url)
    schema = getattr(getattr(scraper, "schema", None), "data", None) or {}
    candidates = [schema] if "recipe" in types_of(schema) else []
    candidates += list(recipes_in(json_ld))
    if not candidates:
        microdata = microdata_nodes(tree, url)
        graph.index(microdata)
        candidates = list(recipes_in(microdata))
    if not candidates:
        candidates = list(recipes_in(rdfa_nodes(text, url)))
    node = max(candidates, key=richness, default={})
    ingredients = ingredient_lines(node.get("recipeIngredient") or node.get("ingredients"), graph)
    steps = instruction_steps(node.get("recipeInstructions"), graph)
    if len(ingredients) < 2 or is_one_block(steps):
        # No structured data, or some that leaves the ingredients or the method out or gives it
        # as one block ("125ml milk, 1 tsp vinegar, 60ml oil"; a method in one string): what
        # the recipe plugins' markup, the headings over the lists or the blocks' class names
        # give fills what it lacks, and stands for a block the page shows as separate lines.
        found = markup_recipe(tree) or {}
        if not node and not (found.get("recipeIngredient") and found.get("recipeInstructions")):
            return None  # a list under a heading alone is no recipe
        present = {key: value for key, value in node.items() if value not in (None, "", [], {}, [None])}
        if len(ingredients) == 1 and len(found.get("recipeIngredient") or []) > 2:
            present.pop("recipeIngredient", None)
            present.pop("ingredients", None)
        if steps and is_one_block(steps) and len(found.get("recipeInstructions") or []) > 2:
            present.pop("recipeInstructions", None)
        node = {**found, **present}
    return _shape(node, graph, scraper, tree, url, text)


def _shape(node: dict[str, Any], graph: Graph, scraper: Any, tree: Any, url: str, text: str) -> dict[str, Any] | None:
    name = clean_text(node.get("name") or node.get("headline")) or clean_text(_call(scraper, "title"))
    ingredients = _scraper_groups(scraper, text) or ingredient_lines(
        node.get("recipeIngredient") or node.get("ingredients"), graph
    )
    if not ingredients:
        ingredients = [t for t in (clean_text(i) for i in _call(scraper, "ingredients") or []) if t]
    ingredients = with_group_labels(ingredients)
    instructions = instruction_steps(node.get("recipeInstructions") or node.get("RecipeInstructions"), graph)
    if not instructions:
        instructions = [{"name": "", "text": clean_block(t)} for t in _call(scraper, "instructions_list") or []]
        instructions = [s for s in instructions if s["text"]]
    if not (name and (ingredients or instructions)) and not (ingredients and instructions):
        return None
    images = _images(node.get("image") or node.get("thumbnailUrl"), graph, url)
    images = (images or _images(_call(scraper, "image"), graph, url) or _og_image(tree, url))[:MAX_IMAGES]
    lines = functools.cache(lambda: page_lines(text))
    yield_text = _yield_text(node.get("recipeYield") or node.get("yield")) or clean_text(_call(scraper, "yields"))
    yield_text = yield_text or page_yield(lines())
    if isinstance(instructions, str):
        instructions = instructions[:MAX_TEXT]
    else:
        kept = without_notes(instructions)[:MAX_ITEMS]
        instructions = [{"name": s["name"][:MAX_NAME], "text": s["text"][:MAX_TEXT]} for s in kept]
    return {
        "name": recipe_title(name or page_title(tree))[:MAX_NAME],
        "description": (clean_text(node.get("description")) or clean_text(_call(scraper, "description")))[:MAX_TEXT],
        "image": images[0] if len(images) == 1 else images or "",
        "url": http_url(node.get("url"), url) or url,
        "@id": http_url(node.get("@id"), url),
        "recipeCuisine": (_joined(node.get("recipeCuisine")) or clean_text(_call(scraper, "cuisine")))[:MAX_NAME],
        "recipeYield": yield_text[:MAX_NAME],
        **_times(node, scraper, lines),
        "recipeInstructions": instructions,
        "recipeIngredient": [line[:MAX_NAME] for line in ingredients[:MAX_ITEMS]],
    }


def is_complete(data: dict[str, Any]) -> bool:
    """Name, ingredients, instructions and yield all present (the 'parses fully' count)."""
    return all(data.get(key) for key in ("name", "recipeIngredient", "recipeInstructions", "recipeYield"))


def decode_page(body: bytes, content_type: str | None) -> str:
    """Bytes to text: BOM, then the HTTP charset, then UTF-8 when the bytes are UTF-8, then
    <meta charset>, then windows-1252.

    Bytes that decode as UTF-8 are UTF-8 whatever the page declares: text in another encoding is
    almost never valid UTF-8 once it has a non-ASCII letter, while pages declare wrongly (an inline
    SVG's `<?xml encoding="iso-8859-1"?>` ahead of `<meta charset="UTF-8">` turns every ½ into Â½).
    """
    from w3lib.encoding import html_to_unicode, http_content_type_encoding, read_bom

    if read_bom(body) == (None, None) and not http_content_type_encoding(content_type):
        try:
            return body.decode("utf-8")
        except UnicodeDecodeError:
            pass
    _encoding, text = html_to_unicode(content_type, body, auto_detect_fun=_utf8_or_cp1252)
    return text


def _utf8_or_cp1252(body: bytes) -> str:
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"


def parse_fetched(body: bytes, content_type: str | None, url: str) -> dict[str, Any]:
    """Decode and parse in one call (run in a worker thread: all of it is CPU work)."""
    return parse_page(decode_page(body, content_type), url)
