"""Backups of a PostgreSQL install and moves between SQLite and PostgreSQL (core/backup/,
core/backup/db_copy.py): a PostgreSQL backup restored into SQLite gives back every row and upload, a SQLite
backup restored onto PostgreSQL as well, with its ids and search index working on; one snapshot
while a writer writes; damaged archives and a data dir in use refused before anything changes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import threading
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from litestar.testing import TestClient
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from larder.app import create_app
from larder.core.backup import archive as backups
from larder.core.backup.archive import SCHEMA_FILE, BackupError, prepare_backup_schema, take_backup
from larder.core.backup.keeper import BackupKeeper, list_backups
from larder.core.backup.restore import known_revisions, read_manifest, restore_backup
from larder.core.base.paths import migrations_dir
from larder.core.base.settings import Settings
from larder.core.db.data_dir import data_dir_lock
from tests.catalogue.fixtures import seed, write_catalogue
from tests.factories import Member, make_member
from tests.mealplans.support import new_plan
from tests.stores.support import LISTS, new_list, new_store, receive
from tests.support import make_settings, sql, sqlite_settings
from tests.test_cli import larder

HEAD = max(known_revisions())
PHOTO = bytes(range(256)) * 40


# -- an instance with something in every part ----------------------------------------------------------


@dataclass
class Filled:
    settings: Settings
    cook: Member
    list_id: int
    recipe_name: str


def fill(settings: Settings, tmp_path: Path) -> Filled:
    """Accounts with sessions, the catalogue (categories, ingredients, recipes with steps, its search
    index, an image), a recipe written through the admin API, a shopping list, a food store with
    dated stock, a dated meal plan, and an uploaded photo."""
    seed(settings, write_catalogue(tmp_path / f"catalogue-{settings.data_dir.name}"))
    admin = make_member(settings, "alice_1", "alice@example.org", verified=True, admin=True)
    cook = make_member(settings, "bob_22", "bob@example.org", verified=True)
    ingredients = {name: ingredient_id for ingredient_id, name in sql(settings, "select id, name from ingredient")}
    categories = {name: category_id for category_id, name in sql(settings, "select id, name from category")}
    with TestClient(create_app(settings)) as client:
        recipe = {
            "name": "Smoky aubergine stew",
            "description": "Slow-cooked with crème fraîche.",
            "serves": 4,
            "category_id": categories["Mains"],
            "ingredients": [
                {"ingredient_id": ingredients[name], "quantity": 2, "measurement": "unit(s)", "treatment": "diced"}
                for name in ("Tomato", "Crème fraîche")
            ],
            "steps": [
                {"title": "Chop", "description": "Dice everything.", "ingredients": [0]},
                {"title": "Simmer", "description": "Let it bubble.", "timer": "00:40:00"},
            ],
        }
        created = client.post("/api/admin/recipes", headers=admin.headers, json=recipe)
        assert created.status_code == 201, created.text
        shopping = new_list(client, cook, "Weekly shop", [{"value": str(ingredients["Rice"]), "quantity": 3}])
        store = new_store(client, cook)
        receive(
            client,
            cook,
            store["id"],
            [{"value": str(ingredients["Tomato"]), "quantity": 4, "unit": "unit(s)"}, {"name": "Home made jam"}],
        )
        new_plan(client, cook, "Week one")
    sql(settings, "update meal_plan set start_date = '2026-04-06', end_date = '2026-04-08'")
    (settings.uploads_dir / "photo-of-the-stew.jpg").write_bytes(PHOTO)
    return Filled(settings, cook, shopping["user_shoppinglist_id"], recipe["name"])


@pytest.fixture
def filled(settings: Settings, tmp_path: Path) -> Filled:
    return fill(settings, tmp_path)


def fresh(tmp_path: Path, name: str) -> Settings:
    """A data dir as `larder restore` finds it on a new machine: no database yet."""
    return Settings.from_env({"LARDER_DATA_DIR": str(tmp_path / name)}).prepared()


# -- every row, as each side stores it ----------------------------------------------------------------


def _normal(value: Any, declared: str) -> Any:
    """A value as the app reads it, whichever database held it (SQLite's declared type says how)."""
    if value is None:
        return None
    if declared == "DATETIME":
        moment = datetime.fromisoformat(value) if isinstance(value, str) else value
        return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    if declared == "DATE":
        return date.fromisoformat(value) if isinstance(value, str) else value
    if declared == "BOOLEAN":
        return bool(value)
    if declared == "JSON":
        return json.loads(value) if isinstance(value, str) else value
    if declared in ("FLOAT", "REAL"):
        return float(value)
    return value


def _rows(rows: list[dict[str, Any]], declared: dict[str, str]) -> list[dict[str, Any]]:
    normal = [{k: _normal(v, declared.get(k, "")) for k, v in row.items()} for row in rows]
    return sorted(normal, key=lambda row: repr(sorted(row.items())))


def sqlite_tables(database: Path) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table of a SQLite file (a virtual table's with their rowid), less
    SQLite's own tables and the shadow tables of the search index."""
    found = {}
    with contextlib.closing(sqlite3.connect(database)) as connection:
        for _schema, name, kind, *_ in connection.execute("PRAGMA main.table_list").fetchall():
            if name.startswith("sqlite_") or kind not in ("table", "virtual"):
                continue
            columns = "rowid AS rowid, *" if kind == "virtual" else "*"
            cursor = connection.execute(f'SELECT {columns} FROM "{name}"')  # noqa: S608 (names from the schema)
            keys = [d[0] for d in cursor.description]
            found[name] = _rows([dict(zip(keys, row, strict=True)) for row in cursor], declared_types(database, name))
    return found


def declared_types(database: Path, table: str) -> dict[str, str]:
    with contextlib.closing(sqlite3.connect(database)) as connection:
        return {row[1]: row[2].upper().split("(")[0] for row in connection.execute(f'PRAGMA table_info("{table}")')}


def postgres_tables(settings: Settings, types_from: Path) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table of the PostgreSQL database, normalised by the declared types of the
    same tables in the SQLite file `types_from`."""

    async def read() -> dict[str, list[dict[str, Any]]]:
        engine = create_async_engine(settings.database_url)
        try:
            async with engine.connect() as connection:
                names = (
                    await connection.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))
                ).scalars()
                tables = {}
                for name in list(names):
                    result = await connection.execute(text(f'SELECT * FROM "{name}"'))  # noqa: S608 (names from pg_tables)
                    tables[name] = [dict(row) for row in result.mappings()]
                return tables
        finally:
            await engine.dispose()

    return {name: _rows(rows, declared_types(types_from, name)) for name, rows in asyncio.run(read()).items()}


def uploads_of(settings: Settings) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in settings.uploads_dir.iterdir() if path.is_file()}


def archived_database(archive: Path, folder: Path) -> Path:
    with zipfile.ZipFile(archive) as opened:
        opened.extract("larder.db", folder)
    return folder / "larder.db"


def counted(database: Path) -> dict[str, int]:
    with contextlib.closing(sqlite3.connect(database)) as connection:
        names = [
            row[0]
            for row in connection.execute(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {name: connection.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] for name in names}  # noqa: S608


# -- PostgreSQL into SQLite ---------------------------------------------------------------------------


def test_a_postgres_backup_restored_into_sqlite_gives_back_every_row_and_upload(filled: Filled, tmp_path: Path) -> None:
    source = filled.settings
    taken = take_backup(source, tmp_path / "pg.zip")
    manifest = read_manifest(taken.path)
    assert manifest["schema_revision"] == HEAD
    assert manifest["counts"]["recipe"] == 6 and manifest["counts"]["store_item"] == 2

    target = fresh(tmp_path, "sqlite")
    result = restore_backup(target, taken.path)
    assert result.uploads == len(uploads_of(source)) >= 2  # the catalogue's image and the photo
    database = target.data_dir / "larder.db"
    restored = sqlite_tables(database)
    original = postgres_tables(source, database)
    assert set(restored) == set(original)
    for name, rows in original.items():
        assert restored[name] == rows, name
    assert sum(len(rows) for rows in restored.values()) > 60
    assert counted(database) == manifest["counts"]
    assert uploads_of(target) == uploads_of(source)
    assert (target.data_dir / "secret_key").read_bytes() == (source.data_dir / "secret_key").read_bytes()

    # The SQLite install serves what PostgreSQL held: the same sessions, lists and search.
    with TestClient(create_app(fresh(tmp_path, "sqlite"))) as client:
        shopping = client.get(f"{LISTS}/{filled.list_id}", headers=filled.cook.headers)
        assert shopping.status_code == 200, shopping.text
        assert [item["name"] for item in shopping.json()["shopping_list"]["ingredients"]] == ["Rice"]
        found = client.get("/api/pwa/recipe-search", params={"search": "aubergine"}).json()["data"]
        assert [recipe["name"] for recipe in found] == [filled.recipe_name]


def test_the_archive_of_a_postgres_backup_holds_what_the_sqlite_one_would(filled: Filled, tmp_path: Path) -> None:
    """Derived values are copied as they were, not counted again while the rows go in."""
    taken = take_backup(filled.settings, tmp_path / "pg.zip")
    database = archived_database(taken.path, tmp_path / "archive")
    with contextlib.closing(sqlite3.connect(database)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
        (verified,) = connection.execute("SELECT verified_count FROM recipe_stats").fetchone()
        assert verified == connection.execute("SELECT count(*) FROM recipe WHERE verified").fetchone()[0] == 6
        assert connection.execute("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'").fetchone()[0] > 20
    (items_version,) = sql(
        filled.settings, "select items_version from shopping_list where id = :id", id=filled.list_id
    )[0]
    with contextlib.closing(sqlite3.connect(database)) as connection:
        copied = connection.execute("SELECT items_version FROM shopping_list WHERE id = ?", (filled.list_id,))
        assert copied.fetchone() == (items_version,)


def test_a_postgres_database_at_another_schema_is_not_backed_up(filled: Filled, tmp_path: Path) -> None:
    sql(filled.settings, "update alembic_version set version_num = '0099'")
    with pytest.raises(BackupError, match="schema 0099"):
        take_backup(filled.settings, tmp_path / "pg.zip")
    assert not (tmp_path / "pg.zip").exists()


# -- SQLite onto PostgreSQL ---------------------------------------------------------------------------


@pytest.fixture
def sqlite_instance(tmp_path: Path) -> Filled:
    return fill(sqlite_settings(str(tmp_path / "sqlite")), tmp_path)


def test_a_sqlite_backup_restored_onto_postgres_gives_back_every_row_and_works_on(
    sqlite_instance: Filled, settings: Settings, tmp_path: Path
) -> None:
    source = sqlite_instance.settings
    # A list made and deleted: its id is never given again, on PostgreSQL either.
    with TestClient(create_app(source)) as client:
        gone = new_list(client, sqlite_instance.cook, "Party")["user_shoppinglist_id"]
        assert client.delete(f"{LISTS}/{gone}", headers=sqlite_instance.cook.headers).status_code in (200, 204)
    archive = tmp_path / "move.zip"
    larder(source.data_dir, "backup", str(archive))
    sql(
        settings, "insert into news_item (title, html_content, created_at, updated_at) values ('Old', '', now(), now())"
    )

    result = larder(settings.data_dir, "restore", str(archive), env={"LARDER_DATABASE_URL": settings.database_url})
    assert "The rows of the PostgreSQL database were replaced by the backup's" in result.stdout
    (replaced,) = settings.data_dir.joinpath("backups").glob("before-restore-*.zip")
    assert str(replaced) in result.stdout
    held = sqlite_tables(archived_database(replaced, tmp_path / "replaced"))
    assert [row["title"] for row in held["news_item"]] == ["Old"]  # what the database held is kept

    database = source.data_dir / "larder.db"
    restored = postgres_tables(settings, database)
    original = sqlite_tables(database)
    assert set(restored) == (set(original) | {"alembic_version"})
    for name, rows in original.items():
        assert restored[name] == rows, name
    assert sql(settings, "select version_num from alembic_version") == [(HEAD,)]
    assert uploads_of(settings) == uploads_of(source)

    moved = make_settings(str(settings.data_dir), LARDER_DATABASE_URL=settings.database_url)  # the restored key
    with TestClient(create_app(moved)) as client:
        found = client.get("/api/pwa/recipe-search", params={"search": "aubergine"}).json()["data"]
        assert [recipe["name"] for recipe in found] == [sqlite_instance.recipe_name]
        made = new_list(client, sqlite_instance.cook, "After the move")  # the sequences are past every id
        assert made["user_shoppinglist_id"] == gone + 1
        answer = client.get(f"{LISTS}/{made['user_shoppinglist_id']}", headers=sqlite_instance.cook.headers)
        assert answer.status_code == 200
    (highest_stock,) = sql(settings, "select max(id) from store_item")[0]
    member = make_member(settings, "carol_3", "carol@example.org", verified=True)
    assert member.id > max(row["id"] for row in original["user_account"])
    assert sql(settings, "select nextval('store_item_id_seq')")[0][0] == highest_stock + 1


def test_an_archive_of_an_older_schema_is_migrated_onto_postgres(settings: Settings, tmp_path: Path) -> None:
    old = fresh(tmp_path, "old")
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    config.set_main_option("sqlalchemy.url", old.database_url)
    command.upgrade(config, "0016")
    with contextlib.closing(sqlite3.connect(old.data_dir / "larder.db")) as connection:
        connection.execute(
            "INSERT INTO news_item (title, html_content, created_at, updated_at) "
            "VALUES ('From 0016', '', '2026-01-02 03:04:05', '2026-01-02 03:04:05')"
        )
        connection.commit()
    archive = take_backup(old, tmp_path / "old.zip").path

    result = restore_backup(settings, archive)
    assert result.schema_revision == "0016"
    assert sql(settings, "select version_num from alembic_version") == [(HEAD,)]
    assert sql(settings, "select title, created_at from news_item") == [
        ("From 0016", datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC))
    ]


# -- one snapshot -------------------------------------------------------------------------------------


_NEW_CATEGORY = text(
    "INSERT INTO category (key, name, kind, external_link, created_at, updated_at) "
    "VALUES (:key, 'Busy', 'recipe', false, now(), now())"
)


@contextlib.contextmanager
def writing(settings: Settings) -> Iterator[list[int]]:
    """A writer adding a category per transaction (a trigger counts up the catalogue's read
    version in the same transaction) until the block ends; yields once 50 have committed."""
    stop = threading.Event()
    under_way = threading.Event()
    commits: list[int] = []
    failed: list[BaseException] = []

    async def write() -> None:
        engine = create_async_engine(settings.database_url)
        try:
            while not stop.is_set():
                async with engine.begin() as connection:
                    await connection.execute(_NEW_CATEGORY, {"key": f"busy:{len(commits)}"})
                commits.append(1)
                if len(commits) == 50:
                    under_way.set()
        finally:
            await engine.dispose()

    def run() -> None:
        try:
            asyncio.run(write())
        except BaseException as exc:  # shown by the test, not lost in the thread
            failed.append(exc)
            under_way.set()

    thread = threading.Thread(target=run)
    thread.start()
    try:
        assert under_way.wait(timeout=60)
        assert not failed, failed
        yield commits
    finally:
        stop.set()
        thread.join()
    assert not failed, failed


def test_a_backup_taken_while_a_writer_writes_is_one_snapshot(filled: Filled, tmp_path: Path) -> None:
    settings = filled.settings
    ((categories_before, version_before),) = sql(
        settings,
        "select (select count(*) from category), (select version from read_version where name = 'catalogue')",
    )
    with writing(settings) as commits:
        started_at = len(commits)
        taken = take_backup(settings, tmp_path / "during.zip")
        ended_at = len(commits)

    database = archived_database(taken.path, tmp_path / "archive")
    with contextlib.closing(sqlite3.connect(database)) as connection:
        categories = connection.execute("SELECT count(*) FROM category").fetchone()[0] - categories_before
        version = connection.execute("SELECT version FROM read_version WHERE name = 'catalogue'").fetchone()[0]
    assert started_at <= categories <= ended_at
    assert version - version_before == categories  # both tables read at the same moment
    assert read_manifest(taken.path)["counts"] == counted(database)


def test_a_backup_neither_waits_for_an_open_write_nor_holds_what_it_has_not_committed(
    filled: Filled, tmp_path: Path
) -> None:
    settings = filled.settings
    written = threading.Event()
    finish = threading.Event()

    async def open_write() -> None:
        engine = create_async_engine(settings.database_url)
        try:
            async with engine.begin() as connection:
                await connection.execute(_NEW_CATEGORY, {"key": "busy:open"})  # row locks held from here
                written.set()
                await asyncio.to_thread(finish.wait)
        finally:
            await engine.dispose()

    thread = threading.Thread(target=asyncio.run, args=(open_write(),))
    thread.start()
    try:
        assert written.wait(timeout=60)
        taken = take_backup(settings, tmp_path / "open.zip")  # would wait on the writer's locks
    finally:
        finish.set()
        thread.join()
    database = archived_database(taken.path, tmp_path / "archive")
    with contextlib.closing(sqlite3.connect(database)) as connection:
        assert connection.execute("SELECT count(*) FROM category WHERE key = 'busy:open'").fetchone() == (0,)
    assert sql(settings, "select count(*) from category where key = 'busy:open'") == [(1,)]  # it committed after


# -- refused before anything changes ------------------------------------------------------------------


@pytest.mark.parametrize("keep", [0.3, 0.95])
def test_a_truncated_archive_is_refused_and_the_database_is_untouched(
    filled: Filled, tmp_path: Path, keep: float
) -> None:
    settings = filled.settings
    whole = take_backup(settings, tmp_path / "whole.zip").path.read_bytes()
    cut = tmp_path / "cut.zip"
    cut.write_bytes(whole[: int(len(whole) * keep)])
    reference = tmp_path / "reference.db"
    with zipfile.ZipFile(tmp_path / "whole.zip") as archive:
        reference.write_bytes(archive.read("larder.db"))
    before = postgres_tables(settings, reference)
    uploads = uploads_of(settings)

    with pytest.raises(BackupError, match=r"damaged|not a Larder backup"):
        restore_backup(settings, cut)
    assert postgres_tables(settings, reference) == before
    assert uploads_of(settings) == uploads
    assert not (settings.data_dir / "backups").exists()
    assert [p.name for p in settings.data_dir.iterdir() if p.name.startswith(("before-restore", ".restore"))] == []


def test_rows_postgres_cannot_hold_leave_the_database_as_it_was(settings: Settings, tmp_path: Path) -> None:
    """SQLite keeps text longer than its column's length; PostgreSQL refuses it, and the whole
    restore with it: the rows already emptied and copied are back as they were."""
    source = sqlite_settings(str(tmp_path / "sqlite"))
    with contextlib.closing(sqlite3.connect(source.data_dir / "larder.db")) as connection:
        connection.execute(
            "INSERT INTO news_item (title, html_content, created_at, updated_at) "
            "VALUES (?, '', '2026-01-02 03:04:05', '2026-01-02 03:04:05')",
            ("Long " * 100,),
        )
        connection.commit()
    archive = take_backup(source, tmp_path / "long.zip").path
    sql(
        settings,
        "insert into news_item (title, html_content, created_at, updated_at) values ('Mine', '', now(), now())",
    )
    (settings.uploads_dir / "mine.jpg").write_bytes(PHOTO)
    versions = sql(settings, "select * from read_version")

    with pytest.raises(BackupError, match=r"rows of table news_item could not be copied.*too long"):
        restore_backup(settings, archive)
    assert sql(settings, "select title from news_item") == [("Mine",)]
    assert sql(settings, "select * from read_version") == versions
    assert uploads_of(settings) == {"mine.jpg": PHOTO}


def test_a_restore_onto_postgres_is_refused_while_a_server_uses_the_data_dir(filled: Filled, tmp_path: Path) -> None:
    settings = filled.settings
    taken = take_backup(settings, tmp_path / "b.zip")
    sql(
        settings,
        "insert into news_item (title, html_content, created_at, updated_at) values ('Newer', '', now(), now())",
    )
    with (
        data_dir_lock(settings.data_dir, exclusive=False),
        pytest.raises(BackupError, match="stop it first"),
    ):
        restore_backup(settings, taken.path)
    assert sql(settings, "select title from news_item") == [("Newer",)]
    assert not (settings.data_dir / "backups").exists()

    restore_backup(settings, taken.path)  # once it has stopped
    assert sql(settings, "select title from news_item") == []


# -- the daily keeper ---------------------------------------------------------------------------------


def test_the_keeper_takes_backups_of_a_postgres_install(filled: Filled) -> None:
    keeper = BackupKeeper(filled.settings, keep=2)
    taken = asyncio.run(keeper.take_if_due())
    assert taken is not None and taken.path.parent == filled.settings.data_dir / "backups"
    assert read_manifest(taken.path)["counts"]["recipe"] == 6
    assert asyncio.run(keeper.take_if_due()) is None  # one a day


def test_a_server_on_postgres_takes_its_daily_backup(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    from larder import bootstrap

    monkeypatch.setattr(bootstrap, "BACKUP_FIRST_CHECK_AFTER_SECONDS", 0)
    taken = threading.Event()
    take = BackupKeeper.take_daily

    async def take_and_tell(keeper: BackupKeeper) -> Any:
        try:
            return await take(keeper)
        finally:
            taken.set()

    monkeypatch.setattr(BackupKeeper, "take_daily", take_and_tell)
    with TestClient(create_app(settings)):
        assert taken.wait(timeout=60)
    (kept,) = list_backups(settings)
    assert read_manifest(kept.path)["schema_revision"] == HEAD


def test_a_prepared_schema_spares_the_server_the_migrations(filled: Filled, monkeypatch: pytest.MonkeyPatch) -> None:
    """`larder serve` prepares the empty schema in its child process; a backup then copies it and
    never runs the migrations in the server (they would stay in its memory)."""
    prepare_backup_schema(filled.settings)
    assert (filled.settings.data_dir / SCHEMA_FILE).is_file()

    def no_migrations(*_: Any) -> None:
        raise AssertionError("the migrations ran in the server")

    monkeypatch.setattr(backups, "migrate_file", no_migrations)
    taken = take_backup(filled.settings)
    assert read_manifest(taken.path)["counts"]["recipe"] == 6


def test_a_prepared_schema_of_another_revision_is_not_used(filled: Filled, monkeypatch: pytest.MonkeyPatch) -> None:
    prepare_backup_schema(filled.settings)
    with contextlib.closing(sqlite3.connect(filled.settings.data_dir / SCHEMA_FILE)) as schema:
        schema.execute("UPDATE alembic_version SET version_num = '0001'")
        schema.commit()
    migrated = []
    migrate = backups.migrate_file
    monkeypatch.setattr(backups, "migrate_file", lambda *args: migrated.append(1) or migrate(*args))
    taken = take_backup(filled.settings)
    assert migrated == [1]
    assert read_manifest(taken.path)["schema_revision"] == HEAD


def test_serve_prepares_the_schema_for_backups_in_its_child_process(settings: Settings, tmp_path: Path) -> None:
    from tests.serving import Served

    served = Served(settings.data_dir, LARDER_DATABASE_URL=settings.database_url).start()
    try:
        prepared = settings.data_dir / SCHEMA_FILE
        assert prepared.is_file()
        with contextlib.closing(sqlite3.connect(prepared)) as schema:
            assert schema.execute("SELECT version_num FROM alembic_version").fetchone() == (HEAD,)
            assert schema.execute("SELECT count(*) FROM recipe").fetchone() == (0,)
    finally:
        served.stop()
