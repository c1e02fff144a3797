"""Food stores and notifications in Chromium on a 360 px wide phone: create a store, add a catalogue
item (with the keyboard) and a custom item, edit an item, the expiry labels and the card badges,
set another store as default, and the notifications page with its entry leading to the store.

Stock that is already old is put in through the API with a date_added in the past, as a household
records food bought last week. The live server seeds the real catalogue (FoodKeeper shelf lives).
"""

from __future__ import annotations

import re
from datetime import date, timedelta

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import LiveServer, token_of

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 780}


def toast(page: Page, text: str) -> Locator:
    return page.locator(".mantine-Notification-root").filter(has_text=text)


def en_gb(day: date) -> str:
    return day.strftime("%d/%m/%Y")


def fits_the_phone(page: Page) -> None:
    """Nothing on the page is wider than the 360 px screen (no sideways scrolling)."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width} px wide"


def ingredient_ids(live_server: LiveServer, *names: str) -> dict[str, int]:
    response = httpx.get(live_server.at("/api/form-options/ingredients"), timeout=30)
    assert response.status_code == 200, response.text
    found = {option["name"]: option["value"] for option in response.json()["data"] if option["name"] in names}
    assert set(found) == set(names), found
    return found


def item_row(page: Page, name: str) -> Locator:
    return page.get_by_role("listitem", name=name, exact=True)


def test_food_store_from_creation_to_notifications(page: Page, live_server: LiveServer) -> None:
    page.set_viewport_size(PHONE)
    member = live_server.member("stores")
    live_server.open_signed_in(page, member, "/user-stores")
    today = date.today()

    # No store yet; Create opens the dialog, which guesses the kind from the name.
    expect(page.get_by_text("nope", exact=True)).to_be_visible()
    page.get_by_role("button", name="Create").click()
    dialog = page.get_by_role("dialog", name="Create a Food Store")
    dialog.get_by_role("textbox", name="name").fill("Kitchen fridge")
    expect(dialog.get_by_role("radio", name="fridge")).to_be_checked()
    create = dialog.get_by_role("button", name="create")
    expect(create).to_have_attribute("data-disabled", "true")
    dialog.get_by_role("textbox", name="description (optional)").fill("Cold things!")
    expect(dialog.get_by_text("may only contain letters, numbers and spaces")).to_be_visible()
    dialog.get_by_role("textbox", name="description (optional)").fill("Cold things")
    expect(create).not_to_have_attribute("data-disabled", "true")
    create.click()

    # The first store becomes the default; it opens empty.
    expect(page).to_have_url(re.compile(r"/user-stores/\d+$"))
    fridge_id = int(page.url.rsplit("/", 1)[1])
    expect(page.get_by_role("heading", name="Kitchen fridge - (default)")).to_be_visible()
    expect(page.get_by_text("Nothing in this store yet.")).to_be_visible()
    fits_the_phone(page)

    # A catalogue item with the keyboard, then a custom item the catalogue does not know.
    search = page.get_by_role("textbox", name="add to store")
    search.fill("Carrot")
    expect(page.get_by_role("option", name="Carrot", exact=True)).to_be_visible()
    search.press("ArrowDown")
    search.press("Enter")
    expect(toast(page, "Store updated").first).to_be_visible()
    vegetables = page.get_by_role("region", name="Vegetables")
    expect(vegetables.get_by_label("1 items")).to_be_visible()
    carrot = item_row(vegetables, "Carrot")
    # The fridge keeps carrots 21 days (FoodKeeper).
    expect(carrot.get_by_test_id("item-expiry")).to_have_text(f"expires - {en_gb(today + timedelta(days=21))}")
    expect(carrot.get_by_test_id("item-quantity")).to_have_text("1")

    search.fill("Grandma jam")
    page.get_by_role("button", name="create custom item").click()
    jam = item_row(page.get_by_role("region", name="Custom"), "Grandma jam")
    expect(jam.get_by_test_id("item-expiry")).to_have_text(f"expires - {en_gb(today + timedelta(days=14))}")

    # An item edit is saved 500 ms after the last change.
    page.get_by_role("button", name="edit Carrot").click()
    quantity = carrot.get_by_role("textbox", name="quantity")
    quantity.fill("3")
    expect(toast(page, "1 ingredients in Kitchen fridge updated successfully")).to_be_visible()
    expect(carrot.get_by_test_id("item-quantity")).to_have_text("3")
    fits_the_phone(page)

    # Food bought days ago, stocked through the API: chicken (2 fridge days) added 3 days ago has
    # expired; asparagus (4 fridge days) added 2 days ago is about to.
    token = token_of(page)
    ids = ingredient_ids(live_server, "Chicken breast", "Asparagus")
    stocked = live_server.api(
        "POST",
        f"/stores/{fridge_id}/items",
        token,
        json={
            "items": [
                {"value": ids["Chicken breast"], "date_added": f"{today - timedelta(days=3)}T12:00:00"},
                {"value": ids["Asparagus"], "date_added": f"{today - timedelta(days=2)}T12:00:00"},
            ]
        },
    )
    assert stocked.status_code == 200, stocked.text
    page.reload()
    chicken = item_row(page.get_by_role("region", name="Meat"), "Chicken breast")
    expect(chicken.get_by_test_id("item-expiry")).to_have_text(f"expired - {en_gb(today - timedelta(days=1))}")
    asparagus = item_row(page.get_by_role("region", name="Vegetables"), "Asparagus")
    expect(asparagus.get_by_test_id("item-expiry")).to_have_text(f"expires - {en_gb(today + timedelta(days=2))}")
    expect(page.get_by_label("store badges")).to_have_text("In plan (0)Expiring (1)Expired (1)")

    # A second store, set as default from its card's menu.
    made = live_server.api("POST", "/stores", token, json={"name": "Garage freezer", "description": "Chest"})
    assert made.status_code == 201, made.text
    assert made.json()["data"]["kind"] == "freezer"
    page.goto("/user-stores")
    fridge_card = page.get_by_role("listitem", name="Kitchen fridge - (default)")
    expect(fridge_card.get_by_label("store badges")).to_have_text("In plan (0)Expiring (1)Expired (1)")
    expect(page.get_by_role("listitem", name="Garage freezer", exact=True).get_by_label("store badges")).to_have_text(
        "In plan (0)Expiring (0)Expired (0)"
    )
    fits_the_phone(page)
    page.get_by_role("button", name="actions for Garage freezer").click()
    expect(page.get_by_role("menuitem", name="delete")).to_be_visible()
    expect(page.get_by_role("menuitem", name="share")).to_be_enabled()  # the owner may share the store
    page.get_by_role("menuitem", name="set default").click()
    expect(toast(page, "Garage freezer set to default")).to_be_visible()
    expect(page.get_by_role("listitem", name="Garage freezer - (default)")).to_be_visible()
    expect(page.get_by_role("listitem", name="Kitchen fridge", exact=True)).to_be_visible()

    # The menu counts the expired and expiring items; the notifications page lists them.
    page.get_by_role("button", name="Open menu").click()
    menu = page.get_by_role("navigation", name="Main menu")
    expect(menu.get_by_label("2 expired or expiring items")).to_have_text("2")
    menu.get_by_role("link", name=re.compile("^notifications")).click()
    expect(page).to_have_url(re.compile(r"/user-notifications$"))
    expired = page.get_by_role("region", name="expired")
    expiring = page.get_by_role("region", name="expiring")
    expect(expired.get_by_role("button", name="1 Items(s) have Expired")).to_be_visible()
    expect(expiring.get_by_role("button", name="1 Items(s) have Expired")).to_be_visible()
    expect(expiring.get_by_role("link", name=re.compile("^Asparagus is about to expire"))).to_be_visible()
    fits_the_phone(page)
    expired.get_by_role("link", name=re.compile("^Chicken breast has expired")).click()
    expect(page).to_have_url(re.compile(rf"/user-stores/{fridge_id}$"))
    expect(page.get_by_role("heading", name="Kitchen fridge", exact=True)).to_be_visible()
