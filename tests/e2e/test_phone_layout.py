"""Every screen on a 360 px wide phone: no label, button, link, heading, tab, menu item or badge is cut.

The routes come from the router's source (webui/src/app/*.tsx), so a new page is visited as soon as
it is routed; a route with a parameter needs an example address in EXAMPLES, and the test says so
when one is missing. Each address is opened signed out, by a member whose pages have content (own,
saved and imported recipes, a failed import, notes), and by an administrator (admin pages, with a
publish request, news and inbox messages waiting). On every screen each tab is opened too, and the
dialogs and menus of the main screens are checked open: side menu, recipe options, the Discover
filter dialog with its add-ingredient search, the note, disclaimer, tour and wizard step dialogs, and
every step of the edit wizard.

Text counts as cut when it is shortened (overflow hidden or clip, an ellipsis, a line clamp), cut
by a clipping or scrolling ancestor, runs past the screen's edge or out of its box, or when the page
scrolls sideways. The one exception: an element marked `data-preview` that is not itself a label
(a card's description, shown in full on the page the card opens) may be clamped to a few lines.

One page per role: the first address is loaded, the next ones are reached through the app's router
(as a tap on a link would), so each screen is checked without booting the app again.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, Request, expect

from larder.imports.models import ImportedRecipe
from tests.e2e.conftest import LiveServer, _off_the_loop
from tests.support import run_db

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 740}
ROUTER_DIR = Path(__file__).resolve().parents[2] / "webui" / "src" / "app"
# `path: '...'` of a route object at the start of a line (not in a comment).
ROUTE_PATH = re.compile(r"^\s*(?:\{\s*)?path:\s*'([^']*)'", re.MULTILINE)

LONG_OWN_NAME = "Slow-roasted tomato, chickpea and preserved lemon stew with herbs"
LONG_IMPORTED_NAME = "Grandmother's spiced quince, almond and brown-butter crumble with custard"
FAILED_IMPORT_URL = (
    "https://www.example.org/recipes/2024/autumn/grandmothers-spiced-quince-and-almond-crumble-with-custard"
)

# True once the screen has been still for a few frames: no spinner, no running transition (dialogs
# and menus animate in) and nothing moved since the last frame, fonts loaded, something drawn in the
# main area. (Requests in flight are waited for by the test itself.)
QUIET = """
() => {
  const spinning = [...document.querySelectorAll('.mantine-Loader-root')].some((el) => el.checkVisibility());
  const moving = document.getAnimations().some(
    (a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().endTime !== Infinity,
  );
  const main = document.querySelector('main');
  const layout = [...document.querySelectorAll('main, [role=dialog], [role=menu], [role=listbox]')]
    .map((el) => {
      const r = el.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height].map(Math.round).join(',');
    })
    .join(' ');
  const moved = layout !== window.__lastLayout;
  window.__lastLayout = layout;
  const busy = spinning || moving || moved || document.fonts.status !== 'loaded'
    || !main || main.innerText.trim() === '';
  window.__quietFrames = busy ? 0 : (window.__quietFrames || 0) + 1;
  return window.__quietFrames >= 3;
}
"""

# Every visible label-like element whose text does not fit: cut by its own box (overflow hidden or
# clip, an ellipsis, a line clamp), cut by a clipping or scrolling ancestor, running past the screen's
# edge, or spilling out of its box; and the page itself scrolling sideways.
FIND_CUT_TEXT = """
() => {
  const width = document.documentElement.clientWidth;
  const LABELS = [
    'button', 'a[href]', 'label', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'legend', 'th',
    '[role=heading]', '[role=tab]', '[role=menuitem]', '[role=button]', '[role=link]', '[role=option]',
    '[role=radio]', '[role=checkbox]', '[role=switch]',
    '.mantine-Badge-root', '.mantine-Chip-label', '.mantine-SegmentedControl-label', '.mantine-Pill-root',
    '.mantine-Stepper-stepLabel', '.mantine-Stepper-stepDescription', '.mantine-NavLink-label',
  ].join(', ');
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1
      && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const textOf = (el) => ((el.innerText || '').trim() || el.getAttribute('aria-label') || el.getAttribute('title')
    || el.tagName.toLowerCase()).replace(/\\s+/g, ' ').slice(0, 90);
  const clips = (value) => value === 'hidden' || value === 'clip';
  const clamped = (style) => Boolean(style.webkitLineClamp) && style.webkitLineClamp !== 'none';
  const scrolls = (value) => value === 'auto' || value === 'scroll';
  // Each cut element once, with every way it is cut.
  const cut = new Map();
  const report = (el, why) => {
    if (!cut.has(el)) cut.set(el, new Set());
    cut.get(el).add(why);
  };

  const targets = new Set(document.querySelectorAll(LABELS));
  for (const el of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.textOverflow === 'ellipsis' || clamped(style)) targets.add(el);
  }

  for (const target of targets) {
    if (!shown(target)) continue;
    const box = target.getBoundingClientRect();
    for (const el of [target, ...target.querySelectorAll('*')]) {
      if (!(el instanceof HTMLElement) || !shown(el) || el.innerText.trim() === '') continue;
      const style = getComputedStyle(el);
      if (scrolls(style.overflowX) || scrolls(style.overflowY)) continue;
      // A marked preview (a card's description, shown in full on the page it opens) may be cut
      // short; a label, heading or name may not.
      const preview = el.hasAttribute('data-preview') && !el.matches(LABELS);
      if (preview) continue;
      if (el.scrollWidth > el.clientWidth + 1 && clips(style.overflowX)) {
        report(el, style.textOverflow === 'ellipsis' ? 'shortened with an ellipsis' : 'cut at the side');
      }
      if (el.scrollHeight > el.clientHeight + 1 && clips(style.overflowY)) {
        report(el, clamped(style) ? 'shortened to a few lines' : 'cut at the bottom');
      }
    }
    const style = getComputedStyle(target);
    if (style.display !== 'inline' && style.overflowX === 'visible' && target.scrollWidth > target.clientWidth + 1) {
      report(target, 'spills out of its box');
    }
    let inScroller = false;
    for (let up = target.parentElement; up && up !== document.body; up = up.parentElement) {
      const around = getComputedStyle(up);
      if (around.overflowX === 'visible') continue;
      const edge = up.getBoundingClientRect();
      if (box.right > edge.right + 1 || box.left < edge.left - 1) {
        report(target, clips(around.overflowX) ? 'cut by its container' : 'hidden in a sideways scroll');
        inScroller = true;
        break;
      }
    }
    if (!inScroller && (box.right > width + 1 || box.left < -1)) report(target, 'runs off the screen');
  }
  const found = [];
  for (const [el, whys] of cut) {
    // Report the outermost cut element only: a cut label's inner parts add nothing.
    let inner = false;
    for (let up = el.parentElement; up; up = up.parentElement) if (cut.has(up)) inner = true;
    if (!inner) found.push({ why: [...whys].join(', '), text: textOf(el) });
  }

  if (document.documentElement.scrollWidth > window.innerWidth) {
    const wide = [...document.body.querySelectorAll('*')].filter((el) => {
      const r = el.getBoundingClientRect();
      if (r.right <= width + 1 || !shown(el)) return false;
      const parent = el.parentElement.getBoundingClientRect();
      return parent.right <= width + 1;
    });
    const culprits = wide.slice(0, 3).map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> ${textOf(el)}`)
      .join(' | ');
    found.push({
      why: `the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`,
      text: culprits || '?',
    });
  }
  return found;
}
"""


# --- the router's routes ---------------------------------------------------------------------------


def router_paths() -> list[str]:
    """Every route path in the app's router modules, in source order ('/' for the root layout)."""
    paths: list[str] = []
    for source in sorted(ROUTER_DIR.rglob("*.tsx")):
        if ".test." in source.name:
            continue
        paths.extend(path for path in ROUTE_PATH.findall(source.read_text()) if path not in paths)
    return paths


@dataclass
class Content:
    """What the member's screens show: ids of things made for them."""

    catalogue_recipe: int
    own_recipe: int
    imported_recipe: int
    store: int
    shopping_list: int
    meal_plan: int


# Example addresses of the routes with a parameter. A new such route needs an entry here.
EXAMPLES: dict[str, Callable[[Content], list[str]]] = {
    "recipes/:recipeId": lambda c: [f"/recipes/{c.catalogue_recipe}", f"/recipes/{c.catalogue_recipe}?cookmode=true"],
    "imported-recipes/:id": lambda c: [f"/imported-recipes/{c.imported_recipe}"],
    "user-recipes/:id": lambda c: [f"/user-recipes/{c.own_recipe}"],
    "recipe-edit/:id/*": lambda c: [f"/recipe-edit/{c.own_recipe}"],
    "user-stores/:id": lambda c: [f"/user-stores/{c.store}", f"/user-stores/{c.store}?view=readonly"],
    "user-shopping-lists/edit/:id": lambda c: [f"/user-shopping-lists/edit/{c.shopping_list}"],
    "user-shopping-lists/:id": lambda c: [
        f"/user-shopping-lists/{c.shopping_list}?view=readonly",
        f"/user-shopping-lists/{c.shopping_list}?viewMode=shopmode",
    ],
    "user-meal-plans/edit/:id": lambda c: [f"/user-meal-plans/edit/{c.meal_plan}"],
    "user-meal-plans/:id": lambda c: [f"/user-meal-plans/{c.meal_plan}?view=readonly"],
}


def addresses(content: Content) -> tuple[list[str], list[str]]:
    """The addresses to open for the router's routes, and the routes the test cannot open."""
    urls: list[str] = []
    missing: list[str] = []
    for path in router_paths():
        if path == "*":
            urls.append("/no-such-page")
        elif ":" in path:
            if path in EXAMPLES:
                urls.extend(EXAMPLES[path](content))
            else:
                missing.append(path)
        else:
            urls.append("/" + path.strip("/").removesuffix("/*").removesuffix("*"))
    return urls, missing


def test_every_routed_path_has_an_address_to_open() -> None:
    paths = router_paths()
    assert "recipes" in paths and "user-recipes/:id" in paths and "*" in paths, paths
    _, missing = addresses(Content(1, 1, 1, 1, 1, 1))
    assert not missing, f"routes with a parameter but no example address in EXAMPLES: {missing}"


# --- the browser side ------------------------------------------------------------------------------

# Moves the app to another address through its router, as a tap on a link would.
ROUTER_GO = """
(url) => {
  const idx = (history.state && typeof history.state.idx === 'number' ? history.state.idx : 0) + 1;
  history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', url);
  window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
}
"""

NOTES = [
    {
        "id": "note-1",
        "title": "Things to buy at the farmers market on Saturday",
        "content": "Quinces, walnuts, celeriac.",
        "date": "2024-10-05T09:00:00.000Z",
    }
]


def is_event_stream(request: Request) -> bool:
    return request.url.split("?", 1)[0].endswith("/api/pwa/events")


@dataclass
class Inspector:
    """Opens screens in one phone-sized page and collects the text that does not fit."""

    page: Page
    role: str
    base_url: str
    in_flight: set[Request]
    problems: list[str] = field(default_factory=list)
    checked: set[str] = field(default_factory=set)
    seen: set[tuple[str, str]] = field(default_factory=set)

    def settle(self) -> None:
        """Wait until every request (data, a route's code) has its answer and the screen is still."""
        while True:
            self.page.evaluate("() => { window.__quietFrames = 0; }")
            self.page.wait_for_function(QUIET, polling="raf")
            if not self.in_flight:
                return
            for request in list(self.in_flight):
                response = request.response()  # None when it failed
                if response is not None:
                    response.finished()
                self.in_flight.discard(request)

    def check(self, where: str) -> None:
        """Check the screen as it is now; each cut text is reported once, where it was first seen."""
        self.settle()
        for item in self.page.evaluate(FIND_CUT_TEXT):
            key = (item["why"], item["text"])
            if key not in self.seen:
                self.seen.add(key)
                self.problems.append(f"[{self.role}] {where}: {item['why']}: {item['text']!r}")

    def go(self, url: str) -> None:
        if self.page.url.startswith(self.base_url):
            self.page.evaluate(ROUTER_GO, url)
        else:
            self.page.goto(url)
        self.settle()

    def open(self, url: str, tabs: bool = True) -> bool:
        """Open `url` and check it (and each of its tabs); False when the app sent us elsewhere."""
        self.go(url)
        asked = url.split("?", 1)[0].split("#", 1)[0]
        landed = self.page.evaluate("() => location.pathname")
        if landed.rstrip("/") != asked.rstrip("/") and asked != "/":
            return False
        self.checked.add(url)
        self.check(url)
        if tabs:
            self.each_tab(url)
        return True

    def each_tab(self, where: str, scope: str = "main") -> None:
        """Open every other tab of the screen (or dialog) and check it."""
        tabs = self.page.locator(scope).get_by_role("tab")
        for index in range(tabs.count()):
            tab = tabs.nth(index)
            if tab.get_attribute("aria-selected") == "true" or tab.is_disabled():
                continue
            name = tab.inner_text().strip()
            tab.click()
            expect(tab).to_have_attribute("aria-selected", "true")
            self.check(f"{where} tab {name!r}")

    def dialog(self, where: str, open_it: Callable[[], None], name: str | None = None, role: str = "dialog") -> Locator:
        """Open a dialog (or menu) with `open_it` and check the screen with it open; its locator."""
        open_it()
        shown = self.page.get_by_role(role, name=name).last  # type: ignore[arg-type]
        expect(shown).to_be_visible()
        self.check(where)
        return shown

    def close(self, shown: Locator) -> None:
        self.page.keyboard.press("Escape")
        expect(shown).to_be_hidden()


@contextmanager
def phone(browser: Browser, live_server: LiveServer, role: str) -> Iterator[Inspector]:
    """One phone-sized browser profile (no service worker: every screen comes from the server)."""
    context = browser.new_context(
        base_url=live_server.url,
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        service_workers="block",
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    in_flight: set[Request] = set()
    # The live event stream stays open as long as the app does: it never finishes, so it is not
    # waited for (every other request is).
    page.on("request", lambda request: None if is_event_stream(request) else in_flight.add(request))
    page.on("requestfinished", lambda request: in_flight.discard(request))
    page.on("requestfailed", lambda request: in_flight.discard(request))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield Inspector(page, role, live_server.url, in_flight)
    finally:
        context.close()
    assert not errors, f"uncaught errors in the {role}'s page: {errors}"


def form_options(live_server: LiveServer, kind: str) -> list[dict[str, Any]]:
    answer = httpx.get(live_server.at(f"/api/form-options/{kind}"), timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


def give_content(live_server: LiveServer, token: str, owner: int) -> Content:
    """Own recipes (one asked to be published), saved and imported recipes and a failed import."""
    recipes = form_options(live_server, "recipes")
    longest = sorted(recipes, key=lambda r: len(r["name"]), reverse=True)
    for recipe in longest[:3]:
        saved = live_server.api("POST", "/user-saved-recipes", token, json={"recipe_id": recipe["value"]})
        assert saved.status_code == 201, saved.text

    categories = [c for c in form_options(live_server, "categories") if c["kind"] == "recipe"]
    ingredients = sorted(form_options(live_server, "ingredients"), key=lambda i: len(i["name"]), reverse=True)
    own: list[int] = []
    for name in (LONG_OWN_NAME, "Lentil soup"):
        draft = {
            "name": name,
            "description": "A warming pot for a cold evening, with crusty bread on the side.",
            "serves": 4,
            "category_id": categories[0]["value"],
            "image": None,
            "published": False,
            "ingredients": [
                {
                    "value": item["value"],
                    "name": item["name"],
                    "quantity": 250,
                    "measurement": "g",
                    "treatment": "diced",
                }
                for item in ingredients[:3]
            ],
            "steps": [
                {
                    "id": "step-1",
                    "title": "Roast the tomatoes and peppers slowly",
                    "description": "Roast them in a low oven until soft and sticky.",
                    "timer": "01:30:00",
                },
                {"id": "step-2", "title": "Simmer", "description": "Simmer everything together.", "timer": None},
            ],
        }
        made = live_server.api("POST", "/user-recipe-creator", token, json=draft)
        assert made.status_code == 201, made.text
        own.append(made.json()["data"]["user_recipe_id"])
    asked = live_server.api(
        "POST", "/publish-requests/", token, json={"entity_id": own[0], "entity_type": "UserRecipe"}
    )
    assert asked.status_code in (200, 201), asked.text

    data = {
        "name": LONG_IMPORTED_NAME,
        "description": "An autumn pudding.",
        "url": "https://www.example.org/quince-crumble",
        "recipeYield": "6 generous portions",
        "recipeIngredient": ["4 quinces, peeled, cored and cut into thick wedges", "100 g ground almonds"],
        "recipeInstructions": [{"name": "Crumble", "text": "Rub the butter into the almonds and flour."}],
    }

    async def imports(session: Any) -> int:
        kept = ImportedRecipe(user_id=owner, url=data["url"], data=json.dumps(data), import_failed=False)
        failed = ImportedRecipe(user_id=owner, url=FAILED_IMPORT_URL, data="{}", import_failed=True)
        session.add_all([kept, failed])
        await session.flush()
        return kept.id

    imported = _off_the_loop(lambda: run_db(live_server.settings, imports))
    store, shopping_list = give_kitchen(live_server, token, ingredients)
    meal_plan = give_meal_plan(live_server, token, longest[0]["value"], own[0], imported)
    return Content(
        catalogue_recipe=longest[0]["value"],
        own_recipe=own[0],
        imported_recipe=imported,
        store=store,
        shopping_list=shopping_list,
        meal_plan=meal_plan,
    )


LONG_STORE_NAME = "Garage chest freezer beside the bicycles"
LONG_CUSTOM_ITEM = "Grandmother's damson and whisky preserve"


def give_kitchen(live_server: LiveServer, token: str, ingredients: list[dict[str, Any]]) -> tuple[int, int]:
    """A store with long names and an expired item, and a list with catalogue and custom items."""
    made = live_server.api("POST", "/stores", token, json={"name": LONG_STORE_NAME, "description": "Out the back"})
    assert made.status_code == 201, made.text
    store = made.json()["data"]["id"]
    stock = [{"value": item["value"], "quantity": 1250, "unit": "g"} for item in ingredients[:4]]
    stock.append({"name": LONG_CUSTOM_ITEM, "date_added": "2020-01-01T12:00:00Z"})
    stocked = live_server.api("POST", f"/stores/{store}/items", token, json={"items": stock})
    assert stocked.status_code == 200, stocked.text
    items = [{"value": item["value"], "quantity": 2} for item in ingredients[:4]] + [{"name": LONG_CUSTOM_ITEM}]
    listed = live_server.api(
        "POST", "/user-shoppinglists", token, json={"name": "Big weekly shop", "ingredients": items}
    )
    assert listed.status_code == 201, listed.text
    return store, listed.json()["data"]["user_shoppinglist_id"]


LONG_PLAN_NAME = "Slow cooked family dinners for the long winter week ahead"


def give_meal_plan(live_server: LiveServer, token: str, catalogue: int, own: int, imported: int) -> int:
    """A dated plan with long names and a recipe of every kind (catalogue, own, imported, link, custom)."""
    recipes = [
        {"day": 0, "recipes": [{"type": "A9", "value": catalogue}, {"type": "USER", "value": own}]},
        {
            "day": 1,
            "recipes": [
                {"type": "IMPORTED", "value": imported},
                {"type": "EXTERNAL_LINK", "value": FAILED_IMPORT_URL, "name": "Crumble from the blog"},
            ],
        },
        {"day": 2, "recipes": [{"type": "CUSTOM", "name": "Leftovers from the freezer with crusty bread"}]},
    ]
    made = live_server.api(
        "POST",
        "/user-mealplans",
        token,
        json={"name": LONG_PLAN_NAME, "start_date": "2025-12-30", "end_date": "2026-01-01", "recipes": recipes},
    )
    assert made.status_code == 201, made.text
    return made.json()["data"]["user_mealplan_id"]


def give_admin_content(live_server: LiveServer, admin_token: str, member_token: str) -> None:
    """A news item, a contact message and a bug report (the member's publish request waits already)."""
    news = httpx.post(
        live_server.at("/api/admin/news"),
        headers={"Authorization": f"Bearer {admin_token}"},
        json={"title": "The autumn catalogue update is here", "HtmlContent": "<p>Twelve new recipes.</p>"},
        timeout=30,
    )
    assert news.status_code == 201, news.text
    message = "The Discover list on my phone cuts recipe names short; could they wrap instead?"
    contact = live_server.api(
        "POST",
        "/contact",
        member_token,
        json={"name": "Phone tester", "email": "phone@example.org", "message": message},
    )
    assert contact.status_code == 201, contact.text
    bug = live_server.api("POST", "/bug-report", member_token, json={"message": message, "page": "/recipes"})
    assert bug.status_code == 201, bug.text


def check_shared_dialogs(inspector: Inspector, content: Content) -> None:
    """The side menu and a catalogue recipe's options menu, open."""
    page = inspector.page
    inspector.go("/home")
    inspector.close(inspector.dialog("side menu", lambda: page.get_by_role("button", name="Open menu").click()))

    detail = f"/recipes/{content.catalogue_recipe}"
    inspector.go(detail)
    options = inspector.dialog(
        f"{detail} Recipe Options menu",
        lambda: page.get_by_role("button", name="Recipe Options").click(),
        role="menu",
    )
    inspector.close(options)


def check_member_dialogs(inspector: Inspector, content: Content) -> None:
    """The dialogs and menus of the member's main screens, open."""
    page = inspector.page
    check_shared_dialogs(inspector, content)

    inspector.go("/recipes")
    filters = inspector.dialog(
        "/recipes filter dialog", lambda: page.get_by_role("button", name="filter").click(), name="Filters"
    )
    add = inspector.dialog(
        "/recipes add ingredient dialog",
        lambda: filters.get_by_role("button", name="add ingredient").click(),
        name="add ingredient",
    )
    search = add.get_by_label("search ingredients")
    search.fill("tomato")
    expect(add.get_by_role("list", name="ingredient options").get_by_role("button").first).to_be_visible()
    inspector.check("/recipes add ingredient dialog, options listed")
    search.fill("smoked-garlic-and-chipotle-seasoning")
    create = add.get_by_role("button", name="create custom item")
    expect(create).to_be_visible()
    inspector.check("/recipes add ingredient dialog, custom item")
    create.click()
    expect(add).to_be_hidden()
    expect(filters.get_by_role("list", name="current filters")).to_be_visible()
    inspector.check("/recipes filter dialog with a filter")
    inspector.close(filters)

    own = f"/user-recipes/{content.own_recipe}"
    inspector.go(own)
    options = inspector.dialog(
        f"{own} Recipe Options menu", lambda: page.get_by_role("button", name="Recipe Options").click(), role="menu"
    )
    inspector.close(options)

    imported = f"/imported-recipes/{content.imported_recipe}"
    inspector.go(imported)
    disclaimer = inspector.dialog(
        f"{imported} disclaimer",
        lambda: page.get_by_role("button", name="show disclaimer").click(),
        name="Imported Recipe Disclaimer",
    )
    inspector.close(disclaimer)

    inspector.go("/user-recipes#notes")
    note = inspector.dialog(
        "/user-recipes#notes new note", lambda: page.get_by_role("button", name="make a note").click(), name="New note"
    )
    inspector.close(note)

    # The onboarding tour, step by step.
    inspector.go("/user-dashboard?first_login=true")
    tour = inspector.dialog(
        "tour", lambda: page.get_by_role("button", name="Take the tour").click(), name="Getting started"
    )
    tour.get_by_role("button", name="Show me how this works").click()
    done = tour.get_by_role("button", name="Done", exact=True)
    for step in range(2, 7):
        expect(tour.get_by_role("button", name=f"Step {step}")).to_have_attribute("aria-current", "step")
        inspector.check(f"tour step {step}")
        if step < 6:
            tour.get_by_role("button", name="Continue", exact=True).click()
    done.click()
    expect(tour).to_be_hidden()

    # The edit wizard, step by step, with its step dialog.
    wizard = f"/recipe-edit/{content.own_recipe}"
    inspector.go(wizard)
    navigation = page.get_by_role("group", name="wizard navigation")
    following = navigation.get_by_role("button", name="Next", exact=True)
    while following.count():
        path = page.evaluate("() => location.pathname")
        following.click()
        expect(page).not_to_have_url(re.compile(re.escape(path) + "$"))
        where = page.evaluate("() => location.pathname")
        inspector.check(where)
        adder = page.get_by_role("button", name="Add step", exact=True)
        if adder.count():
            step = inspector.dialog(f"{where} step dialog", adder.click, name=re.compile(r"^Add step"))
            inspector.each_tab(f"{where} step dialog", scope="[role=dialog]")
            inspector.close(step)


def test_every_screen_fits_a_phone(browser: Browser, live_server: LiveServer) -> None:
    member = live_server.member("phone")
    admin = live_server.member("phone_admin", admin=True)
    member_token, member_user = live_server.session(member)
    admin_token, _ = live_server.session(admin)
    content = give_content(live_server, member_token, json.loads(member_user)["id"])
    give_admin_content(live_server, admin_token, member_token)
    urls, missing = addresses(content)
    assert not missing, f"routes with a parameter but no example address in EXAMPLES: {missing}"
    problems: list[str] = []
    checked: set[str] = set()

    with phone(browser, live_server, "visitor") as inspector:
        for url in urls:
            inspector.open(url)
        check_shared_dialogs(inspector, content)
        problems += inspector.problems
        checked |= inspector.checked

    with phone(browser, live_server, "member") as inspector:
        live_server.open_signed_in(inspector.page, member, "/home")
        inspector.page.evaluate(
            "([key, notes]) => localStorage.setItem(key, notes)",
            [f"notes:{json.loads(member_user)['id']}", json.dumps(NOTES)],
        )
        for url in urls:
            inspector.open(url)
        check_member_dialogs(inspector, content)
        problems += inspector.problems
        checked |= inspector.checked

    with phone(browser, live_server, "admin") as inspector:
        live_server.open_signed_in(inspector.page, admin, "/home")
        for url in urls:
            if url.startswith("/admin/"):
                inspector.open(url)
        problems += inspector.problems
        checked |= inspector.checked

    unopened = [url for url in urls if url not in checked]
    assert not unopened, f"addresses no role could open: {unopened}"
    assert not problems, f"{len(problems)} texts do not fit a 360 px screen:\n" + "\n".join(problems)
