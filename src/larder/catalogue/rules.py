"""The one validation of a recipe, for the catalogue (administrators, approvals) and own recipes alike.

The part 1 §5 messages come first, in the spec's words; then the rules the spec implies (units,
preparation words, timers, category, stored images). Catalogue recipes may hold only catalogue
ingredients; own recipes may hold custom ones, which block publishing, never saving.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from larder.catalogue.schemas import TREATMENTS, IngredientOut
from larder.core.uploads import is_upload_name
from larder.kitchen.units import UNITS

TIMER = re.compile(r"^[0-9]{2}:[0-5][0-9]:[0-5][0-9]$")

MSG_NAME = "Recipe name is required"
MSG_DESCRIPTION = "Recipe description is required"
MSG_INGREDIENTS = "At least one ingredient is required"
MSG_STEPS = "At least one step is required"
MSG_CATEGORY = "Unknown recipe category."
MSG_IMAGE = "The image was not found. Please upload it again."

Problems = list[tuple[str, str]]  # (field, message), in the order a person should read them


@dataclass
class DraftLine:
    ingredient: IngredientOut | None  # None: a custom ingredient (own recipes only)
    name: str
    quantity: float
    measurement: str
    treatment: str | None


@dataclass
class DraftStep:
    key: str
    title: str
    description: str
    timer: str | None
    image: str | None
    uses: list[int] = field(default_factory=list)  # indexes into the recipe's ingredient lines


@dataclass
class RecipeDraft:
    name: str
    description: str
    serves: int
    category_id: int | None
    image: str | None
    lines: list[DraftLine]
    steps: list[DraftStep]

    @property
    def custom_names(self) -> list[str]:
        return [line.name for line in self.lines if line.ingredient is None]

    def texts(self) -> list[str]:
        """Everything a banned word may hide in."""
        return [
            self.name,
            self.description,
            *(s.title for s in self.steps),
            *(s.description for s in self.steps),
            *self.custom_names,
        ]


def step_message(number: int, part: str) -> str:
    return f"Step {number} {part} is required"


def recipe_problems(
    draft: RecipeDraft,
    *,
    category_known: bool,
    image_stored: Callable[[str], bool],
    custom_allowed: bool,
) -> Problems:
    """Every rule a saved recipe must meet; `category_known` says whether its category (if any) exists."""
    problems: Problems = []
    if not draft.name:
        problems.append(("name", MSG_NAME))
    if not draft.description:
        problems.append(("description", MSG_DESCRIPTION))
    if not draft.lines:
        problems.append(("ingredients", MSG_INGREDIENTS))
    if not draft.steps:
        problems.append(("steps", MSG_STEPS))
    for number, step in enumerate(draft.steps, start=1):
        if not step.title:
            problems.append((f"steps.{number - 1}", step_message(number, "title")))
        if not step.description:
            problems.append((f"steps.{number - 1}", step_message(number, "description")))
    for number, step in enumerate(draft.steps, start=1):
        where = f"steps.{number - 1}"
        if step.timer is not None and not TIMER.match(step.timer):
            problems.append((where, f"Step {number} timer must be HH:MM:SS"))
        if step.image is not None and not (is_upload_name(step.image) and image_stored(step.image)):
            problems.append((where, f"Step {number}: {MSG_IMAGE}"))
        if any(not 0 <= i < len(draft.lines) for i in step.uses):
            problems.append((where, f"Step {number} may only use the recipe's own ingredients"))
    for number, line in enumerate(draft.lines, start=1):
        where = f"ingredients.{number - 1}"
        if line.ingredient is None and not custom_allowed:
            problems.append((where, f"Ingredient {number} is not in the catalogue"))
        elif line.ingredient is None and not line.name:
            problems.append((where, f"Ingredient {number} name is required"))
        if line.measurement not in UNITS:
            problems.append((where, f"Ingredient {number} measurement must be one of {', '.join(UNITS)}"))
        if line.treatment is not None and line.treatment not in TREATMENTS:
            problems.append((where, f"Ingredient {number} treatment must be one of {', '.join(TREATMENTS)}"))
    if draft.category_id is not None and not category_known:
        problems.append(("category_id", MSG_CATEGORY))
    if draft.image is not None and not (is_upload_name(draft.image) and image_stored(draft.image)):
        problems.append(("image", MSG_IMAGE))
    return problems


__all__ = [
    "MSG_CATEGORY",
    "MSG_DESCRIPTION",
    "MSG_IMAGE",
    "MSG_INGREDIENTS",
    "MSG_NAME",
    "MSG_STEPS",
    "TIMER",
    "DraftLine",
    "DraftStep",
    "Problems",
    "RecipeDraft",
    "recipe_problems",
    "step_message",
]
