"""Keeping the server's memory near what it uses: fewer malloc arenas, free pages given back.

glibc gives each thread that allocates while another holds the main heap an arena of its own (up to
eight per core) and keeps freed memory in every arena for reuse. The worker threads of a busy
minute (the database reader, image decoding, password hashing) then leave several megabytes
resident for good. Two arenas are enough for a server with one event loop and a few workers, and
`malloc_trim(0)` hands the free pages of every arena back to the system.

Anywhere but glibc (musl, macOS) both do nothing.
"""

from __future__ import annotations

import ctypes
import logging
import platform
from contextlib import AbstractAsyncContextManager
from typing import Any

from larder.core.process.background import beside_the_server, repeat

logger = logging.getLogger("larder")

MALLOC_ARENAS = 2
M_ARENA_MAX = -8  # mallopt's parameter number (malloc.h)
TRIM_EVERY_SECONDS = 30.0


def _glibc() -> Any | None:
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return None
    try:
        return ctypes.CDLL("libc.so.6")
    except OSError:
        return None


def limit_malloc_arenas(count: int = MALLOC_ARENAS) -> bool:
    """At most `count` malloc arenas from now on; call it before the server starts any thread."""
    libc = _glibc()
    return bool(libc is not None and libc.mallopt(M_ARENA_MAX, count))


def release_free_memory() -> bool:
    """Give the free pages of every malloc arena back to the system; True when some were."""
    libc = _glibc()
    return bool(libc is not None and libc.malloc_trim(0))


def memory_upkeep(_app: Any, every: float = TRIM_EVERY_SECONDS) -> AbstractAsyncContextManager[None]:
    """Beside the server: free memory goes back to the system every `every` seconds (a few
    milliseconds of work when there is some, nothing when there is none)."""

    async def trim() -> None:
        release_free_memory()

    return beside_the_server(repeat(trim, every=every, first_after=every, what="returning free memory"))
