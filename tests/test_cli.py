"""The command line, run as a real process against a real data dir."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from datetime import UTC, datetime

import pytest

from larder.core.security import INVITE_ALPHABET
from tests import postgres_cluster
from tests.support import make_settings, sql


@pytest.fixture(autouse=True)
def database(monkeypatch):
    """Under `make test-postgres`, one database for the commands and the test's own reads."""
    for name, value in postgres_cluster.new_database().items():
        monkeypatch.setenv(name, value)


def larder(data_dir, *args, env=None, check=True):
    full_env = {**os.environ, "LARDER_DATA_DIR": str(data_dir), **(env or {})}
    full_env.pop("LARDER_SMTP_HOST", None)
    return subprocess.run(
        [sys.executable, "-m", "larder", *args], env=full_env, capture_output=True, text=True, check=check, timeout=60
    )


def test_invite_create_prints_codes_only(tmp_path):
    result = larder(tmp_path, "invite", "create", "--count", "3", "--uses", "2")
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    assert all(re.fullmatch(f"[{INVITE_ALPHABET}]{{8}}", line) for line in lines)
    settings = make_settings(str(tmp_path))
    assert sorted(r[0] for r in sql(settings, "select code from invite_code where max_uses = 2")) == sorted(lines)


def test_user_create_and_promote(tmp_path):
    created = larder(
        tmp_path,
        "user",
        "create",
        "--email",
        "Chef@Example.org",
        "--name",
        "headchef",
        env={"LARDER_PASSWORD": "pw12345"},
    )
    assert "Created user headchef <chef@example.org>" in created.stdout
    larder(tmp_path, "user", "promote", "chef@example.org")
    settings = make_settings(str(tmp_path))
    role, verified = sql(settings, "select role, email_verified_at is not null from user_account")[0]
    assert (role, verified) == ("admin", 1)


def test_user_delete(tmp_path):
    password = {"LARDER_PASSWORD": "pw12345"}
    larder(tmp_path, "user", "create", "--email", "boss@example.org", "--name", "the_boss", "--admin", env=password)
    larder(tmp_path, "user", "create", "--email", "cook@example.org", "--name", "headchef", env=password)

    deleted = larder(tmp_path, "user", "delete", "Cook@Example.org")
    assert deleted.stdout == "Deleted headchef <cook@example.org> and everything the account owned.\n"
    settings = make_settings(str(tmp_path))
    assert sql(settings, "select email from user_account") == [("boss@example.org",)]

    unknown = larder(tmp_path, "user", "delete", "cook@example.org", check=False)
    assert unknown.returncode != 0
    assert "No account was found for this email address." in unknown.stderr
    last = larder(tmp_path, "user", "delete", "boss@example.org", check=False)
    assert last.returncode != 0
    assert "This is the last administrator." in last.stderr
    assert sql(settings, "select email from user_account") == [("boss@example.org",)]


def test_user_create_refuses_bad_input(tmp_path):
    result = larder(
        tmp_path, "user", "create", "--email", "x", "--name", "ab", env={"LARDER_PASSWORD": "pw12345"}, check=False
    )
    assert result.returncode != 0
    assert "Invalid email address" in result.stderr


def test_outbox_shows_kept_mail(tmp_path):
    assert "The outbox is empty." in larder(tmp_path, "outbox").stdout
    settings = make_settings(str(tmp_path))
    sql(
        settings,
        "insert into outbox_email (recipient, subject, body, status, created_at, updated_at) "
        "values ('a@b.co', 'Reset', 'http://x/reset-password?token=t', 'kept', :at, :at)",
        at=datetime(2026, 1, 1, tzinfo=UTC),
    )
    out = larder(tmp_path, "outbox", "--last", "1").stdout
    assert "To: a@b.co" in out
    assert "reset-password?token=t" in out


def test_inbox_shows_contact_messages_and_bug_reports(tmp_path):
    assert "The inbox is empty." in larder(tmp_path, "inbox").stdout
    settings = make_settings(str(tmp_path))
    for kind, message, page in [("contact", "Hello there", None), ("bug", "Timer broke", "/diary")]:
        sql(
            settings,
            "insert into inbox_message (kind, name, email, message, page, created_at, updated_at) "
            "values (:kind, 'Ann', 'ann@example.org', :message, :page, :at, :at)",
            kind=kind,
            message=message,
            page=page,
            at=datetime(2026, 1, 1, tzinfo=UTC),
        )
    out = larder(tmp_path, "inbox").stdout
    assert "From: Ann <ann@example.org>" in out
    assert out.index("Timer broke") < out.index("Hello there")
    assert "[bug]" in out and "Page: /diary" in out
    last = larder(tmp_path, "inbox", "--last", "1").stdout
    assert "Timer broke" in last and "Hello there" not in last


@pytest.mark.parametrize("args", [["migrate"], ["--version"]])
def test_simple_commands(tmp_path, args):
    assert larder(tmp_path, *args).returncode == 0


def test_serve_flags_shape_the_links_in_emails(tmp_path, monkeypatch):
    from larder.__main__ import _settings

    monkeypatch.setenv("LARDER_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("LARDER_PUBLIC_URL", raising=False)
    settings = _settings("127.0.0.2", 8123)
    assert (settings.host, settings.port) == ("127.0.0.2", 8123)
    assert settings.public_url == "http://127.0.0.2:8123"


def test_seed_is_idempotent(tmp_path):
    first = larder(tmp_path, "seed").stdout
    assert "recipes" in first
    assert " 0 recipes" not in first
    assert "0 categories, 0 ingredients, 0 recipes and 0 images added." in larder(tmp_path, "seed").stdout
