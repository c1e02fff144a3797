"""Turning untrusted uploaded bytes into one safe, small JPEG (domain-free; CPU-bound, call it from a worker thread).

The format is told by the file's own first bytes, never by its name or declared type. Only JPEG, PNG, WebP and
GIF (first frame) are accepted. The result is upright (EXIF orientation applied), RGB (transparency flattened on
white, colours converted to sRGB when the file carries an ICC profile), fits within 1920x1080 keeping its aspect,
and carries no metadata at all (no EXIF/GPS, no ICC, no comments, no XMP).
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass

from PIL import Image, ImageCms, ImageOps

MAX_BOX = (1920, 1080)
JPEG_QUALITY = 90
MAX_OUTPUT_BYTES = 2 * 1024 * 1024
# Far below Pillow's own warning threshold (Image.MAX_IMAGE_PIXELS, ~89.5M), so anything that would even warn
# about a decompression bomb is refused here; 50M still takes a 48-megapixel phone photo.
MAX_PIXELS = 50_000_000
MAX_SIDE = 20_000

# Decoding may briefly need a few hundred MB for a large PNG: the whole process (uploads and the
# imported-image proxy alike) never runs more than two at once. Callers wait in their worker
# thread, the event loop stays free.
DECODE_SLOTS = threading.BoundedSemaphore(2)

_ORIENTATION_TAG = 0x0112
_ROTATED = {5, 6, 7, 8}  # orientations that swap width and height
_SRGB = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


class ImageError(Exception):
    """The bytes could not be turned into a stored image."""


class NotAnImage(ImageError):
    """The content is not one of the accepted image formats (whatever its name says)."""


class ImageProcessingFailed(ImageError):
    """It looks like an image but is truncated, corrupt, too many pixels, or too big even after processing."""


@dataclass(frozen=True)
class ProcessedImage:
    data: bytes
    width: int
    height: int
    source_format: str


def sniff_format(head: bytes) -> str | None:
    """The Pillow format name for the magic bytes at the start of a file, or None when it is not one we accept."""
    if head.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if head.startswith((b"GIF87a", b"GIF89a")):
        return "GIF"
    if len(head) >= 12 and head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WEBP"
    return None


def process_image(
    data: bytes,
    *,
    box: tuple[int, int] = MAX_BOX,
    quality: int = JPEG_QUALITY,
    max_output_bytes: int = MAX_OUTPUT_BYTES,
    max_pixels: int = MAX_PIXELS,
) -> ProcessedImage:
    """Decode, check, normalise and re-encode `data` as a metadata-free JPEG.

    Raises NotAnImage when the content is not an accepted image format, ImageProcessingFailed for anything else
    that goes wrong (including a decompression bomb and a result larger than `max_output_bytes`).
    """
    fmt = sniff_format(data[:16])
    if fmt is None:
        raise NotAnImage("content is not a JPEG, PNG, WebP or GIF image")
    try:
        # 1. Structural check on a throw-away handle (verify() leaves the image unusable).
        with Image.open(io.BytesIO(data), formats=[fmt]) as probe:
            _check_dimensions(probe.size, max_pixels)
            probe.verify()
        # 2. Decode for real from a fresh handle.
        with Image.open(io.BytesIO(data), formats=[fmt]) as image:
            _check_dimensions(image.size, max_pixels)
            icc = image.info.get("icc_profile")
            if fmt == "JPEG":
                # Let libjpeg decode at 1/2, 1/4 or 1/8 scale when that still covers the target box.
                rotated = image.getexif().get(_ORIENTATION_TAG) in _ROTATED
                image.draft(None, (box[1], box[0]) if rotated else box)
            image.load()
            upright = ImageOps.exif_transpose(_reduced(image, box))
        rgb = _to_rgb(upright)
        rgb.thumbnail(box, Image.Resampling.LANCZOS)
        rgb = _to_srgb(rgb, icc)
        encoded = _encode_jpeg(rgb, quality)
    except ImageError:
        raise
    except Exception as exc:
        # Hostile bytes can trip anything inside a decoder: UnidentifiedImageError, DecompressionBombError (and the
        # DecompressionBombWarning when a warnings filter escalates it), OSError for truncated data, SyntaxError for
        # broken chunks, struct.error in EXIF, MemoryError... All of them mean "failed to process", never a 500.
        raise ImageProcessingFailed(f"could not decode the {fmt} image: {exc}") from exc
    if len(encoded) > max_output_bytes:
        raise ImageProcessingFailed(f"the processed image is {len(encoded)} bytes, over {max_output_bytes}")
    return ProcessedImage(data=encoded, width=rgb.width, height=rgb.height, source_format=fmt)


def _reduced(image: Image.Image, box: tuple[int, int]) -> Image.Image:
    """Shrink a picture far larger than the box by a whole factor first (fast, and a fraction of the
    memory): every later step (colour conversion, transparency, profile, resampling) then works on a
    few million pixels instead of up to fifty million. The result still covers the box either way up."""
    factor = min(image.width, image.height) // max(box)
    if factor < 2:
        return image
    if image.mode.startswith("I;16"):
        return image.resize((image.width // factor, image.height // factor), Image.Resampling.BOX)
    try:
        return image.reduce(factor)
    except ValueError:  # a mode reduce() does not handle (palette, 1-bit): resize by boxes instead
        return image.resize((image.width // factor, image.height // factor), Image.Resampling.BOX)


def _check_dimensions(size: tuple[int, int], max_pixels: int) -> None:
    width, height = size
    if width <= 0 or height <= 0 or width > MAX_SIDE or height > MAX_SIDE or width * height > max_pixels:
        raise ImageProcessingFailed(f"refusing an image of {width}x{height} pixels")


def _to_rgb(image: Image.Image) -> Image.Image:
    """RGB, with any transparency composited onto white."""
    if image.mode in ("I;16", "I;16L", "I;16B", "I;16N", "I"):
        # 16-bit greyscale: scale down to 8 bits instead of letting convert() clip everything to white.
        image = image.convert("I").point(lambda value: value * (1 / 256)).convert("L")
    has_alpha = image.mode in ("RGBA", "LA", "La", "RGBa", "PA") or "transparency" in image.info
    if has_alpha:
        rgba = image.convert("RGBA")
        background = Image.new("RGB", rgba.size, (255, 255, 255))
        background.paste(rgba, mask=rgba.getchannel("A"))
        return background
    return image.convert("RGB")


def _to_srgb(image: Image.Image, icc: bytes | None) -> Image.Image:
    """Apply an embedded colour profile (e.g. Display P3 from phones) so the profile-less output looks the same."""
    if not icc:
        return image
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        converted = ImageCms.profileToProfile(image, source, _SRGB, outputMode="RGB")
    except (ImageCms.PyCMSError, OSError, ValueError, TypeError):
        return image  # a broken or non-RGB profile: keep the pixels as they are
    return converted if converted is not None else image


def _encode_jpeg(image: Image.Image, quality: int) -> bytes:
    clean = image.convert("RGB") if image.mode != "RGB" else image
    clean.info = {}  # the JPEG writer would carry over e.g. a comment from `info`
    out = io.BytesIO()
    clean.save(out, format="JPEG", quality=quality, optimize=True)
    return out.getvalue()
