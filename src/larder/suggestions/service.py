"""Cook from what you have: the recipes a member can cook (catalogue, own and imported ones)
ranked against the stock of every store they may see (own and shared, whatever the rights), by
how much of each recipe the stock covers and how much of what expires soonest it uses
(kitchen/suggest.py).

The answer is kept per member while nothing it depends on changes: the stores' stock versions,
the catalogue's version, the member's own and imported recipes, the day, the search, filters and
preferences. A stranger's stock never counts: the stores read are those the access policy lets
the member see.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from datetime import date, timedelta

import msgspec
from litestar.di import NamedDependency
from sqlalchemy.ext.asyncio import AsyncSession

from larder.accounts.service import filter_preferences
from larder.catalogue.schemas import FilterItem, RecipeLines
from larder.catalogue.service import CatalogueService, recipe_filter
from larder.cookbook.service import CookbookService
from larder.core.base.bounded_cache import BoundedCache
from larder.core.base.settings import Settings
from larder.imports.service import ImportService, reading_imports
from larder.kitchen.suggest import Held, Suggestion
from larder.mealplans.schemas import CATALOGUE_NUMERIC, IMPORTED, USER
from larder.sharing.service import AccessPolicy, Member
from larder.stores.schemas import HeldStock
from larder.stores.service import StoresService
from larder.suggestions.indexes import CATALOGUES, OWN, RecipeKey, Recipes, recipes
from larder.suggestions.schemas import (
    MissingLineOut,
    PlanEntryOut,
    SuggestionKind,
    SuggestionOut,
    SuggestionsIn,
    UsesOut,
)

ANSWERS: BoundedCache[list[SuggestionOut]] = BoundedCache(512)


def with_preferences(filters: Sequence[FilterItem], preferences: Sequence[str]) -> list[FilterItem]:
    """The filters plus an include filter for each saved preference they do not name yet (as the
    Discover list starts)."""
    named = {str(f.value) for f in filters if f.type == "preference"}
    return [*filters, *(FilterItem(value=p, type="preference") for p in preferences if p not in named)]


def stock_by_ingredient(held: HeldStock) -> dict[int, list[Held]]:
    found: dict[int, list[Held]] = {}
    for batch in held.batches:
        found.setdefault(batch.ingredient_id, []).append(
            Held(batch.quantity, batch.unit, (batch.expiry_date - held.day).days)
        )
    return found


def _lower_first(name: str) -> str:
    """'Spinach' as it reads inside a sentence; 'UHT milk' and 'BBQ sauce' kept as written."""
    return name[:1].lower() + name[1:] if name[1:2].islower() else name


def _when(days: int, first: bool) -> str:
    when = "today" if days == 0 else "tomorrow" if days == 1 else f"{days} days"
    if not first:
        return when
    return f"expires {when}" if days <= 1 else f"expires in {when}"


def summary(found: Suggestion[RecipeKey]) -> str:
    """'8 of 10 ingredients at home · uses spinach (expires tomorrow), cream (2 days)'."""
    text = f"{found.at_home} of {found.counted} ingredients at home"
    if found.uses:
        uses = ", ".join(
            f"{_lower_first(name)} ({_when(days, index == 0)})" for index, (name, days) in enumerate(found.uses)
        )
        text += f" · uses {uses}"
    return text


_ENTRY_TYPES = {"user": USER, "imported": IMPORTED}


class SuggestionService:
    """Not a `DomainService`: it owns no table, and asks the services of the recipes and the stores."""

    def __init__(
        self,
        session: AsyncSession,
        *,
        catalogue: CatalogueService,
        cookbook: CookbookService,
        imports: ImportService,
        stores: StoresService,
    ) -> None:
        self.session = session
        self.catalogue = catalogue
        self.cookbook = cookbook
        self.imports = imports
        self.stores = stores

    async def suggest(self, member: Member, data: SuggestionsIn) -> list[SuggestionOut]:
        held = await self.stores.held_stock(member)
        version = await self.catalogue.version()
        stamps = (await self.cookbook.recipes_stamp(member.id), await self.imports.recipes_stamp(member.id), version)
        filters = with_preferences(data.filters, await filter_preferences(self.session, member.id))
        key = (
            held.state,
            held.day,
            member.id,
            stamps,
            msgspec.json.encode(filters),
            data.searchString,
            data.limit,
            data.use_up,
        )
        found = ANSWERS.get(key)
        if found is None:
            found = await self._ranked(member, held, version, stamps, filters, data)
            ANSWERS.put(key, found)
        return found

    async def _ranked(
        self,
        member: Member,
        held: HeldStock,
        version: int,
        stamps: Hashable,
        filters: list[FilterItem],
        data: SuggestionsIn,
    ) -> list[SuggestionOut]:
        database = held.state[0]
        catalogue = await self._catalogue(database, version)
        own = await self._own(member, database, stamps)
        matching = await self.catalogue.matching_recipe_ids(data.searchString, filters)
        admits = recipe_filter(data.searchString, filters)
        stock = stock_by_ingredient(held)
        ranked = [
            *catalogue.index.rank(
                stock,
                limit=data.limit,
                use_up=data.use_up,
                only=None if matching is None else {("catalogue", i) for i in matching},
            ),
            *own.index.rank(
                stock,
                limit=data.limit,
                use_up=data.use_up,
                only=None if admits is None else {k for k, facts in own.facts.items() if admits(facts)},
            ),
        ]
        ranked.sort(key=lambda s: (-s.score, -s.at_home, len(s.missing), s.name.casefold()))
        return [self._out(s, catalogue if s.key[0] == "catalogue" else own, held.day) for s in ranked[: data.limit]]

    async def _catalogue(self, database: str, version: int) -> Recipes:
        kept = CATALOGUES.get(database)
        if kept is not None and kept[0] == version:
            return kept[1]
        made = recipes([("catalogue", r) for r in await self.catalogue.recipes_with_lines()])
        CATALOGUES.put(database, (version, made))
        return made

    async def _own(self, member: Member, database: str, stamps: Hashable) -> Recipes:
        kept = OWN.get((database, member.id))
        if kept is not None and kept[0] == stamps:
            return kept[1]
        own = await self.cookbook.recipes_with_lines(member.id)
        imported = await self.imports.recipes_with_texts(member.id)
        read = await self.catalogue.read_ingredient_texts({i.import_id: i.texts for i in imported})
        found: list[tuple[SuggestionKind, RecipeLines]] = [("user", r) for r in own] + [
            ("imported", RecipeLines(i.import_id, i.name, i.image, None, read.get(i.import_id, []))) for i in imported
        ]
        ids = {line.ingredient_id for _, r in found for line in r.lines if line.ingredient_id is not None}
        made = recipes(found, await self.catalogue.ingredient_tags(ids))
        OWN.put((database, member.id), (stamps, made))
        return made

    @staticmethod
    def _out(found: Suggestion[RecipeKey], source: Recipes, day: date) -> SuggestionOut:
        kind, recipe_id = found.key
        card = source.cards[kind, recipe_id]
        if kind == "catalogue":
            entry_type = str(card.category_id) if card.category_id else CATALOGUE_NUMERIC
        else:
            entry_type = _ENTRY_TYPES[kind]
        return SuggestionOut(
            kind=kind,
            recipe_id=recipe_id,
            name=found.name,
            image=card.image,
            at_home=found.at_home,
            counted=found.counted,
            missing=[MissingLineOut(line.name, line.ingredient_id, line.quantity, line.unit) for line in found.missing],
            uses=[UsesOut(name, days, day + timedelta(days=days)) for name, days in found.uses],
            score=found.score,
            summary=summary(found),
            entry=PlanEntryOut(name=found.name, value=recipe_id, image=card.image, type=entry_type),
        )


def suggestion_service(session: AsyncSession, settings: Settings) -> SuggestionService:
    """The service outside a request (the daily e-mail), with the services it asks made for it."""
    catalogue = CatalogueService(session=session, uploads_dir=settings.uploads_dir)
    return SuggestionService(
        session,
        catalogue=catalogue,
        cookbook=CookbookService(session=session, catalogue=catalogue),
        imports=reading_imports(session, settings),
        stores=StoresService(session, catalogue=catalogue, access=AccessPolicy(session), zone=settings.timezone),
    )


def provide_suggestion_service(
    db_session: NamedDependency[AsyncSession],
    catalogue: NamedDependency[CatalogueService],
    cookbook: NamedDependency[CookbookService],
    imports: NamedDependency[ImportService],
    stores: NamedDependency[StoresService],
) -> SuggestionService:
    return SuggestionService(db_session, catalogue=catalogue, cookbook=cookbook, imports=imports, stores=stores)


__all__ = [
    "SuggestionService",
    "provide_suggestion_service",
    "suggestion_service",
    "summary",
    "with_preferences",
]
