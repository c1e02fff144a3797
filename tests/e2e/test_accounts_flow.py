"""Registration, login, password reset and e-mail verification, end to end in Chromium."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import PASSWORD, LiveServer, submit_login, token_of, unique

pytestmark = pytest.mark.e2e


def register(page: Page, name: str, email: str, password: str = PASSWORD) -> None:
    """Fill the registration form (the invite code is already in place) and submit it."""
    page.get_by_label("Username").fill(name)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Password confirmation").fill(password)
    page.get_by_role("button", name="Register").click()


def test_register_logout_reset_password_and_login(page: Page, live_server: LiveServer) -> None:
    code = live_server.invite()
    name = unique("cook")
    email = f"{name}@example.org"
    new_password = "fresh-pass-42"

    page.goto(f"/register?promo_code={code}")
    expect(page.get_by_label("Invite code")).to_have_value(code)
    register(page, name, email)

    expect(page).to_have_url(live_server.at("/user-dashboard?first_login=true"))
    expect(page.get_by_role("heading", name=f"Hello, {name}")).to_be_visible()
    assert token_of(page)

    page.get_by_role("button", name="Open menu").click()
    page.get_by_role("button", name="log out").click()
    expect(page).to_have_url(live_server.at("/login"))
    assert token_of(page) is None

    submit_login(page, email, "not-my-password")
    expect(page.get_by_role("alert")).to_have_text("Invalid email or password.")
    expect(page).to_have_url(live_server.at("/login"))

    page.get_by_role("button", name="Forgot password?").click()
    expect(page.get_by_label("Password", exact=True)).to_have_count(0)
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Send reset link").click()
    expect(page.get_by_text("password reset email sent")).to_be_visible()
    expect(page.get_by_text("please check your email")).to_be_visible()
    expect(page.get_by_role("button", name="return to login")).to_be_visible()

    link = live_server.mailbox.link(email, "reset-password")
    assert link.startswith(live_server.at("/reset-password?token=")), link
    page.goto(link)
    page.get_by_label("Email").fill(email)
    page.get_by_label("New password").fill(new_password)
    page.get_by_label("Confirm password").fill(new_password)
    page.get_by_role("button", name="Reset password").click()
    expect(page.get_by_role("heading", name="Password Reset Successful")).to_be_visible()

    page.get_by_role("link", name="return to login").click()
    expect(page).to_have_url(live_server.at("/login"))
    submit_login(page, email, new_password)
    expect(page).to_have_url(live_server.at("/user-dashboard"))
    expect(page.get_by_role("heading", name=f"Hello, {name}")).to_be_visible()


def test_verification_link_from_the_mail(page: Page, live_server: LiveServer) -> None:
    name = unique("verify")
    email = f"{name}@example.org"

    page.goto("/register")
    page.get_by_label("Invite code").press_sequentially(live_server.invite())
    register(page, name, email)
    expect(page.get_by_role("heading", name=f"Hello, {name}")).to_be_visible()
    token = token_of(page)
    assert token
    assert live_server.api("GET", "/account", token).json()["email_verified"] is False

    live_server.mailbox.link(email, "verify")  # the registration's mail; the resent one is used below

    page.goto("/user-preferences")
    notice = page.get_by_test_id("email-not-verified")
    expect(notice).to_contain_text("Your email address is not verified yet")
    notice.get_by_role("button", name="Resend verification e-mail").click()
    expect(page.get_by_text("Verification email sent. Please check your inbox.")).to_be_visible()
    link = live_server.mailbox.link(email, "verify")
    assert link.startswith(live_server.at("/verify?token=")), link

    # Hold the verification call until the waiting text has been seen, then let it through.
    held: list[bool] = []

    def hold_until_validating_shows(route: Route) -> None:
        try:
            expect(page.get_by_text("Validating Email Address.")).to_be_visible()
            held.append(True)
        finally:
            route.continue_()

    page.route("**/api/pwa/verify-email", hold_until_validating_shows)
    page.goto(link)
    expect(page.get_by_role("heading", name="Email Verified Successfully")).to_be_visible()
    expect(page.get_by_role("button", name="Sign In")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_count(0)
    assert held == [True], "the verification call was not made exactly once while 'Validating' showed"
    page.unroute("**/api/pwa/verify-email")
    assert live_server.api("GET", "/account", token).json()["email_verified"] is True

    page.goto(link)
    expect(page.get_by_role("alert")).to_have_text("This link has already been used.")
    expect(page.get_by_role("heading", name="Email Verified Successfully")).to_be_visible()
    page.get_by_role("button", name="Sign In").click()
    # Still signed in: /login hands over to the dashboard.
    expect(page).to_have_url(live_server.at("/user-dashboard"))

    page.goto("/user-preferences")
    expect(page.get_by_label("Username")).to_have_value(name)
    expect(page.get_by_test_id("email-not-verified")).to_have_count(0)


def test_register_form_needs_an_eight_character_valid_code(page: Page, live_server: LiveServer) -> None:
    name = unique("nocode")
    page.goto("/register")
    invite = page.get_by_label("Invite code")
    expect(invite).to_have_value("")
    expect(page.get_by_label("Username")).to_have_count(0)

    invite.press_sequentially("NOPE000")
    expect(invite).to_have_value("NOPE000")
    expect(page.get_by_label("Username")).to_have_count(0)
    invite.press("0")
    expect(page.get_by_label("Username")).to_be_visible()
    invite.press("0")
    expect(invite).to_have_value("NOPE00000")
    expect(page.get_by_label("Username")).to_have_count(0)
    invite.press("Backspace")
    expect(page.get_by_label("Username")).to_be_visible()

    # 'O' and '0' never appear in real codes, so this one cannot exist.
    register(page, name, f"{name}@example.org")
    expect(page.get_by_text("Error with registration")).to_be_visible()
    expect(page.get_by_text("This invite code is not valid, used up or expired.")).to_be_visible()
    expect(page).to_have_url(live_server.at("/register"))
    assert token_of(page) is None
