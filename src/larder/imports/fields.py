"""Two fields of a Recipe node as Larder keeps them: the ingredient lines and the steps.

- Ingredient groups (HowToSection-like groups in recipeIngredient) are kept as a prefix, "Group
  name: ingredient"; an ingredient text with line breaks (or <br>) is a line each.
- Instructions in HowToSection groups become one {name, text} per step; a step's name is its
  section's name (plus its own name when it has a distinct one: "Section: Step name"). A step
  whose name only repeats its text has no name. A method given as one text is a step per line
  or per numbered sentence; steps left as JSON text (a microdata attribute) are read as JSON.
"""

from __future__ import annotations

import contextlib
import html as html_lib
import json
import re
from typing import Any

from larder.imports.nodes import Graph
from larder.imports.text import MAX_DEPTH, as_list, clean_block, clean_text, types_of


def _ingredient_text(item: Any) -> str:
    if isinstance(item, dict) and "propertyvalue" in types_of(item):
        parts = [clean_text(item.get(k)) for k in ("value", "unitText", "name")]
        return " ".join(p for p in parts if p)
    return clean_text(item)


def ingredient_lines(value: Any, graph: Graph, group: str = "", depth: int = 0) -> list[str]:
    lines: list[str] = []
    if depth > MAX_DEPTH:
        return lines
    if isinstance(value, str):
        value = [value]
    for item in as_list(value):
        item = graph.resolve(item)
        if isinstance(item, list):
            lines += ingredient_lines(item, graph, group, depth + 1)
            continue
        members = item.get("itemListElement", item.get("recipeIngredient")) if isinstance(item, dict) else None
        if members is not None:  # a named group of ingredients
            name = clean_text(item.get("name"))
            lines += ingredient_lines(members, graph, name or group, depth + 1)
            continue
        # An ingredient text with line breaks (or <br>) is several lines the page shows apart.
        texts = clean_block(item).split("\n") if isinstance(item, str) else [_ingredient_text(item)]
        lines += [f"{group}: {text}" if group else text for text in texts if text]
    return lines


def _distinct_name(name: str, text: str) -> str:
    """A step's own name, unless it only repeats (or truncates) its text."""
    if not name or name == text or text.startswith(name.rstrip(".…").rstrip()):
        return ""
    return name


def _steps(value: Any, graph: Graph, section: str = "", depth: int = 0) -> list[dict[str, str]]:
    steps: list[dict[str, str]] = []
    if depth > MAX_DEPTH:
        return steps
    for item in as_list(value):
        item = graph.resolve(item)
        if isinstance(item, list):
            steps += _steps(item, graph, section, depth + 1)
        elif isinstance(item, dict):
            types = types_of(item)
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


# "1. Heat the oven. 2. Mix…" or "1) … 2) …": a step number at the start or after a sentence's end.
_STEP_NUMBER = re.compile(r"(?:^|(?<=[.!?:;])\s+)(\d{1,2})[.)]\s+(?=\S)")


def _numbered_steps(line: str) -> list[str]:
    """A line of numbered sentences as its steps (numbers 1, 2, 3… in order), else [line]."""
    marks = list(_STEP_NUMBER.finditer(line))
    if len(marks) < 2 or [int(m.group(1)) for m in marks] != list(range(1, len(marks) + 1)) or marks[0].start():
        return [line]
    ends = [m.start() for m in marks[1:]] + [len(line)]
    return [line[m.end() : end].strip() for m, end in zip(marks, ends, strict=True)]


def _text_steps(text: str) -> list[dict[str, str]] | str:
    """A method given as one text, as the page shows it: a step per line, or per numbered
    sentence; one paragraph stays one text."""
    lines = [line for line in text.split("\n") if line]
    leading = [_STEP_NUMBER.match(line) for line in lines]
    if len(lines) > 1 and all(leading) and [int(m.group(1)) for m in leading if m] == list(range(1, len(lines) + 1)):
        lines = [line[m.end() :] for line, m in zip(lines, leading, strict=True) if m]
    else:
        lines = [step for line in lines for step in _numbered_steps(line) if step]
    return [{"name": "", "text": line} for line in lines] if len(lines) > 1 else text


def instruction_steps(value: Any, graph: Graph) -> list[dict[str, str]] | str:
    value = graph.resolve(value)
    if isinstance(value, str) and value.lstrip()[:1] in ("[", "{"):
        # steps left as JSON text, as a microdata attribute holds them: content="[{&quot;@type…"
        with contextlib.suppress(ValueError):
            value = json.loads(html_lib.unescape(value))
    if isinstance(value, str):
        return _text_steps(clean_block(value))
    if isinstance(value, dict) and "text" in value and "itemListElement" not in value:
        value = [value]
    return _steps(value, graph)


def is_one_block(steps: list[dict[str, str]] | str) -> bool:
    """A method given as no text or as one block of it (one string, or a single step)."""
    return isinstance(steps, str) or len(steps) <= 1
