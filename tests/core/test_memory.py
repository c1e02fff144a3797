"""What keeps the server's memory small: no library it never runs, preparation in a child process,
two malloc arenas and free pages handed back (bench/memory.py measures the result)."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys

import pytest

from tests.support import free_port

# Loaded only by the migrations, the command lines of litestar, advanced-alchemy and httpx, or the
# import parser (which runs in a process of its own).
NEVER_IN_THE_SERVER = (
    "alembic",
    "mako",
    "pygments",
    "rich",
    "rich_click",
    "litestar.cli",
    "advanced_alchemy.extensions.litestar",
    "httpx._main",
    "lxml",
    "recipe_scrapers",
    "extruct",
)


def run_python(script: str, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, **(env or {})},
    )


def test_the_app_loads_no_library_the_server_never_runs(tmp_path):
    script = """
import json, sys
from larder.app import create_app
from larder.core.base.settings import Settings
create_app(Settings.from_env({"LARDER_DATA_DIR": sys.argv[1]}))
print(json.dumps(sorted(name for name, module in sys.modules.items() if module is not None)))
"""
    done = run_python(script, str(tmp_path))
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert [name for name in NEVER_IN_THE_SERVER if name in loaded] == []


def test_serve_prepares_the_instance_in_a_child_process(tmp_path):
    """Migrations and the starter catalogue run in a forked child: the invite code comes back, the
    database is ready, and alembic never loads into the serving process."""
    script = """
import json, sys
from larder.__main__ import _prepare_elsewhere, _settings
from larder.catalogue.service import CatalogueService
wait = _prepare_elsewhere(_settings())
code = wait()
print(json.dumps({"code": code, "alembic": "alembic" in sys.modules}))
"""
    done = run_python(script, env={"LARDER_DATA_DIR": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["alembic"] is False
    assert len(found["code"]) == 8
    import sqlite3

    with sqlite3.connect(tmp_path / "larder.db") as db:
        assert db.execute("select count(*) from recipe").fetchone()[0] > 0
        assert db.execute("select version_num from alembic_version").fetchone()[0]


def test_serve_stops_with_the_error_when_preparing_fails(tmp_path):
    (tmp_path / "larder.db").write_bytes(b"this is not a database" * 100)
    done = subprocess.run(
        [sys.executable, "-m", "larder", "serve", "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "LARDER_DATA_DIR": str(tmp_path)},
    )
    assert done.returncode == 1
    assert "file is not a database" in done.stderr
    assert "Larder" not in done.stdout  # it never started serving


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="the malloc tuning is glibc's")
@pytest.mark.parametrize("limited", [True, False])
def test_malloc_arenas_are_limited_and_free_memory_is_handed_back(limited):
    """Eight threads that allocate get an arena each from glibc unless the server limited them to two;
    what they freed is handed back by release_free_memory."""
    script = """
import ctypes, sys, threading
from larder.core.process.memory import limit_malloc_arenas, release_free_memory
if sys.argv[1] == "limited":
    assert limit_malloc_arenas(2)
start = threading.Barrier(8)
def churn():
    start.wait()
    blocks = [ctypes.create_string_buffer(4000) for _ in range(2000)]
    del blocks
threads = [threading.Thread(target=churn) for _ in range(8)]
for t in threads: t.start()
for t in threads: t.join()
print("trimmed" if release_free_memory() else "nothing to trim", flush=True)
ctypes.CDLL("libc.so.6").malloc_stats()  # one "Arena N:" block per arena, on stderr
"""
    done = run_python(script, "limited" if limited else "usual")
    assert done.returncode == 0, done.stderr
    arenas = sum(1 for line in done.stderr.splitlines() if line.startswith("Arena "))
    if limited:
        assert arenas <= 2
    else:
        assert arenas > 2
    assert done.stdout.strip() == "trimmed"
