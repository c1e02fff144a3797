"""The one validation of a recipe, for the catalogue (administrators, approvals) and own recipes alike.

The part 1 §5 messages come first, in the spec's words; then the rules the spec implies (units,
preparation words, timers). Those are problems of the recipe as written (a 422 when saving). Then
what its ids and image names refer to (category, catalogue ingredients, stored images, a step's
ingredients): one that names nothing is not found (a 404 when saving), as any other id. Catalogue
recipes may hold only catalogue ingredients; own recipes may hold custom ones, which block
publishing, never saving. A report (the validate call, the publish check) lists both kinds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from larder.catalogue.schemas import TIMER_PATTERN, TREATMENTS, IngredientOut
from larder.core.base.errors import FieldCollector, NotFound
from larder.core.media.uploads import is_upload_name
from larder.kitchen.units import UNITS

TIMER = re.compile(TIMER_PATTERN)

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


def shape_problems(draft: RecipeDraft, *, custom_allowed: bool) -> Problems:
    """What is wrong with the recipe as written, whatever its ids and image names refer to."""
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
        if step.timer is not None and not TIMER.match(step.timer):
            problems.append((f"steps.{number - 1}", f"Step {number} timer must be HH:MM:SS"))
    for number, line in enumerate(draft.lines, start=1):
        where = f"ingredients.{number - 1}"
        if line.ingredient is None and custom_allowed and not line.name:
            problems.append((where, f"Ingredient {number} name is required"))
        if line.measurement not in UNITS:
            problems.append((where, f"Ingredient {number} measurement must be one of {', '.join(UNITS)}"))
        if line.treatment is not None and line.treatment not in TREATMENTS:
            problems.append((where, f"Ingredient {number} treatment must be one of {', '.join(TREATMENTS)}"))
    return problems


def missing_references(
    draft: RecipeDraft,
    *,
    category_known: bool,
    image_stored: Callable[[str], bool],
    custom_allowed: bool,
) -> Problems:
    """The ids and image names of the recipe that name nothing; `category_known` says whether its
    category (if any) is a recipe category."""
    problems: Problems = []
    for number, step in enumerate(draft.steps, start=1):
        where = f"steps.{number - 1}"
        if step.image is not None and not (is_upload_name(step.image) and image_stored(step.image)):
            problems.append((where, f"Step {number}: {MSG_IMAGE}"))
        if any(not 0 <= i < len(draft.lines) for i in step.uses):
            problems.append((where, f"Step {number} may only use the recipe's own ingredients"))
    if not custom_allowed:
        for number, line in enumerate(draft.lines, start=1):
            if line.ingredient is None:
                problems.append((f"ingredients.{number - 1}", f"Ingredient {number} is not in the catalogue"))
    if draft.category_id is not None and not category_known:
        problems.append(("category_id", MSG_CATEGORY))
    if draft.image is not None and not (is_upload_name(draft.image) and image_stored(draft.image)):
        problems.append(("image", MSG_IMAGE))
    return problems


def raise_if_invalid(shape: Problems, missing: Problems) -> None:
    """Saving: the recipe's own problems are a 422 naming each field; else the first id or image
    name that names nothing is a 404."""
    form = FieldCollector()
    for where, message in shape:
        form.add(where, message)
    form.raise_if_any()
    if missing:
        raise NotFound(missing[0][1])


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
    "missing_references",
    "raise_if_invalid",
    "shape_problems",
    "step_message",
]
