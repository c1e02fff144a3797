"""The password change of /user-preferences against the real server."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import LiveServer, log_in_again, submit_login, token_of

pytestmark = pytest.mark.e2e


def test_password_change_logs_out_and_the_new_password_works(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("passwd")
    new_password = "changed-pw-7"
    live_server.sign_in(page, member)
    page.goto("/user-preferences")

    change = page.get_by_role("button", name="Change password")
    expect(change).to_be_disabled()
    page.get_by_label("Current password", exact=True).fill(member.password)
    page.get_by_label("New password", exact=True).fill(new_password)
    page.get_by_label("Confirm new password", exact=True).fill(new_password)
    expect(change).to_be_enabled()
    change.click()

    dialog = page.get_by_role("dialog", name="Change Password?")
    expect(dialog).to_be_visible()
    with page.expect_response("**/api/pwa/account/change-password") as answer:
        dialog.get_by_role("button", name="confirm").click()
    assert answer.value.status == 200
    expect(page.get_by_text("Password Updated, logging out")).to_be_visible()

    expect(page).to_have_url(live_server.at("/login"))
    assert token_of(page) is None

    submit_login(page, member.email, member.password)
    expect(page.get_by_text("Invalid email or password.")).to_be_visible()
    log_in_again(page, member.email, new_password, lands_on="/user-dashboard")
