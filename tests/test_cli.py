"""The command line, run as a real process against a real data dir."""

from __future__ import annotations

import json
import os
import queue
import re
import socket
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

import httpx
import pytest
from click.testing import CliRunner

from larder.core.base.paths import seed_data_dir
from larder.core.base.security import INVITE_ALPHABET
from larder.core.base.settings import Settings, get_settings
from larder.core.db import setup as db
from larder.core.db.data_dir import SetupBusy
from tests import postgres_cluster
from tests.support import free_port, make_settings, sql


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


# -- the setup turn: one process at a time migrates and seeds ------------------------------------------

WAITING = "preparing the database (migrations, starter catalogue): waiting"
LINE_SECONDS = 120  # a bound on waiting for a line a process is expected to print


@pytest.fixture
def empty_database(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Under `make test-postgres`, a database without any schema (a new install's); on SQLite the
    new data dir has no database file yet anyway."""
    server = os.environ.get(postgres_cluster.ENV_SERVER)
    if not server:
        yield
        return
    name = f"t_empty_{uuid.uuid4().hex[:12]}"
    postgres_cluster.admin(server, f"CREATE DATABASE {name}")
    monkeypatch.setenv("LARDER_DATABASE_URL", postgres_cluster.database_url(server, name))
    try:
        yield
    finally:
        postgres_cluster.admin(server, f"DROP DATABASE {name} WITH (FORCE)")


def new_instance(data_dir: Path) -> Settings:
    """The settings the `larder` processes of the test see: a data dir with no database yet."""
    env = {"LARDER_DATA_DIR": str(data_dir)}
    if "LARDER_DATABASE_URL" in os.environ:
        env["LARDER_DATABASE_URL"] = os.environ["LARDER_DATABASE_URL"]
    return Settings.from_env(env).prepared()


class Lines:
    """The lines a process writes to one of its pipes, read as they come by a thread of their own."""

    def __init__(self, stream: IO[str]) -> None:
        self.seen: list[str] = []
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._reader.start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self._lines.put(line)
        self._lines.put(None)

    def wait_for(self, text: str) -> str:
        """The first line (from here on) holding `text`; fails when the stream ends first."""
        while (line := self._lines.get(timeout=LINE_SECONDS)) is not None:
            self.seen.append(line)
            if text in line:
                return line
        raise AssertionError(f"ended without {text!r}:\n{''.join(self.seen)}")

    def rest(self) -> str:
        self._reader.join(timeout=LINE_SECONDS)
        while not self._lines.empty():
            line = self._lines.get()
            if line is not None:
                self.seen.append(line)
        return "".join(self.seen)


def start(data_dir: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    full_env = {**os.environ, "LARDER_DATA_DIR": str(data_dir), "PYTHONUNBUFFERED": "1", **(env or {})}
    full_env.pop("LARDER_SMTP_HOST", None)
    return subprocess.Popen(
        [sys.executable, "-m", "larder", *args],
        env=full_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def shipped_counts() -> tuple[int, int]:
    catalogue = seed_data_dir() / "catalogue"
    recipes = json.loads((catalogue / "recipes.json").read_text(encoding="utf-8"))
    ingredients = json.loads((catalogue / "ingredients.json").read_text(encoding="utf-8"))
    return len(recipes), len(ingredients)


@pytest.mark.parametrize("round_", range(3))
def test_serve_and_user_create_started_at_the_same_moment_on_a_new_instance_both_succeed(
    tmp_path: Path, empty_database: None, round_: int
) -> None:
    """Both migrate and the server seeds: the setup turn makes them take turns. The test holds the
    turn while both start, so both are waiting for it when it is let go: they race for it."""
    data_dir = tmp_path / "data"
    settings = new_instance(data_dir)
    port = free_port()
    with db.setup_turn(settings):
        server = start(data_dir, "serve", "--host", "127.0.0.1", "--port", str(port))
        creator = start(
            data_dir, "user", "create", "--email", "cook@example.org", "--name", "headchef",
            env={"LARDER_PASSWORD": "pw12345678"},
        )  # fmt: skip
        server_out, server_err, creator_err = Lines(server.stdout), Lines(server.stderr), Lines(creator.stderr)  # type: ignore[arg-type]
        try:
            server_err.wait_for(WAITING)
            creator_err.wait_for(WAITING)
        except BaseException:
            server.kill()
            creator.kill()
            raise
    try:
        assert creator.wait(timeout=LINE_SECONDS) == 0, creator_err.rest()
        assert "Created user headchef <cook@example.org>." in creator.stdout.read()  # type: ignore[union-attr]
        server_out.wait_for(f"on http://127.0.0.1:{port}")
        assert httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=10).status_code == 200
        recipes = httpx.get(f"http://127.0.0.1:{port}/api/pwa/recipes", timeout=10)
        assert recipes.status_code == 200, recipes.text
        assert server.poll() is None
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert "Traceback" not in server_err.rest() + creator_err.rest()
    shipped_recipes, shipped_ingredients = shipped_counts()
    assert sql(settings, "select count(*), count(distinct name) from recipe") == [(shipped_recipes, shipped_recipes)]
    assert sql(settings, "select count(*), count(distinct name) from ingredient") == [
        (shipped_ingredients, shipped_ingredients)
    ]
    assert sql(settings, "select email from user_account") == [("cook@example.org",)]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_serve_on_a_taken_port_says_so_and_ends_without_announcing_it(tmp_path: Path, workers: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        served = larder(tmp_path / "data", "serve", "--port", port, "--workers", workers, check=False)
    assert served.returncode == 3, served.stderr
    assert f"Cannot listen on 127.0.0.1:{port}: Address already in use." in served.stderr
    assert "on http://" not in served.stdout
    assert "Traceback" not in served.stderr


@pytest.mark.parametrize("command", [["migrate"], ["seed"], ["invite", "create"]])
def test_a_command_that_migrates_waits_for_the_setup_turn_then_finds_the_work_done(
    tmp_path: Path, empty_database: None, command: list[str]
) -> None:
    data_dir = tmp_path / "data"
    settings = new_instance(data_dir)
    with db.setup_turn(settings):
        waiting = start(data_dir, *command)
        said = Lines(waiting.stderr)  # type: ignore[arg-type]
        said.wait_for(WAITING)
        assert waiting.poll() is None
    assert waiting.wait(timeout=LINE_SECONDS) == 0, said.rest()
    again = larder(data_dir, *command)  # at head, the catalogue loaded: nothing left to do, no wait
    assert WAITING not in again.stderr
    if command == ["seed"]:
        assert "0 categories, 0 ingredients, 0 recipes and 0 images added." in again.stdout


def test_a_command_gives_up_waiting_for_the_setup_turn_with_a_message(
    tmp_path: Path, empty_database: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from larder.__main__ import cli

    data_dir = tmp_path / "data"
    settings = new_instance(data_dir)
    monkeypatch.setenv("LARDER_DATA_DIR", str(data_dir))
    get_settings.cache_clear()  # the command reads the environment afresh
    monkeypatch.setattr(db, "SETUP_WAIT_SECONDS", 0.2)
    with db.setup_turn(settings):
        with pytest.raises(SetupBusy, match="gave up waiting"), db.setup_turn(settings, timeout=0.1):
            pass
        result = CliRunner().invoke(cli, ["migrate"])
    assert result.exit_code == 1
    assert "Another Larder process has been preparing the database of" in result.output
    assert "gave up waiting. Try again once it has finished." in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    get_settings.cache_clear()


def test_an_unreachable_postgresql_database_is_said_plainly(tmp_path: Path) -> None:
    url = f"postgresql+asyncpg://larder@127.0.0.1:{free_port()}/larder"
    result = larder(tmp_path, "migrate", env={"LARDER_DATABASE_URL": url}, check=False)
    assert result.returncode == 1
    assert "cannot be reached" in result.stderr and "Traceback" not in result.stderr


def test_two_processes_making_the_secret_key_at_once_both_get_the_first_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = Settings.from_env({"LARDER_DATA_DIR": str(tmp_path)}).prepared()
    # The other process looked before the first one's key was there: it writes one too.
    monkeypatch.setattr(Path, "exists", lambda self: False)
    second = Settings.from_env({"LARDER_DATA_DIR": str(tmp_path)}).prepared()
    monkeypatch.undo()
    assert second.secret_key == first.secret_key
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secret_key", "uploads"]
