"""Backups (core/backup/, `larder backup` / `larder restore`): a consistent copy while a writer
writes, a restore that gives back every table and upload byte for byte, damaged and newer archives
refused before anything changes, older ones migrated, the data dir's lock, the daily keeper."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import threading
import zipfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config

from larder.core.backup.archive import DAILY, ON_DEMAND, OTHER, BackupError, take_backup
from larder.core.backup.keeper import ON_DEMAND_KEEP, BackupKeeper, list_backups
from larder.core.backup.restore import known_revisions, read_manifest, restore_backup
from larder.core.base.paths import migrations_dir
from larder.core.base.settings import Settings
from larder.core.db.data_dir import data_dir_lock
from tests.support import free_port, make_settings, sql
from tests.test_cli import larder

HEAD = max(known_revisions())


def tables_of(database: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, in a stable order."""
    with contextlib.closing(sqlite3.connect(database)) as connection:
        names = [
            row[0]
            for row in connection.execute(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        return {
            name: sorted(connection.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)  # noqa: S608 (names from sqlite_schema)
            for name in names
        }


def uploads_of(settings: Settings) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in settings.uploads_dir.iterdir() if path.is_file()}


def revision_of(database: Path) -> str:
    with contextlib.closing(sqlite3.connect(database)) as connection:
        return connection.execute("SELECT version_num FROM alembic_version").fetchone()[0]


@pytest.fixture
def instance(settings: Settings) -> Settings:
    """An instance with rows in its tables and a few uploaded images (on SQLite, or on PostgreSQL
    under tests/postgres_cluster.py)."""
    sql(
        settings,
        "INSERT INTO news_item (title, html_content, created_at, updated_at) "
        "VALUES ('Backups', '<p>Kept</p>', '2026-11-24 10:00:00', '2026-11-24 10:00:00')",
    )
    for index in range(3):
        (settings.uploads_dir / f"photo-{index}.jpg").write_bytes(bytes(range(256)) * (index + 1))
    return settings


def database_of(settings: Settings) -> dict[str, str]:
    """The environment naming the instance's database to a `larder` command."""
    return {} if settings.is_sqlite else {"LARDER_DATABASE_URL": settings.database_url}


def fresh(tmp_path: Path, name: str) -> Settings:
    """A data dir as `larder restore` finds it on a new machine: no database yet."""
    return Settings.from_env({"LARDER_DATA_DIR": str(tmp_path / name)}).prepared()


def in_use(tmp_path: Path, name: str) -> Settings:
    """A data dir with a database of its own."""
    return make_settings(str(tmp_path / name))


# -- a consistent copy --------------------------------------------------------------------------------


@pytest.mark.sqlite_only  # the SQLite file itself (tests/postgres/test_backup_postgres.py for PostgreSQL)
def test_a_backup_taken_while_a_writer_writes_is_one_consistent_snapshot(instance: Settings, tmp_path: Path) -> None:
    database = instance.data_dir / "larder.db"
    with contextlib.closing(sqlite3.connect(database)) as setup:
        setup.execute("CREATE TABLE ledger (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL)")
        setup.execute("CREATE TABLE ledger_total (total INTEGER NOT NULL)")
        setup.execute("INSERT INTO ledger_total VALUES (0)")
        setup.commit()
    stop = threading.Event()
    under_way = threading.Event()
    commits: list[int] = []

    def writer() -> None:
        # Each transaction adds a row and keeps the total in step: a torn copy would disagree.
        with contextlib.closing(sqlite3.connect(database, timeout=30)) as connection:
            while not stop.is_set():
                connection.execute("INSERT INTO ledger (amount) VALUES (7)")
                connection.execute("UPDATE ledger_total SET total = total + 7")
                connection.commit()
                commits.append(1)
                if len(commits) == 50:
                    under_way.set()

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        assert under_way.wait(timeout=60)
        started_at = len(commits)
        taken = take_backup(instance, tmp_path / "during.zip")
        ended_at = len(commits)
    finally:
        stop.set()
        thread.join()

    manifest = read_manifest(taken.path)
    restored = fresh(tmp_path, "restored")
    restore_backup(restored, taken.path)
    rows = tables_of(restored.data_dir / "larder.db")
    count = len(rows["ledger"])
    assert started_at <= count <= ended_at
    assert rows["ledger_total"] == [(7 * count,)]
    assert manifest["counts"]["ledger"] == count
    with contextlib.closing(sqlite3.connect(restored.data_dir / "larder.db")) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


@pytest.mark.sqlite_only  # the SQLite file itself (tests/postgres/test_backup_postgres.py for PostgreSQL)
def test_a_backup_neither_waits_for_an_open_write_nor_holds_what_it_has_not_committed(
    instance: Settings, tmp_path: Path
) -> None:
    database = instance.data_dir / "larder.db"
    with contextlib.closing(sqlite3.connect(database, isolation_level=None)) as writer:
        writer.execute("BEGIN IMMEDIATE")  # the server in the middle of a write
        writer.execute(
            "INSERT INTO news_item (title, html_content, created_at, updated_at) "
            "VALUES ('Not yet', '', '2026-11-24', '2026-11-24')"
        )
        taken = take_backup(instance, tmp_path / "open.zip")  # would time out waiting on the writer
        writer.execute("COMMIT")
    restored = fresh(tmp_path, "restored")
    restore_backup(restored, taken.path)
    titles = [row[1] for row in tables_of(restored.data_dir / "larder.db")["news_item"]]
    assert titles == ["Backups"]  # the committed row, not the one still being written


def test_the_manifest_holds_version_revision_counts_and_checksums(instance: Settings, tmp_path: Path) -> None:
    taken = take_backup(instance, tmp_path)
    assert taken.path.parent == tmp_path and taken.path.name.startswith("larder-backup-")
    manifest = read_manifest(taken.path)
    assert manifest["app"] == "larder" and manifest["format"] == 1
    assert manifest["schema_revision"] == HEAD
    assert manifest["counts"]["news_item"] == 1
    assert manifest["counts"]["ingredient"] == sql(instance, "SELECT count(*) FROM ingredient")[0][0]
    assert set(manifest["files"]) == {
        "larder.db",
        "secret_key",
        "uploads/photo-0.jpg",
        "uploads/photo-1.jpg",
        "uploads/photo-2.jpg",
    }
    assert manifest["files"]["uploads/photo-1.jpg"]["size"] == 512
    assert all(len(entry["sha256"]) == 64 for entry in manifest["files"].values())


# -- restoring ----------------------------------------------------------------------------------------


@pytest.mark.sqlite_only  # the SQLite file itself (tests/postgres/test_backup_postgres.py for PostgreSQL)
def test_a_restore_into_a_fresh_data_dir_gives_back_every_table_and_upload_byte_for_byte(
    instance: Settings, tmp_path: Path
) -> None:
    taken = take_backup(instance, tmp_path / "b.zip")
    restored = fresh(tmp_path, "elsewhere")
    result = restore_backup(restored, taken.path)
    assert result.set_aside is None  # nothing was there
    assert result.uploads == 3
    assert tables_of(restored.data_dir / "larder.db") == tables_of(instance.data_dir / "larder.db")
    assert uploads_of(restored) == uploads_of(instance)
    assert (restored.data_dir / "secret_key").read_bytes() == (instance.data_dir / "secret_key").read_bytes()


@pytest.mark.sqlite_only  # the SQLite file itself (tests/postgres/test_backup_postgres.py for PostgreSQL)
def test_what_the_data_dir_held_is_set_aside_not_lost(instance: Settings, tmp_path: Path) -> None:
    taken = take_backup(instance, tmp_path / "b.zip")
    target = in_use(tmp_path, "busy")
    with contextlib.closing(sqlite3.connect(target.data_dir / "larder.db")) as connection:
        connection.execute(
            "INSERT INTO news_item (title, html_content, created_at, updated_at) "
            "VALUES ('Mine', '', '2026-01-01', '2026-01-01')"
        )
        connection.commit()
    (target.uploads_dir / "mine.jpg").write_bytes(b"my own picture")
    before = tables_of(target.data_dir / "larder.db")

    result = restore_backup(target, taken.path)
    assert result.set_aside is not None and result.set_aside.parent == target.data_dir
    assert tables_of(result.set_aside / "larder.db") == before
    assert (result.set_aside / "uploads" / "mine.jpg").read_bytes() == b"my own picture"
    assert not (target.uploads_dir / "mine.jpg").exists()
    assert tables_of(target.data_dir / "larder.db") == tables_of(instance.data_dir / "larder.db")


@pytest.mark.sqlite_only  # the SQLite file itself (tests/postgres/test_backup_postgres.py for PostgreSQL)
@pytest.mark.parametrize("keep", [0.3, 0.6, 0.95])
def test_a_truncated_archive_is_refused_and_nothing_changes(instance: Settings, tmp_path: Path, keep: float) -> None:
    whole = take_backup(instance, tmp_path / "whole.zip").path.read_bytes()
    cut = tmp_path / "cut.zip"
    cut.write_bytes(whole[: int(len(whole) * keep)])
    target = in_use(tmp_path, "target")
    before = tables_of(target.data_dir / "larder.db")
    with pytest.raises(BackupError, match=r"damaged|not a Larder backup"):
        restore_backup(target, cut)
    assert tables_of(target.data_dir / "larder.db") == before
    assert [p.name for p in target.data_dir.iterdir() if p.name.startswith(("before-restore", ".restore"))] == []


def test_an_archive_whose_member_changed_is_refused(instance: Settings, tmp_path: Path) -> None:
    original = take_backup(instance, tmp_path / "whole.zip").path
    tampered = tmp_path / "tampered.zip"
    with zipfile.ZipFile(original) as source, zipfile.ZipFile(tampered, "w") as out:
        for item in source.infolist():
            data = source.read(item)
            out.writestr(item, data[:-1] + b"X" if item.filename == "uploads/photo-2.jpg" else data)
    with pytest.raises(BackupError, match=r"uploads/photo-2\.jpg is not what was backed up"):
        restore_backup(fresh(tmp_path, "target"), tampered)


def test_an_archive_reaching_outside_the_data_dir_is_refused(instance: Settings, tmp_path: Path) -> None:
    original = take_backup(instance, tmp_path / "whole.zip").path
    evil = tmp_path / "evil.zip"
    with zipfile.ZipFile(original) as source, zipfile.ZipFile(evil, "w") as out:
        manifest = json.loads(source.read("manifest.json"))
        manifest["files"]["uploads/../../escape"] = {"size": 1, "sha256": "0" * 64}
        for item in source.infolist():
            if item.filename != "manifest.json":
                out.writestr(item, source.read(item))
        out.writestr("manifest.json", json.dumps(manifest))
        out.writestr("uploads/../../escape", b"x")
    with pytest.raises(BackupError, match="outside the data dir"):
        restore_backup(fresh(tmp_path, "target"), evil)
    assert not (tmp_path / "escape").exists()


@pytest.mark.sqlite_only  # the SQLite file itself (tests/postgres/test_backup_postgres.py for PostgreSQL)
def test_an_archive_of_a_newer_schema_is_refused(instance: Settings, tmp_path: Path) -> None:
    with contextlib.closing(sqlite3.connect(instance.data_dir / "larder.db")) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0099'")
        connection.commit()
    taken = take_backup(instance, tmp_path / "future.zip")
    target = in_use(tmp_path, "target")
    with pytest.raises(BackupError, match=r"made by a newer Larder .*schema 0099.*Upgrade Larder first"):
        restore_backup(target, taken.path)
    assert revision_of(target.data_dir / "larder.db") == HEAD


def test_an_archive_of_an_older_schema_is_restored_and_migrated(tmp_path: Path) -> None:
    old = Settings.from_env({"LARDER_DATA_DIR": str(tmp_path / "old")}).prepared()
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    config.set_main_option("sqlalchemy.url", old.database_url)
    config.attributes["larder_settings"] = old
    command.upgrade(config, "0016")
    archive = tmp_path / "old.zip"
    assert read_manifest(take_backup(old, archive).path)["schema_revision"] == "0016"

    result = larder(tmp_path / "new", "restore", str(archive))
    assert "schema 0016" in result.stdout
    assert revision_of(tmp_path / "new" / "larder.db") == HEAD


@pytest.mark.sqlite_only  # the SQLite file itself (tests/postgres/test_backup_postgres.py for PostgreSQL)
def test_a_restore_is_refused_while_a_server_uses_the_data_dir(instance: Settings, tmp_path: Path) -> None:
    taken = take_backup(instance, tmp_path / "b.zip")
    # Servers share the data dir among themselves, but never with a restore.
    with (
        data_dir_lock(instance.data_dir, exclusive=False),
        data_dir_lock(instance.data_dir, exclusive=False),
        pytest.raises(BackupError, match="stop it first"),
    ):
        restore_backup(instance, taken.path)
    restore_backup(instance, taken.path)  # once they have stopped


def test_a_server_does_not_start_on_a_data_dir_being_restored(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with data_dir_lock(data_dir, exclusive=True):
        result = larder(data_dir, "serve", "--port", str(free_port()), check=False)
    assert result.returncode == 1
    assert "is being restored from a backup" in result.stderr


# -- the command line ---------------------------------------------------------------------------------


@pytest.mark.sqlite_only  # the SQLite file itself (tests/postgres/test_backup_postgres.py for PostgreSQL)
def test_backup_and_restore_from_the_command_line(instance: Settings, tmp_path: Path) -> None:
    made = larder(instance.data_dir, "backup", str(tmp_path / "cli.zip"))
    assert f"Backup written to {tmp_path / 'cli.zip'}" in made.stdout

    restored = larder(tmp_path / "copy", "restore", str(tmp_path / "cli.zip"))
    assert "3 uploaded images" in restored.stdout
    assert tables_of(tmp_path / "copy" / "larder.db") == tables_of(instance.data_dir / "larder.db")

    (tmp_path / "broken.zip").write_bytes(b"PK\x03\x04 not really")
    refused = larder(tmp_path / "copy", "restore", str(tmp_path / "broken.zip"), check=False)
    assert refused.returncode == 1
    assert "is not a Larder backup or is damaged" in refused.stderr


def test_backup_into_the_default_folder(instance: Settings) -> None:
    result = larder(instance.data_dir, "backup", env=database_of(instance))
    kept = list_backups(instance)
    assert len(kept) == 1 and f"Backup written to {kept[0].path} " in result.stdout


# -- the daily keeper ---------------------------------------------------------------------------------


def test_the_keeper_takes_one_a_day_across_restarts_and_keeps_the_last_n(instance: Settings) -> None:
    keeper = BackupKeeper(instance, keep=2)
    assert keeper.due(datetime.now(UTC))
    first = asyncio.run(keeper.take_if_due())
    assert first is not None
    # A restarted server sees the archive: none is due for a day.
    again = BackupKeeper(instance, keep=2)
    assert asyncio.run(again.take_if_due()) is None
    assert not again.due(datetime.now(UTC) + timedelta(hours=23))
    assert again.due(datetime.now(UTC) + timedelta(days=1, seconds=1))

    taken = [asyncio.run(again.take_daily()) for _ in range(3)]
    kept = list_backups(instance)
    assert [b.name for b in kept] == [taken[2].name, taken[1].name]
    assert all(b.name.startswith("larder-daily-") and b.kind == DAILY for b in kept)


def test_no_automatic_backups_when_keep_is_0(instance: Settings) -> None:
    assert asyncio.run(BackupKeeper(instance, keep=0).take_if_due()) is None
    assert list_backups(instance) == []


def test_backup_keep_must_be_a_count() -> None:
    from larder.core.base.settings import SettingsError

    with pytest.raises(SettingsError, match="LARDER_BACKUP_KEEP must be 0 or more"):
        Settings.from_env({"LARDER_BACKUP_KEEP": "-1"})
    assert Settings.from_env({}).backup_keep == 7


# -- what each kind of archive may delete -------------------------------------------------------------


def names(settings: Settings, kind: str) -> list[str]:
    return [b.name for b in list_backups(settings) if b.kind == kind]


def test_backups_taken_now_never_delete_the_daily_ones(instance: Settings) -> None:
    keeper = BackupKeeper(instance, keep=7)
    dailies = [asyncio.run(keeper.take_daily()).name for _ in range(7)]
    now = [asyncio.run(keeper.take_now()).name for _ in range(7)]  # seven clicks on "Back up now"
    assert sorted(names(instance, DAILY)) == sorted(dailies)
    assert sorted(names(instance, ON_DEMAND)) == sorted(now[-ON_DEMAND_KEEP:])  # their own bound
    assert all(name.startswith("larder-now-") for name in now)
    assert not keeper.due(datetime.now(UTC))  # an archive taken now does not count as the day's either


def test_with_keep_0_a_backup_taken_now_deletes_no_other(instance: Settings) -> None:
    keeper = BackupKeeper(instance, keep=0)
    first = asyncio.run(keeper.take_now())
    second = asyncio.run(keeper.take_now())
    assert sorted(names(instance, ON_DEMAND)) == sorted([first.name, second.name])


def test_a_daily_backup_deletes_only_daily_ones_and_never_below_the_number_kept(instance: Settings) -> None:
    keeper = BackupKeeper(instance, keep=2)
    now = asyncio.run(keeper.take_now())
    dailies = [asyncio.run(keeper.take_daily()).name for _ in range(4)]
    assert sorted(names(instance, DAILY)) == sorted(dailies[-2:])
    assert names(instance, ON_DEMAND) == [now.name]


def test_archives_written_by_larder_backup_into_backups_are_never_pruned(instance: Settings) -> None:
    written = [larder(instance.data_dir, "backup", env=database_of(instance)) for _ in range(2)]
    by_hand = [b.name for b in list_backups(instance)]
    assert len(by_hand) == 2 and all(name.startswith("larder-backup-") for name in by_hand), written
    assert {b.kind for b in list_backups(instance)} == {OTHER}
    keeper = BackupKeeper(instance, keep=1)
    for _ in range(2):
        asyncio.run(keeper.take_daily())
    for _ in range(ON_DEMAND_KEEP + 1):
        asyncio.run(keeper.take_now())
    assert sorted(names(instance, OTHER)) == sorted(by_hand)
    assert len(names(instance, DAILY)) == 1 and len(names(instance, ON_DEMAND)) == ON_DEMAND_KEEP
    assert keeper.newest() is not None and keeper.newest().kind == DAILY  # type: ignore[union-attr]
