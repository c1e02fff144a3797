"""larder.core.media.images (the Pillow pipeline) and the media service's naming and atomic write, without the app."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import anyio
import pytest
from PIL import Image, ImageDraw

from larder.core.base.errors import FormError
from larder.core.media import images
from larder.core.media.images import ImageProcessingFailed, NotAnImage, process_image, sniff_format
from larder.core.media.uploads import UPLOAD_NAME
from larder.media import service as media_service
from larder.media.service import MediaService, new_upload_name
from tests.media.builders import big_jpeg, encode, jpeg_with_exif, open_bytes, png_declaring


class Upload:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.asked: list[int] = []

    async def read(self, size: int = -1) -> bytes:
        self.asked.append(size)
        return self.data if size < 0 else self.data[:size]


def test_sniffing_uses_magic_bytes_only() -> None:
    assert sniff_format(b"\xff\xd8\xff\xe0rest") == "JPEG"
    assert sniff_format(b"\x89PNG\r\n\x1a\nrest") == "PNG"
    assert sniff_format(b"GIF89a....") == "GIF"
    assert sniff_format(b"RIFF\0\0\0\0WEBPVP8 ") == "WEBP"
    assert sniff_format(b"RIFF\0\0\0\0WAVEfmt ") is None
    assert sniff_format(b"<svg") is None
    assert sniff_format(b"") is None


def test_gif_keeps_only_its_first_frame() -> None:
    frames = [Image.new("RGB", (40, 30), (255, 0, 0)), Image.new("RGB", (40, 30), (0, 0, 255))]
    data = encode(frames[0], "GIF", save_all=True, append_images=frames[1:], duration=100, loop=0)
    assert Image.open(__import__("io").BytesIO(data)).n_frames == 2
    result = open_bytes(process_image(data).data)
    r, _, b = result.getpixel((20, 15))
    assert r > 200 and b < 60


def test_transparent_gif_and_webp_are_flattened_on_white() -> None:
    gif = Image.new("P", (20, 20), 0)
    gif.putpalette([0, 0, 0, 255, 0, 0] + [0] * 762)
    ImageDraw.Draw(gif).rectangle((10, 0, 19, 19), fill=1)
    gif_data = encode(gif, "GIF", transparency=0)
    webp_data = encode(Image.new("RGBA", (20, 20), (0, 0, 0, 0)), "WEBP", lossless=True)
    for data in (gif_data, webp_data):
        pixel = open_bytes(process_image(data).data).getpixel((3, 3))
        assert min(pixel) > 240, pixel


def test_16_bit_greyscale_is_scaled_not_clipped_to_white() -> None:
    image = Image.new("I;16", (10, 10), 0x8000)  # mid grey in 16 bits
    pixel = open_bytes(process_image(encode(image, "PNG")).data).getpixel((5, 5))
    assert 110 < pixel[0] < 145


def test_cmyk_jpeg_becomes_rgb() -> None:
    data = encode(Image.new("CMYK", (30, 20), (0, 255, 255, 0)), "JPEG")  # red in CMYK
    result = open_bytes(process_image(data).data)
    assert result.mode == "RGB"
    r, g, b = result.getpixel((15, 10))
    assert r > 200 and g < 60 and b < 60


def test_rotated_big_jpeg_is_decoded_at_reduced_scale_yet_fits_the_box_exactly() -> None:
    """Stored 4000x3000 with orientation 6: shown 3000x4000 portrait, so 810x1080."""
    plain = open_bytes(big_jpeg((4000, 3000)))
    exif = Image.Exif()
    exif[0x0112] = 6
    data = encode(plain, "JPEG", quality=80, exif=exif)
    result = process_image(data)
    assert (result.width, result.height) == (810, 1080)
    assert open_bytes(result.data).size == (810, 1080)


def test_orientation_tags_are_applied() -> None:
    # 3 = upside down (left half red stays... on the right), 8 = a quarter turn anticlockwise (red ends at bottom)
    upside = open_bytes(process_image(jpeg_with_exif(orientation=3, size=(120, 80))).data)
    assert upside.size == (120, 80)
    assert upside.getpixel((100, 40))[0] > 200
    left = open_bytes(process_image(jpeg_with_exif(orientation=8, size=(120, 80))).data)
    assert left.size == (80, 120)
    assert left.getpixel((40, 110))[0] > 200


def test_a_result_over_the_output_limit_fails() -> None:
    data = encode(Image.effect_noise((300, 300), 100).convert("RGB"), "PNG")
    assert len(process_image(data).data) > 1000
    with pytest.raises(ImageProcessingFailed):
        process_image(data, max_output_bytes=1000)
    assert images.MAX_OUTPUT_BYTES == 2 * 1024 * 1024


def test_pillow_decompression_bomb_warning_counts_as_failure() -> None:
    """10000x10000 is past Pillow's warning threshold; with warnings turned into errors it must still be a clean
    ImageProcessingFailed, and without that it is refused by the explicit pixel cap."""
    data = png_declaring(10000, 10000)
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        with pytest.raises(ImageProcessingFailed):
            process_image(data)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        with pytest.raises(ImageProcessingFailed):
            process_image(data)


def test_pixel_and_side_caps() -> None:
    with pytest.raises(ImageProcessingFailed):
        process_image(png_declaring(7072, 7072))  # just over 50 megapixels
    with pytest.raises(ImageProcessingFailed):
        process_image(encode(Image.new("L", (20001, 1)), "PNG"))  # absurd strip
    assert process_image(encode(Image.new("1", (7000, 7000)), "PNG")).width == 1080  # 49 MP is fine


def test_not_an_image_and_broken_image_are_told_apart() -> None:
    with pytest.raises(NotAnImage):
        process_image(b"hello")
    with pytest.raises(ImageProcessingFailed):
        process_image(b"\xff\xd8\xff" + b"\0" * 50)


# --- the service ---------------------------------------------------------------------------------------------------


def test_upload_names_are_safe_even_when_the_token_starts_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    tokens = iter(["-startsWithDash", "_underscore", "Good_token-1"])
    monkeypatch.setattr(media_service.secrets, "token_urlsafe", lambda n: next(tokens))
    assert new_upload_name() == "Good_token-1.jpg"
    monkeypatch.undo()
    names = {new_upload_name() for _ in range(300)}
    assert len(names) == 300
    assert all(UPLOAD_NAME.match(n) for n in names)


def test_service_reads_at_most_one_byte_past_the_limit(tmp_path: Path) -> None:
    upload = Upload(b"\xff\xd8\xff" + b"\0" * (3 * 1024 * 1024))
    with pytest.raises(FormError) as caught:
        anyio.run(MediaService(tmp_path).store_upload, 1, upload)
    assert caught.value.errors == {"file": ["file size must be under 2MB."]}
    assert upload.asked == [2 * 1024 * 1024 + 1]


def test_a_failed_write_leaves_no_temp_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_replace(src: str, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(media_service.os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        anyio.run(MediaService(tmp_path).store_upload, 1, Upload(encode(Image.new("RGB", (8, 8)), "PNG")))
    assert os.listdir(tmp_path) == []


def test_stored_file_is_complete_and_only_the_final_name_remains(tmp_path: Path) -> None:
    name = anyio.run(MediaService(tmp_path).store_upload, 1, Upload(encode(Image.new("RGB", (8, 8)), "PNG")))
    assert os.listdir(tmp_path) == [name]
    assert open_bytes((tmp_path / name).read_bytes()).size == (8, 8)
