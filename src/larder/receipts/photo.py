"""Decoding a receipt photo safely: upright, grey, no larger than needed, and refused when it is
not a picture or too large to decode.
"""

from __future__ import annotations

import io
import math
import warnings

from PIL import Image, ImageOps

from larder.core.media.images import MAX_PIXELS, MAX_SIDE, sniff_format


class UnreadablePhoto(Exception):
    """Not a picture Pillow reads, or one too large to decode safely."""


def decode(
    photo: bytes, side: int, region: list[float] | None = None
) -> tuple[Image.Image, float, tuple[float, float]]:
    """The photo upright (EXIF orientation applied), grey, its longer side at most `side`, or only
    its `region` (left, top, right, bottom in the upright photo's pixels); the factor from its
    pixels back to the upright photo's, and where its top-left corner is in them. Mirrors
    larder.core.media.images: the format is told by the content, decompression bombs are refused before
    decoding."""
    fmt = sniff_format(photo[:16])
    if fmt is None:
        raise UnreadablePhoto("content is not a JPEG, PNG, WebP or GIF image")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(photo), formats=[fmt]) as probe:
                _check_dimensions(probe.size)
                probe.verify()
            with Image.open(io.BytesIO(photo), formats=[fmt]) as image:
                _check_dimensions(image.size)
                full_long = max(image.size)
                wanted_long = full_long if region is None else max(region[2] - region[0], region[3] - region[1])
                if fmt == "JPEG":
                    # libjpeg decodes grey at 1/2, 1/4 or 1/8 scale while that still covers the target
                    # (a region's to 80 %: a 35-megapixel page is then never decoded whole)
                    fit = min(1.0, side / max(wanted_long, 1.0)) * (1.0 if region is None else 0.8)
                    image.draft("L", (max(1, int(image.width * fit)), max(1, int(image.height * fit))))
                image.load()
                upright = _grey(image)
                if upright is image:
                    upright = image.copy()  # the file's image closes with this block
                ImageOps.exif_transpose(upright, in_place=True)  # a large photo held once, not twice
        drafted = full_long / max(upright.size)
        left = top = 0
        if region is not None:
            left, top = (max(0, int(value / drafted)) for value in region[:2])
            right = min(upright.width, math.ceil(region[2] / drafted))
            bottom = min(upright.height, math.ceil(region[3] / drafted))
            upright = upright.crop((left, top, max(right, left + 1), max(bottom, top + 1)))
        cut_long = max(upright.size)
        upright.thumbnail((side, side), Image.Resampling.LANCZOS, reducing_gap=2.0)
        upright.load()
    except UnreadablePhoto:
        raise
    except Exception as exc:
        # Hostile bytes can trip anything in a decoder (truncated data, broken chunks, bad EXIF,
        # MemoryError): all of them mean "not a picture we can read".
        raise UnreadablePhoto(f"could not decode the {fmt} image: {exc}") from exc
    return upright, drafted * cut_long / max(upright.size), (left * drafted, top * drafted)


def _check_dimensions(size: tuple[int, int]) -> None:
    width, height = size
    if width <= 0 or height <= 0 or width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:
        raise UnreadablePhoto(f"refusing an image of {width}x{height} pixels")


def _grey(image: Image.Image) -> Image.Image:
    if image.mode in ("I;16", "I;16L", "I;16B", "I;16N", "I"):
        return image.convert("I").point(lambda value: value * (1 / 256)).convert("L")
    if image.mode in ("RGBA", "LA", "La", "RGBa", "PA") or "transparency" in image.info:
        rgba = image.convert("RGBA")
        paper = Image.new("RGB", rgba.size, (255, 255, 255))
        paper.paste(rgba, mask=rgba.getchannel("A"))
        return paper.convert("L")
    return image if image.mode == "L" else image.convert("L")
