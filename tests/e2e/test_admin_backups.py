"""The administrator's backups in Chromium: 'Back up now' takes one on the real server, it is listed
newest first, and 'download' saves the very archive (a zip whose manifest describes this instance)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import LiveServer

pytestmark = pytest.mark.e2e


def test_the_administrator_takes_a_backup_and_downloads_it(page: Page, live_server: LiveServer, tmp_path: Path) -> None:
    admin = live_server.admin("keeper")
    live_server.open_signed_in(page, admin, "/admin/backups")
    expect(page.get_by_role("heading", name="Backups")).to_be_visible()
    before = page.get_by_role("article").count()

    page.get_by_role("button", name="Back up now").click()
    expect(page.locator(".mantine-Notification-root").filter(has_text="Backup taken")).to_be_visible()
    expect(page.get_by_role("article")).to_have_count(before + 1)
    newest = page.get_by_role("article").first
    name = newest.get_attribute("aria-label")
    assert name is not None and name.startswith("larder-now-")  # an on-demand archive, named apart from daily ones
    kept = live_server.data_dir / "backups" / name
    assert kept.is_file()

    with page.expect_download() as download:
        newest.get_by_role("button", name="download").click()
    assert download.value.suggested_filename == name
    saved = tmp_path / name
    download.value.save_as(saved)
    assert saved.read_bytes() == kept.read_bytes()
    with zipfile.ZipFile(saved) as archive:
        manifest = json.loads(archive.read("manifest.json"))
    assert manifest["app"] == "larder"
    assert manifest["counts"]["user_account"] >= 1


def test_a_member_is_not_shown_the_backups(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("curious")
    live_server.open_signed_in(page, member, "/admin/backups")
    expect(page.get_by_role("heading", name="Not allowed")).to_be_visible()
    expect(page.get_by_role("button", name="Back up now")).to_have_count(0)
    expect(page.get_by_role("article")).to_have_count(0)
