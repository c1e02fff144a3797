"""A user's own recipes (creator and editor), the publish check, and publish requests with moderation.

Rules (part 1 §4, §5; contract-5-6):
- Saving needs the §5 fields and valid units, preparation words, timers, category and images;
  custom ingredients and banned words never block saving, only publishing.
- One check function gives the §5 messages to saving (422 with field errors), to the validate call
  (plain strings) and to publishing (the first message).
- Editing cancels an open request and withdraws a published recipe (private until re-approved).
- Approval copies the recipe into the verified catalogue, credited to its author; a re-approval
  rewrites the same catalogue row. Withdrawal keeps that row, unverified.
- Only the author ever sees or changes an own recipe: everyone else gets 404.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import AsyncGenerator, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from advanced_alchemy.filters import CollectionFilter
from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from advanced_alchemy.service import SQLAlchemyAsyncRepositoryService
from litestar.datastructures import State
from litestar.di import NamedDependency
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from larder.accounts.service import UserService
from larder.catalogue.schemas import (
    TREATMENTS,
    UNITS,
    CatalogueRecipeIn,
    CategoryRef,
    IngredientOut,
    RecipeIngredientIn,
    RecipeStepIn,
)
from larder.catalogue.service import CatalogueService, tags_from
from larder.cookbook.models import (
    ENTITY_USER_RECIPE,
    STATUS_APPROVED,
    STATUS_CANCELLED,
    STATUS_PENDING,
    STATUS_REJECTED,
    STATUSES,
    PublishRequest,
    UserRecipe,
    UserRecipeIngredient,
    UserRecipeStep,
)
from larder.cookbook.moderation import shipped_banned_words
from larder.cookbook.schemas import (
    AdminPublishRequestOut,
    AuthorOut,
    IngredientFactsOut,
    PublishRequestOut,
    UserIngredientOut,
    UserRecipeIn,
    UserRecipeIngredientOut,
    UserRecipeOut,
    UserRecipeStepOut,
    UserStepOut,
    ValidateOut,
)
from larder.core.errors import Conflict, FieldCollector, FormError, NotFound

MSG_NAME = "Recipe name is required"
MSG_DESCRIPTION = "Recipe description is required"
MSG_INGREDIENTS = "At least one ingredient is required"
MSG_STEPS = "At least one step is required"
MSG_BANNED = "Contains banned words or symbols"
MSG_CUSTOM = "This Recipe Cannot be published as it as unknown ingredients."
MSG_NAME_TAKEN = "This name is already taken."
MSG_CATEGORY = "Unknown recipe category."
MSG_IMAGE = "The image was not found. Please upload it again."
MSG_NO_RECIPE = "No recipe with this id."
MSG_NO_REQUEST = "No publish request with this id."

CUSTOM_UNIT = "unit(s)"
ADMIN_LIST_LIMIT = 500
OWN_REQUESTS_LIMIT = 500
ID_MAX = 2**63 - 1
TIMER = re.compile(r"^[0-9]{2}:[0-5][0-9]:[0-5][0-9]$")
DIGITS = re.compile(r"^[0-9]{1,18}$")
IMAGE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$")
OPEN_STATUSES = (STATUS_PENDING, STATUS_REJECTED)
ADMIN_FILTERS = (*STATUSES, "all")


def is_id(value: object) -> bool:
    """A value that can be a row id (anything else is simply not found, never a database error)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= ID_MAX


def now() -> datetime:
    return datetime.now(UTC)


def step_message(number: int, part: str) -> str:
    return f"Step {number} {part} is required"


def _stored_image(uploads_dir: Path, name: str) -> bool:
    return bool(IMAGE_NAME.match(name)) and ".." not in name and (uploads_dir / name).is_file()


# -- the draft every check works on ----------------------------------------------------------------
@dataclass
class Line:
    ingredient: IngredientOut | None  # None: a custom ingredient
    name: str
    quantity: float
    measurement: str
    treatment: str | None


@dataclass
class Step:
    key: str
    title: str
    description: str
    timer: str | None
    image: str | None


@dataclass
class Draft:
    name: str
    description: str
    serves: int
    category_id: int | None
    image: str | None
    lines: list[Line]
    steps: list[Step]

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


@dataclass(frozen=True)
class UnknownIngredient:
    """What a custom ingredient counts as for the tags: nothing is known, so it is no diet's."""

    allergen: bool = False
    allergens: tuple[str, ...] = ()
    vegan: bool = False
    vegetarian: bool = False
    gluten_free: bool = False
    sugar_free: bool = False
    dairy_free: bool = False


def _ingredient_id(value: int | str | None) -> int | None:
    if isinstance(value, str) and DIGITS.match(value.strip()):
        value = int(value.strip())
    return value if is_id(value) else None


def _blank_to_none(value: str | None) -> str | None:
    return (value.strip() or None) if value is not None else None


def to_request_out(request: PublishRequest) -> PublishRequestOut:
    return PublishRequestOut(
        id=request.id,
        entity_id=request.entity_id,
        entity_type=request.entity_type,
        status=request.status,
        created_at=request.created_at,
        updated_at=request.updated_at,
        error=request.error,
    )


class CookbookService(SQLAlchemyAsyncRepositoryService[UserRecipe]):
    class Repo(SQLAlchemyAsyncRepository[UserRecipe]):
        model_type = UserRecipe

    repository_type = Repo

    def __init__(self, session: AsyncSession, *, uploads_dir: Path, users: UserService, **kw: Any) -> None:
        super().__init__(session=session, **kw)
        self.uploads_dir = uploads_dir
        self.users = users
        self.catalogue = CatalogueService(session=session)

    @property
    def session(self) -> AsyncSession:
        return self.repository.session

    # -- drafts and checks -------------------------------------------------------------------------
    async def _draft_from_input(self, data: UserRecipeIn) -> Draft:
        ids = [_ingredient_id(item.value) for item in data.ingredients]
        known = await self.catalogue.ingredients_by_id(i for i in ids if i is not None)
        lines: list[Line] = []
        for item, ingredient_id in zip(data.ingredients, ids, strict=True):
            ingredient = known.get(ingredient_id) if ingredient_id is not None else None
            default_unit = ingredient.default_unit if ingredient else CUSTOM_UNIT
            lines.append(
                Line(
                    ingredient=ingredient,
                    name=ingredient.name if ingredient else item.name.strip(),
                    quantity=item.quantity,
                    measurement=_blank_to_none(item.measurement) or default_unit,
                    treatment=_blank_to_none(item.treatment),
                )
            )
        steps: list[Step] = []
        keys: set[str] = set()
        for item in data.steps:
            key = (item.id or "").strip()
            if not key or key in keys:
                key = uuid.uuid4().hex[:16]
            keys.add(key)
            steps.append(
                Step(
                    key=key,
                    title=item.title.strip(),
                    description=item.description.strip(),
                    timer=_blank_to_none(item.timer),
                    image=_blank_to_none(item.step_image),
                )
            )
        return Draft(
            name=data.name.strip(),
            description=data.description.strip(),
            serves=data.serves,
            category_id=data.category_id,
            image=_blank_to_none(data.image) or _blank_to_none(data.recipe_image),
            lines=lines,
            steps=steps,
        )

    async def _draft_of(self, recipe: UserRecipe) -> Draft:
        known = await self.catalogue.ingredients_by_id(
            row.ingredient_id for row in recipe.ingredients if row.ingredient_id is not None
        )
        return self._draft_from_rows(recipe, known)

    @staticmethod
    def _draft_from_rows(recipe: UserRecipe, known: dict[int, IngredientOut]) -> Draft:
        lines = []
        for row in recipe.ingredients:
            ingredient = known.get(row.ingredient_id) if row.ingredient_id is not None else None
            name = ingredient.name if ingredient else (row.custom_name or "")
            lines.append(Line(ingredient, name, row.quantity, row.measurement, row.treatment))
        steps = [Step(s.step_key, s.title, s.description, s.timer, s.image) for s in recipe.steps]
        return Draft(
            name=recipe.name,
            description=recipe.description,
            serves=recipe.serves,
            category_id=recipe.category_id,
            image=recipe.image,
            lines=lines,
            steps=steps,
        )

    async def _problems(self, draft: Draft) -> list[tuple[str, str]]:
        """(field, message) for every rule a saved recipe must meet, the §5 messages first."""
        problems: list[tuple[str, str]] = []
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
            if step.image is not None and not _stored_image(self.uploads_dir, step.image):
                problems.append((f"steps.{number - 1}", f"Step {number}: {MSG_IMAGE}"))
        for number, line in enumerate(draft.lines, start=1):
            field = f"ingredients.{number - 1}"
            if line.ingredient is None and not line.name:
                problems.append((field, f"Ingredient {number} name is required"))
            if line.measurement not in UNITS:
                problems.append((field, f"Ingredient {number} measurement must be one of {', '.join(UNITS)}"))
            if line.treatment is not None and line.treatment not in TREATMENTS:
                problems.append((field, f"Ingredient {number} treatment must be one of {', '.join(TREATMENTS)}"))
        if draft.category_id is not None and await self._category(draft.category_id) is None:
            problems.append(("category_id", MSG_CATEGORY))
        if draft.image is not None and not _stored_image(self.uploads_dir, draft.image):
            problems.append(("image", MSG_IMAGE))
        return problems

    async def _category(self, category_id: int | None) -> CategoryRef | None:
        if category_id is None or not is_id(category_id):
            return None
        return await self.catalogue.recipe_category(category_id)

    async def _require_valid(self, draft: Draft) -> None:
        problems = await self._problems(draft)
        if problems:
            form = FieldCollector()
            for field, message in problems:
                form.add(field, message)
            form.raise_if_any()

    async def _name_taken(self, name: str, own: UserRecipe | None, *, pending: bool = True) -> bool:
        """A verified catalogue recipe (other than this recipe's own copy) or, when `pending`, another
        user recipe waiting for approval has this name (trimmed, ignoring case)."""
        if not name.strip():
            return False
        if await self.catalogue.name_taken(name, except_recipe_id=own.recipe_id if own else None):
            return True
        if not pending:
            return False
        statement = (
            select(UserRecipe.id)
            .join(
                PublishRequest,
                (PublishRequest.entity_type == ENTITY_USER_RECIPE) & (PublishRequest.entity_id == UserRecipe.id),
            )
            .where(PublishRequest.status == STATUS_PENDING, func.lower(UserRecipe.name) == name.strip().lower())
        )
        if own is not None:
            statement = statement.where(UserRecipe.id != own.id)
        return await self.session.scalar(statement.limit(1)) is not None

    async def _check(self, draft: Draft, own: UserRecipe | None) -> ValidateOut:
        return ValidateOut(
            banned_words=shipped_banned_words().find(draft.texts()),
            name_taken=await self._name_taken(draft.name, own),
            custom_ingredients=draft.custom_names,
            errors=[message for _, message in await self._problems(draft)],
            tags=tags_from(line.ingredient or UnknownIngredient() for line in draft.lines),
        )

    async def _publish_error(self, recipe: UserRecipe, *, pending_names: bool = True) -> str | None:
        """Why this recipe may not join the catalogue, or None."""
        draft = await self._draft_of(recipe)
        problems = await self._problems(draft)
        if problems:
            return problems[0][1]
        if shipped_banned_words().find(draft.texts()):
            return MSG_BANNED
        if draft.custom_names:
            return MSG_CUSTOM
        if await self._name_taken(draft.name, recipe, pending=pending_names):
            return MSG_NAME_TAKEN
        return None

    async def validate(self, user_id: int, data: UserRecipeIn) -> ValidateOut:
        own = await self._find_own(user_id, data.user_recipe_id) if data.user_recipe_id is not None else None
        return await self._check(await self._draft_from_input(data), own)

    # -- reading -----------------------------------------------------------------------------------
    def _own_statement(self, user_id: int) -> Any:
        return (
            select(UserRecipe)
            .where(UserRecipe.user_id == user_id)
            .options(selectinload(UserRecipe.ingredients), selectinload(UserRecipe.steps))
        )

    async def _find_own(self, user_id: int, user_recipe_id: int | None) -> UserRecipe | None:
        if not is_id(user_recipe_id):
            return None
        return await self.session.scalar(self._own_statement(user_id).where(UserRecipe.id == user_recipe_id))

    async def _own(self, user_id: int, user_recipe_id: int) -> UserRecipe:
        recipe = await self._find_own(user_id, user_recipe_id)
        if recipe is None:
            raise NotFound(MSG_NO_RECIPE)
        return recipe

    async def _by_id(self, user_recipe_id: int) -> UserRecipe | None:
        return await self.session.scalar(
            select(UserRecipe)
            .where(UserRecipe.id == user_recipe_id)
            .options(selectinload(UserRecipe.ingredients), selectinload(UserRecipe.steps))
        )

    async def _latest_requests(self, recipe_ids: Iterable[int]) -> dict[int, PublishRequest]:
        wanted = list(set(recipe_ids))
        latest: dict[int, PublishRequest] = {}
        if not wanted:
            return latest
        rows = await self.session.scalars(
            select(PublishRequest)
            .where(PublishRequest.entity_type == ENTITY_USER_RECIPE, PublishRequest.entity_id.in_(wanted))
            .order_by(PublishRequest.id)
        )
        for row in rows:
            latest[row.entity_id] = row
        return latest

    async def _open_request(self, recipe: UserRecipe) -> PublishRequest | None:
        request = (await self._latest_requests([recipe.id])).get(recipe.id)
        return request if request is not None and request.status in OPEN_STATUSES else None

    async def to_out_many(self, recipes: Sequence[UserRecipe]) -> list[UserRecipeOut]:
        known = await self.catalogue.ingredients_by_id(
            row.ingredient_id for r in recipes for row in r.ingredients if row.ingredient_id is not None
        )
        categories = {c: await self._category(c) for c in {r.category_id for r in recipes} if c is not None}
        requests = await self._latest_requests(r.id for r in recipes)
        return [self._out(r, known, categories, requests.get(r.id)) for r in recipes]

    async def to_out(self, recipe: UserRecipe) -> UserRecipeOut:
        return (await self.to_out_many([recipe]))[0]

    @staticmethod
    def _out(
        recipe: UserRecipe,
        known: dict[int, IngredientOut],
        categories: dict[int, CategoryRef | None],
        request: PublishRequest | None,
    ) -> UserRecipeOut:
        draft = CookbookService._draft_from_rows(recipe, known)
        facts = [
            IngredientFactsOut(
                name=line.name,
                image=line.ingredient.image if line.ingredient else None,
                allergen=line.ingredient.allergen if line.ingredient else False,
                vegan=line.ingredient.vegan if line.ingredient else False,
                vegetarian=line.ingredient.vegetarian if line.ingredient else False,
                diabetes_ok=line.ingredient.diabetes_ok if line.ingredient else False,
                sugar_free=line.ingredient.sugar_free if line.ingredient else False,
                gluten_free=line.ingredient.gluten_free if line.ingredient else False,
                dairy_free=line.ingredient.dairy_free if line.ingredient else False,
                category_id=line.ingredient.category_id if line.ingredient else None,
                default_unit=line.ingredient.default_unit if line.ingredient else CUSTOM_UNIT,
            )
            for line in draft.lines
        ]
        steps = [
            UserStepOut(
                id=step.key,
                step_order=order,
                title=step.title,
                description=step.description,
                timer=step.timer,
                step_image=step.image,
            )
            for order, step in enumerate(draft.steps, start=1)
        ]
        category = categories.get(recipe.category_id) if recipe.category_id is not None else None
        return UserRecipeOut(
            user_recipe_id=recipe.id,
            name=recipe.name,
            description=recipe.description,
            image=recipe.image,
            serves=recipe.serves,
            category_id=recipe.category_id,
            category=category,
            ingredients=[
                UserIngredientOut(
                    value=row.ingredient_id if line.ingredient else None,
                    name=line.name,
                    quantity=row.quantity,
                    measurement=row.measurement,
                    treatment=row.treatment,
                    image=fact.image,
                    default_unit=fact.default_unit,
                    custom=line.ingredient is None,
                )
                for row, line, fact in zip(recipe.ingredients, draft.lines, facts, strict=True)
            ],
            recipe_ingredients=[
                UserRecipeIngredientOut(
                    recipe_ingredient_id=row.id,
                    quantity=row.quantity,
                    measurement=row.measurement,
                    treatment=row.treatment,
                    ingredient_id=row.ingredient_id if line.ingredient else None,
                    ingredient=fact,
                )
                for row, line, fact in zip(recipe.ingredients, draft.lines, facts, strict=True)
            ],
            steps=steps,
            recipe_steps=[
                UserRecipeStepOut(
                    **{f: getattr(step, f) for f in step.__struct_fields__},
                    recipe_step_id=row.id,
                    name=step.title,
                    image=step.step_image,
                )
                for row, step in zip(recipe.steps, steps, strict=True)
            ],
            tags=tags_from(line.ingredient or UnknownIngredient() for line in draft.lines),
            published=is_published(recipe),
            recipe_id=recipe.recipe_id,
            request=to_request_out(request) if request and request.status in OPEN_STATUSES else None,
            created_at=recipe.created_at,
            updated_at=recipe.updated_at,
        )

    async def list_own(self, user_id: int) -> list[UserRecipeOut]:
        recipes = await self.session.scalars(
            self._own_statement(user_id).order_by(UserRecipe.updated_at.desc(), UserRecipe.id.desc())
        )
        return await self.to_out_many(list(recipes))

    async def get_own(self, user_id: int, user_recipe_id: int) -> UserRecipeOut:
        return await self.to_out(await self._own(user_id, user_recipe_id))

    # -- writing -----------------------------------------------------------------------------------
    @staticmethod
    def _fill(recipe: UserRecipe, draft: Draft) -> None:
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

    async def create_own(self, user_id: int, data: UserRecipeIn) -> UserRecipeOut:
        draft = await self._draft_from_input(data)
        await self._require_valid(draft)
        recipe = UserRecipe(user_id=user_id, published=False, ingredients=[], steps=[])
        self._fill(recipe, draft)
        self.session.add(recipe)
        await self.session.flush()
        return await self.to_out(recipe)

    async def update_own(self, user_id: int, user_recipe_id: int, data: UserRecipeIn) -> UserRecipeOut:
        recipe = await self._own(user_id, user_recipe_id)
        draft = await self._draft_from_input(data)
        await self._require_valid(draft)
        # §4 'Saving (edit)': the open request is cancelled; a published recipe becomes private.
        await self._cancel_open_requests(recipe)
        await self._withdraw(recipe)
        self._fill(recipe, draft)
        recipe.updated_at = now()  # also when only its ingredients or steps changed
        await self.session.flush()
        return await self.to_out(recipe)

    async def delete_own(self, user_id: int, user_recipe_id: int) -> None:
        recipe = await self._own(user_id, user_recipe_id)
        await self._cancel_open_requests(recipe)
        await self._withdraw(recipe)
        await self.session.delete(recipe)
        await self.session.flush()

    async def _withdraw(self, recipe: UserRecipe) -> None:
        if recipe.recipe_id is not None and recipe.published:
            await self.catalogue.withdraw_recipe(recipe.recipe_id)
        recipe.published = False

    async def _cancel_open_requests(self, recipe: UserRecipe) -> None:
        rows = await self.session.scalars(
            select(PublishRequest).where(
                PublishRequest.entity_type == ENTITY_USER_RECIPE,
                PublishRequest.entity_id == recipe.id,
                PublishRequest.status.in_(OPEN_STATUSES),
            )
        )
        for row in rows:
            row.status = STATUS_CANCELLED

    # -- publish requests (the author) -------------------------------------------------------------
    async def own_requests(self, user_id: int) -> list[PublishRequestOut]:
        rows = await self.session.scalars(
            select(PublishRequest)
            .where(PublishRequest.user_id == user_id)
            .order_by(PublishRequest.id.desc())
            .limit(OWN_REQUESTS_LIMIT)
        )
        return [to_request_out(r) for r in rows]

    async def request_publish(self, user_id: int, entity_id: int) -> tuple[PublishRequestOut, str | None]:
        """A new request: pending, or stored as rejected with the reason when the check fails."""
        recipe = await self._own(user_id, entity_id)
        if is_published(recipe):
            raise Conflict("This recipe is already published.")
        latest = (await self._latest_requests([recipe.id])).get(recipe.id)
        if latest is not None and latest.status == STATUS_PENDING:
            raise Conflict("This recipe is already waiting for approval.")
        error = await self._publish_error(recipe)
        request = PublishRequest(
            user_id=user_id,
            entity_type=ENTITY_USER_RECIPE,
            entity_id=recipe.id,
            status=STATUS_REJECTED if error else STATUS_PENDING,
            error=error,
        )
        self.session.add(request)
        await self.session.flush()
        return to_request_out(request), error

    async def cancel_request(self, user_id: int, request_id: int) -> PublishRequestOut:
        request = await self._request(request_id)
        if request is None or request.user_id != user_id:
            raise NotFound(MSG_NO_REQUEST)
        if request.status not in OPEN_STATUSES:
            raise Conflict(f"This request is {request.status} and can no longer be cancelled.")
        request.status = STATUS_CANCELLED
        await self.session.flush()
        return to_request_out(request)

    async def unpublish(self, user_id: int, user_recipe_id: int) -> UserRecipeOut:
        recipe = await self._own(user_id, user_recipe_id)
        if not is_published(recipe):
            raise Conflict("This recipe is not published.")
        await self._withdraw(recipe)
        await self.session.flush()
        return await self.to_out(recipe)

    async def _request(self, request_id: int) -> PublishRequest | None:
        if not is_id(request_id):
            return None
        return await self.session.scalar(select(PublishRequest).where(PublishRequest.id == request_id))

    # -- moderation (the administrator) ------------------------------------------------------------
    async def admin_requests(self, status: str = STATUS_PENDING) -> list[AdminPublishRequestOut]:
        if status not in ADMIN_FILTERS:
            raise FormError({"status": [f"Status must be one of {', '.join(ADMIN_FILTERS)}."]})
        statement = select(PublishRequest).where(PublishRequest.entity_type == ENTITY_USER_RECIPE)
        if status != "all":
            statement = statement.where(PublishRequest.status == status)
        requests = list(
            await self.session.scalars(statement.order_by(PublishRequest.id.desc()).limit(ADMIN_LIST_LIMIT))
        )
        return await self._admin_out_many(requests)

    async def _admin_out_many(self, requests: list[PublishRequest]) -> list[AdminPublishRequestOut]:
        recipe_ids = list({r.entity_id for r in requests})
        recipes = {
            r.id: r
            for r in await self.session.scalars(
                select(UserRecipe)
                .where(UserRecipe.id.in_(recipe_ids))
                .options(selectinload(UserRecipe.ingredients), selectinload(UserRecipe.steps))
            )
        }
        author_ids = list({r.user_id for r in requests})
        authors = {u.id: u for u in await self.users.get_many(CollectionFilter(field_name="id", values=author_ids))}
        outs = dict(zip(recipes, await self.to_out_many(list(recipes.values())), strict=True))
        answers: list[AdminPublishRequestOut] = []
        for request in requests:
            recipe, author = recipes.get(request.entity_id), authors.get(request.user_id)
            if recipe is None or author is None:
                continue  # the recipe was deleted (its requests were cancelled then)
            base = to_request_out(request)
            answers.append(
                AdminPublishRequestOut(
                    **{f: getattr(base, f) for f in base.__struct_fields__},
                    author=AuthorOut(id=author.id, name=author.name, email=author.email),
                    recipe=outs[recipe.id],
                    check=await self._check(await self._draft_of(recipe), recipe),
                )
            )
        return answers

    async def _pending(self, request_id: int) -> tuple[PublishRequest, UserRecipe]:
        request = await self._request(request_id)
        if request is None:
            raise NotFound(MSG_NO_REQUEST)
        if request.status != STATUS_PENDING:
            raise Conflict(f"This request is {request.status}; only pending requests can be decided.")
        recipe = await self._by_id(request.entity_id)
        if recipe is None:
            raise NotFound(MSG_NO_RECIPE)
        return request, recipe

    async def approve(self, request_id: int) -> AdminPublishRequestOut:
        request, recipe = await self._pending(request_id)
        # Other requests waiting with the same name do not block an approval; the catalogue does.
        error = await self._publish_error(recipe, pending_names=False)
        if error:
            raise FormError({"recipe": [error]})
        author = await self.users.get_one_or_none(id=request.user_id)
        if author is None:
            raise NotFound("The author of this recipe no longer exists.")
        draft = await self._draft_of(recipe)
        published = await self.catalogue.write_recipe(
            CatalogueRecipeIn(
                name=draft.name,
                description=draft.description,
                serves=draft.serves,
                category_id=draft.category_id,
                image=draft.image,
                ingredients=[
                    RecipeIngredientIn(
                        ingredient_id=line.ingredient.ingredient_id,
                        measurement=line.measurement,
                        quantity=line.quantity,
                        treatment=line.treatment,
                    )
                    for line in draft.lines
                    if line.ingredient is not None
                ],
                steps=[
                    RecipeStepIn(title=s.title, description=s.description, timer=s.timer, image=s.image)
                    for s in draft.steps
                ],
            ),
            recipe.recipe_id,
            author_id=author.id,
            author_name=author.name,
        )
        recipe.recipe_id = published.recipe_id
        recipe.published = True
        request.status = STATUS_APPROVED
        request.error = None
        await self.session.flush()
        return (await self._admin_out_many([request]))[0]

    async def reject(self, request_id: int, reason: str) -> AdminPublishRequestOut:
        reason = reason.strip()
        if not reason:
            raise FormError({"reason": ["Please give a reason."]})
        request, _ = await self._pending(request_id)
        request.status = STATUS_REJECTED
        request.error = reason
        await self.session.flush()
        return (await self._admin_out_many([request]))[0]


def is_published(recipe: UserRecipe) -> bool:
    """Published means approved and still in the catalogue (an administrator may have removed it)."""
    return recipe.published and recipe.recipe_id is not None


async def provide_cookbook_service(
    db_session: NamedDependency[AsyncSession], state: State, users: NamedDependency[UserService]
) -> AsyncGenerator[CookbookService, None]:
    yield CookbookService(session=db_session, uploads_dir=state["settings"].uploads_dir, users=users)


__all__ = [
    "MSG_BANNED",
    "MSG_CUSTOM",
    "MSG_NAME_TAKEN",
    "CookbookService",
    "provide_cookbook_service",
]
