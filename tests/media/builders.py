"""Real image files made with Pillow for the upload tests."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import ExifTags, Image, ImageDraw

CAMERA_MAKE = "SecretCam Industries"
CAMERA_MODEL = "Spy-9000"


def encode(image: Image.Image, fmt: str, **params: object) -> bytes:
    out = io.BytesIO()
    image.save(out, format=fmt, **params)
    return out.getvalue()


def open_bytes(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def png_with_alpha(size: tuple[int, int] = (320, 200)) -> bytes:
    """Left half fully transparent, right half opaque green."""
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(image).rectangle((size[0] // 2, 0, size[0], size[1]), fill=(0, 160, 0, 255))
    return encode(image, "PNG")


def big_jpeg(size: tuple[int, int] = (4000, 3000)) -> bytes:
    """A smooth picture (so the file stays well under 2 MB) with a marker square in the top-left corner."""
    image = Image.linear_gradient("L").resize(size).convert("RGB")
    ImageDraw.Draw(image).rectangle((0, 0, size[0] // 10, size[1] // 10), fill=(255, 0, 0))
    return encode(image, "JPEG", quality=80)


def jpeg_with_exif(orientation: int = 6, size: tuple[int, int] = (120, 80)) -> bytes:
    """Stored landscape: left half red, right half blue; camera and GPS tags plus an orientation tag."""
    image = Image.new("RGB", size, (0, 0, 255))
    ImageDraw.Draw(image).rectangle((0, 0, size[0] // 2 - 1, size[1]), fill=(255, 0, 0))
    exif = Image.Exif()
    exif[ExifTags.Base.Orientation] = orientation
    exif[ExifTags.Base.Make] = CAMERA_MAKE
    exif[ExifTags.Base.Model] = CAMERA_MODEL
    gps = exif.get_ifd(ExifTags.IFD.GPSInfo)
    gps[ExifTags.GPS.GPSLatitudeRef] = "N"
    gps[ExifTags.GPS.GPSLatitude] = (51.0, 30.0, 12.0)
    gps[ExifTags.GPS.GPSLongitudeRef] = "W"
    gps[ExifTags.GPS.GPSLongitude] = (0.0, 7.0, 40.0)
    return encode(image, "JPEG", quality=95, exif=exif, comment=b"shot at home")


def noisy_jpeg(size: tuple[int, int] = (400, 300)) -> bytes:
    return encode(Image.effect_noise(size, 80).convert("RGB"), "JPEG", quality=95)


def png_declaring(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims width x height pixels (with a valid CRC, so only the size is wrong)."""
    data = bytearray(encode(Image.new("L", (1, 1)), "PNG"))
    assert data[12:16] == b"IHDR"
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    return bytes(data)


def padded_to(data: bytes, total: int) -> bytes:
    """A JPEG followed by junk after its end marker (decoders ignore it) to reach an exact file size."""
    assert len(data) <= total
    return data + b"\0" * (total - len(data))
