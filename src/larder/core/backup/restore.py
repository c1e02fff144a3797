"""Restoring a backup: checked, staged, and swapped in for the database alone.

A restore checks the manifest (every member's size and SHA-256, the schema revision) before it
touches the data dir, refuses a revision this version does not know (a newer Larder made it), puts
what was there aside (`before-restore-<time>/`), never into the void, and migrates an older archive
to head. Restored onto PostgreSQL, the archive's rows replace the database's in one transaction,
after a backup of what it held (`backups/before-restore-<time>.zip`).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import tempfile
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from larder import __version__
from larder.core.backup.archive import (
    CHUNK,
    DATABASE,
    FORMAT,
    MANIFEST,
    SECRET_KEY,
    UPLOADS,
    BackupError,
    alone_in,
    backups_dir,
    database_path,
    file_digest,
    fsync_dir,
    migrate_file,
    take_backup,
    unused,
    upload_files,
)
from larder.core.backup.db_copy import CopyError, postgres_revision, sqlite_to_postgres
from larder.core.base.paths import migrations_dir
from larder.core.base.settings import Settings


@dataclass(frozen=True)
class Restored:
    schema_revision: str
    counts: dict[str, int]
    uploads: int
    set_aside: Path | None
    # PostgreSQL: the archive of the database's rows before the restore replaced them.
    replaced: Path | None = None


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
                    size, digest = file_digest(member)
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
    with alone_in(data_dir):
        now = now or datetime.now(UTC)
        with tempfile.TemporaryDirectory(prefix=".restore-", dir=data_dir) as work:
            staged = Path(work)
            with zipfile.ZipFile(archive_path) as archive:
                for name in manifest["files"]:
                    destination = staged / name
                    destination.parent.mkdir(parents=True, exist_ok=True)
                    with archive.open(name) as member, open(destination, "wb") as out:
                        shutil.copyfileobj(member, out, CHUNK)
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
        fsync_dir(data_dir)
    return Restored(revision, dict(manifest.get("counts", {})), uploads, set_aside, replaced)


def _restore_onto_postgres(settings: Settings, staged: Path, now: datetime) -> Path | None:
    """The PostgreSQL database migrated to head, a backup of what it held written into backups/
    (never pruned: it is no daily one), then its rows replaced by those of the archive's SQLite
    file, migrated to head as well. The backup's path; None when the database had no schema yet."""
    from larder.core.db.setup import run_migrations
    from larder.core.db.uow import PG_INSTANCE_KEY

    try:
        current = asyncio.run(postgres_revision(settings.database_url))
    except CopyError as exc:
        raise BackupError(str(exc)) from None
    if current is not None and current not in known_revisions():
        raise BackupError(
            f"The PostgreSQL database is at schema {current}, which a newer Larder made; "
            f"this is {__version__}. Upgrade Larder first."
        )
    migrate_file(settings, staged)
    run_migrations(settings)
    replaced = None
    if current is not None:
        folder = backups_dir(settings)
        folder.mkdir(parents=True, exist_ok=True)
        stamp = f"before-restore-{now.astimezone(UTC):%Y%m%d-%H%M%S}"
        replaced = take_backup(settings, unused(folder, stamp, ".zip"), now=now).path
    try:
        asyncio.run(sqlite_to_postgres(staged, settings.database_url, lock_key=PG_INSTANCE_KEY))
    except CopyError as exc:
        raise BackupError(str(exc)) from None
    return replaced


def _set_aside(settings: Settings, database: Path | None, now: datetime) -> Path | None:
    """Move the data dir's database (with its WAL files), key and uploads into a folder of their own."""
    files = (database, *_wal_files(database)) if database is not None else ()
    present = [p for p in files if p.exists()]
    uploads = upload_files(settings.uploads_dir)
    key = settings.data_dir / SECRET_KEY
    if not present and not uploads:
        return None
    aside = unused(settings.data_dir, f"before-restore-{now.astimezone(UTC):%Y%m%d-%H%M%S}")
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
