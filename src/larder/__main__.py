"""The one command line: `larder` (console script), `python -m larder`, and the binary."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click
from sqlalchemy.ext.asyncio import AsyncSession

from larder import __version__
from larder.cli_database import migrated, migrated_work, setup_turn, with_session
from larder.core.base.settings import Settings, SettingsError, get_settings

if TYPE_CHECKING:
    import socket

    from larder.content.schemas import InboxMessageOut


def _settings(host: str | None = None, port: int | None = None, workers: int | None = None) -> Settings:
    """Settings from the environment; --host/--port/--workers count as LARDER_HOST/LARDER_PORT/
    LARDER_WORKERS (host and port also shape the default public URL used in e-mail links)."""
    overrides = {
        "LARDER_HOST": host,
        "LARDER_PORT": str(port) if port else None,
        "LARDER_WORKERS": str(workers) if workers else None,
    }
    try:
        if not any(overrides.values()):
            return get_settings()
        env = {**os.environ, **{k: v for k, v in overrides.items() if v}}
        return Settings.from_env(env).prepared()
    except SettingsError as exc:
        raise click.ClickException(str(exc)) from None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="larder")
def cli() -> None:
    """Larder: a self-hosted kitchen app (recipes, meal plans, shopping lists, food stores)."""


@cli.command()
@click.option("--host", default=None, help="Address to listen on (LARDER_HOST, default 127.0.0.1).")
@click.option("--port", type=int, default=None, help="Port to listen on (LARDER_PORT, default 8000).")
@click.option(
    "--workers",
    type=int,
    default=None,
    help="Server processes sharing the port and database (LARDER_WORKERS, default 1).",
)
def serve(host: str | None, port: int | None, workers: int | None) -> None:
    """Apply migrations, prepare an empty instance, and serve the API and the web app."""
    from larder.core.process.memory import limit_malloc_arenas

    limit_malloc_arenas()  # before any thread starts (core/process/memory.py)
    settings = _settings(host, port, workers)
    # Held while serving, from before the migrations: `larder restore` refuses a data dir in use.
    with _data_dir_in_use(settings):
        preparing = _prepare_elsewhere(settings)
        from larder.app import create_app
        from larder.core.process.server import run, run_workers

        if settings.workers > 1:
            first_code = preparing()
            listener = _listen(settings)
            _announce(settings, first_code)
            # Each worker builds its app after the fork; what this process imported is shared.
            run_workers(settings, lambda: create_app(settings), settings.workers, listener)
            return
        app = create_app(settings)  # touches no database: it is built while the instance is prepared
        first_code = preparing()
        listener = _listen(settings)
        _announce(settings, first_code)
        # uvicorn with deadlines for slow headers and bodies and a connection limit (core/process/server.py).
        run(app, settings, listener, on_stop=app.state.event_bus.close)


def _listen(settings: Settings) -> socket.socket:
    """The address is taken before it is announced, so the announcement can be acted on at once."""
    from larder.core.process.server import STARTUP_FAILURE, listening_socket

    class ListenFailure(click.ClickException):
        exit_code = STARTUP_FAILURE  # click's exit code is the class's

    try:
        return listening_socket(settings.host, settings.port)
    except OSError as exc:
        raise ListenFailure(f"Cannot listen on {settings.host}:{settings.port}: {exc.strerror or exc}.") from None


def _announce(settings: Settings, first_code: str | None) -> None:
    if first_code:
        click.echo(f"No accounts yet. Register the first one with this invite code: {first_code}")
    processes = f", {settings.workers} processes" if settings.workers > 1 else ""
    click.echo(
        f"Larder {__version__} on http://{settings.host}:{settings.port} (data in {settings.data_dir}{processes})"
    )


@contextlib.contextmanager
def _data_dir_in_use(settings: Settings) -> Iterator[None]:
    from larder.core.db.data_dir import DataDirBusy, data_dir_lock

    with contextlib.ExitStack() as held:
        try:
            held.enter_context(data_dir_lock(settings.data_dir, exclusive=False))
        except DataDirBusy as exc:
            raise click.ClickException(str(exc)) from None
        yield


def _prepare(settings: Settings) -> str | None:
    """Migrations, then the starter catalogue and the first invite code of an empty instance, in
    the setup turn."""
    from larder.bootstrap import prepare_instance
    from larder.core.backup.archive import prepare_backup_schema
    from larder.core.db.setup import run_migrations

    with setup_turn(settings):
        run_migrations(settings)
        prepare_backup_schema(settings)
        return with_session(settings, lambda session: prepare_instance(session, settings))


def _prepare_elsewhere(settings: Settings) -> Callable[[], str | None]:
    """Start `_prepare` in a child process; the returned call waits for it and gives its invite code.

    The migrations (alembic, mako, every revision file) and the catalogue's loading leave the
    server's memory larger for good, by about 15 MB, when they run in the server's own process. A
    forked child takes everything the server already imported, runs them, and ends. Where there is
    no fork, they run here.
    """
    if not hasattr(os, "fork"):
        code = _prepare(settings)
        return lambda: code
    read_end, write_end = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: report through the pipe and exit without the parent's clean-up
        os.close(read_end)
        status = 1
        try:
            code = _prepare(settings)
            os.write(write_end, (code or "").encode())
            status = 0
        except click.ClickException as exc:
            exc.show()
            status = exc.exit_code
        except KeyboardInterrupt:
            status = 130
        except BaseException:  # shown as the parent would have shown it
            import traceback

            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(status)
    os.close(write_end)

    def wait() -> str | None:
        with os.fdopen(read_end, "rb") as answers:
            code = answers.read().decode()
        _, status = os.waitpid(pid, 0)
        exit_code = os.waitstatus_to_exitcode(status)
        if exit_code != 0:
            raise SystemExit(exit_code if exit_code > 0 else 1)
        return code or None

    return wait


@cli.command()
@click.argument("path", required=False, type=click.Path(path_type=Path, dir_okay=True))
def backup(path: Path | None) -> None:
    """Write a backup archive of the instance (database, uploaded images, signing key) to PATH, a
    file or a folder (default: the data dir's backups/). Safe while the server runs."""
    from larder.core.backup.archive import BackupError, take_backup

    settings = _settings()
    try:
        taken = take_backup(settings, path)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"Backup written to {taken.path} ({taken.size / 1_000_000:.1f} MB).")


@cli.command()
@click.argument("path", type=click.Path(path_type=Path, dir_okay=False))
def restore(path: Path) -> None:
    """Restore a backup archive into the data dir, which no server may be using. What the data dir
    held is moved into a before-restore-<time> folder first; an archive of an older version is
    migrated, one of a newer version refused. With LARDER_DATABASE_URL naming a PostgreSQL
    database, the archive's rows replace the database's, after a backup of them into backups/."""
    from larder.core.backup.archive import BackupError
    from larder.core.backup.restore import restore_backup
    from larder.core.db.setup import run_migrations

    settings = _settings()
    with setup_turn(settings):  # nobody migrates the database while it is replaced
        try:
            restored = restore_backup(settings, path)
        except BackupError as exc:
            raise click.ClickException(str(exc)) from None
        if restored.set_aside is not None:
            click.echo(f"What the data dir held before is in {restored.set_aside}.")
        if not settings.is_sqlite:
            held = f"; what it held is backed up in {restored.replaced}" if restored.replaced else ""
            click.echo(f"The rows of the PostgreSQL database were replaced by the backup's{held}.")
        run_migrations(settings)
    rows = sum(restored.counts.values())
    click.echo(
        f"Restored {path.name}: {rows} rows in {len(restored.counts)} tables, {restored.uploads} uploaded images, "
        f"schema {restored.schema_revision} migrated to the current one."
    )


@cli.command()
def migrate() -> None:
    """Apply database migrations only."""
    with migrated(_settings()) as settings:
        click.echo(f"Database at head ({settings.database_url}).")


@cli.command()
def seed() -> None:
    """Load the starter catalogue; adds only what is missing, so it is safe to run again."""
    from larder.catalogue.seed import load_catalogue

    report = migrated_work(_settings(), lambda settings, session: load_catalogue(session, settings.uploads_dir))
    click.echo(
        f"Catalogue: {report.categories} categories, {report.ingredients} ingredients, "
        f"{report.recipes} recipes and {report.images} images added."
    )


@cli.group()
def invite() -> None:
    """Invite codes for registration."""


@invite.command("create")
@click.option("--count", type=click.IntRange(1, 1000), default=1, show_default=True)
@click.option("--uses", type=click.IntRange(1, 10_000), default=1, show_default=True)
@click.option("--expires-days", type=click.IntRange(1, 3650), default=None)
def invite_create(count: int, uses: int, expires_days: int | None) -> None:
    """Print new 8-character invite codes, one per line, nothing else."""
    from larder.accounts.service import InviteService

    async def work(session: AsyncSession) -> list[str]:
        codes = await InviteService(session=session).create_codes(count=count, uses=uses, expires_days=expires_days)
        return [c.code for c in codes]

    for code in migrated_work(_settings(), lambda _settings, session: work(session)):
        click.echo(code)


@cli.group()
def user() -> None:
    """Accounts."""


@user.command("create")
@click.option("--email", required=True)
@click.option("--name", required=True)
@click.option("--admin", is_flag=True, help="Make the account an administrator.")
def user_create(email: str, name: str, admin: bool) -> None:
    """Create a verified account; the password comes from LARDER_PASSWORD or a prompt."""
    from larder.accounts.service import UserService

    password = os.environ.get("LARDER_PASSWORD") or click.prompt("Password", hide_input=True, confirmation_prompt=True)

    async def work(settings: Settings, session: AsyncSession) -> str:
        users = UserService(session=session, settings=settings)
        created = await users.create_verified(name=name, email=email, password=password, admin=admin)
        return f"Created {created.role} {created.name} <{created.email}>."

    click.echo(migrated_work(_settings(), work))


@user.command("promote")
@click.argument("email")
def user_promote(email: str) -> None:
    """Make an account an administrator."""
    from larder.accounts.service import UserService

    async def work(settings: Settings, session: AsyncSession) -> str:
        promoted = await UserService(session=session, settings=settings).promote(email)
        return f"{promoted.name} <{promoted.email}> is now an administrator."

    click.echo(migrated_work(_settings(), work))


@user.command("delete")
@click.argument("email")
def user_delete(email: str) -> None:
    """Delete an account and everything it owns, at once and for good (its published recipes stay)."""
    from larder.accounts.service import UserService

    async def work(settings: Settings, session: AsyncSession) -> str:
        deleted = await UserService(session=session, settings=settings).delete_by_email(email)
        return f"Deleted {deleted.name} <{deleted.email}> and everything the account owned."

    click.echo(migrated_work(_settings(), work))


@cli.command()
@click.option("--last", type=click.IntRange(1, 1000), default=5, show_default=True)
def outbox(last: int) -> None:
    """Print the newest kept e-mails (used when no SMTP server is configured)."""
    from larder.core.mail.email import newest_outbox

    entries = migrated_work(_settings(), lambda _settings, session: newest_outbox(session, last))
    if not entries:
        click.echo("The outbox is empty.")
    for entry in entries:
        click.echo(f"--- {entry.created_at:%Y-%m-%d %H:%M:%S} UTC  [{entry.status}]")
        click.echo(f"To: {entry.recipient}\nSubject: {entry.subject}\n\n{entry.body}")


@cli.command()
@click.option("--last", type=click.IntRange(1, 200), default=10, show_default=True)
def inbox(last: int) -> None:
    """Print the newest contact messages and bug reports sent to the administrator."""
    from larder.content.service import InboxService
    from larder.core.mail.email import Mailer

    async def work(settings: Settings, session: AsyncSession) -> list[InboxMessageOut]:
        return await InboxService(session, settings=settings, mailer=Mailer(settings)).newest(last)

    messages = migrated_work(_settings(), work)
    if not messages:
        click.echo("The inbox is empty.")
    for m in messages:
        at = f"{m.created_at:%Y-%m-%d %H:%M:%S} UTC" if m.created_at else "-"
        click.echo(f"--- {at}  [{m.kind}]")
        click.echo(f"From: {m.name} <{m.email}>")
        if m.page:
            click.echo(f"Page: {m.page}")
        click.echo(f"\n{m.message}\n")


def main() -> None:
    cli(prog_name="larder")


if __name__ == "__main__":
    main()
