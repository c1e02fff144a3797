"""The administrator's backups: listed newest first, one taken now, each downloaded as it is kept;
nobody else sees them, and no name reaches outside the data dir's backups/."""

from __future__ import annotations

import asyncio
import zipfile
from io import BytesIO

import pytest

from larder.admin.backups import MSG_NO_SUCH_BACKUP
from larder.core.backup.archive import DAILY, OTHER, take_backup
from larder.core.backup.keeper import ON_DEMAND_KEEP, BackupKeeper, list_backups
from tests.admin.test_admin import make_admin


@pytest.fixture
def admin(settings, member):
    make_admin(settings, member)
    return member


def test_backups_are_only_for_the_administrator(client, member):
    assert client.get("/api/admin/backups").status_code == 401
    for method, path in (("GET", "/api/admin/backups"), ("POST", "/api/admin/backups"),
                         ("GET", "/api/admin/backups/larder-backup-20261124-031500.zip")):  # fmt: skip
        answer = client.request(method, path, headers=member.headers)
        assert answer.status_code == 403, (method, path)
    assert list_backups(client.app.state["settings"]) == []


def test_an_administrator_takes_lists_and_downloads_a_backup(client, settings, admin):
    assert client.get("/api/admin/backups", headers=admin.headers).json() == []

    taken = client.post("/api/admin/backups", headers=admin.headers)
    assert taken.status_code == 201, taken.text
    backup = taken.json()
    assert set(backup) == {"name", "size", "created_at", "kind"}
    assert backup["name"].startswith("larder-now-") and backup["name"].endswith(".zip")
    assert backup["kind"] == "on_demand"
    kept = list_backups(settings)
    assert [b.name for b in kept] == [backup["name"]]
    assert backup["size"] == kept[0].size

    second = client.post("/api/admin/backups", headers=admin.headers).json()
    listed = client.get("/api/admin/backups", headers=admin.headers).json()
    assert [b["name"] for b in listed] == [second["name"], backup["name"]]  # newest first

    download = client.get(f"/api/admin/backups/{backup['name']}", headers=admin.headers)
    assert download.status_code == 200
    assert download.headers["content-type"] == "application/zip"
    assert f'filename="{backup["name"]}"' in download.headers["content-disposition"]
    assert download.content == kept[0].path.read_bytes()
    with zipfile.ZipFile(BytesIO(download.content)) as archive:
        assert {"manifest.json", "larder.db", "secret_key"} <= set(archive.namelist())


def test_seven_clicks_on_back_up_now_leave_the_daily_backups_and_the_command_line_ones(client, settings, admin):
    assert settings.backup_keep == 7
    keeper = BackupKeeper(settings, settings.backup_keep)
    for _ in range(settings.backup_keep):
        asyncio.run(keeper.take_daily())
    by_hand = take_backup(settings)  # `larder backup` into backups/
    dailies = {b.name for b in list_backups(settings) if b.kind == DAILY}

    taken = [client.post("/api/admin/backups", headers=admin.headers) for _ in range(7)]
    assert [answer.status_code for answer in taken] == [201] * 7
    listed = client.get("/api/admin/backups", headers=admin.headers).json()
    assert {b["name"] for b in listed if b["kind"] == "daily"} == dailies
    assert [b["name"] for b in listed if b["kind"] == "on_demand"] == [
        answer.json()["name"] for answer in reversed(taken[-ON_DEMAND_KEEP:])
    ]
    assert [b["name"] for b in listed if b["kind"] == OTHER] == [by_hand.name]


@pytest.mark.parametrize(
    "name",
    ["larder-backup-20261124-031500.zip", "secret_key", "..%2Fsecret_key", "larder-backup-1.zip.bak"],
)
def test_only_a_kept_archive_is_downloaded(client, settings, admin, name):
    (settings.data_dir / "backups").mkdir(exist_ok=True)
    (settings.data_dir / "backups" / "larder-backup-1.zip.bak").write_bytes(b"not one of ours")
    answer = client.get(f"/api/admin/backups/{name}", headers=admin.headers)
    assert answer.status_code == 404
    # A slash in the name matches no route at all; every other name reaches the handler's check.
    assert answer.json()["message"] == ("Not found." if "%2F" in name else MSG_NO_SUCH_BACKUP)
