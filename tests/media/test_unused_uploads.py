"""Unused uploaded images are collected after a grace period; anything a page still shows stays."""

from __future__ import annotations

import os
import time

from larder.bootstrap import UNUSED_UPLOAD_GRACE_SECONDS, collect_unused_uploads
from tests.cookbook.support import admin, author, catalogue, create  # noqa: F401
from tests.media.builders import png_with_alpha
from tests.support import run_db


def uploaded(client, who) -> str:
    response = client.post(
        "/api/pwa/uploads", headers=who.headers, files={"file": ("p.png", png_with_alpha((16, 9)), "image/png")}
    )
    assert response.status_code == 201, response.text
    return response.json()["image"]


def age(settings, name: str, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(settings.uploads_dir / name, (then, then))


def test_only_old_images_nothing_shows_are_collected(client, settings, catalogue, author, admin):  # noqa: F811
    cover, step, news, dropped, fresh = (uploaded(client, author) for _ in range(5))
    draft = catalogue.draft(image=cover)
    draft["steps"][0]["step_image"] = step
    create(client, author, draft)
    written = client.post(
        "/api/admin/news",
        headers=admin.headers,
        json={"title": "Hello", "HtmlContent": f'<p>Look <img src="/uploads/{news}" alt="x"></p>'},
    )
    assert written.status_code == 201, written.text
    for name in (cover, step, news, dropped):
        age(settings, name, UNUSED_UPLOAD_GRACE_SECONDS + 3600)
    age(settings, fresh, UNUSED_UPLOAD_GRACE_SECONDS - 3600)  # perhaps in a draft still being written

    removed = run_db(settings, lambda session: collect_unused_uploads(session, settings))

    assert removed == [dropped]
    left = {p.name for p in settings.uploads_dir.iterdir()}
    assert {cover, step, news, fresh} <= left
    assert dropped not in left
    assert client.get(f"/uploads/{cover}").status_code == 200
