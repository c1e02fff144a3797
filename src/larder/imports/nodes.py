"""Finding Recipe nodes in a page: JSON-LD (with @id references), microdata and RDFa."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from typing import Any

from larder.imports.text import MAX_DEPTH, as_list, types_of

logger = logging.getLogger("larder.imports")
_COMMENT_LINE = re.compile(r"^\s*(//.*|<!--.*-->)\s*$", re.MULTILINE)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")


class Graph:
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


def recipes_in(value: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
    if depth > MAX_DEPTH:
        return
    if isinstance(value, list):
        for item in value:
            yield from recipes_in(item, depth + 1)
    elif isinstance(value, dict):
        if "recipe" in types_of(value):
            yield value
            return
        for item in value.values():
            yield from recipes_in(item, depth + 1)


def richness(node: dict[str, Any]) -> int:
    keys = ("name", "recipeIngredient", "ingredients", "recipeInstructions", "recipeYield", "image")
    return sum(1 for key in keys if node.get(key))


def json_ld_nodes(tree: Any) -> list[Any]:
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


def microdata_nodes(tree: Any, url: str) -> list[Any]:
    import extruct

    try:
        found = extruct.extract(tree, base_url=url, syntaxes=["microdata"], uniform=True, errors="ignore")
    except Exception:
        logger.info("microdata extraction failed", exc_info=True)
        return []
    nodes: list[Any] = found.get("microdata", [])  # extruct has no types
    return nodes


def rdfa_nodes(text: str, url: str) -> list[Any]:
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
        out: dict[str, Any] = {"@type": [str(t) for t in as_list(n.get("@type"))]}
        if n.get("@id") and not str(n["@id"]).startswith("_:"):
            out["@id"] = n["@id"]
        for key, raw in n.items():
            if key.startswith("@"):
                continue
            name = re.split(r"[/#]", key)[-1]
            values = [value(v, depth) for v in as_list(raw)]
            if all(isinstance(v, str) for v in values):
                values.sort(key=lambda v: (page.find(v) % (len(page) + 1), v))
            out[name] = values if len(values) != 1 or name in ("recipeIngredient", "recipeInstructions") else values[0]
        return out

    return [node(n, 0) for n in nodes if isinstance(n, dict) and types_of(n) & {"recipe"}]
