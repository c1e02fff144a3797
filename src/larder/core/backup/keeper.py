"""The backups kept in the data dir: listed, pruned by kind, and taken daily."""

from __future__ import annotations

import contextlib
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import anyio.to_thread
from litestar.datastructures import State

from larder.core.backup.archive import (
    DAILY,
    NAME_PATTERN,
    ON_DEMAND,
    OTHER,
    BackupFile,
    BackupKind,
    backups_dir,
    take_backup,
)
from larder.core.base.settings import Settings

# Each archive is a whole copy of the data dir (database and every image): without a bound, clicks
# on "Back up now" fill the disk the database lives on. Five leave room for a few copies taken
# before changes; an administrator downloads any worth keeping for longer.
ON_DEMAND_KEEP = 5


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
    keeper: BackupKeeper = state["backup_keeper"]
    return keeper
