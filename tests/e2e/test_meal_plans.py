"""Meal plans in Chromium against the real server and catalogue: create a 3-day plan, fill it through
the 'Search Recipes' panel and see the autosave survive a reload, schedule it from today, check the
ingredients into a shopping list, complete it and see the store shrink, and find today's meals on
the dashboard.

"Today" is the instance's (LARDER_TIMEZONE). The test runs a server of its own in a zone whose
calendar date is not the host's, with the browser in that zone too: code that took the host's
date (or UTC's) instead of the instance's would put the meals on the wrong day.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, Locator, Page, Response, expect

from larder.core.base import clock
from larder.core.base.paths import web_dist_dir
from tests.e2e.conftest import (
    LiveServer,
    Mailbox,
    _larder_env,
    _off_the_loop,
    api_json,
    browser_page,
    ingredient_id,
    running_server,
    token_of,
)
from tests.support import MailCatcher, free_port, make_settings

pytestmark = pytest.mark.e2e

# UTC+14 and UTC-12: at any moment one of them is on another calendar date than UTC, an hour or
# more away from its own midnight.
FAR_ZONES = ("Pacific/Kiritimati", "Etc/GMT+12")
PLAN = "Week of dinners"


def far_zone() -> str:
    """A zone whose date now is not the host's, at least an hour from midnight on either side."""
    now = datetime.now(UTC)
    host_today = now.astimezone().date()
    for zone in FAR_ZONES:
        local = now.astimezone(ZoneInfo(zone))
        since_midnight = timedelta(hours=local.hour, minutes=local.minute)
        if local.date() != host_today and timedelta(hours=1) <= since_midnight <= timedelta(hours=23):
            return zone
    return FAR_ZONES[0]


@pytest.fixture(scope="module")
def zoned_server(tmp_path_factory: pytest.TempPathFactory, smtp_server: MailCatcher) -> Iterator[LiveServer]:
    """Like the shared live_server, in a LARDER_TIMEZONE whose calendar is a day off the host's."""
    if not (web_dist_dir() / "index.html").is_file():
        pytest.fail("The web app is not built: run `npm run build` first.", pytrace=False)
    zone = far_zone()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    data_dir = tmp_path_factory.mktemp("larder-e2e-zoned") / "data"
    settings = _off_the_loop(lambda: make_settings(str(data_dir), LARDER_PUBLIC_URL=url, LARDER_TIMEZONE=zone))
    env = _larder_env(
        data_dir,
        LARDER_PUBLIC_URL=url,
        LARDER_SMTP_HOST="127.0.0.1",
        LARDER_SMTP_PORT=str(smtp_server.port),
        LARDER_TIMEZONE=zone,
    )
    with running_server(port, env, data_dir / "server.log"):
        yield LiveServer(url, data_dir, settings, Mailbox(smtp_server), [])


@pytest.fixture
def zoned_page(browser: Browser, zoned_server: LiveServer, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh browser profile living in the server's zone (its clock, its calendar)."""
    assert zoned_server.settings.timezone
    with browser_page(browser, zoned_server.url, timezone_id=zoned_server.settings.timezone) as page:
        yield page
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            shot = zoned_server.data_dir / "failure.png"
            page.screenshot(path=str(shot), full_page=True)
            print(f"\nfailed at {page.url}; screenshot {shot}; server log {zoned_server.data_dir / 'server.log'}")


def toast(page: Page, text: str) -> Locator:
    """The Mantine notification carrying `text`."""
    return page.locator(".mantine-Notification-root").filter(has_text=text)


def en_gb(day: date) -> str:
    return day.strftime("%d/%m/%Y")


def day_card(page: Page, n: int) -> Locator:
    """The card of day `n` (1-based) of the plan on screen."""
    return page.get_by_role("region", name=f"DAY: {n}", exact=True)


def add_recipe(page: Page, day: int, search: str, pick: str) -> None:
    """Open day `day`'s 'add', search the recipes for `search` and pick `pick` (a recipe's name)."""
    day_card(page, day).get_by_role("button", name=f"add to DAY: {day}").click()
    panel = page.get_by_role("dialog", name=f"add to DAY: {day}")
    panel.get_by_role("textbox", name="Search Recipes").fill(search)
    panel.get_by_role("list", name="recipes").get_by_role("button", name=pick, exact=True).click()
    expect(panel).to_have_count(0)


def add_custom(page: Page, day: int, text: str) -> None:
    """Add `text` to day `day` as a custom entry (no recipe behind it)."""
    day_card(page, day).get_by_role("button", name=f"add to DAY: {day}").click()
    panel = page.get_by_role("dialog", name=f"add to DAY: {day}")
    panel.get_by_role("textbox", name="Search Recipes").fill(text)
    panel.get_by_role("button", name="add custom").click()
    expect(panel).to_have_count(0)


def planned(page: Page, day: int) -> Locator:
    return page.get_by_role("list", name=f"recipes of DAY: {day}").get_by_role("listitem")


def plan_menu(page: Page, action: str) -> None:
    page.get_by_role("button", name=f"actions for {PLAN}").click()
    page.get_by_role("menuitem", name=action).click()


def is_plan_save(plan_id: int, names: set[str]) -> Any:
    """A predicate: the answer to the autosave PUT of the plan carrying every name in `names`."""

    def matches(response: Response) -> bool:
        request = response.request
        if request.method != "PUT" or not response.url.endswith(f"/api/pwa/user-mealplans/{plan_id}"):
            return False
        body = json.loads(request.post_data or "{}")
        sent = {entry["name"] for day in body.get("recipes", []) for entry in day["recipes"]}
        return names <= sent

    return matches


def test_plan_from_creation_to_completion_and_the_dashboard(zoned_page: Page, zoned_server: LiveServer) -> None:
    page, live_server = zoned_page, zoned_server
    member = live_server.member("planner")
    failures: list[str] = []
    page.on(
        "response",
        lambda answer: (
            failures.append(f"{answer.request.method} {answer.url} {answer.status}")
            if "/api/" in answer.url and answer.status >= 400
            else None
        ),
    )
    live_server.open_signed_in(page, member, "/user-dashboard")
    token = token_of(page)
    assert token
    today = clock.today(live_server.settings.timezone)
    assert page.evaluate("() => Intl.DateTimeFormat().resolvedOptions().timeZone") == live_server.settings.timezone

    # The household's fridge holds 6 eggs (Shakshuka takes 4); a list waits for the shopping.
    fridge = api_json(live_server, token, "POST", "/stores", json={"name": "Kitchen fridge", "description": "Cold"})
    fridge_id = fridge["data"]["id"]
    api_json(
        live_server,
        token,
        "POST",
        f"/stores/{fridge_id}/items",
        json={"items": [{"value": ingredient_id(live_server, "Egg"), "quantity": 6}]},
    )
    weekend = api_json(
        live_server, token, "POST", "/user-shoppinglists", json={"name": "Weekend shop", "ingredients": []}
    )
    list_id = weekend["data"]["user_shoppinglist_id"]

    # No meals planned yet: the dashboard offers to plan some.
    upcoming = page.get_by_role("region", name="upcoming meals")
    upcoming.get_by_role("link", name="create a meal plan").click()
    expect(page).to_have_url(re.compile(r"/user-meal-plans$"))
    expect(page.get_by_text("Ziltch.")).to_be_visible()

    # 1. Create: the dialog starts at 3 days; the new plan opens in the editor.
    page.get_by_role("button", name="create", exact=True).click()
    dialog = page.get_by_role("dialog", name="Create a Meal Plan")
    expect(dialog.get_by_role("textbox", name="number of days")).to_have_value("3")
    dialog.get_by_role("textbox", name="name").fill(PLAN)
    dialog.get_by_role("button", name="create", exact=True).click()
    expect(page).to_have_url(re.compile(r"/user-meal-plans/edit/\d+$"))
    plan_id = int(page.url.rsplit("/", 1)[1])
    expect(page.get_by_role("heading", name="Create a Meal Plan")).to_be_visible()
    expect(page.get_by_text("TOTAL DAYS: 3")).to_be_visible()
    for n in (1, 2, 3):
        expect(day_card(page, n)).to_be_visible()

    # Recipes from the 'Search Recipes' panel: two catalogue recipes and a custom entry. The
    # autosave sends them 500 ms after the last change.
    add_recipe(page, 1, "shakshuka", "Shakshuka")
    add_recipe(page, 2, "lentil", "Red lentil dal")
    with page.expect_response(is_plan_save(plan_id, {"Shakshuka", "Red lentil dal", "Toast and jam"})) as saved:
        add_custom(page, 1, "Toast and jam")
    assert saved.value.status == 200, saved.value.text()
    expect(page.get_by_label("saving")).to_have_count(0)

    page.reload()
    expect(planned(page, 1)).to_have_text(["Shakshuka", "Toast and jam"])
    expect(planned(page, 2)).to_have_text(["Red lentil dal"])
    expect(page.get_by_role("list", name="recipes of DAY: 3")).to_have_count(0)

    # 2. Schedule from today: every day header gets its date.
    plan_menu(page, "schedule")
    dialog = page.get_by_role("dialog", name="Schedule Meal Plan")
    dialog.get_by_label("start date").fill(today.isoformat())
    expect(dialog.get_by_label("end date")).to_have_value((today + timedelta(days=2)).isoformat())
    dialog.get_by_role("button", name="Confirm").click()
    expect(toast(page, "Meal Plan Re-Scheduled.")).to_be_visible()
    expect(dialog).to_have_count(0)
    span = f"{en_gb(today)} - {en_gb(today + timedelta(days=2))}"
    for n in (1, 2, 3):
        expect(day_card(page, n)).to_contain_text(en_gb(today + timedelta(days=n - 1)))
    expect(page.get_by_label("date range")).to_have_text(span)

    # 3. Ingredient Summary: the shakshuka's eggs (in the fridge) and tomatoes into the list.
    plan_menu(page, "check ingredients")
    dialog = page.get_by_role("dialog", name="Ingredient Summary")
    shakshuka = dialog.get_by_role("region", name="Shakshuka")
    expect(shakshuka.get_by_text("Kitchen fridge: 6")).to_be_visible()
    add = dialog.get_by_role("button", name="Add Selected")
    expect(add).to_be_disabled()
    shakshuka.get_by_role("checkbox", name="4 eggs").check()
    shakshuka.get_by_role("checkbox", name="400 g Chopped tomatoes").check()
    expect(add).to_be_disabled()
    dialog.get_by_label("Available Shopping Lists").select_option(label="Weekend shop")
    add.click()
    expect(toast(page, "2 ingredients added to Weekend shop")).to_be_visible()
    dialog.press("Escape")
    expect(dialog).to_have_count(0)

    # 4. Complete the shakshuka: its 4 eggs come out of the fridge.
    plan_menu(page, "complete")
    dialog = page.get_by_role("dialog", name="Complete Meal Plan")
    complete = dialog.get_by_role("button", name="complete", exact=True)
    expect(dialog.get_by_role("checkbox", name="Adjust and Remove Ingredients")).to_be_checked()
    expect(complete).to_be_disabled()
    dialog.get_by_role("checkbox", name="Shakshuka").check()
    expect(dialog.get_by_role("group", name="stock to use")).to_contain_text("Egg - Kitchen fridge: 6")
    complete.click()
    expect(toast(page, "Meal Plan Completed.")).to_be_visible()
    expect(dialog.get_by_role("list", name="used")).to_have_text("Egg: 4 used, 2 left")
    dialog.get_by_role("button", name="close").click()
    expect(dialog).to_have_count(0)
    # The summary now counts what is left.
    plan_menu(page, "check ingredients")
    dialog = page.get_by_role("dialog", name="Ingredient Summary")
    expect(dialog.get_by_role("region", name="Shakshuka").get_by_text("Kitchen fridge: 2")).to_be_visible()
    dialog.press("Escape")
    expect(dialog).to_have_count(0)

    # The plan as the household sees it: dated, in the list of plans.
    page.get_by_role("link", name="done").click()
    expect(page).to_have_url(re.compile(rf"/user-meal-plans/{plan_id}\?view=readonly$"))
    expect(page.get_by_role("heading", name=PLAN)).to_be_visible()
    expect(page.get_by_label("date range")).to_have_text(span)
    expect(planned(page, 1)).to_have_text(["Shakshuka", "Toast and jam"])

    # 5. The dashboard (opened in the app, as after a login): today's meals under 'upcoming
    # meals', tomorrow's after them, the list with what was added, the fridge with what is left.
    page.get_by_role("banner").get_by_role("link", name="Larder").click()
    expect(page).to_have_url(re.compile(r"/user-dashboard$"))
    today_meals = upcoming.get_by_role("list", name="Today", exact=True)
    expect(today_meals.get_by_role("listitem")).to_have_count(2)
    expect(today_meals.get_by_role("listitem").first).to_contain_text("Shakshuka")
    expect(today_meals.get_by_role("listitem").first).to_contain_text(PLAN)
    expect(today_meals.get_by_role("listitem").last).to_contain_text("Toast and jam")
    expect(upcoming.get_by_role("list", name="Tomorrow", exact=True)).to_contain_text("Red lentil dal")

    page.get_by_role("list", name="my lists").get_by_role("link", name=re.compile("Weekend shop")).click()
    expect(page).to_have_url(re.compile(rf"/user-shopping-lists/{list_id}\?view=readonly$"))
    expect(page.get_by_text("4 eggs", exact=True)).to_be_visible()
    expect(page.get_by_text("400 g Chopped tomatoes", exact=True)).to_be_visible()

    page.go_back()
    page.get_by_role("region", name="default store").get_by_role("link", name=re.compile("Kitchen fridge")).click()
    expect(page).to_have_url(re.compile(rf"/user-stores/{fridge_id}$"))
    egg = page.get_by_role("listitem", name="Egg", exact=True)
    expect(egg.get_by_test_id("item-quantity")).to_have_text("2")

    page.go_back()
    today_meals.get_by_role("link", name=re.compile("Shakshuka")).click()
    expect(page).to_have_url(re.compile(r"/recipes/\d+$"))
    expect(page.get_by_role("heading", name="Shakshuka")).to_be_visible()
    assert failures == []
