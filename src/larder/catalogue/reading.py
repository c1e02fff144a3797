"""Discovery reads as plain sync functions over a SQLAlchemy Session.

They run either in one worker-thread hop on the read connection (core.db.DbReader) or inside the
request's transaction through AsyncSession.run_sync. Through aiosqlite every cursor call is a hop
to its thread (about seventeen for one list page); here the whole read is one.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from larder.catalogue import search_index
from larder.catalogue.models import Category, Ingredient, Recipe, RecipeIngredient, RecipeStep
from larder.catalogue.queries import PER_PAGE, PageWindow, RecipeQuery
from larder.catalogue.schemas import (
    CategoryRef,
    IngredientOut,
    RecipeIngredientOut,
    RecipeOut,
    RecipeStepOut,
    RecipeSummary,
    Tags,
)
from larder.core.base.wire import Page


def to_tags(recipe: Any) -> Tags:
    return Tags(
        allergen=recipe.tag_allergen,
        vegetarian=recipe.tag_vegetarian,
        vegan=recipe.tag_vegan,
        dairy_free=recipe.tag_dairy_free,
        gluten_free=recipe.tag_gluten_free,
        sugar_free=recipe.tag_sugar_free,
    )


def to_ingredient_out(ingredient: Any) -> IngredientOut:
    """From an Ingredient or a row of its columns (INGREDIENT_COLUMNS)."""
    return IngredientOut(
        ingredient_id=ingredient.id,
        name=ingredient.name,
        allergen=ingredient.allergen,
        allergens=list(ingredient.allergens or []),
        vegan=ingredient.vegan,
        vegetarian=ingredient.vegetarian,
        diabetes_ok=ingredient.diabetes_ok,
        sugar_free=ingredient.sugar_free,
        gluten_free=ingredient.gluten_free,
        dairy_free=ingredient.dairy_free,
        category_id=ingredient.category_id,
        image=ingredient.image,
        default_unit=ingredient.default_unit,
        estimated_expiry_days=ingredient.estimated_expiry_days,
    )


SUMMARY_COLUMNS = (
    Recipe.id,
    Recipe.name,
    Recipe.description,
    Recipe.image,
    Recipe.serves,
    Recipe.category_id,
    Recipe.tag_allergen,
    Recipe.tag_vegetarian,
    Recipe.tag_vegan,
    Recipe.tag_dairy_free,
    Recipe.tag_gluten_free,
    Recipe.tag_sugar_free,
    Recipe.allergens,
    Recipe.verified,
    Recipe.comments,
    Recipe.updated_at,
    Recipe.author_name,
)


def summary_of(row: Any) -> RecipeSummary:
    """A list row from plain columns (no ORM objects: a page is read many times a second)."""
    return RecipeSummary(
        recipe_id=row.id,
        name=row.name,
        description=row.description,
        image=row.image,
        serves=row.serves,
        category=CategoryRef(row.category_id, row.category_name) if row.category_id and row.category_name else None,
        category_id=row.category_id,
        tags=to_tags(row),
        allergens=list(row.allergens or []),
        verified=row.verified,
        comments=row.comments,
        updated_at=row.updated_at,
        author=row.author_name,
    )


def page(session: Session, query: RecipeQuery, number: int) -> Page[RecipeSummary]:
    """One page of a listing with its exact total, in three to five statements whose cost does not
    grow with the catalogue: a count (kept by triggers, or counted inside the FTS index), the page's
    ids (an index range, or the FTS index walked newest first), and the page's rows."""
    db = session.connection()  # Core statements: no ORM execution machinery for plain columns
    if query.is_plain:
        total = db.scalar(text("SELECT verified_count FROM recipe_stats")) or 0
        window = PageWindow(page=number, total=total)
        ids = list(
            db.scalars(
                select(Recipe.id)
                .where(Recipe.verified.is_(True))
                .order_by(Recipe.id.desc())
                .limit(PER_PAGE)
                .offset(window.offset)
            )
        )
    else:
        total = search_index.count(db, query)
        window = PageWindow(page=number, total=total)
        if query.name_match() is None:
            ids = search_index.newest(db, query, window.offset, PER_PAGE) if window.offset < total else []
        else:
            # Relevance in two tiers, each newest first: recipes with every word in the name, then
            # the rest (words in the description or the ingredients).
            named = search_index.count(db, query, "named")
            ids = search_index.newest(db, query, window.offset, PER_PAGE, "named") if window.offset < named else []
            if len(ids) < PER_PAGE and window.offset + len(ids) < total:
                ids += search_index.newest(db, query, max(0, window.offset - named), PER_PAGE - len(ids), "unnamed")
    rows = summaries(session, ids)
    return Page(
        data=rows,
        current_page=number,
        last_page=window.last_page,
        per_page=PER_PAGE,
        from_=window.offset + 1 if rows else None,
        to=(window.offset + len(rows)) if rows else None,
        total=window.total,
    )


def summaries(session: Session, ids: list[int]) -> list[RecipeSummary]:
    """The list rows of these recipes, in this order, read as plain columns in one statement."""
    if not ids:
        return []
    result = session.connection().execute(
        select(*SUMMARY_COLUMNS, Category.name.label("category_name"))
        .outerjoin(Category, Category.id == Recipe.category_id)
        .where(Recipe.id.in_(ids))
    )
    by_id = {row.id: row for row in result}
    return [summary_of(by_id[i]) for i in ids if i in by_id]


def latest(session: Session, limit: int) -> list[RecipeSummary]:
    ids = session.scalars(select(Recipe.id).where(Recipe.verified.is_(True)).order_by(Recipe.id.desc()).limit(limit))
    return summaries(session, list(ids))


INGREDIENT_COLUMNS = (
    Ingredient.id,
    Ingredient.name,
    Ingredient.allergen,
    Ingredient.allergens,
    Ingredient.vegan,
    Ingredient.vegetarian,
    Ingredient.diabetes_ok,
    Ingredient.sugar_free,
    Ingredient.gluten_free,
    Ingredient.dairy_free,
    Ingredient.category_id,
    Ingredient.image,
    Ingredient.default_unit,
    Ingredient.estimated_expiry_days,
)


def detail(session: Session, recipe_id: int) -> RecipeOut | None:
    """A verified recipe with its lines and steps, as plain columns in three statements (ORM entities
    with their relationships cost several times the CPU for the same rows)."""
    db = session.connection()
    verified = db.scalar(select(Recipe.id).where(Recipe.id == recipe_id, Recipe.verified.is_(True)))
    if verified is None:
        return None
    (summary,) = summaries(session, [recipe_id])
    lines = db.execute(
        select(
            RecipeIngredient.id.label("line_id"),
            RecipeIngredient.quantity,
            RecipeIngredient.measurement,
            RecipeIngredient.treatment,
            *INGREDIENT_COLUMNS,
        )
        .join(Ingredient, Ingredient.id == RecipeIngredient.ingredient_id)
        .where(RecipeIngredient.recipe_id == recipe_id)
        .order_by(RecipeIngredient.position, RecipeIngredient.id)
    )
    steps = db.execute(
        select(RecipeStep).where(RecipeStep.recipe_id == recipe_id).order_by(RecipeStep.step_order, RecipeStep.id)
    )
    return RecipeOut(
        **{f: getattr(summary, f) for f in summary.__struct_fields__},
        recipe_ingredients=[
            RecipeIngredientOut(
                recipe_ingredient_id=line.line_id,
                quantity=line.quantity,
                measurement=line.measurement,
                treatment=line.treatment,
                ingredient_id=line.id,
                ingredient=to_ingredient_out(line),
            )
            for line in lines
        ],
        recipe_steps=[
            RecipeStepOut(
                recipe_step_id=step.id,
                step_order=step.step_order,
                name=step.title,
                title=step.title,
                description=step.description,
                image=step.image,
                ingredients=list(step.ingredients or []),
                timer=step.timer,
            )
            for step in steps
        ],
    )
