"""Calls, a reader that answers recorded OCR boxes, and the shipped catalogue's ingredients, for the
receipt scan API tests."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from larder.catalogue.seed import load_catalogue
from larder.core.base.paths import seed_data_dir
from larder.core.base.settings import Settings
from larder.receipts.lines import Box
from larder.receipts.service import READER_STATE_KEY
from tests.support import run_db, sql

SCAN = "/api/pwa/receipt-scan"
MATCHES = f"{SCAN}/matches"


class RecordedReader:
    """Stands in for the OCR engine: answers the boxes it was given (or raises `error`) and keeps
    every photo it was asked to read."""

    def __init__(self, boxes: list[Box] | None = None, error: Exception | None = None) -> None:
        self.boxes = boxes or []
        self.error = error
        self.photos: list[bytes] = []

    async def read(self, photo: bytes) -> list[Box]:
        self.photos.append(photo)
        if self.error is not None:
            raise self.error
        return self.boxes

    async def close(self) -> None:
        return None


def use_reader(client: Any, reader: Any) -> Any:
    client.app.state[READER_STATE_KEY] = reader
    return reader


def scan(client: Any, member: Any, photo: bytes, filename: str = "receipt.jpg", ctype: str = "image/jpeg") -> Any:
    headers = member.headers if member else {}
    return client.post(SCAN, headers=headers, files={"file": (filename, photo, ctype)})


def confirm(client: Any, member: Any, matches: list[dict[str, Any]]) -> Any:
    return client.post(MATCHES, json={"matches": matches}, headers=member.headers)


def assert_refused(response: Any, message: str) -> None:
    assert response.status_code == 422, response.text
    assert response.json() == {"message": message, "errors": {"file": [message]}}


def learned_rows(settings: Settings, user_id: int | None = None) -> list[tuple[Any, ...]]:
    where = "" if user_id is None else f" where user_id = {int(user_id)}"
    return sql(settings, f"select user_id, name_key, ingredient_id from receipt_match{where} order by id")  # noqa: S608


def files_under(folder: Path) -> set[str]:
    """Every file in the data dir but the database's own."""
    return {
        str(Path(root, name).relative_to(folder))
        for root, _, names in os.walk(folder)
        for name in names
        if not name.startswith("larder.db")
    }


def seed_shipped_ingredients(settings: Settings, folder: Path) -> dict[str, int]:
    """The shipped catalogue's ingredients (no recipes), through the real loader: ids by name."""
    source = seed_data_dir() / "catalogue"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "images").mkdir(exist_ok=True)
    for name in ("ingredient_categories.json", "ingredients.json"):
        (folder / name).write_text((source / name).read_text(encoding="utf-8"), encoding="utf-8")
    for name in ("recipe_categories.json", "recipes.json"):
        (folder / name).write_text(json.dumps([]), encoding="utf-8")
    run_db(settings, lambda session: load_catalogue(session, settings.uploads_dir, folder))
    return {name: ingredient_id for ingredient_id, name in sql(settings, "select id, name from ingredient")}


@pytest.fixture
def shipped(settings: Settings, tmp_path: Path) -> dict[str, int]:
    return seed_shipped_ingredients(settings, tmp_path / "shipped-catalogue")
