"""The scan lines the server answers for a photo's boxes: `lines.read_lines`, then each line as
`service._scan_line` makes it (printed name, quantity and unit, the catalogue match with nothing
learned), over the shipped catalogue."""

from __future__ import annotations

import json
from pathlib import Path

from bench.receipts_real.scoring import ReadLine

from larder.catalogue.schemas import IngredientOptionOut
from larder.receipts import service
from larder.receipts.lines import Box, read_lines
from larder.receipts.matching import Matcher

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "src/larder/data/catalogue/ingredients.json"


def catalogue_options() -> list[IngredientOptionOut]:
    entries = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    return [
        IngredientOptionOut(
            value=i + 1, name=entry["name"], image=None, category_id=None, default_unit=entry["default_unit"]
        )
        for i, entry in enumerate(entries)
    ]


class Scanner:
    def __init__(self) -> None:
        self.matcher = Matcher(catalogue_options())

    def scan(self, boxes: list[Box]) -> list[ReadLine]:
        found = []
        for line in read_lines(boxes):
            name = service._printed(line.name)
            out = service._scan_line(name, line, self.matcher, {})
            found.append(
                ReadLine(
                    name=out.name,
                    price=out.price,
                    quantity=out.quantity,
                    unit=out.unit,
                    ingredient=out.matchedItem.name if out.matchedItem is not None else None,
                )
            )
        return found
