"""Own recipes in Chromium: the five-step wizard with an image and a custom ingredient, the publish block,
publishing, an administrator's approval into Discover, withdrawal by editing; browser-only notes.

The session's catalogue is shared with test_catalogue.py (59 starter recipes): the recipe published here
is withdrawn again by the last edit, and deleted afterwards whatever happens, so the catalogue is left as
it was found.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import LiveServer, Member, browser_page, token_of

pytestmark = pytest.mark.e2e

CUSTOM_INGREDIENTS_TEXT = "This Recipe Cannot be published as it as unknown ingredients."
PUBLISH_WARNING = (
    "Saving a published recipe makes it private again until an administrator re-approves it, "
    "and any previous publish request will be cancelled."
)


def letters(length: int = 10) -> str:
    """A random word of letters only: one search token, never a prefix of a catalogue word."""
    return "".join(chr(ord("a") + int(digit, 16)) for digit in uuid.uuid4().hex[:length])


def toast(page: Page, text: str) -> Locator:
    """The Mantine notification carrying `text`."""
    return page.locator(".mantine-Notification-root").filter(has_text=text)


def nav(page: Page, name: str) -> Locator:
    """Back / Next / Submit of the wizard."""
    return page.get_by_role("group", name="wizard navigation").get_by_role("button", name=name, exact=True)


def step_heading(page: Page, title: str) -> Locator:
    return page.get_by_role("heading", name=title, level=2, exact=True)


def next_step(page: Page, title: str) -> None:
    nav(page, "Next").click()
    expect(step_heading(page, title)).to_be_visible()


def catalogue_hits(live_server: LiveServer, word: str) -> list[dict[str, object]]:
    response = live_server.api("GET", f"/recipe-search?page=1&search={word}")
    assert response.status_code == 200, response.text
    return response.json()["data"]


def catalogue_total(live_server: LiveServer) -> int:
    response = live_server.api("GET", "/recipes?page=1")
    assert response.status_code == 200, response.text
    return response.json()["total"]


@pytest.fixture
def picture(tmp_path: Path) -> Path:
    """A small 4:3 PNG (the client crops it to 16:9 and sends a JPEG)."""
    path = tmp_path / "pie.png"
    image = Image.new("RGB", (640, 480), (200, 120, 40))
    image.paste((40, 160, 90), (0, 0, 320, 240))
    image.save(path, format="PNG")
    return path


@pytest.fixture
def admin_page(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    """A second browser profile for the administrator."""
    with browser_page(browser, live_server.url, "the administrator's page") as page:
        yield page


def create_with_custom_ingredient(page: Page, name: str, custom: str, picture: Path) -> int:
    """All five wizard steps with an image and a custom ingredient, publish ticked: saved, publishing refused."""
    page.goto("/recipe-creator")
    expect(step_heading(page, "Basic Details")).to_be_visible()
    expect(nav(page, "Back")).to_be_disabled()
    page.get_by_role("textbox", name="Name", exact=True).fill(name)
    page.get_by_role("textbox", name="Description", exact=True).fill("A crumbly tart with lentils.")
    page.get_by_role("textbox", name="Serves", exact=True).fill("4")
    page.get_by_label("choose recipe image").set_input_files(picture)
    preview = page.get_by_role("img", name="recipe image preview")
    expect(preview).to_be_visible()
    expect(preview).to_have_attribute("src", re.compile(r"^/uploads/[^/]+\.jpg$"))
    expect(page.get_by_role("button", name="Replace image")).to_be_visible()

    next_step(page, "Add Ingredients")
    expect(page).to_have_url(re.compile(r"/recipe-creator/ingredients$"))
    search = page.get_by_role("textbox", name="search ingredients")
    search.fill("red lent")
    page.get_by_role("list", name="ingredient options").get_by_role("button", name="Red lentils", exact=True).click()
    search.fill(custom)
    expect(page.get_by_role("list", name="ingredient options")).to_have_count(0)
    page.get_by_role("button", name=f"add custom ingredient '{custom}'").click()
    expect(search).to_have_value("")
    chosen = page.get_by_role("list", name="recipe ingredients")
    expect(chosen.get_by_role("listitem")).to_have_text(["x1Red lentils", f"x1{custom}custom"])

    next_step(page, "Configure Ingredients")
    lentils = page.get_by_role("group", name="Red lentils")
    lentils.get_by_role("textbox", name="quantity").fill("200")
    lentils.get_by_role("combobox", name="measurement").select_option("g")
    lentils.get_by_role("combobox", name="treatment").select_option("boiled")

    next_step(page, "Add Steps")
    page.get_by_role("button", name="Add step", exact=True).click()
    dialog = page.get_by_role("dialog", name="Add step 1")
    dialog.get_by_role("textbox", name="Title", exact=True).fill("Bake")
    dialog.get_by_role("textbox", name="Description", exact=True).fill("Bake until golden.")
    dialog.get_by_role("tab", name="additional").click()
    dialog.get_by_role("textbox", name="minutes").fill("35")
    dialog.get_by_role("button", name="Save step").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("listitem", name="step 1")).to_contain_text("1. Bake")

    next_step(page, "Review and Save")
    expect(page).to_have_url(re.compile(r"/recipe-creator/complete$"))
    expect(page.get_by_role("list", name="review ingredients").get_by_role("listitem")).to_have_text(
        ["200 g Red lentils, boiled", f"1 {custom.lower()} (custom)"]
    )
    expect(page.get_by_role("list", name="review steps")).to_have_text("Bake (00:35:00)")
    expect(page.get_by_text(PUBLISH_WARNING)).to_be_visible()
    page.get_by_role("checkbox", name="Publish this recipe").check()
    check = page.get_by_role("alert", name="This recipe cannot be published yet")
    expect(check).to_contain_text(CUSTOM_INGREDIENTS_TEXT)
    expect(check).to_contain_text(f"Unknown: {custom}")
    expect(check.get_by_role("link", name="contact")).to_have_attribute("href", "/contact")

    nav(page, "Submit").click()
    expect(toast(page, "Recipe created")).to_be_visible()
    expect(toast(page, CUSTOM_INGREDIENTS_TEXT)).to_be_visible()
    refusal = page.get_by_role("alert").filter(has_text="Saved, but not published")
    expect(refusal).to_contain_text(CUSTOM_INGREDIENTS_TEXT)
    expect(refusal.get_by_role("link", name="contact")).to_have_attribute("href", "/contact")
    view = refusal.get_by_role("link", name="View the recipe")
    expect(view).to_have_attribute("href", re.compile(r"^/user-recipes/\d+$"))
    recipe_id = int((view.get_attribute("href") or "").rsplit("/", 1)[1])
    # The refusal stays readable: no redirect.
    expect(page).to_have_url(re.compile(r"/recipe-creator/complete$"))
    assert page.evaluate("() => window.localStorage.getItem('draft_recipe')") is None
    return recipe_id


def replace_custom_and_publish(page: Page, recipe_id: int, custom: str) -> None:
    page.goto(f"/recipe-edit/{recipe_id}")
    expect(step_heading(page, "Basic Details")).to_be_visible()
    expect(page.get_by_role("textbox", name="Description", exact=True)).to_have_value("A crumbly tart with lentils.")
    next_step(page, "Add Ingredients")
    expect(page).to_have_url(re.compile(rf"/recipe-edit/{recipe_id}/ingredients$"))
    page.get_by_role("button", name=f"remove {custom}").click()
    page.get_by_role("textbox", name="search ingredients").fill("carrot")
    page.get_by_role("list", name="ingredient options").get_by_role("button", name="Carrot", exact=True).click()
    expect(page.get_by_role("list", name="recipe ingredients").get_by_role("listitem")).to_have_text(
        ["x200Red lentils", "x1Carrot"]
    )
    next_step(page, "Configure Ingredients")
    next_step(page, "Add Steps")
    next_step(page, "Review and Save")
    publish = page.get_by_role("checkbox", name="Publish this recipe")
    expect(publish).not_to_be_checked()  # the last publish request was refused, not pending
    publish.check()
    expect(page.get_by_label("publish check")).to_contain_text("Ready to publish")
    nav(page, "Submit").click()
    expect(toast(page, "Recipe updated")).to_be_visible()
    expect(toast(page, "In Review")).to_be_visible()
    expect(page).to_have_url(re.compile(rf"/user-recipes/{recipe_id}$"))
    expect(page.get_by_role("list", name="ingredients")).to_contain_text("1 carrot")  # unit(s): no unit word


def approve(admin_page: Page, live_server: LiveServer, admin: Member, name: str) -> None:
    live_server.open_signed_in(admin_page, admin, "/admin/publish-requests")
    card = admin_page.get_by_role("article", name=name)
    expect(card).to_contain_text("Publish check passed.")
    expect(card.get_by_role("list", name="ingredients").get_by_role("listitem")).to_have_text(
        ["200 g Red lentils, boiled", "1 carrot"]
    )
    expect(card).to_contain_text("pending")
    card.get_by_role("button", name="Approve").click()
    admin_page.get_by_role("dialog", name=f"Approve {name}?").get_by_role("button", name="confirm").click()
    expect(toast(admin_page, "Recipe approved and published")).to_be_visible()
    expect(card).to_have_count(0)  # gone from the pending list


def discover(page: Page, word: str) -> None:
    page.goto("/recipes")
    expect(page.get_by_text(re.compile(r"^Showing 1 to 20 of \d+ Entries$"))).to_be_visible()
    page.get_by_role("textbox", name="Search recipes").fill(word)


def test_create_publish_approve_discover_and_withdraw(
    page: Page, admin_page: Page, live_server: LiveServer, picture: Path
) -> None:
    member = live_server.member("author")
    admin = live_server.admin("moderator")
    word = letters()
    name = f"Orchard {word} tart"
    custom = f"Zyx{letters(6)}berry"
    total_before = catalogue_total(live_server)

    live_server.open_signed_in(page, member)
    token = token_of(page)
    recipe_id: int | None = None
    try:
        recipe_id = create_with_custom_ingredient(page, name, custom, picture)

        page.goto("/user-recipes#custom")
        card = page.get_by_role("listitem", name=name)
        expect(card).to_contain_text("Serves 4")
        expect(card.get_by_label("publish request")).to_contain_text("Status rejected")
        expect(card).to_contain_text(CUSTOM_INGREDIENTS_TEXT)
        card.get_by_role("link").click()
        expect(page).to_have_url(re.compile(rf"/user-recipes/{recipe_id}$"))
        expect(page.get_by_role("heading", name=name)).to_be_visible()
        expect(page.get_by_role("img", name=name)).to_have_attribute("src", re.compile(r"/uploads/[^/]+\.jpg$"))
        expect(page.get_by_role("list", name="ingredients")).to_contain_text(f"1 {custom.lower()}")

        replace_custom_and_publish(page, recipe_id, custom)
        assert catalogue_hits(live_server, word) == []  # in review, not yet in the catalogue

        approve(admin_page, live_server, admin, name)

        page.goto("/user-recipes#custom")
        expect(page.get_by_role("listitem", name=name).get_by_text("published", exact=True)).to_be_visible()
        discover(page, word)
        row = page.get_by_role("link", name=re.compile(re.escape(name)))
        expect(row).to_be_visible()
        expect(page.get_by_text("Showing 1 to 1 of 1 Entries")).to_be_visible()
        row.click()
        expect(page).to_have_url(re.compile(r"/recipes/\d+$"))
        expect(page.get_by_role("heading", name=name)).to_be_visible()
        expect(page.get_by_role("img", name=name)).to_have_attribute("src", re.compile(r"/uploads/[^/]+\.jpg$"))
        assert catalogue_total(live_server) == total_before + 1

        # Editing a published recipe makes it private again.
        page.goto(f"/recipe-edit/{recipe_id}")
        description = page.get_by_role("textbox", name="Description", exact=True)
        expect(description).to_have_value("A crumbly tart with lentils.")
        description.fill("A crumbly tart with lentils and carrot.")
        next_step(page, "Add Ingredients")
        next_step(page, "Configure Ingredients")
        next_step(page, "Add Steps")
        next_step(page, "Review and Save")
        publish = page.get_by_role("checkbox", name="Publish this recipe")
        expect(publish).to_be_checked()  # a public recipe is asked to be published again by default
        publish.uncheck()
        nav(page, "Submit").click()
        expect(toast(page, "Recipe updated")).to_be_visible()
        expect(page).to_have_url(re.compile(rf"/user-recipes/{recipe_id}$"))
        expect(page.get_by_text("A crumbly tart with lentils and carrot.")).to_be_visible()

        discover(page, word)
        expect(page.get_by_text("No recipes found.")).to_be_visible()
        expect(page.get_by_text("Showing 0 to 0 of 0 Entries")).to_be_visible()
        assert catalogue_hits(live_server, word) == []
        assert catalogue_total(live_server) == total_before
        page.goto("/user-recipes#custom")
        card = page.get_by_role("listitem", name=name)
        expect(card).to_contain_text("A crumbly tart with lentils and carrot.")
        expect(card.get_by_text("published", exact=True)).to_have_count(0)
    finally:
        if recipe_id is not None:  # withdraws it from the catalogue whatever state it reached
            live_server.api("DELETE", f"/user-recipe-creator/{recipe_id}", token=token)


def test_notes_round_trip(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("noter")
    live_server.open_signed_in(page, member, "/user-recipes#notes")
    expect(page.get_by_role("tab", name="notes", selected=True)).to_be_visible()
    expect(page.get_by_text("zip.", exact=True)).to_be_visible()

    page.get_by_role("button", name="make a note").click()
    dialog = page.get_by_role("dialog", name="New note", exact=True)
    dialog.get_by_role("textbox", name="title").fill("Market list")
    # Markup is stripped while typing.
    dialog.get_by_role("textbox", name="note").fill("Buy <b>quinces</b> and pears")
    expect(dialog.get_by_role("textbox", name="note")).to_have_value("Buy quinces and pears")
    dialog.get_by_role("button", name="create").click()
    expect(dialog).to_be_hidden()

    notes = page.get_by_role("list", name="notes")
    expect(notes.get_by_role("listitem")).to_have_count(1)
    item = notes.get_by_role("listitem", name="Market list")
    item.get_by_text("Market list", exact=True).click()
    view = page.get_by_role("dialog", name="Note", exact=True)
    expect(view.get_by_role("heading", name="Market list")).to_be_visible()
    expect(view.get_by_text("Buy quinces and pears")).to_be_visible()
    view.get_by_label("edit").check()
    body = view.get_by_role("textbox", name="note")
    expect(body).to_have_value("Buy quinces and pears")
    body.fill("Buy quinces, pears and walnuts")
    view.get_by_role("button", name="update").click()
    expect(view).to_be_hidden()

    # A note without a title is called 'note {n}'; the newest comes first.
    page.get_by_role("button", name="make a note").click()
    dialog.get_by_role("textbox", name="note").fill("Soak the beans overnight")
    dialog.get_by_role("button", name="create").click()
    expect(dialog).to_be_hidden()
    expect(notes.get_by_role("listitem")).to_have_count(2)
    expect(notes.get_by_role("listitem").first).to_have_accessible_name("note 2")

    page.reload()
    expect(notes.get_by_role("listitem")).to_have_count(2)
    notes.get_by_role("listitem", name="Market list").get_by_text("Market list", exact=True).click()
    expect(view.get_by_text("Buy quinces, pears and walnuts")).to_be_visible()
    view.get_by_role("button", name="cancel").click()
    expect(view).to_be_hidden()

    # Notes are kept per account (`notes:{user id}`): a log out keeps them for their author, and
    # another account on the same browser sees only its own.
    user_id = page.evaluate("() => JSON.parse(localStorage.getItem('user')).id")
    assert page.evaluate("() => localStorage.getItem('notes')") is None
    page.get_by_role("button", name="Open menu").click()
    page.get_by_role("button", name="log out").click()
    expect(page).to_have_url(live_server.at("/login"))
    assert len(page.evaluate("(key) => JSON.parse(localStorage.getItem(key))", f"notes:{user_id}")) == 2

    other = live_server.member("other_noter")
    live_server.open_signed_in(page, other, "/user-recipes#notes")
    expect(page.get_by_text("zip.", exact=True)).to_be_visible()
    page.get_by_role("button", name="make a note").click()
    dialog.get_by_role("textbox", name="title").fill("Bread")
    dialog.get_by_role("textbox", name="note").fill("Rye and caraway")
    dialog.get_by_role("button", name="create").click()
    expect(dialog).to_be_hidden()
    expect(notes.get_by_role("listitem")).to_have_count(1)
    page.get_by_role("button", name="Open menu").click()
    page.get_by_role("button", name="log out").click()
    expect(page).to_have_url(live_server.at("/login"))

    live_server.open_signed_in(page, member, "/user-recipes#notes")
    expect(notes.get_by_role("listitem")).to_have_count(2)
    expect(notes.get_by_role("listitem", name="Bread")).to_have_count(0)
