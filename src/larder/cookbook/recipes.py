"""A user's own recipes: create, read, edit, delete and the validate call (part 1 §5).

Only the author ever sees or changes an own recipe: everyone else gets 404. Editing or deleting
cancels an open publish request and withdraws a published recipe (private until re-approved).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import ColumnElement, func, select, true

from larder.catalogue.schemas import IngredientLine, RecipeLines
from larder.catalogue.service import RecipeDraft
from larder.cookbook.drafts import draft_from_input
from larder.cookbook.models import UserRecipe, UserRecipeIngredient, UserRecipeStep
from larder.cookbook.publishing import CookbookBase
from larder.cookbook.schemas import RecipeDraftIn, UserRecipeIn, UserRecipeOut, ValidateOut
from larder.core.base.clock import now
from larder.core.base.ids import is_id
from larder.sharing.service import account_scope


def _fill(recipe: UserRecipe, draft: RecipeDraft) -> None:
    recipe.name = draft.name
    recipe.description = draft.description
    recipe.serves = draft.serves
    recipe.category_id = draft.category_id
    recipe.image = draft.image
    recipe.ingredients = [
        UserRecipeIngredient(
            position=position,
            ingredient_id=line.ingredient.ingredient_id if line.ingredient else None,
            custom_name=None if line.ingredient else line.name,
            quantity=line.quantity,
            measurement=line.measurement,
            treatment=line.treatment,
        )
        for position, line in enumerate(draft.lines)
    ]
    recipe.steps = [
        UserRecipeStep(
            step_order=order,
            step_key=step.key,
            title=step.title,
            description=step.description,
            timer=step.timer,
            image=step.image,
        )
        for order, step in enumerate(draft.steps, start=1)
    ]


class CookbookService(CookbookBase):
    async def referenced_uploads(self) -> set[str]:
        """The stored images own recipes use (covers and steps), everyone's."""
        found: set[str] = set()
        for column in (UserRecipe.image, UserRecipeStep.image):
            found.update(await self.session.scalars(select(column).where(column.is_not(None)).distinct()))
        return found

    async def list_own(self, user_id: int) -> list[UserRecipeOut]:
        return await self.mapper.many(await self.repository.list_own(user_id))

    async def ingredient_lines(self, user_id: int, user_recipe_ids: Iterable[int]) -> dict[int, list[IngredientLine]]:
        """The ingredients of `user_id`'s own recipes, by recipe, in their order, in one query and one
        of the catalogue's names however many recipes (a meal plan's recipes). Recipes of anyone
        else, or gone, are absent."""
        wanted = {i for i in user_recipe_ids if is_id(i)}
        return await self._lines(user_id, UserRecipeIngredient.user_recipe_id.in_(wanted)) if wanted else {}

    async def recipes_with_lines(self, user_id: int) -> list[RecipeLines]:
        """Every own recipe of `user_id` with its ingredient lines (ranking by the stock at home)."""
        rows = await self.session.execute(
            select(UserRecipe.id, UserRecipe.name, UserRecipe.image, UserRecipe.category_id)
            .where(UserRecipe.user_id == user_id)
            .order_by(UserRecipe.id)
        )
        recipes = list(rows)
        lines = await self._lines(user_id, true()) if recipes else {}
        return [RecipeLines(r.id, r.name, r.image, r.category_id, lines.get(r.id, [])) for r in recipes]

    async def recipes_stamp(self, user_id: int) -> tuple[int, int, str]:
        """Changes when `user_id`'s own recipes do: how many, the newest id and the latest edit."""
        row = (
            await self.session.execute(
                select(func.count(UserRecipe.id), func.max(UserRecipe.id), func.max(UserRecipe.updated_at)).where(
                    UserRecipe.user_id == user_id
                )
            )
        ).one()
        return row[0], row[1] or 0, str(row[2])

    async def _lines(self, user_id: int, condition: ColumnElement[bool]) -> dict[int, list[IngredientLine]]:
        rows = await self.session.execute(
            select(
                UserRecipeIngredient.user_recipe_id,
                UserRecipeIngredient.ingredient_id,
                UserRecipeIngredient.custom_name,
                UserRecipeIngredient.quantity,
                UserRecipeIngredient.measurement,
            )
            .join(UserRecipe, UserRecipe.id == UserRecipeIngredient.user_recipe_id)
            .where(condition, UserRecipe.user_id == user_id)
            .order_by(UserRecipeIngredient.user_recipe_id, UserRecipeIngredient.position, UserRecipeIngredient.id)
        )
        lines = list(rows)
        names = await self.catalogue.ingredient_names(r.ingredient_id for r in lines if r.ingredient_id is not None)
        found: dict[int, list[IngredientLine]] = {}
        for r in lines:
            known = names.get(r.ingredient_id) if r.ingredient_id is not None else None
            name = known or r.custom_name or ""
            found.setdefault(r.user_recipe_id, []).append(
                IngredientLine(r.ingredient_id, name, r.quantity, r.measurement)
            )
        return found

    async def get_own(self, user_id: int, user_recipe_id: int) -> UserRecipeOut:
        return await self.mapper.one(await self._own(user_id, user_recipe_id))

    async def validate(self, user_id: int, data: RecipeDraftIn) -> ValidateOut:
        own = await self.repository.find_own(user_id, data.user_recipe_id) if data.user_recipe_id else None
        return await self.checks.report(await draft_from_input(data, self.catalogue), own)

    async def create_own(self, user_id: int, data: UserRecipeIn) -> UserRecipeOut:
        async with self.uow.write(account_scope(user_id)):
            # Checked in the turn: the ingredients and the category it names are there now.
            draft = await draft_from_input(data, self.catalogue)
            await self.checks.require_valid(draft)
            recipe = UserRecipe(user_id=user_id, published=False, ingredients=[], steps=[])
            _fill(recipe, draft)
            # Not refreshed: its parts are loaded already, and loading them lazily is refused by the model.
            await self.repository.add(recipe, auto_refresh=False)
        return await self.mapper.one(recipe)

    async def update_own(self, user_id: int, user_recipe_id: int, data: UserRecipeIn) -> UserRecipeOut:
        # A published recipe is withdrawn from the catalogue, which takes its scope then.
        async with self.uow.write(account_scope(user_id)):
            recipe = await self._own(user_id, user_recipe_id)
            draft = await draft_from_input(data, self.catalogue)
            await self.checks.require_valid(draft)
            await self.publication.cancel_open_requests(recipe)
            await self.publication.withdraw(recipe)
            _fill(recipe, draft)
            recipe.updated_at = now()  # also when only its ingredients or steps changed
            await self.session.flush()
        return await self.mapper.one(recipe)

    async def delete_own(self, user_id: int, user_recipe_id: int) -> None:
        async with self.uow.write(account_scope(user_id)):
            recipe = await self._own(user_id, user_recipe_id)
            await self.publication.cancel_open_requests(recipe)
            await self.publication.withdraw(recipe)
            await self.repository.delete(recipe.id)


__all__ = ["CookbookService"]
