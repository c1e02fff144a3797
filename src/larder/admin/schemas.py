"""Wire contract of the instance administrator's calls."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec

from larder.core.backup.archive import BackupKind


class InviteCreateIn(msgspec.Struct):
    count: Annotated[int, msgspec.Meta(ge=1, le=100)] = 1
    uses: Annotated[int, msgspec.Meta(ge=1, le=10_000)] = 1
    expires_days: Annotated[int, msgspec.Meta(ge=1, le=3650)] | None = None


class BackupOut(msgspec.Struct):
    """One backup archive in the data dir's backups/. `kind`: `daily` (the server's own, the newest
    LARDER_BACKUP_KEEP kept), `on_demand` (taken with "Back up now", the newest 5 kept) or `other`
    (written by `larder backup`, or by an older Larder: never deleted)."""

    name: str
    size: int
    created_at: datetime
    kind: BackupKind
