"""Two receipts rendered with Pillow from known contents (an English and a German shop), as the
phone photo of the paper on a table, and the OCR boxes rapidocr read from them (recorded in
tests/receipts/recorded/, so the API tests need no engine).

Re-record after changing a receipt: `python -m tests.receipts.rendered` (runs the real engine).
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from larder.receipts.lines import Box

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
RECORDED = Path(__file__).parent / "recorded"
PAPER_WIDTH = 576  # dots across an 80 mm thermal roll at 203 dpi


@dataclass(frozen=True)
class Receipt:
    name: str
    header: tuple[str, ...]
    items: tuple[tuple[str, str], ...]  # (name as printed, price as printed)
    footer: tuple[tuple[str, str], ...]  # payment rows, skipped by the scan


ENGLISH = Receipt(
    name="english",
    header=("GREENGROCER & SONS", "12 HIGH STREET", "VAT NO 123 4567 89"),
    items=(
        ("BANANAS LOOSE", "1.29"),
        ("CHKN BRST FILLET", "6.49"),
        ("FREE RANGE EGGS", "2.20"),
        ("CARRIER BAG", "0.10"),
    ),
    footer=(("TOTAL", "10.08"), ("VISA DEBIT", "10.08")),
)
GERMAN = Receipt(
    name="german",
    header=("FRISCHMARKT GMBH", "Hauptstr. 5, Bonn"),
    items=(
        ("Vollmilch 3,5%", "1,19"),
        ("Bananen", "1,49"),
        ("Zitronen", "0,99"),
    ),
    footer=(("SUMME EUR", "3,67"), ("Mastercard", "3,67")),
)
RECEIPTS = {receipt.name: receipt for receipt in (ENGLISH, GERMAN)}
# Pack sizes, a multi-buy and a weighed item, read by the real engine in the browser test only.
SIZES = Receipt(
    name="sizes",
    header=("CORNER SHOP", "1 MARKET ROW"),
    items=(
        ("APPLE JUICE 1.5L", "1.19"),
        ("WHOLE MILK 2 X 1L", "1.90"),
        ("PLAIN FLOUR 1KG", "2.90"),
        ("  2 x 1.45", ""),
        ("POTATOES", "1.01"),
        ("  0.720 kg x 1.40 /kg", ""),
    ),
    footer=(("TOTAL", "7.00"), ("CASH", "10.00")),
)


@cache
def photo(receipt: Receipt) -> bytes:
    """The receipt as a phone photo: the paper slightly turned on a grey table, a little soft."""
    font = ImageFont.truetype(str(FONT), 26)
    rows = [(text, "") for text in receipt.header] + [("", "")] + list(receipt.items) + [("", "")]
    rows += list(receipt.footer)
    line_height = 44
    paper = Image.new("L", (PAPER_WIDTH, 60 + line_height * len(rows)), 250)
    draw = ImageDraw.Draw(paper)
    for index, (left, right) in enumerate(rows):
        y = 30 + index * line_height
        draw.text((24, y), left, font=font, fill=20)
        if right:
            draw.text((PAPER_WIDTH - 24, y), right, font=font, fill=20, anchor="ra")
    turned = paper.rotate(1.5, expand=True, fillcolor=110, resample=Image.Resampling.BICUBIC)
    table = Image.new("L", (turned.width + 240, turned.height + 240), 110)
    table.paste(turned, (120, 120))
    soft = table.filter(ImageFilter.GaussianBlur(0.6)).convert("RGB")
    out = io.BytesIO()
    soft.save(out, format="JPEG", quality=88)
    return out.getvalue()


def recorded_boxes(name: str) -> list[Box]:
    """The boxes rapidocr read from `photo(RECEIPTS[name])`, as recorded."""
    data = json.loads((RECORDED / f"{name}.json").read_text(encoding="utf-8"))
    return [Box(text=b["text"], corners=tuple(tuple(c) for c in b["corners"]), score=b["score"]) for b in data]


def _record() -> None:
    """Run the engine on each rendered receipt and keep what it read."""
    import numpy
    from rapidocr_onnxruntime import RapidOCR

    engine = RapidOCR()
    RECORDED.mkdir(exist_ok=True)
    for receipt in RECEIPTS.values():
        image = numpy.asarray(Image.open(io.BytesIO(photo(receipt))).convert("RGB"))
        found, _ = engine(image)
        boxes = [
            {
                "text": text,
                "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in corners],
                "score": round(float(score), 3),
            }
            for corners, text, score in found or []
        ]
        (RECORDED / f"{receipt.name}.json").write_text(json.dumps(boxes, indent=1) + "\n", encoding="utf-8")
        print(receipt.name, [b["text"] for b in boxes])


if __name__ == "__main__":
    _record()
