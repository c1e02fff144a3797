"""Imported recipes' pictures come from this server: signed same-origin addresses, a proxy that
fetches only what it signed through the guarded fetcher, re-encodes it and keeps it in a bounded cache."""

from __future__ import annotations

import asyncio
import io
import json
import os
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from PIL import Image

from larder.core.base.settings import Settings
from larder.imports.fetch import FetchPolicy
from larder.imports.images import (
    CACHE_DIR_NAME,
    FAILURE_SECONDS,
    IMAGE_MAX_BYTES,
    MSG_NO_IMAGE,
    MSG_NOT_AN_IMAGE,
    ImageProxy,
    cache_name,
    image_signature,
    proxied_image,
)
from larder.imports.service import provide_image_proxy
from tests.imports.conftest import import_url, shown_link
from tests.imports.server import PHOTO_SIZE
from tests.mealplans.support import PLANS, day, get_plan, imported_recipe, new_plan
from tests.support import sql

API = "/api/pwa/user-imported-recipes"


def cache_dir(settings: Settings) -> Path:
    return settings.data_dir / CACHE_DIR_NAME


def cached_files(settings: Settings) -> list[str]:
    folder = cache_dir(settings)
    return sorted(path.name for path in folder.iterdir()) if folder.is_dir() else []


def image_requests(pages) -> list[str]:
    return [path for path in pages.paths() if path.startswith("/img/")]


def imported_with_image(client, member, pages, image: str) -> dict:
    """An import of a page whose recipe shows `image` (a link or a JSON list of links)."""
    return import_url(client, member, pages.url(f"/recipe-with-image?image={quote(image)}"))


def answered_image(client, member, pages, path: str) -> str:
    """The address an import answers for a page showing the test server's `path`."""
    response = client.post(
        API, json={"url": pages.url(f"/recipe-with-image?image={quote(path)}")}, headers=member.headers
    )
    assert response.status_code == 201, response.text
    return json.loads(response.json()["data"]["data"])["image"]


# -- the addresses ---------------------------------------------------------------------------------


def test_an_imported_picture_is_answered_as_a_signed_same_origin_address(client, member, pages, settings):
    record = imported_with_image(client, member, pages, "/img/photo.jpg")
    link = pages.url("/img/photo.jpg")
    assert record["parsed"]["image"] == link  # the same-origin address (checked by import_url) shows it
    answered = json.loads(record["data"])["image"]
    assert answered == proxied_image(settings.secret_key, link)
    assert answered.startswith("/api/pwa/imported-images/")
    assert "127.0.0.1" not in answered.split("?")[0]
    # The list and the single read answer the same; the stored data keeps the page's own link.
    assert json.loads(client.get(API, headers=member.headers).json()[0]["data"])["image"] == answered
    one = client.get(f"{API}/{record['import_recipe_id']}", headers=member.headers).json()
    assert json.loads(one["data"])["image"] == answered
    ((stored,),) = sql(settings, "SELECT data FROM imported_recipe")
    assert json.loads(stored)["image"] == link
    assert image_requests(pages) == []  # nothing is fetched until the picture is viewed


def test_every_picture_of_a_list_is_proxied(client, member, pages, settings):
    links = ["/img/photo.jpg", "https://cdn.example.org/pie-4x3.jpg?w=800&h=600"]
    record = imported_with_image(client, member, pages, json.dumps(links))
    answered = json.loads(record["data"])["image"]
    assert [shown_link(address) for address in answered] == [pages.url(links[0]), links[1]]
    assert all(address.startswith("/api/pwa/imported-images/") for address in answered)


def test_an_older_import_is_answered_with_addresses_only(client, member, settings):
    """Data kept before the proxy (or in any shape schema.org allows) leaves with addresses only."""
    kept = {
        "name": "Old pie",
        "image": [{"url": "https://x.example/a.jpg"}, "javascript:alert(1)", "https://x.example/b"],
    }
    import_id = imported_recipe(settings, member.id, kept)
    answered = json.loads(client.get(f"{API}/{import_id}", headers=member.headers).json()["data"])
    assert answered == {
        "name": "Old pie",
        "image": [
            proxied_image(settings.secret_key, "https://x.example/a.jpg"),
            proxied_image(settings.secret_key, "https://x.example/b"),
        ],
    }
    single = imported_recipe(settings, member.id, {"name": "One", "image": {"url": "http://x.example/c.png"}})
    one = json.loads(client.get(f"{API}/{single}", headers=member.headers).json()["data"])
    assert one["image"] == proxied_image(settings.secret_key, "http://x.example/c.png")


@pytest.mark.parametrize(
    "link",
    [
        "https://example.org/a b/pie.jpg?x=1&y=2+3#frag",
        "https://example.org/crème-brûlée.jpg?q=%2F%20",
        "http://example.org/img;v=2/pie.jpg?size=(large)&a=b=c",
    ],
)
def test_an_address_reads_back_as_exactly_the_link_it_was_made_for(client, settings, link):
    """The link survives the query string whole, so its signature still holds when it comes back."""
    address = proxied_image(settings.secret_key, link)
    if " " in link:
        assert address is None  # not a usable link: never handed out
        return
    assert shown_link(address) == link
    assert len(address) < 300  # a meal plan keeps at most 300 characters of a picture's address


# -- the proxy -------------------------------------------------------------------------------------


def test_the_proxy_answers_the_re_encoded_picture(client, member, pages, settings):
    address = answered_image(client, member, pages, "/img/photo.png")
    response = client.get(address)  # no bearer token: an <img> sends none
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "image/jpeg"
    assert response.headers["cache-control"] == "public, max-age=604800"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "sandbox" in response.headers["content-security-policy"]
    with Image.open(io.BytesIO(response.content)) as picture:
        assert (picture.format, picture.size, picture.mode) == ("JPEG", (300, 200), "RGB")
        assert not picture.info.get("exif")
    assert image_requests(pages) == ["/img/photo.png"]
    assert cached_files(settings) == [cache_name(pages.url("/img/photo.png"))]


@pytest.mark.parametrize("path", ["/img/photo.jpg", "/img/untyped", "/img/octet"])
def test_a_picture_is_judged_by_its_bytes_when_its_type_says_nothing(client, member, pages, path):
    response = client.get(answered_image(client, member, pages, path))
    assert response.status_code == 200, response.text
    with Image.open(io.BytesIO(response.content)) as picture:
        assert picture.size == PHOTO_SIZE


def test_a_second_view_comes_from_the_cache(client, member, pages, settings):
    address = answered_image(client, member, pages, "/img/photo.jpg")
    first = client.get(address)
    second = client.get(address)
    assert first.status_code == second.status_code == 200
    assert first.content == second.content
    assert image_requests(pages) == ["/img/photo.jpg"]  # the site was asked once
    assert cached_files(settings) == [cache_name(pages.url("/img/photo.jpg"))]


def test_a_forged_or_altered_address_is_404_without_any_fetch(client, member, pages, settings, dials):
    address = answered_image(client, member, pages, "/img/photo.jpg")
    signature = address.split("/")[-1].split("?")[0]
    link = pages.url("/img/photo.jpg")
    other = pages.url("/img/photo.png")
    dials.clear()
    forged = [
        f"/api/pwa/imported-images/{'A' * 22}?u={quote(link)}",  # made up
        f"/api/pwa/imported-images/{signature}?u={quote(other)}",  # another link under this signature
        f"/api/pwa/imported-images/{signature}?u={quote(link + '?')}",  # the link altered by a character
        f"/api/pwa/imported-images/{signature[:-1]}?u={quote(link)}",  # the signature cut short
        f"/api/pwa/imported-images/{signature}",  # no link at all
        f"/api/pwa/imported-images/{image_signature('another instance key', link)}?u={quote(link)}",
        f"/api/pwa/imported-images/{image_signature(settings.secret_key, 'file:///etc/passwd')}?u=file:///etc/passwd",
    ]
    for path in forged:
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.json()["message"] == MSG_NO_IMAGE, path
    assert dials == []
    assert image_requests(pages) == []
    assert cached_files(settings) == []
    assert client.get(address).status_code == 200  # the genuine address works


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/img/html", 415),  # an HTML page
        ("/img/svg", 415),  # SVG can carry scripts: never taken
        ("/img/svg-as-png", 415),  # SVG bytes under an image type
        ("/img/broken.png", 415),  # a PNG signature and no picture
        ("/img/bomb.png", 415),  # 900 megapixels in a small file
        ("/img/big.jpg", 404),  # over the 10 MB an image may have
        ("/img/missing.jpg", 404),  # the site answers 404
    ],
)
def test_what_is_not_a_picture_is_refused_and_not_kept(client, member, pages, settings, path, status):
    assert IMAGE_MAX_BYTES == 10 * 1024 * 1024
    response = client.get(answered_image(client, member, pages, path))
    assert response.status_code == status, response.text
    assert response.json()["message"] == (MSG_NOT_AN_IMAGE if status == 415 else MSG_NO_IMAGE)
    assert image_requests(pages) == [path]
    assert cached_files(settings) == []


def test_a_failed_picture_is_not_fetched_again_for_a_while(client, member, pages, settings):
    proxy = provide_image_proxy(client.app.state)
    moment = [1000.0]
    proxy.clock = lambda: moment[0]
    address = answered_image(client, member, pages, "/img/missing.jpg")
    assert client.get(address).status_code == 404
    assert client.get(address).status_code == 404
    assert image_requests(pages) == ["/img/missing.jpg"]
    moment[0] += FAILURE_SECONDS + 1
    assert client.get(address).status_code == 404
    assert image_requests(pages) == ["/img/missing.jpg"] * 2


@pytest.mark.parametrize("allow_private", [False])
def test_a_private_address_is_refused_without_the_setting(client, pages, settings, dials):
    """The proxy keeps the import's address rule: a signed link to 127.0.0.1 is not fetched."""
    address = proxied_image(settings.secret_key, pages.url("/img/photo.jpg"))
    response = client.get(address)
    assert response.status_code == 404
    assert response.json()["message"] == MSG_NO_IMAGE
    assert dials == []
    assert pages.paths() == []
    assert cached_files(settings) == []


# -- the proxy on its own: one fetch for many viewers, a bounded cache --------------------------------


def test_concurrent_first_views_share_one_fetch(pages, tmp_path):
    proxy = ImageProxy("k" * 40, tmp_path / "cache", FetchPolicy(allow_private=True))
    link = pages.url("/img/gated.jpg")
    signature = image_signature("k" * 40, link)

    async def views() -> list[bytes]:
        first = asyncio.create_task(proxy.signed_image(signature, link))
        await asyncio.to_thread(pages.hang_arrived.wait, 10)  # the site has the first request
        later = [asyncio.create_task(proxy.signed_image(signature, link)) for _ in range(3)]
        await asyncio.sleep(0)  # each later view runs to its wait on the fetch under way
        pages.release.set()
        return await asyncio.gather(first, *later)

    answers = asyncio.run(views())
    assert len(set(answers)) == 1
    assert image_requests(pages) == ["/img/gated.jpg"]


def test_the_cache_keeps_the_recently_seen_within_its_bound(pages, tmp_path):
    async def view(proxy: ImageProxy, link: str) -> bytes:
        return await proxy.signed_image(image_signature("k" * 40, link), link)

    links = [pages.url(f"/img/photo.jpg?n={n}") for n in range(4)]
    first = ImageProxy("k" * 40, tmp_path / "cache", FetchPolicy(allow_private=True))
    size = len(asyncio.run(view(first, links[0])))
    # Room for two pictures: the third one in makes the least recently seen go.
    proxy = ImageProxy("k" * 40, tmp_path / "cache", FetchPolicy(allow_private=True), max_bytes=2 * size)
    folder = tmp_path / "cache"
    hours_ago = time.time() - 3 * 3600
    asyncio.run(view(proxy, links[1]))
    os.utime(folder / cache_name(links[0]), (hours_ago, hours_ago))  # seen long ago...
    os.utime(folder / cache_name(links[1]), (hours_ago + 60, hours_ago + 60))
    asyncio.run(view(proxy, links[0]))  # ...and now again: it becomes the most recently seen
    assert time.time() - (folder / cache_name(links[0])).stat().st_mtime < 60
    asyncio.run(view(proxy, links[2]))
    assert sorted(path.name for path in folder.iterdir()) == sorted(cache_name(link) for link in (links[0], links[2]))
    assert sum(path.stat().st_size for path in folder.iterdir()) <= 2 * size
    assert image_requests(pages) == ["/img/photo.jpg?n=0", "/img/photo.jpg?n=1", "/img/photo.jpg?n=2"]


def test_the_cache_bound_counts_what_is_in_the_folder(tmp_path):
    """Files another server process wrote count too, and an unfinished write is swept when old."""
    folder = tmp_path / "cache"
    folder.mkdir()
    now = time.time()
    for n in range(5):
        (folder / f"{n:064x}.jpg").write_bytes(b"x" * 1000)
        os.utime(folder / f"{n:064x}.jpg", (now - 100 + n, now - 100 + n))
    (folder / ".image-old.tmp").write_bytes(b"x")
    os.utime(folder / ".image-old.tmp", (now - 7200, now - 7200))
    (folder / ".image-new.tmp").write_bytes(b"x")
    proxy = ImageProxy("k" * 40, folder, FetchPolicy(), max_bytes=2500)
    assert proxy.prune() == [f"{n:064x}.jpg" for n in range(3)]
    assert sorted(path.name for path in folder.iterdir()) == [".image-new.tmp", f"{3:064x}.jpg", f"{4:064x}.jpg"]


# -- where else imported pictures are shown ----------------------------------------------------------


def test_a_meal_plan_shows_an_imported_picture_through_the_proxy(client, member, pages, settings):
    link = pages.url("/img/photo.jpg")
    record = imported_with_image(client, member, pages, "/img/photo.jpg")
    plan = new_plan(client, member, recipes=[day(0, {"type": "IMPORTED", "value": record["import_recipe_id"]})])
    (entry,) = plan["recipes"][0]["recipes"]
    assert entry["image"] == proxied_image(settings.secret_key, link)
    # The plan keeps the page's link (it does not depend on this instance's key).
    assert sql(settings, "SELECT image FROM meal_plan_entry") == [(link,)]
    listed = client.get(PLANS + "/", headers=member.headers).json()["data"]
    assert listed[0]["recipes"][0]["recipes"][0]["image"] == entry["image"]
    assert client.get(entry["image"]).status_code == 200


def test_an_older_plan_entry_holding_a_foreign_link_is_answered_proxied(client, member, settings):
    """Entries written before the proxy hold the page's link: it leaves as a same-origin address."""
    import_id = imported_recipe(settings, member.id, {"name": "Old pie"})
    plan = new_plan(client, member, recipes=[day(0, {"type": "IMPORTED", "value": import_id})])
    sql(settings, "UPDATE meal_plan_entry SET image = 'http://old.example/pie.png'")
    again = get_plan(client, member, plan["user_mealplan_id"])
    assert again["recipes"][0]["recipes"][0]["image"] == proxied_image(
        settings.secret_key, "http://old.example/pie.png"
    )
