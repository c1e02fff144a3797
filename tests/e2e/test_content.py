"""Onboarding tour, /home-beta news, the news editor and the contact form, end to end in Chromium."""

from __future__ import annotations

import queue
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from larder.accounts.service import UserService
from larder.core.base.paths import web_dist_dir
from tests.e2e.conftest import (
    PASSWORD,
    LiveServer,
    Member,
    _larder_env,
    _off_the_loop,
    browser_page,
    running_server,
    token_of,
    unique,
)
from tests.support import MailCatcher, ReceivedMail, free_port, run_db

pytestmark = pytest.mark.e2e

ADMIN_EMAIL = "admin@larder.test"
TOUR_HEADINGS = ["Welcome to Larder!", "Your basic preferences", "Discover recipes", "Time to shop", "Thank you!"]
FINAL_HEADING = "Coming next"


# --- helpers ---------------------------------------------------------------------------------------


def api_login(live_server: LiveServer, member: Member) -> str:
    response = live_server.api("POST", "/login", json={"email": member.email, "password": member.password})
    assert response.status_code == 200, response.text
    return response.json()["token"]


def admin_member(live_server: LiveServer) -> Member:
    """A verified administrator created straight in the database."""
    who = unique("chief")
    member = Member(name=who, email=f"{who}@example.org", password=PASSWORD)

    async def create(session: Any) -> None:
        users = UserService(session=session, settings=live_server.settings)
        await users.create_verified(name=member.name, email=member.email, password=PASSWORD, admin=True)

    _off_the_loop(lambda: run_db(live_server.settings, create))
    return member


def admin_api(live_server: LiveServer, method: str, path: str, token: str, **kwargs: Any) -> httpx.Response:
    return httpx.request(
        method,
        live_server.at(f"/api/admin{path}"),
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
        **kwargs,
    )


def tour_steps(dialog: Locator) -> Locator:
    return dialog.get_by_role("button", name=re.compile(r"^Step \d"))


def expect_step(dialog: Locator, index: int) -> None:
    """Step `index` is the current one; every step before it carries the completed mark."""
    steps = tour_steps(dialog)
    expect(steps).to_have_count(6)
    expect(steps.nth(index)).to_have_attribute("aria-current", "step")
    for before in range(index):
        expect(steps.nth(before)).to_have_attribute("data-completed", "true")
    for after in range(index, 6):
        expect(steps.nth(after)).not_to_have_attribute("data-completed", "true")


def mail_to(catcher: MailCatcher, to: str, containing: str, timeout: float = 15.0) -> ReceivedMail:
    """The mail to `to` whose body contains `containing`; other mails go back to the inbox untouched."""
    others: list[ReceivedMail] = []
    deadline = time.monotonic() + timeout
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                seen = [(m.recipients, m.subject) for m in others]
                raise AssertionError(f"no mail to {to} containing {containing!r} within {timeout} s; saw {seen}")
            try:
                mail = catcher.inbox.get(timeout=remaining)
            except queue.Empty:
                continue
            if to in mail.recipients and containing in mail.body:
                return mail
            others.append(mail)
    finally:
        for mail in others:
            catcher.inbox.put(mail)


# --- a server that mails contact messages to the administrator ------------------------------------


class ContactServer:
    def __init__(self, url: str, data_dir: Path) -> None:
        self.url = url
        self.data_dir = data_dir


@pytest.fixture(scope="module")
def contact_server(tmp_path_factory: pytest.TempPathFactory, smtp_server: MailCatcher) -> Iterator[ContactServer]:
    """Like the shared live_server, plus LARDER_ADMIN_EMAIL so contact messages are mailed out."""
    if not (web_dist_dir() / "index.html").is_file():
        pytest.fail("The web app is not built: run `npm run build` first.", pytrace=False)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    data_dir = tmp_path_factory.mktemp("larder-e2e-contact") / "data"
    data_dir.mkdir(parents=True)
    log_path = data_dir / "server.log"
    env = _larder_env(
        data_dir,
        LARDER_PUBLIC_URL=url,
        LARDER_SMTP_HOST="127.0.0.1",
        LARDER_SMTP_PORT=str(smtp_server.port),
        LARDER_ADMIN_EMAIL=ADMIN_EMAIL,
    )
    with running_server(port, env, log_path):
        yield ContactServer(url, data_dir)


@pytest.fixture
def contact_page(browser: Browser, contact_server: ContactServer) -> Iterator[Page]:
    with browser_page(browser, contact_server.url) as page:
        yield page


# --- tests -----------------------------------------------------------------------------------------


def test_tour_after_registration_walks_six_steps_and_saves_preferences(page: Page, live_server: LiveServer) -> None:
    code = live_server.invite()
    name = unique("tourist")
    email = f"{name}@example.org"

    page.goto(f"/register?promo_code={code}")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Register").click()
    expect(page).to_have_url(live_server.at("/user-dashboard?first_login=true"))

    prompt = page.get_by_role("region", name="Tutorial")
    expect(prompt).to_be_visible()
    prompt.get_by_role("button", name="Take the tour").click()
    dialog = page.get_by_role("dialog", name="Getting started")
    expect(dialog).to_be_visible()
    expect(prompt).to_have_count(0)
    expect(page).to_have_url(live_server.at("/user-dashboard"))
    assert page.evaluate("() => window.localStorage.getItem('tutorial_enabled')") == "true"

    back = dialog.get_by_role("button", name="Back", exact=True)
    next_step = dialog.get_by_role("button", name="Continue", exact=True)

    expect(dialog.get_by_role("heading", name=TOUR_HEADINGS[0])).to_be_visible()
    expect_step(dialog, 0)
    expect(back).to_be_disabled()
    dialog.get_by_role("button", name="Show me how this works").click()

    expect(dialog.get_by_role("heading", name=TOUR_HEADINGS[1])).to_be_visible()
    expect_step(dialog, 1)
    dialog.get_by_role("checkbox", name="Vegan").check()
    dialog.get_by_role("checkbox", name="Gluten free").check()
    with page.expect_response("**/api/pwa/account/preferences") as saved:
        next_step.click()
    assert saved.value.status == 200

    for index in range(2, 5):
        expect(dialog.get_by_role("heading", name=TOUR_HEADINGS[index])).to_be_visible()
        expect_step(dialog, index)
        next_step.click()
    expect(dialog.get_by_role("heading", name=FINAL_HEADING)).to_be_visible()
    expect_step(dialog, 5)
    expect(dialog.get_by_text("Brand accounts")).to_be_visible()
    # The last step ends the tour with Done instead of a Continue that leads nowhere.
    expect(next_step).to_have_count(0)
    expect(dialog.get_by_role("button", name="Done", exact=True)).to_be_visible()

    back.click()
    expect(dialog.get_by_role("heading", name="Thank you!")).to_be_visible()
    expect_step(dialog, 4)
    dialog.get_by_role("button", name="Close", exact=True).click()
    expect(dialog).to_have_count(0)

    token = token_of(page)
    assert token
    account = live_server.api("GET", "/account", token)
    assert account.status_code == 200, account.text
    assert account.json()["preferences"] == ["vegan", "gluten_free"]

    # Answered once: the prompt stays away after a reload, and the account tab shows the choice.
    page.reload()
    expect(page.get_by_role("heading", name=f"Hello, {name}")).to_be_visible()
    expect(page.get_by_role("region", name="Tutorial")).to_have_count(0)
    page.goto("/user-preferences")
    preferences = page.get_by_test_id("current-preferences")
    expect(preferences.get_by_text("Vegan", exact=True)).to_be_visible()
    expect(preferences.get_by_text("Gluten free", exact=True)).to_be_visible()


def test_declined_prompt_stays_away_and_preferences_dialog_saves(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("decliner")
    live_server.sign_in(page, member)  # no tutorial flag in a fresh browser: the prompt shows
    prompt = page.get_by_role("region", name="Tutorial")
    prompt.get_by_role("button", name="No thanks").click()
    expect(prompt).to_have_count(0)
    assert page.evaluate("() => window.localStorage.getItem('tutorial_enabled')") == "false"

    page.goto("/user-preferences")
    page.get_by_role("button", name="Set filter preferences").click()
    dialog = page.get_by_role("dialog", name="Filter preferences")
    dialog.get_by_role("checkbox", name="Dairy free").check()
    with page.expect_response("**/api/pwa/account/preferences") as saved:
        dialog.get_by_role("button", name="Save preferences").click()
    assert saved.value.status == 200
    expect(dialog).to_have_count(0)
    token = token_of(page)
    assert token
    assert live_server.api("GET", "/account", token).json()["preferences"] == ["dairy_free"]

    # 'reset tutorials' clears the flag: the dashboard asks again.
    page.get_by_role("tab", name="beta tools").click()
    page.get_by_role("button", name="reset tutorials").click()
    expect(page.get_by_text("tutorial enabled.")).to_be_visible()
    page.goto("/user-dashboard")
    expect(page.get_by_role("region", name="Tutorial")).to_be_visible()


def test_news_written_through_the_admin_api_appears_on_home_beta(page: Page, live_server: LiveServer) -> None:
    admin = admin_member(live_server)
    admin_token = api_login(live_server, admin)
    title = f"Harvest {unique('news')}"
    created = admin_api(
        live_server,
        "POST",
        "/news",
        admin_token,
        json={"title": title, "HtmlContent": '<p>Fresh <strong>bread</strong> today<script>alert("x")</script></p>'},
    )
    assert created.status_code == 201, created.text

    reader = live_server.member("reader")
    live_server.open_signed_in(page, reader, "/home-beta#news")
    item = page.get_by_role("article", name=title)
    expect(item).to_be_visible()
    expect(item.locator("strong")).to_have_text("bread")
    expect(item.locator("script")).to_have_count(0)
    expect(item.locator("time")).to_have_count(1)
    expect(page.get_by_role("tab", name="News")).to_have_attribute("aria-selected", "true")

    page.get_by_role("tab", name="Featured").click()
    expect(page).to_have_url(live_server.at("/home-beta#featuredContent"))
    expect(page.get_by_text("Coming Soon.")).to_be_visible()
    page.get_by_role("tab", name="Latest Recipes").click()
    expect(page).to_have_url(live_server.at("/home-beta#latestRecipes"))
    # The shipped starter catalogue is loaded on first start: its newest recipes link to their pages.
    latest = live_server.api("GET", "/home-beta", token_of(page)).json()["recipes"]
    assert latest, "the starter catalogue should give /home-beta some recipes"
    first = latest[0]
    expect(page.get_by_role("tabpanel").get_by_role("link", name=first["name"], exact=True).first).to_have_attribute(
        "href", f"/recipes/{first['recipe_id']}"
    )

    # The news editor is for the administrator only.
    page.goto("/admin/news")
    expect(page.get_by_role("heading", name="Not allowed")).to_be_visible()


def test_admin_writes_edits_and_deletes_news_in_the_editor(page: Page, live_server: LiveServer) -> None:
    admin = admin_member(live_server)
    live_server.open_signed_in(page, admin, "/user-preferences")
    page.get_by_role("tab", name="beta tools").click()
    page.get_by_role("link", name="manage news").click()
    expect(page).to_have_url(live_server.at("/admin/news"))

    title = f"Market {unique('day')}"
    page.get_by_role("button", name="New news item").click()
    editor = page.get_by_role("dialog", name="New news item")
    editor.get_by_label("Title").fill(title)
    editor.get_by_label("Content (HTML)").fill("<p>Stalls open at <em>eight</em>.</p>")
    with page.expect_response(lambda r: r.url.endswith("/api/admin/news") and r.request.method == "POST") as made:
        editor.get_by_role("button", name="Publish").click()
    assert made.value.status == 201
    item = page.get_by_role("article", name=title)
    expect(item.locator("em")).to_have_text("eight")

    renamed = f"{title} moved"
    item.get_by_role("button", name=f"Edit {title}").click()
    editor = page.get_by_role("dialog", name="Edit news item")
    editor.get_by_label("Title").fill(renamed)
    editor.get_by_role("button", name="Save changes").click()
    expect(page.get_by_role("article", name=renamed)).to_be_visible()

    page.get_by_role("button", name=f"Delete {renamed}").click()
    confirm = page.get_by_role("dialog", name=f"Delete {renamed}?")
    expect(confirm.get_by_text("This action cannot be undone")).to_be_visible()
    with page.expect_response(lambda r: "/api/admin/news/" in r.url and r.request.method == "DELETE") as gone:
        confirm.get_by_role("button", name="confirm").click()
    assert gone.value.status == 204
    expect(page.get_by_role("article", name=renamed)).to_have_count(0)

    token = token_of(page)
    assert token
    titles = [n["title"] for n in admin_api(live_server, "GET", "/news", token).json()]
    assert title not in titles and renamed not in titles


def test_contact_form_mails_the_administrator(
    contact_page: Page, contact_server: ContactServer, smtp_server: MailCatcher
) -> None:
    page = contact_page
    page.goto("/contact")
    send = page.get_by_role("button", name="Send", exact=True)
    send.click()
    expect(page.get_by_text("Please fill in your name.")).to_be_visible()
    expect(page.get_by_text("Please write a message.")).to_be_visible()

    sender = unique("visitor")
    message = f"Your lentil soup is great ({sender})."
    page.get_by_label("Name").fill(sender)
    page.get_by_label("Email").fill(f"{sender}@example.org")
    page.get_by_label("Message").fill(message)
    with page.expect_response("**/api/pwa/contact") as answer:
        send.click()
    assert answer.value.status == 201
    expect(page.get_by_role("status")).to_have_text("Message sent.")
    expect(page.get_by_label("Message")).to_have_value("")

    mail = mail_to(smtp_server, ADMIN_EMAIL, message)
    assert sender in mail.subject
    assert f"{sender}@example.org" in mail.body
