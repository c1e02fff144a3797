"""Discover (/recipes) and recipe detail (/recipes/{id}) against the shipped starter catalogue, in Chromium."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import LiveServer, token_of

pytestmark = pytest.mark.e2e


def find_recipe(live_server: LiveServer, text: str, name: str) -> dict[str, object]:
    """The catalogue recipe called `name`, found through the search API."""
    response = live_server.api("GET", f"/recipe-search?page=1&search={text}")
    assert response.status_code == 200, response.text
    matches = [r for r in response.json()["data"] if r["name"] == name]
    assert matches, f"{name!r} not in the starter catalogue"
    return matches[0]


def test_search_waits_for_typing_to_stop_and_finds_a_recipe(page: Page, live_server: LiveServer) -> None:
    page.goto("/recipes")
    expect(page.get_by_text("Showing 1 to 20 of 59 Entries")).to_be_visible()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_text("Showing 21 to 40 of 59 Entries")).to_be_visible()

    page.get_by_role("textbox", name="Search recipes").press_sequentially("lentil", delay=50)
    expect(page.get_by_role("link", name=re.compile("Red lentil dal"))).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("Lentil and mushroom cottage pie"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Showing 1 to \d of \d Entries$"))).to_be_visible()

    page.get_by_role("link", name=re.compile("Red lentil dal")).click()
    expect(page).to_have_url(re.compile(r"/recipes/\d+$"))
    expect(page.get_by_role("heading", name="Red lentil dal")).to_be_visible()
    expect(page.get_by_role("button", name="Ingredients")).to_be_visible()

    page.go_back()
    search = page.get_by_role("textbox", name="Search recipes")
    search.fill("")
    expect(page.get_by_text("Showing 1 to 20 of 59 Entries")).to_be_visible()


def test_filter_dialog_round_trip_with_save(page: Page, live_server: LiveServer) -> None:
    page.goto("/recipes")
    expect(page.get_by_text("Showing 1 to 20 of 59 Entries")).to_be_visible()
    page.get_by_role("button", name="filter").click()
    dialog = page.get_by_role("dialog", name="Filters")

    dialog.get_by_role("button", name="add ingredient").click()
    add = page.get_by_role("dialog", name="add ingredient")
    add.get_by_role("textbox", name="search ingredients").fill("red lent")
    add.get_by_role("button", name="Red lentils", exact=True).click()
    expect(add).to_be_hidden()
    dialog.get_by_text("Vegan", exact=True).click()
    expect(dialog.get_by_text("include ingredient: Red lentils")).to_be_visible()
    expect(dialog.get_by_text("include preference: Vegan")).to_be_visible()
    dialog.get_by_text("Save", exact=True).click()
    dialog.get_by_role("button", name="apply").click()
    expect(dialog).to_be_hidden()

    expect(page.get_by_role("link", name=re.compile("Red lentil dal"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Showing 1 to \d+ of \d+ Entries$"))).to_be_visible()
    expect(page.get_by_text("Showing 1 to 20 of 59 Entries")).to_have_count(0)
    stored = json.loads(page.evaluate("() => window.localStorage.getItem('filters')"))
    assert [(f["name"], f["type"], f["includeExclude"]) for f in stored] == [
        ("Red lentils", "ingredient", "include"),
        ("vegan", "preference", "include"),
    ]

    page.reload()
    expect(page.get_by_role("link", name=re.compile("Red lentil dal"))).to_be_visible()
    expect(page.get_by_text("Showing 1 to 20 of 59 Entries")).to_have_count(0)
    page.get_by_role("button", name="filter").click()
    expect(dialog.get_by_text("include ingredient: Red lentils")).to_be_visible()
    dialog.get_by_role("button", name="cancel").click()
    expect(page.get_by_text("Showing 1 to 20 of 59 Entries")).to_be_visible()
    assert page.evaluate("() => window.localStorage.getItem('filters')") is None


def test_save_heart_when_signed_in(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("saver")
    page.goto("/recipes")
    expect(page.get_by_text("Showing 1 to 20 of 59 Entries")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^save "))).to_have_count(0)

    live_server.open_signed_in(page, member, "/recipes")
    dal = find_recipe(live_server, "lentil", "Red lentil dal")
    page.get_by_role("textbox", name="Search recipes").fill("red lentil dal")
    heart = page.get_by_role("button", name="save Red lentil dal", exact=True)
    heart.click()
    saved_heart = page.get_by_role("button", name="unsave Red lentil dal", exact=True)
    expect(saved_heart).to_be_visible()
    # The heart shows what was asked at once; the save is done when its spinner stops.
    expect(saved_heart).not_to_have_attribute("data-loading", "true")

    token = token_of(page)
    saved = live_server.api("GET", "/user-saved-recipes", token=token).json()
    assert [r["recipe_id"] for r in saved] == [dal["recipe_id"]]
    stored = json.loads(page.evaluate("() => window.localStorage.getItem('saved_recipes')"))
    assert [r["recipe_id"] for r in stored] == [dal["recipe_id"]]

    saved_heart.click()
    unsaved_heart = page.get_by_role("button", name="save Red lentil dal", exact=True)
    expect(unsaved_heart).to_be_visible()
    expect(unsaved_heart).not_to_have_attribute("data-loading", "true")
    assert live_server.api("GET", "/user-saved-recipes", token=token).json() == []


def test_cook_mode_timer_runs_past_zero(page: Page, live_server: LiveServer) -> None:
    shakshuka = find_recipe(live_server, "shakshuka", "Shakshuka")
    page.clock.install()
    page.goto(f"/recipes/{shakshuka['recipe_id']}")
    expect(page.get_by_role("heading", name="Shakshuka")).to_be_visible()
    page.get_by_role("button", name="Recipe Options").click()
    page.get_by_role("menuitem", name="tutorial mode").click()
    expect(page).to_have_url(re.compile(r"\?cookmode=true$"))
    expect(page.get_by_text("step 1 of 5 steps")).to_be_visible()

    timer = page.get_by_role("button", name=re.compile("step timer"))
    expect(timer).to_have_text("00:08:00")
    timer.click()
    page.clock.run_for(3_000)
    expect(timer).to_have_text("00:07:57")
    timer.click()  # pause
    page.clock.run_for(10_000)
    expect(timer).to_have_text("00:07:57")
    timer.click()  # go on
    page.clock.run_for(480_000)
    expect(timer).to_have_text("-00:00:03")

    page.get_by_role("button", name="Next").click()
    expect(page.get_by_text("step 2 of 5 steps")).to_be_visible()
    page.get_by_role("button", name="Prev").click()
    expect(timer).to_have_text("-00:00:03")

    page.get_by_role("button", name="Recipe Options").click()
    page.get_by_role("menuitem", name="exit tutorial").click()
    expect(page.get_by_role("list", name="steps")).to_be_visible()


def test_copy_ingredients_and_link(page: Page, context: BrowserContext, live_server: LiveServer) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    dal = find_recipe(live_server, "lentil", "Red lentil dal")
    detail = live_server.api("GET", f"/recipes/{dal['recipe_id']}").json()
    names = [item["ingredient"]["name"] for item in detail["recipe_ingredients"]]

    page.goto(f"/recipes/{dal['recipe_id']}")
    expect(page.get_by_role("heading", name="Red lentil dal")).to_be_visible()
    page.get_by_role("button", name="Recipe Options").click()
    expect(page.get_by_role("menuitem", name="print recipe")).to_be_disabled()
    page.get_by_role("menuitem", name="copy ingredients").click()
    expect(page.get_by_text("Copied Ingredients to Clipboard")).to_be_visible()
    assert page.evaluate("() => navigator.clipboard.readText()") == "\n".join(names)

    page.get_by_role("button", name="Recipe Options").click()
    page.get_by_role("menuitem", name="copy link").click()
    expect(page.get_by_text("Copied Link to Clipboard")).to_be_visible()
    assert page.evaluate("() => navigator.clipboard.readText()") == live_server.at(f"/recipes/{dal['recipe_id']}")


def test_saved_preferences_filter_discover_until_their_chip_is_removed(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("vegan")
    live_server.open_signed_in(page, member, "/home")
    token = token_of(page)
    saved = live_server.api("PUT", "/account/preferences", token, json={"preferences": ["vegan"]})
    assert saved.status_code == 200, saved.text
    page.evaluate("(user) => localStorage.setItem('user', JSON.stringify(user))", saved.json()["user"])
    vegan = live_server.api(
        "POST", "/recipe-filter", json={"filters": [{"value": "vegan", "type": "preference"}]}
    ).json()["total"]
    assert 0 < vegan < 59

    page.goto("/recipes")
    chips = page.get_by_role("list", name="preference filters")
    expect(chips.get_by_role("listitem")).to_have_text(["Vegan"])
    expect(page.get_by_text(f"of {vegan} Entries")).to_be_visible()
    names = page.get_by_role("list", name="recipes").inner_text().lower()
    assert "chicken" not in names and "mackerel" not in names

    page.get_by_role("button", name="remove preference Vegan").click()
    expect(page.get_by_text("Showing 1 to 20 of 59 Entries")).to_be_visible()
    expect(page.get_by_role("list", name="preference filters")).to_have_count(0)
    assert live_server.api("GET", "/account", token).json()["preferences"] == ["vegan"]


def test_a_recipe_without_its_own_picture_shows_the_neutral_placeholder(page: Page, live_server: LiveServer) -> None:
    """Masala chai shows the app's covered dish, not the lemonade of the "Drinks" illustration."""
    chai = find_recipe(live_server, "masala", "Masala chai")
    assert chai["image"] is None

    page.goto(f"/recipes/{chai['recipe_id']}")
    picture = page.get_by_role("img", name="Masala chai (no picture yet)")
    expect(picture).to_have_attribute("src", "/recipe-placeholder.svg")
    # Served by the app itself and allowed by its Content-Security-Policy: the drawing really loads.
    page.wait_for_function("img => img.complete && img.naturalWidth === 480", arg=picture.element_handle())

    soup = find_recipe(live_server, "coriander", "Carrot and coriander soup")
    page.goto(f"/recipes/{soup['recipe_id']}")
    expect(page.get_by_role("img", name="Carrot and coriander soup", exact=True)).to_have_attribute(
        "src", "/uploads/catalogue-soups.svg"
    )
