"""The checks of own recipes: saving (§5 messages, 422; a category or image naming nothing, 404),
the validate call, and the publish check (§4).

Saving needs the rules of the one recipe validation (catalogue.rules). Banned words, custom
ingredients and a taken name never block saving, only publishing.
"""

from __future__ import annotations

from larder.catalogue.service import (
    CatalogueService,
    RecipeDraft,
    missing_references,
    raise_if_invalid,
    shape_problems,
    tags_from,
)
from larder.cookbook.banned_words import shipped_banned_words
from larder.cookbook.drafts import draft_of, tag_sources
from larder.cookbook.models import UserRecipe
from larder.cookbook.schemas import ValidateOut

MSG_BANNED = "Contains banned words or symbols"
MSG_CUSTOM = "This Recipe Cannot be published as it as unknown ingredients."
MSG_NAME_TAKEN = "This name is already taken."


class RecipeChecks:
    def __init__(self, catalogue: CatalogueService) -> None:
        self.catalogue = catalogue

    async def missing(self, draft: RecipeDraft) -> list[tuple[str, str]]:
        return missing_references(
            draft,
            category_known=await self.catalogue.is_recipe_category(draft.category_id),
            image_stored=self.catalogue.is_stored_image,
            custom_allowed=True,
        )

    async def problems(self, draft: RecipeDraft) -> list[tuple[str, str]]:
        """Every rule a saved recipe must meet, both kinds, in the order a person should read them."""
        return shape_problems(draft, custom_allowed=True) + await self.missing(draft)

    async def require_valid(self, draft: RecipeDraft) -> None:
        raise_if_invalid(shape_problems(draft, custom_allowed=True), await self.missing(draft))

    async def name_taken(self, name: str, own: UserRecipe | None) -> bool:
        """A verified catalogue recipe (other than this recipe's own copy) has this name (trimmed,
        ignoring case). Requests still waiting for approval never count: another household's
        unpublished recipe is private, and the approval checks the catalogue again."""
        if not name.strip():
            return False
        return await self.catalogue.name_taken(name, except_recipe_id=own.recipe_id if own else None)

    async def report(self, draft: RecipeDraft, own: UserRecipe | None) -> ValidateOut:
        """Everything the review step shows: what would block publishing, and the derived tags."""
        return ValidateOut(
            banned_words=shipped_banned_words().find(draft.texts()),
            name_taken=await self.name_taken(draft.name, own),
            custom_ingredients=draft.custom_names,
            errors=[message for _, message in await self.problems(draft)],
            tags=tags_from(tag_sources(draft)),
        )

    async def publish_error(self, recipe: UserRecipe) -> str | None:
        """Why this recipe may not join the catalogue, or None."""
        draft = await draft_of(recipe, self.catalogue)
        problems = await self.problems(draft)
        if problems:
            return problems[0][1]
        if shipped_banned_words().find(draft.texts()):
            return MSG_BANNED
        if draft.custom_names:
            return MSG_CUSTOM
        if await self.name_taken(draft.name, recipe):
            return MSG_NAME_TAKEN
        return None
