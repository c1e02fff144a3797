"""Backups of a whole instance: one zip archive with a consistent copy of the database as a SQLite
file, the uploaded images, the signing key, and a manifest to check it all by.

A SQLite database is copied with SQLite's online backup API in one step: it reads one snapshot
under a read transaction, so a server writing meanwhile neither waits for it (WAL mode) nor spoils
it. A PostgreSQL database is copied into a SQLite file migrated to the same schema, every table
read in one REPEATABLE READ, READ ONLY transaction (core/db_copy.py): the same archive, whichever
database made it, so an install moves from SQLite to PostgreSQL (and back) by a backup and a
restore. Uploads are written once under new names and deleted only days after nothing shows them,
so the files a snapshot refers to are still there when they are copied after it.

The manifest holds the app version, the schema revision, the row count of every table, and the
size and SHA-256 of every member. A restore checks all of it before it touches the data dir,
refuses a revision this version does not know (a newer Larder made it), puts what was there
aside (`before-restore-<time>/`), never into the void, and migrates an older archive to head.
Restored onto PostgreSQL, the archive's rows replace the database's in one transaction, after a
backup of what it held (`backups/before-restore-<time>.zip`).

Knows no domain: tables are counted as SQLite lists them, and copied as each database lists them.
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
import threading
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, Any, Literal

import anyio.to_thread
from litestar.datastructures import State
from sqlalchemy.engine import make_url

from larder import __version__
from larder.core.data_dir import DataDirBusy, data_dir_lock
from larder.core.db_copy import CopyError, postgres_revision, postgres_to_sqlite, sqlite_to_postgres
from larder.core.paths import migrations_dir
from larder.core.settings import Settings

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
# Each archive is a whole copy of the data dir (database and every image): without a bound, clicks
# on "Back up now" fill the disk the database lives on. Five leave room for a few copies taken
# before changes; an administrator downloads any worth keeping for longer.
ON_DEMAND_KEEP = 5
_CHUNK = 1 << 20


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


@dataclass(frozen=True)
class Restored:
    schema_revision: str
    counts: dict[str, int]
    uploads: int
    set_aside: Path | None
    # PostgreSQL: the archive of the database's rows before the restore replaced them.
    replaced: Path | None = None


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
def _alone_in(data_dir: Path) -> Iterator[None]:
    try:
        with data_dir_lock(data_dir, exclusive=True):
            yield
    except DataDirBusy as exc:
        raise BackupError(str(exc)) from None


# -- taking a backup ----------------------------------------------------------------------------------


def _unused(folder: Path, stem: str, suffix: str = "") -> Path:
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
    return _unused(folder, f"{NAME_PREFIX[kind]}-{now.astimezone(UTC):%Y%m%d-%H%M%S}", ".zip")


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
            for upload in sorted(_uploads(settings.uploads_dir)):
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
    _fsync_dir(target.parent)
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


def _migrate_file(settings: Settings, database: Path) -> None:
    """Bring the SQLite file `database` to head (a new file gets the whole schema)."""
    from larder.core.db import run_migrations

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
        _migrate_file(settings, fresh)
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
        _migrate_file(settings, copy)


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


def _uploads(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return [path for path in folder.iterdir() if path.is_file() and not path.name.startswith(".")]


def _add_file(archive: zipfile.ZipFile, name: str, path: Path, *, compress: bool) -> dict[str, Any]:
    info = zipfile.ZipInfo.from_file(path, name)
    # Images are compressed already; the database shrinks to about a third.
    info.compress_type = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    with open(path, "rb") as source, archive.open(info, "w", force_zip64=True) as sink:
        size, sha256 = _digest(source, copy_to=sink)
    return {"size": size, "sha256": sha256}


def _fsync(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        descriptor = os.open(path, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


# -- the backups folder -------------------------------------------------------------------------------


def list_backups(settings: Settings) -> list[BackupFile]:
    """The archives in the data dir's backups/, newest first."""
    folder = backups_dir(settings)
    if not folder.is_dir():
        return []
    found = []
    for path in folder.iterdir():
        if NAME_PATTERN.match(path.name) and path.is_file():
            stat = path.stat()
            found.append(BackupFile(path, stat.st_size, datetime.fromtimestamp(stat.st_mtime, UTC)))
    return sorted(found, key=lambda b: (b.created_at, b.name), reverse=True)


def prune_backups(settings: Settings, keep: int, kind: BackupKind = DAILY) -> list[Path]:
    """Delete all but the newest `keep` archives of `kind` (DAILY or ON_DEMAND; never OTHER, and
    nothing at all when `keep` is below 1); the deleted ones."""
    if kind == OTHER or keep < 1:
        return []
    removed = []
    for old in [backup for backup in list_backups(settings) if backup.kind == kind][keep:]:
        with contextlib.suppress(FileNotFoundError):
            old.path.unlink()
            removed.append(old.path)
    return removed


class BackupKeeper:
    """The server's backups in the data dir's backups/: one a day (the newest daily archive's time
    says when the last was taken, also across restarts), of which the last `keep` are kept; and one
    now on an administrator's request, of which the last ON_DEMAND_KEEP are kept. Each kind's
    pruning touches only archives of its kind: taking one now never deletes a daily one, and
    archives `larder backup` wrote are never deleted. One at a time; the copying runs in a worker
    thread."""

    EVERY = timedelta(days=1)

    def __init__(self, settings: Settings, keep: int) -> None:
        self.settings = settings
        self.keep = keep
        self._lock = threading.Lock()

    def newest(self) -> BackupFile | None:
        """The newest daily archive."""
        return next((backup for backup in list_backups(self.settings) if backup.kind == DAILY), None)

    def due(self, now: datetime) -> bool:
        newest = self.newest()
        return newest is None or now - newest.created_at >= self.EVERY

    async def take_daily(self) -> BackupFile:
        """The day's archive; the daily ones beyond the newest `keep` are deleted."""
        return await anyio.to_thread.run_sync(self._take, DAILY, self.keep)

    async def take_now(self) -> BackupFile:
        """An archive on request; the on-demand ones beyond the newest ON_DEMAND_KEEP are deleted."""
        return await anyio.to_thread.run_sync(self._take, ON_DEMAND, ON_DEMAND_KEEP)

    async def take_if_due(self) -> BackupFile | None:
        if self.keep <= 0 or not self.due(datetime.now(UTC)):
            return None
        return await self.take_daily()

    async def listed(self) -> list[BackupFile]:
        return await anyio.to_thread.run_sync(list_backups, self.settings)

    async def found(self, name: str) -> BackupFile | None:
        """The archive of that name; None for any other name (never a path outside backups/)."""
        if not NAME_PATTERN.match(name):
            return None
        return next((backup for backup in await self.listed() if backup.name == name), None)

    def _take(self, kind: BackupKind, keep: int) -> BackupFile:
        with self._lock:
            taken = take_backup(self.settings, kind=kind)
            prune_backups(self.settings, keep, kind)
            return taken


def provide_backup_keeper(state: State) -> BackupKeeper:
    return state["backup_keeper"]


# -- restoring ----------------------------------------------------------------------------------------


def known_revisions() -> set[str]:
    """Every schema revision this version's migrations know."""
    found = set()
    for script in (migrations_dir() / "versions").glob("*.py"):
        match = re.search(r'^revision\s*=\s*["\']([^"\']+)["\']', script.read_text(encoding="utf-8"), re.M)
        if match:
            found.add(match.group(1))
    return found


def read_manifest(archive_path: Path) -> dict[str, Any]:
    """The manifest of an archive whose every member is whole and as the manifest says."""
    try:
        archive = zipfile.ZipFile(archive_path)
    except FileNotFoundError:
        raise BackupError(f"There is no file {archive_path}.") from None
    except (zipfile.BadZipFile, OSError) as exc:
        raise BackupError(f"{archive_path} is not a Larder backup or is damaged ({exc}).") from None
    with archive:
        try:
            manifest = json.loads(archive.read(MANIFEST))
        except KeyError:
            raise BackupError(f"{archive_path} has no manifest: it is not a Larder backup.") from None
        except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
            raise BackupError(f"The manifest of {archive_path} is damaged ({exc}).") from None
        if not isinstance(manifest, dict) or manifest.get("app") != "larder":
            raise BackupError(f"{archive_path} is not a Larder backup.")
        if manifest.get("format") != FORMAT:
            raise BackupError(
                f"{archive_path} is in backup format {manifest.get('format')}; this Larder reads {FORMAT}."
            )
        files = manifest.get("files")
        if not isinstance(files, dict) or DATABASE not in files:
            raise BackupError(f"{archive_path} holds no database.")
        for name, expected in files.items():
            if not _safe_member(name):
                raise BackupError(f"{archive_path} holds a file outside the data dir: {name!r}.")
            try:
                with archive.open(name) as member:
                    size, digest = _digest(member)
            except KeyError:
                raise BackupError(f"{archive_path} is damaged: {name} is missing.") from None
            except (zipfile.BadZipFile, OSError, EOFError) as exc:
                raise BackupError(f"{archive_path} is damaged: {name} cannot be read ({exc}).") from None
            if size != expected.get("size") or digest != expected.get("sha256"):
                raise BackupError(f"{archive_path} is damaged: {name} is not what was backed up.")
    return manifest


def restore_backup(settings: Settings, archive_path: Path, *, now: datetime | None = None) -> Restored:
    """Put the archive's instance into the data dir (which no server may be using). What was there
    is moved to `before-restore-<time>/` first. On SQLite the caller migrates the database to head
    after; a PostgreSQL database is at head when this returns, its rows replaced by the archive's
    after a backup of them was written (`Restored.replaced`)."""
    manifest = read_manifest(archive_path)
    revision = manifest.get("schema_revision")
    if not isinstance(revision, str):
        raise BackupError(f"{archive_path} holds no schema revision: it is not a Larder backup.")
    if revision not in known_revisions():
        raise BackupError(
            f"{archive_path} was made by a newer Larder ({manifest.get('version')}, schema {revision}); "
            f"this is {__version__}. Upgrade Larder first."
        )
    database = database_path(settings) if settings.is_sqlite else None
    data_dir = settings.data_dir
    replaced = None
    with _alone_in(data_dir):
        now = now or datetime.now(UTC)
        with tempfile.TemporaryDirectory(prefix=".restore-", dir=data_dir) as work:
            staged = Path(work)
            with zipfile.ZipFile(archive_path) as archive:
                for name in manifest["files"]:
                    destination = staged / name
                    destination.parent.mkdir(parents=True, exist_ok=True)
                    with archive.open(name) as member, open(destination, "wb") as out:
                        shutil.copyfileobj(member, out, _CHUNK)
            if database is None:
                # The rows first, in one transaction: when they cannot be copied nothing has changed.
                replaced = _restore_onto_postgres(settings, staged / DATABASE, now)
            set_aside = _set_aside(settings, database, now)
            if database is not None:
                database.parent.mkdir(parents=True, exist_ok=True)
                os.replace(staged / DATABASE, database)
            if (staged / SECRET_KEY).exists():
                os.replace(staged / SECRET_KEY, data_dir / SECRET_KEY)
                os.chmod(data_dir / SECRET_KEY, 0o600)
            settings.uploads_dir.mkdir(exist_ok=True)
            uploads = 0
            if (staged / UPLOADS).is_dir():
                for upload in (staged / UPLOADS).iterdir():
                    os.replace(upload, settings.uploads_dir / upload.name)
                    uploads += 1
        _fsync_dir(data_dir)
    return Restored(revision, dict(manifest.get("counts", {})), uploads, set_aside, replaced)


def _restore_onto_postgres(settings: Settings, staged: Path, now: datetime) -> Path | None:
    """The PostgreSQL database migrated to head, a backup of what it held written into backups/
    (never pruned: it is no daily one), then its rows replaced by those of the archive's SQLite
    file, migrated to head as well. The backup's path; None when the database had no schema yet."""
    from larder.core.db import run_migrations
    from larder.core.uow import PG_INSTANCE_KEY

    try:
        current = asyncio.run(postgres_revision(settings.database_url))
    except CopyError as exc:
        raise BackupError(str(exc)) from None
    if current is not None and current not in known_revisions():
        raise BackupError(
            f"The PostgreSQL database is at schema {current}, which a newer Larder made; "
            f"this is {__version__}. Upgrade Larder first."
        )
    _migrate_file(settings, staged)
    run_migrations(settings)
    replaced = None
    if current is not None:
        folder = backups_dir(settings)
        folder.mkdir(parents=True, exist_ok=True)
        stamp = f"before-restore-{now.astimezone(UTC):%Y%m%d-%H%M%S}"
        replaced = take_backup(settings, _unused(folder, stamp, ".zip"), now=now).path
    try:
        asyncio.run(sqlite_to_postgres(staged, settings.database_url, lock_key=PG_INSTANCE_KEY))
    except CopyError as exc:
        raise BackupError(str(exc)) from None
    return replaced


def _set_aside(settings: Settings, database: Path | None, now: datetime) -> Path | None:
    """Move the data dir's database (with its WAL files), key and uploads into a folder of their own."""
    files = (database, *_wal_files(database)) if database is not None else ()
    present = [p for p in files if p.exists()]
    uploads = _uploads(settings.uploads_dir)
    key = settings.data_dir / SECRET_KEY
    if not present and not uploads:
        return None
    aside = _unused(settings.data_dir, f"before-restore-{now.astimezone(UTC):%Y%m%d-%H%M%S}")
    (aside / "uploads").mkdir(parents=True)
    for path in present:
        os.replace(path, aside / path.name)
    if key.exists():
        shutil.copy2(key, aside / SECRET_KEY)
    for upload in uploads:
        os.replace(upload, aside / "uploads" / upload.name)
    return aside


def _wal_files(database: Path) -> tuple[Path, Path]:
    return database.with_name(database.name + "-wal"), database.with_name(database.name + "-shm")


def _safe_member(name: str) -> bool:
    if name in (DATABASE, SECRET_KEY):
        return True
    rest = name[len(UPLOADS) :] if name.startswith(UPLOADS) else ""
    return bool(rest) and "/" not in rest and "\\" not in rest and rest not in (".", "..")


def _digest(stream: IO[bytes], copy_to: IO[bytes] | None = None) -> tuple[int, str]:
    """Size and SHA-256 of what the stream holds, copied on to `copy_to` on the way."""
    digest = hashlib.sha256()
    size = 0
    while chunk := stream.read(_CHUNK):
        digest.update(chunk)
        size += len(chunk)
        if copy_to is not None:
            copy_to.write(chunk)
    return size, digest.hexdigest()


__all__ = [
    "DAILY",
    "ON_DEMAND",
    "ON_DEMAND_KEEP",
    "OTHER",
    "BackupError",
    "BackupFile",
    "BackupKeeper",
    "BackupKind",
    "Restored",
    "backups_dir",
    "database_path",
    "list_backups",
    "prepare_backup_schema",
    "provide_backup_keeper",
    "prune_backups",
    "read_manifest",
    "restore_backup",
    "take_backup",
]
