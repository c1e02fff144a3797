"""POST /api/pwa/uploads through the real app: storing, refusing, and serving the result at /uploads/{name}."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient
from PIL import Image

from larder.core.base.settings import Settings
from larder.core.media.uploads import UPLOAD_NAME
from larder.media import service as media_service
from larder.media.schemas import MAX_UPLOAD_BYTES
from tests.conftest import Member
from tests.media.builders import (
    CAMERA_MAKE,
    big_jpeg,
    encode,
    jpeg_with_exif,
    noisy_jpeg,
    open_bytes,
    padded_to,
    png_declaring,
    png_with_alpha,
)

URL = "/api/pwa/uploads"
TOO_LARGE = "file size must be under 2MB."
NOT_AN_IMAGE = "only image files are allowed."
FAILED = "failed to process image."


def upload(
    client: TestClient[Any], member: Member | None, data: bytes, filename: str = "photo.jpg", ctype: str = "image/jpeg"
) -> Any:
    headers = member.headers if member else {}
    return client.post(URL, headers=headers, files={"file": (filename, data, ctype)})


def stored(client: TestClient[Any], response: Any) -> tuple[str, bytes]:
    assert response.status_code == 201, response.text
    name = response.json()["image"]
    served = client.get(f"/uploads/{name}")
    assert served.status_code == 200
    assert served.headers["content-type"] == "image/jpeg"
    return name, served.content


def assert_refused(response: Any, message: str) -> None:
    assert response.status_code == 422, response.text
    assert response.json() == {"message": message, "errors": {"file": [message]}}


def files_in(settings: Settings) -> list[str]:
    return sorted(os.listdir(settings.uploads_dir))


# --- stored images -------------------------------------------------------------------------------------------------


def test_png_with_alpha_is_stored_as_jpeg_on_white_keeping_small_dimensions(
    client: TestClient[Any], member: Member, settings: Settings
) -> None:
    name, content = stored(client, upload(client, member, png_with_alpha((320, 200)), "pic.png", "image/png"))

    image = open_bytes(content)
    assert image.format == "JPEG"
    assert image.mode == "RGB"
    assert image.size == (320, 200)  # small images are never enlarged
    r, g, b = image.getpixel((40, 100))  # the transparent half is flattened on white, not black
    assert min(r, g, b) > 240
    r, g, b = image.getpixel((280, 100))
    assert g > 120 and r < 40 and b < 40
    assert files_in(settings) == [name]  # and nothing else (no temp file) in the uploads folder


def test_big_photos_are_scaled_down_to_fit_1920x1080_keeping_their_aspect(
    client: TestClient[Any], member: Member
) -> None:
    _, content = stored(client, upload(client, member, big_jpeg((4000, 3000))))
    image = open_bytes(content)
    assert image.size == (1440, 1080)  # 4:3 kept, height is the limit
    r, g, b = image.getpixel((20, 20))  # the red marker is still top-left
    assert r > 200 and g < 60 and b < 60

    _, content = stored(client, upload(client, member, big_jpeg((3840, 1000))))
    assert open_bytes(content).size == (1920, 500)  # wide: width is the limit


def test_exif_is_stripped_and_orientation_applied(client: TestClient[Any], member: Member) -> None:
    original = jpeg_with_exif(orientation=6, size=(120, 80))
    source = open_bytes(original)
    assert source.getexif().get_ifd(0x8825)  # the test file really carries GPS data
    assert CAMERA_MAKE.encode() in original

    _, content = stored(client, upload(client, member, original))
    image = open_bytes(content)

    assert image.size == (80, 120)  # orientation 6: shown rotated a quarter turn clockwise
    top, bottom = image.getpixel((40, 10)), image.getpixel((40, 110))
    assert top[0] > 200 and top[2] < 60  # the stored left (red) half is now on top
    assert bottom[2] > 200 and bottom[0] < 60
    assert len(image.getexif()) == 0
    for key in ("exif", "icc_profile", "comment", "xmp"):
        assert key not in image.info
    assert b"Exif" not in content
    assert CAMERA_MAKE.encode() not in content
    assert b"shot at home" not in content


def test_icc_profile_is_not_kept(client: TestClient[Any], member: Member) -> None:
    from PIL import ImageCms

    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    original = encode(Image.new("RGB", (64, 48), (10, 200, 30)), "PNG", icc_profile=profile)
    assert open_bytes(original).info.get("icc_profile")

    _, content = stored(client, upload(client, member, original, "p.png", "image/png"))
    assert "icc_profile" not in open_bytes(content).info


def test_every_accepted_format_is_stored_as_jpeg(client: TestClient[Any], member: Member) -> None:
    for fmt, filename in (("WEBP", "pic.webp"), ("GIF", "pic.gif"), ("JPEG", "pic.jpeg"), ("PNG", "pic.png")):
        data = encode(Image.new("RGB", (50, 30), (0, 0, 200)), fmt)
        _, content = stored(client, upload(client, member, data, filename))
        image = open_bytes(content)
        assert (image.format, image.size) == ("JPEG", (50, 30)), fmt


def test_format_is_told_by_content_not_by_name_or_declared_type(client: TestClient[Any], member: Member) -> None:
    png = encode(Image.new("RGB", (30, 20), (200, 0, 0)), "PNG")
    _, content = stored(client, upload(client, member, png, "notes.txt", "text/plain"))
    assert open_bytes(content).size == (30, 20)


def test_two_uploads_of_the_same_file_get_different_safe_random_names(
    client: TestClient[Any], member: Member, settings: Settings
) -> None:
    data = png_with_alpha((40, 30))
    first, _ = stored(client, upload(client, member, data, "same.png"))
    second, _ = stored(client, upload(client, member, data, "same.png"))
    assert first != second
    for name in (first, second):
        assert UPLOAD_NAME.match(name) and name.endswith(".jpg")
        assert "same" not in name  # nothing of the client's file name is used
        assert len(name) >= 30
    assert files_in(settings) == sorted([first, second])


def test_the_processing_runs_in_a_worker_thread(
    client: TestClient[Any], member: Member, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []
    real = media_service.process_image

    def watched(data: bytes) -> Any:
        try:
            asyncio.get_running_loop()
            seen.append(True)  # called on the event loop
        except RuntimeError:
            seen.append(False)
        return real(data)

    monkeypatch.setattr(media_service, "process_image", watched)
    stored(client, upload(client, member, png_with_alpha((20, 20))))
    assert seen == [False]


# --- size ----------------------------------------------------------------------------------------------------------


def test_a_3mb_file_is_refused_for_its_size(client: TestClient[Any], member: Member, settings: Settings) -> None:
    data = padded_to(noisy_jpeg(), 3 * 1024 * 1024)
    assert_refused(upload(client, member, data), TOO_LARGE)

    # Measured on the bytes of the part itself, whatever the request's Content-Length claims.
    boundary = "xYzBoundary"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n'
            "Content-Type: image/jpeg\r\n\r\n"
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    headers = {
        **member.headers,
        "Content-Type": f"multipart/form-data; boundary={boundary}",
        "Content-Length": "1000",
    }
    assert_refused(client.post(URL, headers=headers, content=body), TOO_LARGE)
    assert files_in(settings) == []


def test_the_size_limit_is_exactly_2097152_bytes(client: TestClient[Any], member: Member) -> None:
    image = noisy_jpeg()
    stored(client, upload(client, member, padded_to(image, MAX_UPLOAD_BYTES)))
    assert_refused(upload(client, member, padded_to(image, MAX_UPLOAD_BYTES + 1)), TOO_LARGE)


# --- not an image --------------------------------------------------------------------------------------------------

SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


NOT_IMAGES = {
    "text named .jpg": (b"just some text, honest\n", "photo.jpg", "image/jpeg"),
    "svg": (SVG, "logo.svg", "image/svg+xml"),
    "pdf": (PDF, "scan.pdf", "application/pdf"),
    "empty file": (b"", "empty.png", "image/png"),
    "bmp": (encode(Image.new("RGB", (10, 10)), "BMP"), "old.bmp", "image/bmp"),
    "tiff": (encode(Image.new("RGB", (10, 10)), "TIFF"), "scan.tiff", "image/tiff"),
}


def test_content_that_is_not_an_accepted_image_is_refused(
    client: TestClient[Any], member: Member, settings: Settings
) -> None:
    for case, (data, filename, ctype) in NOT_IMAGES.items():
        response = upload(client, member, data, filename, ctype)
        assert response.status_code == 422, case
        assert_refused(response, NOT_AN_IMAGE)
    assert files_in(settings) == []


# --- broken images and bombs ---------------------------------------------------------------------------------------


def test_truncated_images_fail_to_process(client: TestClient[Any], member: Member, settings: Settings) -> None:
    jpeg = noisy_jpeg()
    assert_refused(upload(client, member, jpeg[: len(jpeg) // 2]), FAILED)
    png = encode(Image.effect_noise((200, 200), 60), "PNG")
    assert_refused(upload(client, member, png[: len(png) * 2 // 3], "a.png", "image/png"), FAILED)
    assert files_in(settings) == []


def test_decompression_bombs_fail_to_process(client: TestClient[Any], member: Member, settings: Settings) -> None:
    declared = png_declaring(30000, 30000)  # a header claiming 900 megapixels
    assert len(declared) < 100
    assert_refused(upload(client, member, declared, "bomb.png", "image/png"), FAILED)

    real = encode(Image.new("1", (8000, 8000)), "PNG")  # a few KB of file, 64 megapixels decoded (cap: 50)
    assert len(real) < 50_000
    assert_refused(upload(client, member, real, "bomb.png", "image/png"), FAILED)
    assert files_in(settings) == []


def test_magic_bytes_without_an_image_fail_to_process(client: TestClient[Any], member: Member) -> None:
    assert_refused(upload(client, member, b"\x89PNG\r\n\x1a\n" + b"garbage" * 20, "a.png"), FAILED)


# --- request shape and access --------------------------------------------------------------------------------------


def test_anonymous_upload_is_401_and_stores_nothing(client: TestClient[Any], settings: Settings) -> None:
    response = upload(client, None, png_with_alpha((20, 20)))
    assert response.status_code == 401
    assert response.json()["message"]
    bad = client.post(
        URL, headers={"Authorization": "Bearer not-a-token"}, files={"file": ("a.png", png_with_alpha((20, 20)))}
    )
    assert bad.status_code == 401
    assert files_in(settings) == []


def test_missing_file_field_is_a_422_on_the_file_field(client: TestClient[Any], member: Member) -> None:
    png = png_with_alpha((20, 20))
    for kwargs in (
        {"files": {"picture": ("a.png", png, "image/png")}},
        {"data": {"file": "not a file"}, "files": {"other": ("a.png", png, "image/png")}},
        {"files": {"file": ("", b"", "application/octet-stream")}},  # a form sent with no file chosen
    ):
        response = client.post(URL, headers=member.headers, **kwargs)
        assert response.status_code == 422, response.text
        assert list(response.json()["errors"]) == ["file"]


NOT_MULTIPART: dict[str, dict[str, Any]] = {
    "json": {"json": {"file": "x"}},
    "urlencoded": {"content": b"file=x", "headers": {"Content-Type": "application/x-www-form-urlencoded"}},
    "no boundary": {"content": b"abc", "headers": {"Content-Type": "multipart/form-data"}},
    "garbage": {"content": b"no parts here", "headers": {"Content-Type": "multipart/form-data; boundary=zzz"}},
}


def test_a_body_that_is_not_a_multipart_form_is_a_400(client: TestClient[Any], member: Member) -> None:
    for case, kwargs in NOT_MULTIPART.items():
        kwargs = dict(kwargs)
        headers = {**member.headers, **kwargs.pop("headers", {})}
        response = client.post(URL, headers=headers, **kwargs)
        assert response.status_code == 400, (case, response.text)
        assert response.json()["message"]


def test_existing_file_serving_still_refuses_unsafe_names(client: TestClient[Any], settings: Settings) -> None:
    Path(settings.uploads_dir, ".upload-abc.tmp").write_bytes(b"x")  # what a temp file would look like
    assert client.get("/uploads/.upload-abc.tmp").status_code == 404
    assert client.get("/uploads/nothing.jpg").status_code == 404


def test_an_upload_being_decoded_holds_no_database_lock(client, member, monkeypatch):
    """Decoding runs outside any transaction: a household member's save goes through meanwhile.

    Without it, the upload's request held SQLite's write lock for the whole decode, and every other
    writer waited behind it (seconds per large photo, then 503).
    """
    import threading

    decoding, release = threading.Event(), threading.Event()
    real = media_service.process_image

    def slow_decode(data: bytes) -> Any:
        decoding.set()
        assert release.wait(30), "the test never released the decode"
        return real(data)

    monkeypatch.setattr(media_service, "process_image", slow_decode)
    answers: list[int] = []
    uploader = threading.Thread(
        target=lambda: answers.append(upload(client, member, png_with_alpha(), "a.png", "image/png").status_code)
    )
    uploader.start()
    try:
        assert decoding.wait(30), "the upload never reached the decode"
        # A write of another kind while the decode is still running: answered, not queued behind it.
        saved = client.put(
            "/api/pwa/account/preferences", headers=member.headers, json={"preferences": ["vegan"]}, timeout=5
        )
        assert saved.status_code == 200, saved.text
    finally:
        release.set()
        uploader.join(30)
    assert answers == [201]


def test_uploads_are_limited_per_user(client, member_factory):
    from larder.media.service import UPLOADS_PER_USER_MINUTE

    alice, bob = member_factory("alice_1", "alice@example.org"), member_factory("bobby_1", "bob@example.org")
    tiny = png_with_alpha((8, 8))
    for _ in range(UPLOADS_PER_USER_MINUTE.attempts):
        assert upload(client, alice, tiny, "a.png", "image/png").status_code == 201
    refused = upload(client, alice, tiny, "a.png", "image/png")
    assert refused.status_code == 429
    assert "Retry-After" in refused.headers
    # Another member of the household is not held back by Alice's uploads.
    assert upload(client, bob, tiny, "b.png", "image/png").status_code == 201
