"""Who is using a data dir: servers share it among themselves, a restore needs it alone, and one
process at a time prepares it (migrations, the starter catalogue)."""

from __future__ import annotations

import contextlib
import fcntl
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

LOCK_FILE = ".larder.lock"
SETUP_LOCK_FILE = ".setup.lock"
# How often a process waiting for the setup turn looks again: soon at first, then every quarter second.
_FIRST_LOOK_SECONDS = 0.02
_LAST_LOOK_SECONDS = 0.25


class DataDirBusy(Exception):
    """The data dir is in use in a way that excludes what was asked; the message says how."""


class SetupBusy(Exception):
    """Another process kept the setup turn longer than this one would wait; the message says so."""


def setup_busy_message(where: object, timeout: float) -> str:
    return (
        f"Another Larder process has been preparing the database of {where} (migrations or the starter "
        f"catalogue) for {timeout:.0f} s; gave up waiting. Try again once it has finished."
    )


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


@contextlib.contextmanager
def setup_file_lock(data_dir: Path, *, timeout: float, on_wait: Callable[[], None] | None = None) -> Iterator[None]:
    """The setup turn of a SQLite instance: an exclusive lock on a file in the data dir, held by
    whatever migrates the database or loads the starter catalogue (`serve`, `migrate`, `seed`, the
    commands that migrate first, `restore`). Another process waits for it (`on_wait` is called
    once when it has to), at most `timeout` seconds (then SetupBusy), and then finds the work done.
    The kernel lets go of the lock when its process dies."""
    data_dir.mkdir(parents=True, exist_ok=True)
    with open(data_dir / SETUP_LOCK_FILE, "a+b") as handle:
        if not _took(handle):
            if on_wait is not None:
                on_wait()
            # flock has no timeout: a bounded wait looks again and again (a few times a second).
            deadline = time.monotonic() + timeout
            pause = _FIRST_LOOK_SECONDS
            while not _took(handle):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise SetupBusy(setup_busy_message(data_dir, timeout))
                time.sleep(min(pause, left))
                pause = min(pause * 2, _LAST_LOOK_SECONDS)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _took(handle: IO[bytes]) -> bool:
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


__all__ = [
    "LOCK_FILE",
    "SETUP_LOCK_FILE",
    "DataDirBusy",
    "SetupBusy",
    "data_dir_lock",
    "setup_busy_message",
    "setup_file_lock",
]
