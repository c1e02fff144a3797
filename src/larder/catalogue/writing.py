"""Writing the catalogue: a recipe checked and written whole, withdrawn or removed, and what is
derived from its ingredients (tags, the search entry) rewritten with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import delete, select, text

from larder.catalogue.lookups import CatalogueLookups
from larder.catalogue.models import Ingredient, Recipe, RecipeIngredient, RecipeStep
from larder.catalogue.queries import facets_of
from larder.catalogue.rules import (
    DraftLine,
    DraftStep,
    RecipeDraft,
    missing_references,
    raise_if_invalid,
    shape_problems,
)
from larder.catalogue.schemas import CatalogueRecipeIn, RecipeOut, Tags
from larder.core.base.errors import NotFound
from larder.sharing.service import CATALOGUE

FLAGS = ("vegan", "vegetarian", "gluten_free", "sugar_free", "dairy_free")


def derive_tags(ingredients: Iterable[Any]) -> dict[str, Any]:
    """A recipe is vegan (etc.) only when every ingredient is; it carries every ingredient's allergens."""
    items = list(ingredients)
    allergens = sorted({a for i in items for a in (i.allergens or [])})
    tags: dict[str, Any] = {f"tag_{flag}": bool(items) and all(getattr(i, flag) for i in items) for flag in FLAGS}
    tags["tag_allergen"] = any(i.allergen or i.allergens for i in items)
    tags["allergens"] = allergens
    return tags


def tags_from(ingredients: Iterable[Any]) -> Tags:
    """The tags a recipe made of these ingredients (models or IngredientOut) would carry."""
    derived = derive_tags(ingredients)
    return Tags(**{name: derived[f"tag_{name}"] for name in Tags.__struct_fields__})


class RecipeWriting(CatalogueLookups):
    """Every write to the catalogue takes its scope; a caller's block (a publish request approved, a
    published recipe withdrawn) just nests it."""

    async def refresh_derived(self, recipe: Recipe) -> None:
        """Recompute tags from the ingredients and rewrite the recipe's search entry."""
        async with self.uow.write(CATALOGUE):
            rows = await self.session.scalars(
                select(Ingredient)
                .join(RecipeIngredient, RecipeIngredient.ingredient_id == Ingredient.id)
                .where(RecipeIngredient.recipe_id == recipe.id)
            )
            await self.index_recipe(recipe, list(rows))

    async def index_recipe(self, recipe: Recipe, ingredients: list[Ingredient], *, is_new: bool = False) -> None:
        """Set the derived tags and the search entry of a recipe whose ingredients are known."""
        async with self.uow.write(CATALOGUE):
            for key, value in derive_tags(ingredients).items():
                setattr(recipe, key, value)
            if not is_new:
                await self.session.execute(text("DELETE FROM recipe_fts WHERE rowid = :id"), {"id": recipe.id})
            if not recipe.verified:
                return  # the search index holds verified catalogue recipes only
            await self.session.execute(
                text(
                    "INSERT INTO recipe_fts (rowid, name, description, ingredients, facets) "
                    "VALUES (:id, :n, :d, :i, :f)"
                ),
                {
                    "id": recipe.id,
                    "n": recipe.name,
                    "d": recipe.description,
                    "i": " ".join(i.name for i in ingredients),
                    "f": facets_of(recipe, [i.id for i in ingredients]),
                },
            )

    async def write_recipe(
        self,
        data: CatalogueRecipeIn,
        recipe_id: int | None = None,
        *,
        author_id: int | None = None,
        author_name: str | None = None,
    ) -> RecipeOut:
        """Create (or replace the content of) a catalogue recipe after checking every part of it.

        Writing a recipe (re)publishes it: a withdrawn recipe becomes verified again. The author is
        kept as it was unless one is given (administrators' own recipes credit nobody).
        """
        async with self.uow.write(CATALOGUE):
            # Checked in the turn: the ingredients and the category named are there now.
            await self._check_recipe(data)
            recipe = await self._recipe_to_write(recipe_id)
            recipe.name = data.name.strip()
            recipe.description = data.description.strip()
            recipe.serves = data.serves
            recipe.category_id = data.category_id
            recipe.image = data.image
            recipe.comments = data.comments
            recipe.verified = True
            if author_id is not None:
                recipe.author_id, recipe.author_name = author_id, author_name
            await self.session.flush()
            await self._write_lines_and_steps(recipe, data)
            await self.refresh_derived(recipe)
            await self.session.flush()
        # Read once committed (inside a caller's block: as that block has it so far).
        return await self.detail(recipe.id, fresh=True)

    async def _recipe_to_write(self, recipe_id: int | None) -> Recipe:
        """A new recipe, or the one to replace, its steps and ingredient lines gone."""
        if recipe_id is None:
            recipe = Recipe(verified=True)
            self.session.add(recipe)
            return recipe
        found = await self.session.scalar(select(Recipe).where(Recipe.id == recipe_id))
        if found is None:
            raise NotFound("No recipe with this id.")
        await self.session.execute(delete(RecipeStep).where(RecipeStep.recipe_id == found.id))
        await self.session.execute(delete(RecipeIngredient).where(RecipeIngredient.recipe_id == found.id))
        return found

    async def _write_lines_and_steps(self, recipe: Recipe, data: CatalogueRecipeIn) -> None:
        """The ingredient lines first: the steps name the lines they use by id."""
        lines = [
            RecipeIngredient(
                recipe_id=recipe.id,
                ingredient_id=line.ingredient_id,
                position=position,
                quantity=line.quantity,
                measurement=line.measurement,
                treatment=line.treatment,
            )
            for position, line in enumerate(data.ingredients)
        ]
        self.session.add_all(lines)
        await self.session.flush()
        self.session.add_all(
            RecipeStep(
                recipe_id=recipe.id,
                step_order=order,
                title=step.title.strip(),
                description=step.description.strip(),
                image=step.image,
                timer=step.timer,
                ingredients=[lines[i].id for i in step.ingredients],
            )
            for order, step in enumerate(data.steps, start=1)
        )
        await self.session.flush()

    async def _check_recipe(self, data: CatalogueRecipeIn) -> None:
        known = await self.ingredients_by_id(line.ingredient_id for line in data.ingredients)
        draft = RecipeDraft(
            name=data.name.strip(),
            description=data.description.strip(),
            serves=data.serves,
            category_id=data.category_id,
            image=data.image,
            lines=[
                DraftLine(known.get(line.ingredient_id), "", line.quantity, line.measurement, line.treatment)
                for line in data.ingredients
            ],
            steps=[
                DraftStep(str(number), s.title.strip(), s.description.strip(), s.timer, s.image, list(s.ingredients))
                for number, s in enumerate(data.steps, start=1)
            ],
        )
        raise_if_invalid(
            shape_problems(draft, custom_allowed=False),
            missing_references(
                draft,
                category_known=await self.is_recipe_category(data.category_id),
                image_stored=self.is_stored_image,
                custom_allowed=False,
            ),
        )

    def is_stored_image(self, name: str) -> bool:
        return (self.uploads_dir / name).is_file()

    async def is_recipe_category(self, category_id: int | None) -> bool:
        return category_id is not None and await self.recipe_category(category_id) is not None

    async def remove_recipe(self, recipe_id: int) -> None:
        async with self.uow.write(CATALOGUE):
            recipe = await self.session.scalar(select(Recipe).where(Recipe.id == recipe_id))
            if recipe is None:
                raise NotFound("No recipe with this id.")
            await self.session.execute(text("DELETE FROM recipe_fts WHERE rowid = :id"), {"id": recipe_id})
            await self.session.execute(delete(Recipe).where(Recipe.id == recipe_id))

    async def withdraw_recipe(self, recipe_id: int) -> None:
        """Take a recipe out of the catalogue but keep its row, so re-approval keeps its id and
        the households that saved it get it back."""
        async with self.uow.write(CATALOGUE):
            recipe = await self.session.scalar(select(Recipe).where(Recipe.id == recipe_id))
            if recipe is None:
                return
            recipe.verified = False
            await self.session.execute(text("DELETE FROM recipe_fts WHERE rowid = :id"), {"id": recipe_id})
            await self.session.flush()
