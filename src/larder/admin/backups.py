"""The instance's backup archives for the administrator: the list, one taken now, and each one to
download (core/backup/ makes them; the server also takes one a day)."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.response import File
from litestar.status_codes import HTTP_201_CREATED

from larder.admin.schemas import BackupOut
from larder.core.backup.archive import BackupError, BackupFile
from larder.core.backup.keeper import BackupKeeper
from larder.core.base.errors import Conflict, NotFound

MSG_NO_SUCH_BACKUP = "There is no backup of that name."


def _out(backup: BackupFile) -> BackupOut:
    return BackupOut(name=backup.name, size=backup.size, created_at=backup.created_at, kind=backup.kind)


class AdminBackupController(Controller):
    path = "/backups"
    tags = ["admin"]

    @get("/")
    async def list_backups(self, backups: NamedDependency[BackupKeeper]) -> list[BackupOut]:
        """The archives kept, newest first."""
        return [_out(backup) for backup in await backups.listed()]

    # No write turn: the copy is one snapshot read on a connection of its own (core/backup/).
    @post("/", status_code=HTTP_201_CREATED)
    async def take_backup(self, backups: NamedDependency[BackupKeeper]) -> BackupOut:
        """A backup now (the database, uploaded images and signing key). Of the archives taken this
        way the newest 5 are kept, the older ones deleted; daily archives and those `larder backup`
        wrote are never touched by it."""
        try:
            return _out(await backups.take_now())
        except BackupError as exc:
            raise Conflict(str(exc)) from None

    @get("/{name:str}", media_type="application/zip")
    async def download_backup(self, name: FromPath[str], backups: NamedDependency[BackupKeeper]) -> File:
        """One archive, as a file to save."""
        backup = await backups.found(name)
        if backup is None:
            raise NotFound(MSG_NO_SUCH_BACKUP)
        return File(path=backup.path, filename=backup.name, media_type="application/zip")
