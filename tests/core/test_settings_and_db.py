from __future__ import annotations

import asyncio
import contextlib
import os
import stat

import pytest
from sqlalchemy import text

from larder.core.base.settings import Settings, SettingsError
from larder.core.db.engine import standalone_session
from tests.support import make_settings


def test_defaults():
    settings = Settings.from_env({})
    assert settings.host == "127.0.0.1"
    assert settings.port == 8000
    assert settings.public_url == "http://127.0.0.1:8000"
    assert settings.data_dir.name == "larder-data"
    assert settings.database_url.startswith("sqlite+aiosqlite:///")
    assert settings.smtp_host is None
    assert settings.import_allow_private is False


def test_env_values_are_read():
    settings = Settings.from_env(
        {
            "LARDER_PORT": "9000",
            "LARDER_PUBLIC_URL": "https://larder.home/",
            "LARDER_SMTP_HOST": "mail.home",
            "LARDER_SMTP_TLS": "starttls",
            "LARDER_IMPORT_ALLOW_PRIVATE": "1",
        }
    )
    assert settings.port == 9000
    assert settings.public_url == "https://larder.home"
    assert settings.smtp_port == 587
    assert settings.import_allow_private is True


@pytest.mark.parametrize(("name", "value"), [("LARDER_PORT", "eighty"), ("LARDER_SMTP_TLS", "ssl3")])
def test_bad_values_are_refused_clearly(name, value):
    with pytest.raises(SettingsError, match=name):
        Settings.from_env({name: value})


def test_the_time_zone_is_an_iana_name_or_the_hosts():
    assert Settings.from_env({}).timezone is None  # the host's zone
    assert Settings.from_env({"LARDER_TIMEZONE": " "}).timezone is None
    assert Settings.from_env({"LARDER_TIMEZONE": "Europe/London"}).timezone == "Europe/London"
    assert Settings.from_env({"LARDER_TIMEZONE": "  Asia/Tokyo "}).timezone == "Asia/Tokyo"
    assert Settings.from_env({"LARDER_TIMEZONE": "UTC"}).timezone == "UTC"


@pytest.mark.parametrize("zone", ["Mars/Olympus_Mons", "GMT+25", "Europe/", "../../etc/passwd", "europe london"])
def test_an_unknown_time_zone_is_refused_clearly(zone):
    with pytest.raises(SettingsError, match="LARDER_TIMEZONE"):
        Settings.from_env({"LARDER_TIMEZONE": zone})


def test_the_ocr_idle_time_is_a_positive_number_of_seconds():
    assert Settings.from_env({}).ocr_idle_seconds == 120.0
    assert Settings.from_env({"LARDER_OCR_IDLE_SECONDS": "2.5"}).ocr_idle_seconds == 2.5
    for bad in ("0", "-1", "soon", "inf"):
        with pytest.raises(SettingsError, match="LARDER_OCR_IDLE_SECONDS"):
            Settings.from_env({"LARDER_OCR_IDLE_SECONDS": bad})


def test_secret_key_is_generated_once_and_private(tmp_path):
    first = Settings.from_env({"LARDER_DATA_DIR": str(tmp_path)}).prepared()
    second = Settings.from_env({"LARDER_DATA_DIR": str(tmp_path)}).prepared()
    assert len(first.secret_key) >= 32
    assert first.secret_key == second.secret_key
    mode = stat.S_IMODE(os.stat(tmp_path / "secret_key").st_mode)
    assert mode == 0o600
    assert (tmp_path / "uploads").is_dir()


def test_explicit_secret_key_wins(tmp_path):
    settings = Settings.from_env({"LARDER_DATA_DIR": str(tmp_path), "LARDER_SECRET_KEY": "k" * 40}).prepared()
    assert settings.secret_key == "k" * 40
    assert not (tmp_path / "secret_key").exists()


@pytest.mark.sqlite_only
def test_sqlite_runs_in_wal_with_foreign_keys_and_busy_timeout(tmp_path):
    settings = make_settings(str(tmp_path))

    async def pragmas():
        async with standalone_session(settings) as session:
            return [
                (await session.execute(text(f"PRAGMA {name}"))).scalar()
                for name in ("journal_mode", "foreign_keys", "busy_timeout")
            ]

    assert asyncio.run(pragmas()) == ["wal", 1, 10_000]


def test_migrations_leave_the_file_in_wal_mode_for_every_later_connection(tmp_path):
    """The switch happens once, before any app runs: two first connections of a running app that
    both switched a rollback-mode file failed now and then with "database is locked"."""
    import sqlite3

    from larder.core.db.setup import run_migrations

    settings = Settings.from_env({"LARDER_DATA_DIR": str(tmp_path)}).prepared()
    run_migrations(settings)
    assert (tmp_path / "larder.db").read_bytes()[18:20] == b"\x02\x02"  # the header's WAL marks
    with contextlib.closing(sqlite3.connect(tmp_path / "larder.db")) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_a_failed_unit_of_work_leaves_nothing_behind(tmp_path):
    settings = make_settings(str(tmp_path))

    async def failing():
        async with standalone_session(settings) as session:
            await session.execute(
                text(
                    "insert into invite_code (code, max_uses, uses, created_at, updated_at) "
                    "values ('AAAAAAAA', 1, 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                )
            )
            raise RuntimeError("boom")

    async def count():
        async with standalone_session(settings) as session:
            return (await session.execute(text("select count(*) from invite_code"))).scalar()

    with pytest.raises(RuntimeError):
        asyncio.run(failing())
    assert asyncio.run(count()) == 0


def test_read_only_requests_never_wait_for_the_write_lock(client, settings):
    """A filter is a POST that only reads: it must answer while another process holds the write turn
    (SQLite's write lock, PostgreSQL's advisory lock): taking it would wait until that one ends."""
    import threading
    import time

    assert client.get("/api/pwa/recipes").status_code == 200  # the app has opened the database
    holding, release = threading.Event(), threading.Event()

    async def hold_the_write_turn() -> None:
        async with standalone_session(settings):  # takes the turn as a writing request does
            holding.set()
            await asyncio.to_thread(release.wait, 60)

    holder = threading.Thread(target=asyncio.run, args=(hold_the_write_turn(),))
    holder.start()
    try:
        assert holding.wait(30)
        started = time.monotonic()
        response = client.post("/api/pwa/recipe-filter", json={"pageToRequest": 1, "filters": []})
        assert response.status_code == 200, response.text
        # Waiting for the turn would last until the holder gives up (60 s), or fail on SQLite's 10 s.
        assert time.monotonic() - started < 5
    finally:
        release.set()
        holder.join()


def test_every_start_gives_the_planner_statistics(tmp_path):
    """run_migrations (every `larder serve`) refreshes ANALYZE statistics; without them some catalogue
    plans collapse on a large instance."""
    import sqlite3

    from larder.core.db.engine import refresh_statistics
    from larder.core.db.setup import run_migrations

    settings = Settings.from_env({"LARDER_DATA_DIR": str(tmp_path)}).prepared()
    run_migrations(settings)
    db = sqlite3.connect(tmp_path / "larder.db")
    try:
        assert db.execute("select count(*) from sqlite_schema where name = 'sqlite_stat1'").fetchone() == (1,)
        db.execute(
            "insert into category (key, name, kind, external_link, created_at, updated_at)"
            " values ('recipe:x', 'X', 'recipe', 0, '2026-01-01', '2026-01-01')"
        )
        db.commit()
        refresh_statistics(settings)
        assert db.execute("select count(*) from sqlite_stat1 where tbl = 'category'").fetchone()[0] >= 1
    finally:
        db.close()


def test_a_process_may_build_any_number_of_database_configs(tmp_path):
    """Every app, CLI call and test builds one; advanced-alchemy's key bookkeeping must not pile up."""
    from larder.core.db.engine import build_alchemy_config

    settings = Settings.from_env({"LARDER_DATA_DIR": str(tmp_path)}).prepared()
    for _ in range(1100):  # the library's lookup recursed once per earlier config: ~1000 was the end
        config = build_alchemy_config(settings)
        config.get_engine().sync_engine.dispose()
    assert config.get_engine().dialect.name == "sqlite"
