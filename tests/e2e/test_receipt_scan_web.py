"""Receipt scan in the web app, in Chromium on a 360 px wide phone: 'Scan receipt' on a store page
sends the photo and says 'Reading the receipt…' until the answer comes; 'Scan Results' fills the
screen with nothing cut; a line without a match is matched by hand through the ingredient search;
Confirm puts the ticked lines into the store (the real POST /stores/{id}/items), the store shows
them, and the matches kept or picked are sent to be learned.

The first test answers the two receipt-scan calls itself (the scan lines a reading would give, with
real catalogue ids) to hold the progress state and check every screen; the second sends a rendered
receipt photo to the server, which reads it with its own OCR engine, and follows it into the store.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from tests.e2e.conftest import LiveServer
from tests.e2e.test_phone_layout import FIND_CUT_TEXT
from tests.receipts.rendered import ENGLISH, SIZES
from tests.receipts.rendered import photo as receipt_photo

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 740}
# A real (1x1 px) PNG: what the camera hands the page does not matter to the answered scan.
PHOTO = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000100ffff03000006000557bfabd40000000049454e44ae426082"
)
LONG_LINE = "BIO VOLLMILCH 3,5% FETT LAENGER FRISCH 1L ESL"


def ingredients(live_server: LiveServer, *names: str) -> dict[str, dict[str, Any]]:
    answer = httpx.get(live_server.at("/api/form-options/ingredients"), timeout=30)
    assert answer.status_code == 200, answer.text
    found = {option["name"]: option for option in answer.json()["data"] if option["name"] in names}
    assert set(found) == set(names), found
    return found


def scan_line(name: str, match: dict[str, Any] | None, price: float) -> dict[str, Any]:
    return {
        "name": name,
        "matchedItem": match,
        "quantity": 1,
        "unit": match["default_unit"] if match else "unit(s)",
        "price": price,
        "currency": "€",
        "sku": None,
        "checked": match is not None,
    }


@pytest.fixture
def phone_page(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    context = browser.new_context(
        base_url=live_server.url, viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


def nothing_cut(page: Page, where: str) -> None:
    problems = page.evaluate(FIND_CUT_TEXT)
    assert not problems, f"{where}: texts that do not fit a 360 px screen: {problems}"


def test_scan_review_and_confirm_into_a_store(phone_page: Page, live_server: LiveServer) -> None:
    page = phone_page
    member = live_server.member("receipts")
    token, _ = live_server.session(member)
    made = [
        live_server.api("POST", "/stores", token, json={"name": name, "description": "Dry goods", "kind": "pantry"})
        for name in ("Kitchen pantry", "Garage shelf")
    ]
    assert all(answer.status_code == 201 for answer in made), [answer.text for answer in made]
    pantry, garage = (answer.json()["data"]["id"] for answer in made)
    found = ingredients(live_server, "Whole milk", "Carrot", "Banana")
    lines = [
        scan_line(LONG_LINE, found["Whole milk"], 1.15),
        scan_line("KAROTTEN 1KG", None, 0.99),
        scan_line("TEELICHTER 50ST", None, 2.49),
        scan_line("BANANEN LOSE", found["Banana"], 1.49),
    ]

    scans: list[Route] = []
    uploads: list[bytes] = []
    learned: list[Any] = []

    def on_scan(route: Route) -> None:
        uploads.append(route.request.post_data_buffer or b"")
        scans.append(route)  # answered once the test has seen the progress

    def on_matches(route: Route) -> None:
        learned.append(json.loads(route.request.post_data or "null"))
        route.fulfill(status=204, body="")

    page.route("**/api/pwa/receipt-scan", on_scan)
    page.route("**/api/pwa/receipt-scan/matches", on_matches)

    # The stores list offers the scan too, and fits the phone with it.
    live_server.open_signed_in(page, member, "/user-stores")
    expect(page.get_by_role("button", name="Scan receipt")).to_be_visible()
    nothing_cut(page, "/user-stores")

    page.goto(f"/user-stores/{garage}")
    expect(page.get_by_role("heading", name="Garage shelf")).to_be_visible()
    photo_input = page.get_by_label("receipt photo")
    expect(photo_input).to_have_attribute("capture", "environment")
    expect(photo_input).to_have_attribute("accept", "image/*")
    photo_input.set_input_files({"name": "receipt.png", "mimeType": "image/png", "buffer": PHOTO})

    expect(page.get_by_role("status").filter(has_text="Reading the receipt…")).to_be_visible()
    expect(page.get_by_role("button", name="Scan receipt")).to_be_disabled()
    nothing_cut(page, "reading")
    assert len(scans) == 1
    assert b'name="file"; filename="receipt.png"' in uploads[0] and PHOTO in uploads[0]
    scans[0].fulfill(status=200, content_type="application/json", body=json.dumps({"data": lines}))

    dialog = page.get_by_role("dialog", name="Scan Results")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_text("Review and match items to add to your stores")).to_be_visible()
    expect(dialog.get_by_text(f"Result: {LONG_LINE}")).to_be_visible()
    # Full screen on the phone.
    box = page.locator(".mantine-Modal-content").bounding_box()
    assert box is not None and round(box["width"]) == PHONE["width"] and round(box["height"]) == PHONE["height"]
    nothing_cut(page, "Scan Results")

    # Started from the garage shelf: it is preselected; the pantry is the member's choice.
    store = dialog.get_by_role("combobox", name="store")
    expect(store).to_have_value(str(garage))
    store.select_option(str(pantry))

    carrots = dialog.get_by_role("listitem", name="Result: KAROTTEN 1KG")
    expect(carrots.get_by_text("No Matches Found.")).to_be_visible()
    carrots.get_by_role("button", name="pick a match").click()
    carrots.get_by_role("textbox", name="match for KAROTTEN 1KG").fill("Carrot")
    carrots.get_by_role("option", name="Carrot", exact=True).click()
    expect(carrots.get_by_role("checkbox", name="Result: KAROTTEN 1KG")).to_be_checked()
    carrots.get_by_role("textbox", name="quantity").fill("2")
    nothing_cut(page, "Scan Results, a line matched by hand")

    dialog.get_by_role("checkbox", name="Result: BANANEN LOSE").uncheck()
    with page.expect_request("**/api/pwa/receipt-scan/matches"):
        dialog.get_by_role("button", name="Confirm").click()
        toast = page.locator(".mantine-Notification-root").filter(has_text="2 ingredients in Kitchen pantry updated")
        expect(toast).to_have_text("2 ingredients in Kitchen pantry updated successfully")
        expect(dialog).to_be_hidden()
    # What the member kept (the milk) and picked (the carrots) is learned; the unticked bananas are not.
    assert learned == [
        {
            "matches": [
                {"name": LONG_LINE, "value": found["Whole milk"]["value"]},
                {"name": "KAROTTEN 1KG", "value": found["Carrot"]["value"]},
            ]
        }
    ]
    stock = live_server.api("GET", f"/stores/{pantry}", token).json()["data"]["items"]
    assert sorted((item["name"], item["quantity"]) for item in stock) == [("Carrot", 2), ("Whole milk", 1)]
    assert live_server.api("GET", f"/stores/{garage}", token).json()["data"]["items"] == []

    page.goto(f"/user-stores/{pantry}")
    expect(page.get_by_role("listitem", name="Carrot", exact=True)).to_be_visible()
    expect(page.get_by_role("listitem", name="Whole milk", exact=True)).to_be_visible()


def test_a_photographed_receipt_is_read_by_the_real_engine_into_the_store(
    phone_page: Page, live_server: LiveServer
) -> None:
    """No answered calls: the server reads a rendered receipt photo with its own OCR engine."""
    page = phone_page
    member = live_server.member("ocr")
    token, _ = live_server.session(member)
    made = live_server.api(
        "POST", "/stores", token, json={"name": "Fridge", "description": "Kitchen fridge", "kind": "fridge"}
    )
    assert made.status_code == 201, made.text
    fridge = made.json()["data"]["id"]

    live_server.open_signed_in(page, member, f"/user-stores/{fridge}")
    expect(page.get_by_role("heading", name="Fridge")).to_be_visible()
    page.get_by_label("receipt photo").set_input_files(
        {"name": "receipt.jpg", "mimeType": "image/jpeg", "buffer": receipt_photo(ENGLISH)}
    )
    dialog = page.get_by_role("dialog", name="Scan Results")
    # The first scan loads the engine: allow for a loaded CI machine.
    expect(dialog).to_be_visible(timeout=90_000)
    nothing_cut(page, "Scan Results of a real reading")

    def card(word: str) -> Locator:
        return dialog.get_by_role("listitem").filter(has_text=re.compile(f"Result: .*{word}"))

    for word, ingredient in (("BANANAS", "Banana"), ("CHKN", "Chicken breast"), ("EGGS", "Egg")):
        expect(card(word)).to_have_count(1)
        expect(card(word).get_by_test_id("scan-match")).to_have_text(ingredient)
        expect(card(word).get_by_role("checkbox")).to_be_checked()
    # The bag matches nothing and is not ticked; the payment rows are not lines at all.
    expect(card("CARRIER").get_by_test_id("scan-match")).to_have_text("No Matches Found.")
    expect(card("CARRIER").get_by_role("checkbox")).not_to_be_checked()
    expect(dialog.get_by_role("listitem").filter(has_text=re.compile("TOTAL|VISA"))).to_have_count(0)
    expect(dialog.get_by_role("combobox", name="store")).to_have_value(str(fridge))

    with page.expect_response("**/api/pwa/receipt-scan/matches") as learned:
        dialog.get_by_role("button", name="Confirm").click()
    assert learned.value.status == 204
    expect(page.locator(".mantine-Notification-root")).to_have_text("3 ingredients in Fridge updated successfully")
    expect(dialog).to_be_hidden()
    stock = live_server.api("GET", f"/stores/{fridge}", token).json()["data"]["items"]
    assert sorted(item["name"] for item in stock) == ["Banana", "Chicken breast", "Egg"]
    for name in ("Banana", "Chicken breast", "Egg"):
        expect(page.get_by_role("listitem", name=name, exact=True)).to_be_visible()


def test_a_scanned_pack_size_multi_buy_and_weight_arrive_in_the_store(
    phone_page: Page, live_server: LiveServer
) -> None:
    """The real engine reads "APPLE JUICE 1.5L", "WHOLE MILK 2 X 1L", "PLAIN FLOUR 1KG" with "2 x 1.45"
    under it and weighed potatoes: Scan Results shows what was bought, and the store gets it."""
    page = phone_page
    member = live_server.member("sizes")
    token, _ = live_server.session(member)
    made = live_server.api(
        "POST", "/stores", token, json={"name": "Larder", "description": "Dry goods", "kind": "pantry"}
    )
    assert made.status_code == 201, made.text
    larder = made.json()["data"]["id"]

    live_server.open_signed_in(page, member, f"/user-stores/{larder}")
    page.get_by_label("receipt photo").set_input_files(
        {"name": "receipt.jpg", "mimeType": "image/jpeg", "buffer": receipt_photo(SIZES)}
    )
    dialog = page.get_by_role("dialog", name="Scan Results")
    expect(dialog).to_be_visible(timeout=90_000)
    bought = {
        "APPLE JUICE": ("1.5", "l"),
        "WHOLE MILK": ("2", "l"),
        "PLAIN FLOUR": ("2", "kg"),
        "POTATOES": ("720", "g"),
    }
    for word, (quantity, unit) in bought.items():
        card = dialog.get_by_role("listitem").filter(has_text=re.compile(f"Result: {word}"))
        expect(card.get_by_role("textbox", name="quantity")).to_have_value(quantity)
        expect(card.get_by_role("combobox", name="unit")).to_have_value(unit)
    # What the household corrects before Confirm is what goes in: one of the two litres was drunk.
    milk = dialog.get_by_role("listitem").filter(has_text=re.compile("Result: WHOLE MILK"))
    milk.get_by_role("textbox", name="quantity").fill("1")

    dialog.get_by_role("button", name="Confirm").click()
    expect(dialog).to_be_hidden()
    stock = live_server.api("GET", f"/stores/{larder}", token).json()["data"]["items"]
    assert sorted((item["name"], item["quantity"], item["unit"]) for item in stock) == [
        ("Apple juice", 1.5, "l"),
        ("Plain flour", 2, "kg"),
        ("Potato", 720, "g"),
        ("Whole milk", 1, "l"),
    ]
