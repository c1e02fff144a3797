"""Upgrades keep the data of an existing instance."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from larder.core.paths import migrations_dir
from larder.core.settings import Settings
from tests.support import sql


def alembic_config(settings: Settings) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_dir()))
    cfg.set_main_option("sqlalchemy.url", settings.database_url)
    return cfg


def test_upgrading_a_populated_first_release_keeps_every_account(tmp_path):
    settings = Settings.from_env({"LARDER_DATA_DIR": str(tmp_path)}).prepared()
    cfg = alembic_config(settings)
    command.upgrade(cfg, "0001")
    sql(
        settings,
        "insert into user_account (name, email, password_hash, role, created_at, updated_at) "
        "values ('alice_1', 'a@example.org', 'h', 'user', :at, :at)",
        at="2026-01-01 00:00:00.000000",
    )
    command.upgrade(cfg, "head")
    assert sql(settings, "select name, email, preferences from user_account") == [("alice_1", "a@example.org", "[]")]
    assert_name_index(settings)


def assert_name_index(settings: Settings) -> None:
    """The case-insensitive unique username index survives every table rebuild."""
    indexes = {row[0] for row in sql(settings, "select name from sqlite_master where type = 'index'")}
    assert "ix_user_account_name_lower" in indexes


def test_every_migration_downgrades_cleanly(tmp_path):
    settings = Settings.from_env({"LARDER_DATA_DIR": str(tmp_path)}).prepared()
    cfg = alembic_config(settings)
    command.upgrade(cfg, "head")
    for step in ("0002", "0001", "base"):
        command.downgrade(cfg, step)
    command.upgrade(cfg, "head")
    assert_name_index(settings)
    tables = {row[0] for row in sql(settings, "select name from sqlite_master where type = 'table'")}
    assert {"user_account", "user_session", "invite_code", "news_item", "inbox_message"} <= tables
