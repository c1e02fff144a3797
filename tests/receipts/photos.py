"""Receipt photos made here from known contents: a narrow thermal-printer receipt rendered with
Pillow (DejaVu fonts), slightly rotated, blurred and noisy, lying on a table in a phone-sized JPEG.

Used by the OCR tests and by bench/receipts_speed.py; deterministic for a given seed.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = Path("/usr/share/fonts/truetype/dejavu")
PAPER_WIDTH = 576  # dots across an 80 mm thermal roll at 203 dpi
MARGIN = 24

ITEMS = (
    ("BANANAS LOOSE", "1.29"),
    ("CHKN BRST FILLET", "6.49"),
    ("Vollmilch 3,5%", "1,19"),
    ("MILK 2L", "3.49"),
    ("FREE RANGE EGGS 12", "4.20"),
    ("WHOLEMEAL BREAD", "1.85"),
    ("Butter mild", "2,29"),
    ("CHEDDAR MATURE", "3.75"),
    ("Spaghetti 500g", "0,99"),
    ("TOMATOES VINE", "2.10"),
    ("Kartoffeln 2kg", "2,49"),
    ("BROCCOLI", "0.89"),
    ("CARROTS 1KG", "0.75"),
    ("Joghurt Natur", "0,65"),
    ("RED ONIONS", "0.95"),
    ("GARLIC BULB", "0.35"),
    ("OLIVE OIL 500ML", "5.99"),
    ("Haferflocken", "0,89"),
    ("APPLES GALA", "2.40"),
    ("Zitronen", "1,49"),
    ("BASMATI RICE 1KG", "2.60"),
    ("Paprika rot", "1,79"),
    ("CHICKPEAS TIN", "0.70"),
    ("Mehl Type 405", "0,79"),
    ("FROZEN PEAS", "1.20"),
    ("Zucker 1kg", "1,09"),
    ("SPINACH 250G", "1.50"),
    ("Lachsfilet", "4,99"),
    ("GREEK YOGHURT", "2.25"),
    ("Champignons", "1,99"),
    ("PORK SAUSAGES", "3.10"),
    ("Gouda jung", "2,39"),
    ("LEMONS 4PK", "1.40"),
    ("Honig", "3,49"),
)


@dataclass(frozen=True)
class ReceiptPhoto:
    jpeg: bytes
    items: tuple[tuple[str, str], ...]  # (name, price) as printed, top to bottom
    size: tuple[int, int]


def render_receipt(
    seed: int = 0,
    *,
    lines: int = 30,
    photo_size: tuple[int, int] = (3000, 4000),
    quality: int = 92,
) -> ReceiptPhoto:
    """A photo of a receipt with `lines` item lines (names and prices from ITEMS)."""
    rng = random.Random(seed)
    items = tuple(rng.sample(ITEMS, min(lines, len(ITEMS))))
    paper = _paper(items, rng)
    photo = _photograph(paper, photo_size, rng)
    out = io.BytesIO()
    photo.save(out, format="JPEG", quality=quality)
    return ReceiptPhoto(jpeg=out.getvalue(), items=items, size=photo.size)


def _paper(items: tuple[tuple[str, str], ...], rng: random.Random) -> Image.Image:
    face = rng.choice(("DejaVuSansMono.ttf", "DejaVuSansCondensed.ttf", "DejaVuSansMono-Bold.ttf"))
    mono = ImageFont.truetype(str(FONTS / face), rng.randint(20, 24))
    bold = ImageFont.truetype(str(FONTS / "DejaVuSansMono-Bold.ttf"), 30)
    ink = rng.randint(20, 90)  # a fresh roll prints black, a tired one grey
    step = 32
    head = ["Market Street 12", "London E1 6AN", "Tel 020 7946 0018", f"21/11/2026  {rng.randint(8, 20):02d}:14"]
    foot_rows = 6
    height = MARGIN * 2 + 60 + step * (len(head) + 2 + len(items) + foot_rows)
    paper = Image.new("L", (PAPER_WIDTH, height), 250)
    draw = ImageDraw.Draw(paper)
    draw.text((PAPER_WIDTH // 2, MARGIN), "FRESH MART", font=bold, fill=20, anchor="mt")
    y = MARGIN + 60
    for row in head:
        draw.text((PAPER_WIDTH // 2, y), row, font=mono, fill=30, anchor="mt")
        y += step
    y += step
    right = PAPER_WIDTH - MARGIN
    total = 0.0
    for name, price in items:
        draw.text((MARGIN, y), name, font=mono, fill=ink + rng.randint(0, 30))
        draw.text((right, y), f"{price} A", font=mono, fill=ink + rng.randint(0, 30), anchor="ra")
        total += float(price.replace(",", "."))
        y += step
    y += step // 2
    draw.line((MARGIN, y, right, y), fill=60, width=2)
    y += step // 2
    for left, value in (
        ("TOTAL", f"{total:.2f}"),
        ("VISA", f"{total:.2f}"),
        ("VAT 20%", f"{total / 6:.2f}"),
        ("THANK YOU", ""),
    ):
        draw.text((MARGIN, y), left, font=mono, fill=25)
        if value:
            draw.text((right, y), value, font=mono, fill=25, anchor="ra")
        y += step
    return paper


def _photograph(paper: Image.Image, size: tuple[int, int], rng: random.Random) -> Image.Image:
    width, height = size
    # The receipt fills most of the photo's height, as when somebody photographs it on a table.
    scale = min(height * 0.86 / paper.height, width * 0.6 / paper.width)
    paper = paper.resize((round(paper.width * scale), round(paper.height * scale)), Image.Resampling.BICUBIC)
    paper = paper.filter(ImageFilter.GaussianBlur(radius=scale * rng.uniform(0.3, 0.7)))  # focus, shake
    angle = rng.uniform(-2.5, 2.5)
    mask = Image.new("L", paper.size, 255).rotate(angle, expand=True, resample=Image.Resampling.BILINEAR)
    paper = paper.rotate(angle, expand=True, resample=Image.Resampling.BICUBIC, fillcolor=250)
    table = Image.linear_gradient("L").resize(size).point(lambda v: 95 + v * 60 // 255)
    table = Image.merge("RGB", (table, table.point(lambda v: v * 0.85), table.point(lambda v: v * 0.7)))
    left = (width - paper.width) // 2 + rng.randint(-120, 120)
    top = (height - paper.height) // 2 + rng.randint(-60, 60)
    tinted = Image.merge("RGB", (paper, paper, paper.point(lambda v: v * 0.96)))
    table.paste(tinted, (left, top), mask)
    # uneven light: a shadow falling across one side of the photo
    shade = Image.linear_gradient("L").rotate(rng.choice((90, -90, 180, 0))).resize(size)
    table = Image.composite(table, Image.eval(table, lambda v: v * 0.7), shade)
    noise = Image.effect_noise(size, rng.uniform(15, 35)).convert("RGB")
    return Image.blend(table, noise, rng.uniform(0.1, 0.2))
