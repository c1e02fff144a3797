"""Route guards, deep links served by the real server, and the way back to /login on a 401."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import LiveServer, log_in_again, token_of

pytestmark = pytest.mark.e2e


def test_guards_follow_the_session(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("guard")

    page.goto("/user-preferences")
    expect(page).to_have_url(live_server.at("/login"))
    expect(page.get_by_role("button", name="Login", exact=True)).to_be_visible()

    page.goto("/")
    expect(page).to_have_url(live_server.at("/home"))
    expect(page.get_by_text("Closed beta is now live")).to_be_visible()
    expect(page.get_by_role("link", name="Login")).to_be_visible()

    live_server.sign_in(page, member)
    expect(page.get_by_role("link", name="Login")).to_have_count(0)
    for path in ("/login", "/register", "/register?promo_code=ABCDEFGH", "/"):
        page.goto(path)
        expect(page).to_have_url(live_server.at("/user-dashboard"))
        expect(page.get_by_role("heading", name=f"Hello, {member.name}")).to_be_visible()


def test_deep_links_survive_a_reload(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("deeplink")
    live_server.sign_in(page, member)

    page.get_by_role("button", name="Open menu").click()
    page.get_by_role("link", name="account").click()
    expect(page).to_have_url(live_server.at("/user-preferences"))
    account_tab = page.get_by_role("tab", name="account")
    expect(account_tab).to_have_attribute("aria-selected", "true")

    response = page.reload()
    assert response is not None and response.status == 200
    expect(page).to_have_url(live_server.at("/user-preferences"))
    expect(account_tab).to_have_attribute("aria-selected", "true")
    expect(page.get_by_label("Username")).to_have_value(member.name)
    expect(page.get_by_role("tab", name="beta tools")).to_be_visible()

    # A client route the app does not draw yet: the server still answers the app, whose shell renders.
    response = page.goto("/user-recipes/12")
    assert response is not None and response.status == 200
    assert "text/html" in response.headers["content-type"]
    expect(page).to_have_url(live_server.at("/user-recipes/12"))
    expect(page.get_by_role("button", name="Open menu")).to_be_visible()
    expect(page.get_by_role("button", name="Back")).to_be_visible()


def test_revoked_session_returns_to_login_on_the_next_call(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("revoked")
    live_server.sign_in(page, member)
    page.goto("/user-preferences")
    username = page.get_by_label("Username")
    expect(username).to_have_value(member.name)

    token = token_of(page)
    assert token
    assert live_server.api("POST", "/logout", token).status_code == 200

    # No reload: the next call of the running app gets the 401.
    username.fill(f"{member.name}_x")
    page.get_by_role("button", name="Save username").click()
    expect(page).to_have_url(live_server.at("/login"))
    expect(page.get_by_role("button", name="Login", exact=True)).to_be_visible()
    assert token_of(page) is None
    assert page.evaluate("() => window.localStorage.getItem('user')") is None


def test_password_changed_elsewhere_ends_the_session_on_reload(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("elsewhere")
    live_server.sign_in(page, member)
    page.goto("/user-preferences")
    expect(page.get_by_role("tab", name="account")).to_be_visible()

    token = token_of(page)
    assert token
    changed = live_server.api(
        "PUT",
        "/account/change-password",
        token,
        json={"current_password": member.password, "new_password": "other-pass-9", "confirm_password": "other-pass-9"},
    )
    assert changed.status_code == 200, changed.text

    page.reload()
    expect(page).to_have_url(live_server.at("/login"))
    expect(page.get_by_role("button", name="Login", exact=True)).to_be_visible()
    assert token_of(page) is None

    log_in_again(page, member.email, "other-pass-9", lands_on="/user-preferences")
