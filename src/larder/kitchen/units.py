"""The 10 units a quantity may be written in (part 1 §9 'Measurement units'), in the spec's order."""

from __future__ import annotations

from typing import Final

UNIT = "unit(s)"
UNITS: Final = (UNIT, "kg", "g", "mg", "l", "ml", "cup(s)", "rasher(s)", "tsp", "tbsp")

__all__ = ["UNIT", "UNITS"]
