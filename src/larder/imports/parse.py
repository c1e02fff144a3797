"""From a fetched HTML page to Larder's schema.org-shaped recipe data (part 1 §3 'Imported recipe').

The result always has the same keys: name, description, image (one URL, or a list when the page
gives several), url, @id, recipeCuisine, recipeYield (a string), recipeInstructions (a list of
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

Decisions:
- Instructions in HowToSection groups become one {name, text} per step; a step's name is its
  section's name (plus its own name when it has a distinct one: "Section: Step name"), so the
  sections survive in a flat list. A step whose name only repeats its text has no name ("").
- Ingredient groups (HowToSection-like groups in recipeIngredient, or named groups in the HTML)
  are kept as a prefix, "Group name: ingredient", so every line is still an ingredient.
- All text is HTML-entity decoded (repeatedly, for double-escaped sites), stripped of tags and of
  repeated white space; a plain-text instruction keeps its line breaks.
- Image URLs and url/@id are made absolute against the final page URL; only http(s) URLs are
  kept, so a page cannot plant a javascript: link in the viewer.
"""

from __future__ import annotations

import html as html_lib
import json
import logging
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urljoin, urlsplit

import lxml.html

logger = logging.getLogger("larder.imports")

NO_RECIPE = "No recipe found on this page"
MAX_DEPTH = 25
# Bounds on what one page can make us store.
MAX_NAME = 300
MAX_TEXT = 20_000
MAX_ITEMS = 300
MAX_IMAGES = 20
_TAG = re.compile(r"<[^>]*>")
_BREAK = re.compile(r"<\s*(br|/p|/li|/div|/h[1-6])\b[^>]*>", re.IGNORECASE)
_SPACE = re.compile(r"[ \t\f\v\u00a0\u200b]+")
_COMMENT_LINE = re.compile(r"^\s*(//.*|<!--.*-->)\s*$", re.MULTILINE)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")


# -- text ----------------------------------------------------------------------------------------


def _unescape(value: str) -> str:
    for _ in range(3):  # "&amp;eacute;" on double-escaping sites
        decoded = html_lib.unescape(value)
        if decoded == value:
            break
        value = decoded
    return value


def clean_text(value: Any) -> str:
    """One line of text: entities decoded, tags dropped, white space collapsed."""
    value = _scalar(value)
    if not value:
        return ""
    text = _TAG.sub(" ", _unescape(str(value)))
    return re.sub(r"\s+", " ", text.replace("\u200b", "")).strip()


def clean_block(value: Any) -> str:
    """Several lines of text: as clean_text, but line breaks (and <br>, </p>, </li>) are kept."""
    value = _scalar(value)
    if not value:
        return ""
    text = _unescape(_BREAK.sub("\n", _unescape(str(value))))
    text = _TAG.sub(" ", text).replace("\r\n", "\n").replace("\r", "\n")
    lines = (_SPACE.sub(" ", line).strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


def _scalar(value: Any) -> Any:
    """The first useful scalar of a JSON-LD value: a list's first item, a {@value} or {name}."""
    for _ in range(MAX_DEPTH):
        if isinstance(value, list):
            value = next((v for v in value if v not in (None, "", [], {})), None)
        elif isinstance(value, dict):
            value = value.get("@value", value.get("name", value.get("text")))
        else:
            break
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _types(node: dict[str, Any]) -> set[str]:
    """Local type names, lower case: "http://schema.org/Recipe" and "schema:Recipe" are "recipe"."""
    raw = node.get("@type", node.get("type", []))
    return {re.split(r"[/#:]", str(t))[-1].lower() for t in _as_list(raw) if t}


def _http_url(value: Any, base: str) -> str:
    """An absolute http(s) URL from `value` relative to `base`, or ""."""
    text = clean_text(value)
    if not text or text.startswith("_:"):
        return ""
    try:
        absolute = urljoin(base, text)
        parts = urlsplit(absolute)
    except ValueError:
        return ""
    ok = parts.scheme in ("http", "https") and parts.netloc and len(absolute) <= 2048
    return absolute if ok else ""


# -- finding Recipe nodes ------------------------------------------------------------------------


class _Graph:
    """Every JSON-LD/microdata/RDFa node of the page by @id, to follow {"@id": ...} references."""

    def __init__(self) -> None:
        self.by_id: dict[str, dict[str, Any]] = {}

    def index(self, value: Any, depth: int = 0) -> None:
        if depth > MAX_DEPTH:
            return
        if isinstance(value, list):
            for item in value:
                self.index(item, depth + 1)
        elif isinstance(value, dict):
            node_id = value.get("@id")
            if isinstance(node_id, str) and len(value) > 1:
                self.by_id.setdefault(node_id, value)
            for item in value.values():
                self.index(item, depth + 1)

    def resolve(self, value: Any) -> Any:
        if isinstance(value, dict) and set(value) == {"@id"}:
            return self.by_id.get(str(value["@id"]), value)
        return value


def _recipes_in(value: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
    if depth > MAX_DEPTH:
        return
    if isinstance(value, list):
        for item in value:
            yield from _recipes_in(item, depth + 1)
    elif isinstance(value, dict):
        if "recipe" in _types(value):
            yield value
            return
        for item in value.values():
            yield from _recipes_in(item, depth + 1)


def _richness(node: dict[str, Any]) -> int:
    keys = ("name", "recipeIngredient", "ingredients", "recipeInstructions", "recipeYield", "image")
    return sum(1 for key in keys if node.get(key))


def _json_ld(tree: Any) -> list[Any]:
    """Every JSON-LD block of the page; a block that is not JSON is skipped, not fatal."""
    items: list[Any] = []
    for script in tree.xpath('//script[@type="application/ld+json" or @type="application/json+ld"]'):
        text = script.text_content() or ""
        for candidate in (text, _TRAILING_COMMA.sub(r"\1", _COMMENT_LINE.sub("", text))):
            try:
                items.append(json.loads(candidate, strict=False))
                break
            except (ValueError, RecursionError):
                continue
        else:
            logger.info("skipped a JSON-LD block that is not JSON")
    return items


def _microdata(tree: Any, url: str) -> list[Any]:
    import extruct

    try:
        found = extruct.extract(tree, base_url=url, syntaxes=["microdata"], uniform=True, errors="ignore")
    except Exception:
        logger.info("microdata extraction failed", exc_info=True)
        return []
    return found.get("microdata", [])


def _rdfa(text: str, url: str) -> list[Any]:
    import extruct

    try:
        found = extruct.extract(text.encode("utf-8"), base_url=url, syntaxes=["rdfa"], errors="ignore")
    except Exception:
        logger.info("RDFa extraction failed", exc_info=True)
        return []
    return _compact_rdfa(found.get("rdfa", []), text)


def _compact_rdfa(nodes: list[dict[str, Any]], page: str) -> list[dict[str, Any]]:
    """RDFa comes as expanded JSON-LD ({"http://schema.org/name": [{"@value": ...}]}); make it plain.

    An RDF graph has no order, so several values of one property are put back in page order.
    """
    by_id = {n.get("@id"): n for n in nodes if isinstance(n, dict)}

    def value(v: Any, depth: int) -> Any:
        if isinstance(v, dict):
            if "@value" in v:
                return v["@value"]
            if "@id" in v:
                target = by_id.get(v["@id"])
                if target is not None and depth < 8:
                    return node(target, depth + 1)
                return v["@id"]
        return v

    def node(n: dict[str, Any], depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {"@type": [str(t) for t in _as_list(n.get("@type"))]}
        if n.get("@id") and not str(n["@id"]).startswith("_:"):
            out["@id"] = n["@id"]
        for key, raw in n.items():
            if key.startswith("@"):
                continue
            name = re.split(r"[/#]", key)[-1]
            values = [value(v, depth) for v in _as_list(raw)]
            if all(isinstance(v, str) for v in values):
                values.sort(key=lambda v: (page.find(v) % (len(page) + 1), v))
            out[name] = values if len(values) != 1 or name in ("recipeIngredient", "recipeInstructions") else values[0]
        return out

    return [node(n, 0) for n in nodes if isinstance(n, dict) and _types(n) & {"recipe"}]


# -- one field at a time -------------------------------------------------------------------------


def _images(value: Any, graph: _Graph, base: str) -> list[str]:
    urls: list[str] = []
    for item in _as_list(graph.resolve(value)):
        item = graph.resolve(item)
        if isinstance(item, dict):
            item = item.get("url") or item.get("contentUrl") or item.get("@id")
        for candidate in _as_list(item):
            url = _http_url(candidate, base) if isinstance(candidate, str) else ""
            if url and url not in urls:
                urls.append(url)
    return urls


def _yield_text(value: Any) -> str:
    """recipeYield as one string: the most telling of several ("4 servings" over "4")."""
    texts: list[str] = []
    for item in _as_list(value):
        if isinstance(item, dict) and ("value" in item or "unitText" in item):
            item = " ".join(clean_text(item.get(k)) for k in ("value", "unitText") if clean_text(item.get(k)))
        text = clean_text(item)
        if text:
            texts.append(text)
    worded = [t for t in texts if re.search(r"[^\W\d_]", t)]
    return (worded or texts or [""])[0]


def _ingredient_text(item: Any) -> str:
    if isinstance(item, dict) and "propertyvalue" in _types(item):
        parts = [clean_text(item.get(k)) for k in ("value", "unitText", "name")]
        return " ".join(p for p in parts if p)
    return clean_text(item)


def _ingredients(value: Any, graph: _Graph, group: str = "", depth: int = 0) -> list[str]:
    lines: list[str] = []
    if depth > MAX_DEPTH:
        return lines
    if isinstance(value, str):
        value = [value]
    for item in _as_list(value):
        item = graph.resolve(item)
        if isinstance(item, list):
            lines += _ingredients(item, graph, group, depth + 1)
            continue
        members = item.get("itemListElement", item.get("recipeIngredient")) if isinstance(item, dict) else None
        if members is not None:  # a named group of ingredients
            name = clean_text(item.get("name"))
            lines += _ingredients(members, graph, name or group, depth + 1)
            continue
        text = _ingredient_text(item)
        if text:
            lines.append(f"{group}: {text}" if group else text)
    return lines


def _distinct_name(name: str, text: str) -> str:
    """A step's own name, unless it only repeats (or truncates) its text."""
    if not name or name == text or text.startswith(name.rstrip(".…").rstrip()):
        return ""
    return name


def _steps(value: Any, graph: _Graph, section: str = "", depth: int = 0) -> list[dict[str, str]]:
    steps: list[dict[str, str]] = []
    if depth > MAX_DEPTH:
        return steps
    for item in _as_list(value):
        item = graph.resolve(item)
        if isinstance(item, list):
            steps += _steps(item, graph, section, depth + 1)
        elif isinstance(item, dict):
            types = _types(item)
            members = item.get("itemListElement")
            if members is not None and ("howtosection" in types or "itemlist" in types or "text" not in item):
                name = clean_text(item.get("name") or item.get("Name"))
                steps += _steps(members, graph, name or section, depth + 1)
                continue
            text = clean_block(item.get("text") or item.get("description") or "")
            own = clean_text(item.get("name"))
            if not text:
                text, own = own, ""
            if not text:
                continue
            own = _distinct_name(own, text)
            name = f"{section}: {own}" if section and own else section or own
            steps.append({"name": name, "text": text})
        else:
            text = clean_block(item)
            if text:
                steps.append({"name": section, "text": text})
    return steps


def _instructions(value: Any, graph: _Graph) -> list[dict[str, str]] | str:
    value = graph.resolve(value)
    if isinstance(value, str):
        return clean_block(value)
    if isinstance(value, dict) and "text" in value and "itemListElement" not in value:
        value = [value]
    return _steps(value, graph)


def _joined(value: Any) -> str:
    texts = [clean_text(v) for v in _as_list(value)]
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
    return [u for u in (_http_url(v, base) for v in found[:1]) if u]


def _scraper(text: str, url: str) -> Any:
    """recipe-scrapers' view of the page, or None when it finds no recipe."""
    from recipe_scrapers import scrape_html

    try:
        return scrape_html(text, org_url=url, supported_only=False)
    except Exception as exc:  # NoSchemaFoundInWildMode, or anything a broken page provokes
        logger.debug("recipe-scrapers found nothing on %s: %s", url, exc)
        return None


def _call(scraper: Any, method: str) -> Any:
    if scraper is None:
        return None
    try:
        return getattr(scraper, method)()
    except Exception:  # scrapers raise freely for a missing field
        return None


def _scraper_groups(scraper: Any) -> list[str]:
    """Ingredients with their HTML group names as a prefix; [] when the page names no groups."""
    groups = _call(scraper, "ingredient_groups") or []
    if not any(getattr(g, "purpose", None) for g in groups):
        return []
    lines: list[str] = []
    for group in groups:
        purpose = clean_text(group.purpose or "")
        lines += [f"{purpose}: {clean_text(i)}" if purpose else clean_text(i) for i in group.ingredients]
    return [line for line in lines if line]


def parse_page(text: str, url: str) -> dict[str, Any]:
    """The recipe on the page at `url` (its final URL), or the 'no recipe' message."""
    tree = _tree(text)
    try:
        data = _parse(text, url, tree)
    except Exception:  # a page must never break the import
        logger.exception("parsing %s failed", url)
        data = None
    return data or {"message": NO_RECIPE, "url": url, "name": page_title(tree)}


def _parse(text: str, url: str, tree: Any) -> dict[str, Any] | None:
    graph = _Graph()
    json_ld = _json_ld(tree)
    graph.index(json_ld)
    scraper = _scraper(text, url)
    schema = getattr(getattr(scraper, "schema", None), "data", None) or {}
    candidates = [schema] if "recipe" in _types(schema) else []
    candidates += list(_recipes_in(json_ld))
    if not candidates:
        microdata = _microdata(tree, url)
        graph.index(microdata)
        candidates = list(_recipes_in(microdata))
    if not candidates:
        candidates = list(_recipes_in(_rdfa(text, url)))
    node = max(candidates, key=_richness, default={})
    return _shape(node, graph, scraper, tree, url)


def _shape(node: dict[str, Any], graph: _Graph, scraper: Any, tree: Any, url: str) -> dict[str, Any] | None:
    name = clean_text(node.get("name") or node.get("headline")) or clean_text(_call(scraper, "title"))
    ingredients = _scraper_groups(scraper) or _ingredients(
        node.get("recipeIngredient") or node.get("ingredients"), graph
    )
    if not ingredients:
        ingredients = [t for t in (clean_text(i) for i in _call(scraper, "ingredients") or []) if t]
    instructions = _instructions(node.get("recipeInstructions") or node.get("RecipeInstructions"), graph)
    if not instructions:
        instructions = [{"name": "", "text": clean_block(t)} for t in _call(scraper, "instructions_list") or []]
        instructions = [s for s in instructions if s["text"]]
    if not (name and (ingredients or instructions)) and not (ingredients and instructions):
        return None
    images = _images(node.get("image") or node.get("thumbnailUrl"), graph, url)
    images = (images or _images(_call(scraper, "image"), graph, url) or _og_image(tree, url))[:MAX_IMAGES]
    yield_text = _yield_text(node.get("recipeYield") or node.get("yield")) or clean_text(_call(scraper, "yields"))
    if isinstance(instructions, str):
        instructions = instructions[:MAX_TEXT]
    else:
        instructions = [{"name": s["name"][:MAX_NAME], "text": s["text"][:MAX_TEXT]} for s in instructions[:MAX_ITEMS]]
    return {
        "name": (name or page_title(tree))[:MAX_NAME],
        "description": (clean_text(node.get("description")) or clean_text(_call(scraper, "description")))[:MAX_TEXT],
        "image": images[0] if len(images) == 1 else images or "",
        "url": _http_url(node.get("url"), url) or url,
        "@id": _http_url(node.get("@id"), url),
        "recipeCuisine": (_joined(node.get("recipeCuisine")) or clean_text(_call(scraper, "cuisine")))[:MAX_NAME],
        "recipeYield": yield_text[:MAX_NAME],
        "recipeInstructions": instructions,
        "recipeIngredient": [line[:MAX_NAME] for line in ingredients[:MAX_ITEMS]],
    }


def is_complete(data: dict[str, Any]) -> bool:
    """Name, ingredients, instructions and yield all present (the 'parses fully' count)."""
    return all(data.get(key) for key in ("name", "recipeIngredient", "recipeInstructions", "recipeYield"))


def decode_page(body: bytes, content_type: str | None) -> str:
    """Bytes to text: BOM, then the HTTP charset, then <meta charset>, then UTF-8 or windows-1252."""
    from w3lib.encoding import html_to_unicode

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
