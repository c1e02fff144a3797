"""A throw-away PostgreSQL cluster for the test suite, from Debian's packages.

    python -m tests.postgres_cluster [pytest arguments]

initdb in a temporary directory (as the `postgres` system user when run as root: PostgreSQL
refuses to run as root), a server listening only on a Unix socket in that directory, the schema
migrated once into a template database, then pytest with LARDER_TEST_POSTGRES naming the server:
each test gets its own database copied from the template (tests/conftest.py). The server is
stopped and the directory deleted at the end, whatever happened.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

TEMPLATE = "larder_template"
USER = "larder"
ENV_SERVER = "LARDER_TEST_POSTGRES"


def bin_dir() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        raise SystemExit("PostgreSQL is not installed (apt-get install -y postgresql)")
    return found[-1].parent


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@contextlib.contextmanager
def cluster() -> Iterator[str]:
    """A running server; yields its SQLAlchemy URL without a database name."""
    binaries = bin_dir()
    root = Path(tempfile.mkdtemp(prefix="larder-pg-"))
    try:
        data = root / "data"
        if os.geteuid() == 0:
            shutil.chown(root, "postgres", "postgres")
        root.chmod(0o755)
        subprocess.run(
            _as_server_user(
                [str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", USER, "-E", "UTF8", "--locale=C.UTF-8"]
            ),
            check=True,
            capture_output=True,
        )
        # Durability is of no use to a cluster deleted at the end: no fsync, no full pages.
        options = f"-k {root} -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        start = [str(binaries / "pg_ctl"), "-D", str(data), "-l", str(root / "server.log"), "-w", "-o", options]
        subprocess.run(_as_server_user([*start, "start"]), check=True, capture_output=True)
        try:
            yield f"postgresql+asyncpg://{USER}@/{{database}}?host={root}"
        finally:
            subprocess.run(
                _as_server_user([str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                check=False,
                capture_output=True,
            )
    finally:
        shutil.rmtree(root, ignore_errors=True)


def database_url(server: str, database: str) -> str:
    return server.replace("{database}", database)


async def _admin(server: str, *statements: str) -> None:
    import asyncpg

    host = server.split("host=", 1)[1]
    connection = await asyncpg.connect(user=USER, database="postgres", host=host)
    try:
        for statement in statements:
            await connection.execute(statement)
    finally:
        await connection.close()


def admin(server: str, *statements: str) -> None:
    """Statements run outside any transaction on the `postgres` database (CREATE/DROP DATABASE)."""
    asyncio.run(_admin(server, *statements))


_made: list[str] = []


def new_database() -> dict[str, str]:
    """Under this runner, a database of its own copied from the migrated template, as the settings
    that name it, dropped by `drop_new_databases` when the test ends; elsewhere (SQLite) nothing."""
    server = os.environ.get(ENV_SERVER)
    if not server:
        return {}
    name = f"t_{uuid.uuid4().hex[:16]}"
    # A file copy of the small template is quicker than writing it block by block to the WAL (the
    # default since PostgreSQL 15); the checkpoint it takes costs little without fsync.
    admin(server, f"CREATE DATABASE {name} TEMPLATE {TEMPLATE} STRATEGY = FILE_COPY")
    _made.append(name)
    return {"LARDER_DATABASE_URL": database_url(server, name)}


def drop_new_databases() -> None:
    server = os.environ.get(ENV_SERVER)
    if server and _made:
        admin(server, *(f"DROP DATABASE {name} WITH (FORCE)" for name in _made))
    _made.clear()


@contextlib.contextmanager
def own_database() -> Iterator[dict[str, str]]:
    """`new_database`, dropped when the block ends."""
    server = os.environ.get(ENV_SERVER)
    if not server:
        yield {}
        return
    env = new_database()
    name = _made.pop()
    try:
        yield env
    finally:
        admin(server, f"DROP DATABASE {name} WITH (FORCE)")


def prepare_template(server: str) -> None:
    from larder.core.base.settings import Settings
    from larder.core.db.setup import run_migrations

    admin(server, f"CREATE DATABASE {TEMPLATE}")
    data_dir = Path(tempfile.mkdtemp(prefix="larder-pg-template-"))
    try:
        settings = Settings.from_env(
            {"LARDER_DATA_DIR": str(data_dir), "LARDER_DATABASE_URL": database_url(server, TEMPLATE)}
        ).prepared()
        run_migrations(settings)
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def main(argv: list[str]) -> int:
    with cluster() as server:
        prepare_template(server)
        env = {**os.environ, ENV_SERVER: server}
        return subprocess.run([sys.executable, "-m", "pytest", *argv], env=env, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
