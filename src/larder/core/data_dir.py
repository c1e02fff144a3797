"""Who is using a data dir: servers share it among themselves, a restore needs it alone."""

from __future__ import annotations

import contextlib
import fcntl
from collections.abc import Iterator
from pathlib import Path

LOCK_FILE = ".larder.lock"


class DataDirBusy(Exception):
    """The data dir is in use in a way that excludes what was asked; the message says how."""


@contextlib.contextmanager
def data_dir_lock(data_dir: Path, *, exclusive: bool) -> Iterator[None]:
    """Servers hold a shared lock on the data dir for as long as they serve (several may share one);
    a restore takes it exclusively, so it refuses a data dir any server is using. The kernel lets
    go of a lock when its process dies, so a crash leaves none behind."""
    data_dir.mkdir(parents=True, exist_ok=True)
    with open(data_dir / LOCK_FILE, "a+b") as handle:
        try:
            fcntl.flock(handle, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
        except BlockingIOError:
            if exclusive:
                raise DataDirBusy(f"A Larder server is running on {data_dir}: stop it first.") from None
            raise DataDirBusy(f"{data_dir} is being restored from a backup.") from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


__all__ = ["LOCK_FILE", "DataDirBusy", "data_dir_lock"]
