"""Taking a backup: one zip archive with a consistent copy of the database as a SQLite file, the
uploads, the secret key and a manifest, named by its kind in the data dir's backups.

A SQLite database is copied with SQLite's online backup API in one step: it reads one snapshot
under a read transaction, so a server writing meanwhile neither waits for it (WAL mode) nor spoils
it. A PostgreSQL database is copied into a SQLite file migrated to the same schema, every table
read in one REPEATABLE READ, READ ONLY transaction (db_copy.py): the same archive, whichever
database made it, so an install moves from SQLite to PostgreSQL (and back) by a backup and a
restore. Uploads are written once under new names and deleted only days after nothing shows them,
so the files a snapshot refers to are still there when they are copied after it.

The manifest holds the app version, the schema revision, the row count of every table, and the
size and SHA-256 of every member. Knows no domain: tables are counted as SQLite lists them.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import re
import shutil
import sqlite3
import tempfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, Literal

from sqlalchemy.engine import make_url

from larder import __version__
from larder.core.backup.db_copy import CopyError, postgres_revision, postgres_to_sqlite
from larder.core.base.settings import Settings
from larder.core.db.data_dir import DataDirBusy, data_dir_lock

FORMAT = 1
MANIFEST = "manifest.json"
DATABASE = "larder.db"
SECRET_KEY = "secret_key"  # noqa: S105 (the name of the key file, not a key)
UPLOADS = "uploads/"
BACKUPS_DIR = "backups"
SCHEMA_FILE = ".backup-schema.db"
# What made an archive in backups/ is in its name, so what deletes old ones knows what it may touch.
BackupKind = Literal["daily", "on_demand", "other"]
DAILY: BackupKind = "daily"  # the server's own, one a day: the newest LARDER_BACKUP_KEEP are kept
ON_DEMAND: BackupKind = "on_demand"  # an administrator's "Back up now": the newest ON_DEMAND_KEEP are kept
OTHER: BackupKind = "other"  # `larder backup`, and every archive of a Larder before the kinds: never deleted
NAME_PREFIX: dict[BackupKind, str] = {DAILY: "larder-daily", ON_DEMAND: "larder-now", OTHER: "larder-backup"}
_KIND_OF_PREFIX = {prefix: kind for kind, prefix in NAME_PREFIX.items()}
NAME_PATTERN = re.compile(r"^(larder-daily|larder-now|larder-backup)-\d{8}-\d{6}(?:-\d{1,3})?\.zip$")
CHUNK = 1 << 20


class BackupError(Exception):
    """A backup could not be taken or an archive cannot be restored; the message says why."""


@dataclass(frozen=True)
class BackupFile:
    path: Path
    size: int
    created_at: datetime

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def kind(self) -> BackupKind:
        """DAILY, ON_DEMAND or OTHER, by the name the archive was given."""
        match = NAME_PATTERN.match(self.path.name)
        return _KIND_OF_PREFIX[match.group(1)] if match else OTHER


# -- the data dir -------------------------------------------------------------------------------------


def database_path(settings: Settings) -> Path:
    if not settings.is_sqlite:
        raise BackupError("The database is not a SQLite file.")
    path = make_url(settings.database_url).database
    if not path or path == ":memory:":
        raise BackupError("The database is not a file.")
    return Path(path)


def backups_dir(settings: Settings) -> Path:
    return settings.data_dir / BACKUPS_DIR


@contextlib.contextmanager
def alone_in(data_dir: Path) -> Iterator[None]:
    try:
        with data_dir_lock(data_dir, exclusive=True):
            yield
    except DataDirBusy as exc:
        raise BackupError(str(exc)) from None


# -- taking a backup ----------------------------------------------------------------------------------


def unused(folder: Path, stem: str, suffix: str = "") -> Path:
    """`folder/stem+suffix`, or `stem-N+suffix` with the first number not taken."""
    path = folder / f"{stem}{suffix}"
    number = 1
    while path.exists():
        path = folder / f"{stem}-{number}{suffix}"
        number += 1
    return path


def new_backup_path(folder: Path, now: datetime, kind: BackupKind = OTHER) -> Path:
    """`larder-backup-YYYYMMDD-HHMMSS.zip` in UTC (`larder-daily-…` for a daily archive,
    `larder-now-…` for one taken on demand), with a number when that second is taken."""
    return unused(folder, f"{NAME_PREFIX[kind]}-{now.astimezone(UTC):%Y%m%d-%H%M%S}", ".zip")


def take_backup(
    settings: Settings, target: Path | None = None, *, now: datetime | None = None, kind: BackupKind = OTHER
) -> BackupFile:
    """Write an archive of the instance to `target` (a file, or a folder to put a new one in;
    by default the data dir's backups/), named as an archive of `kind` when this names it. The
    archive appears whole or not at all."""
    now = now or datetime.now(UTC)
    source = database_path(settings) if settings.is_sqlite else None
    if source is not None and not source.is_file():
        raise BackupError(f"There is no database at {source} to back up.")
    if target is None or target.is_dir():
        folder = target if target is not None else backups_dir(settings)
        folder.mkdir(parents=True, exist_ok=True)
        target = new_backup_path(folder, now, kind)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".backup-", dir=target.parent) as work:
        copy = Path(work) / DATABASE
        if source is not None:
            _snapshot(source, copy)
        else:
            _snapshot_postgres(settings, copy)
        revision, counts = _describe(copy)
        partial = Path(work) / "archive.zip"
        files: dict[str, dict[str, Any]] = {}
        with zipfile.ZipFile(partial, "w", allowZip64=True) as archive:
            files[DATABASE] = _add_file(archive, DATABASE, copy, compress=True)
            key_file = settings.data_dir / SECRET_KEY
            if key_file.is_file():
                files[SECRET_KEY] = _add_file(archive, SECRET_KEY, key_file, compress=True)
            for upload in sorted(upload_files(settings.uploads_dir)):
                with contextlib.suppress(FileNotFoundError):  # collected meanwhile: no snapshot shows it
                    files[UPLOADS + upload.name] = _add_file(archive, UPLOADS + upload.name, upload, compress=False)
            manifest = {
                "format": FORMAT,
                "app": "larder",
                "version": __version__,
                "created_at": now.astimezone(UTC).isoformat().replace("+00:00", "Z"),
                "schema_revision": revision,
                "counts": counts,
                "files": files,
            }
            archive.writestr(MANIFEST, json.dumps(manifest, indent=2, sort_keys=True))
        _fsync(partial)
        os.replace(partial, target)
    fsync_dir(target.parent)
    return BackupFile(target, target.stat().st_size, now)


def _snapshot(source: Path, copy: Path) -> None:
    with (
        contextlib.closing(sqlite3.connect(source, timeout=30)) as live,
        contextlib.closing(sqlite3.connect(copy)) as out,
    ):
        live.backup(out)  # all pages in one step: one consistent snapshot
        out.execute("PRAGMA journal_mode=DELETE")  # one self-contained file


def _sqlite_settings(settings: Settings, database: Path) -> Settings:
    return replace(settings, database_url=f"sqlite+aiosqlite:///{database}")


def migrate_file(settings: Settings, database: Path) -> None:
    """Bring the SQLite file `database` to head (a new file gets the whole schema)."""
    from larder.core.db.setup import run_migrations

    run_migrations(_sqlite_settings(settings, database))


def prepare_backup_schema(settings: Settings) -> None:
    """On PostgreSQL, an empty SQLite file at the schema head, kept in the data dir for the
    backups to copy. `larder serve` makes it in the child process that runs the migrations, so a
    server's daily backup does not load the migrations (alembic, mako, every revision: ~14 MB
    kept for good) into the server's own memory. Replaced whole: servers sharing the data dir may
    each write it."""
    if settings.is_sqlite:
        return
    with tempfile.TemporaryDirectory(prefix=".schema-", dir=settings.data_dir) as work:
        fresh = Path(work) / SCHEMA_FILE
        migrate_file(settings, fresh)
        with contextlib.closing(sqlite3.connect(fresh)) as out:
            out.execute("PRAGMA journal_mode=DELETE")
        os.replace(fresh, settings.data_dir / SCHEMA_FILE)


def _file_revision(database: Path) -> str | None:
    with (
        contextlib.suppress(sqlite3.Error),
        contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as connection,
    ):
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        return row[0] if row else None
    return None


def _empty_schema(settings: Settings, copy: Path) -> None:
    """The prepared schema file when it is at the database's revision, else one migrated here."""
    prepared = settings.data_dir / SCHEMA_FILE
    if prepared.is_file() and _file_revision(prepared) == asyncio.run(postgres_revision(settings.database_url)):
        shutil.copyfile(prepared, copy)
    else:
        migrate_file(settings, copy)


def _snapshot_postgres(settings: Settings, copy: Path) -> None:
    """A SQLite file at the database's schema, holding every row of the PostgreSQL database as one
    snapshot of it showed them."""
    _empty_schema(settings, copy)
    try:
        asyncio.run(postgres_to_sqlite(settings.database_url, copy))
    except CopyError as exc:
        raise BackupError(str(exc)) from None
    with contextlib.closing(sqlite3.connect(copy)) as out:
        out.execute("PRAGMA journal_mode=DELETE")  # one self-contained file


def _describe(database: Path) -> tuple[str | None, dict[str, int]]:
    """The schema revision and the row count of every table of a database file."""
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as connection:
        check = connection.execute("PRAGMA quick_check").fetchone()
        if not check or check[0] != "ok":
            raise BackupError(f"The database failed its integrity check: {check[0] if check else 'no answer'}.")
        tables = [
            row[0]
            for row in connection.execute(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        counts = {table: connection.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0] for table in tables}  # noqa: S608 (names from sqlite_schema)
        revision = None
        if "alembic_version" in tables:
            row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
            revision = row[0] if row else None
    return revision, counts


def upload_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return [path for path in folder.iterdir() if path.is_file() and not path.name.startswith(".")]


def _add_file(archive: zipfile.ZipFile, name: str, path: Path, *, compress: bool) -> dict[str, Any]:
    info = zipfile.ZipInfo.from_file(path, name)
    # Images are compressed already; the database shrinks to about a third.
    info.compress_type = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    with open(path, "rb") as source, archive.open(info, "w", force_zip64=True) as sink:
        size, sha256 = file_digest(source, copy_to=sink)
    return {"size": size, "sha256": sha256}


def _fsync(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


def fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        descriptor = os.open(path, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def file_digest(stream: IO[bytes], copy_to: IO[bytes] | None = None) -> tuple[int, str]:
    """Size and SHA-256 of what the stream holds, copied on to `copy_to` on the way."""
    digest = hashlib.sha256()
    size = 0
    while chunk := stream.read(CHUNK):
        digest.update(chunk)
        size += len(chunk)
        if copy_to is not None:
            copy_to.write(chunk)
    return size, digest.hexdigest()
