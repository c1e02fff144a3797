"""A recipe read from the page's own markup, for pages that state it in no structured data.

Three readers, tried in order:
1. The markup of the common WordPress recipe plugins (WP Recipe Maker, Tasty Recipes, Mediavine
   Create, Zip Recipes), found by their class names: the name, ingredient lines (with their group
   names), steps and yield are where the plugin always puts them.
2. Headings (imports/headings.py): the ingredient list and the method under the headings that
   name them, in the languages our users write in.
3. Class names: a block whose class or id says "ingredients" holding a list, and one that says
   "instructions" / "method" / "preparation"...; it fills only what the first two left out.
The title is the page's own heading (h1), not its <title>, which often names the site.
"""

from __future__ import annotations

from typing import Any

from larder.imports.headings import block_lines, element_text, headings_recipe, outside
from larder.imports.text import clean_text

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
                label = element_text(names[0]) if names else ""
            if line_class == group_class:  # the plugin's lines are the group's list items
                items = group.xpath(".//li")
            else:
                items = group.xpath(f".//li[{_has_class(line_class)}]")
            for item in items:
                line = element_text(item)
                if line:
                    ingredients.append(f"{label.rstrip(':')}: {line}" if label else line)
        steps = [element_text(s) for s in card.xpath(f".//*[{_has_class(step_class)}]//li")] or [
            element_text(s) for s in card.xpath(f".//*[{_has_class(step_class)}]")
        ]
        names = card.xpath(f".//*[{_has_class(name_class)}]")
        yields = card.xpath(f".//*[{_has_class(yield_class)}]")
        recipe = {
            "name": element_text(names[0]) if names else "",
            "recipeIngredient": list(dict.fromkeys(ingredients)),
            "recipeInstructions": [{"name": "", "text": s} for s in steps if s],
            "recipeYield": element_text(yields[0]) if yields else "",
        }
        if recipe["recipeIngredient"] and recipe["recipeInstructions"]:
            return recipe
    return None


# -- class names ----------------------------------------------------------------------------------

_INGREDIENT_CLASSES = ("ingredient", "zutaten", "ingredienti", "ingredientes", "skladniki")
_METHOD_CLASSES = (
    "instruction", "direction", "method", "preparation", "recipe-steps", "recipe_steps", "zubereitung",
    "bereiding", "preparacion", "preparazione", "procedimento", "przygotowanie", "etapes",
)  # fmt: skip
_BLOCK_MAX = 20_000  # characters: a page's wrapper is not a recipe's block
_LOWER = "translate(concat(@class, ' ', @id), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"


def _blocks(tree: Any, words: tuple[str, ...]) -> list[Any]:
    """Elements whose class or id holds one of `words`, in page order, outside navigation."""
    test = " or ".join(f"contains({_LOWER}, '{word}')" for word in words)
    return [
        element
        for element in tree.xpath(f"//body//*[{test}]")
        if element.tag not in ("body", "main", "article", "a", "button", "input", "img")
        and not outside(element)
        and len(element.text_content()) <= _BLOCK_MAX
    ]


def _class_named(tree: Any) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for block in _blocks(tree, _INGREDIENT_CLASSES):
        lines = block_lines(block, "ingredients")
        if len(lines) >= 2:
            found["recipeIngredient"] = lines
            break
    for block in _blocks(tree, _METHOD_CLASSES):
        steps = block_lines(block, "method")
        if steps:
            found["recipeInstructions"] = steps
            break
    return found


def page_heading(tree: Any) -> str:
    """The page's own heading: its first h1 outside navigation, without the small print in it
    ("<small>by The Site</small>")."""
    for h1 in tree.xpath("//h1"):
        if not outside(h1):
            parts = [h1.text or ""]
            for child in h1:
                if child.tag != "small" and isinstance(child.tag, str):
                    parts.append(child.text_content())
                parts.append(child.tail or "")
            text = clean_text(" ".join(parts))
            if text:
                return text
    return ""


def markup_recipe(tree: Any) -> dict[str, Any] | None:
    """name, recipeIngredient, recipeInstructions and recipeYield read from the markup, or None.
    The headings and the class names may give one of the two lists alone: the caller decides
    whether that completes a recipe."""
    recipe: dict[str, Any] = _plugin_recipe(tree) or {
        "name": "",
        "recipeIngredient": [],
        "recipeInstructions": [],
        "recipeYield": "",
    }
    for reader in (headings_recipe, _class_named):
        if recipe["recipeIngredient"] and recipe["recipeInstructions"]:
            break
        found = reader(tree) or {}
        for key in ("recipeIngredient", "recipeInstructions"):
            recipe[key] = recipe[key] or found.get(key) or []
    if not recipe["recipeIngredient"] and not recipe["recipeInstructions"]:
        return None
    if not recipe["name"]:
        recipe["name"] = page_heading(tree)
    return recipe
