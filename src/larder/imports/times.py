"""Recipe times as pages write them, to minutes and back to schema.org's ISO 8601 durations.

Pages give `totalTime`, `prepTime` and `cookTime` as ISO 8601 durations ("PT1H30M", "P0DT0H45M",
"PT90M", "PT0.5H"), sometimes as plain numbers of minutes or as words ("1 hour 20 mins",
"45 Minuten"). Anything else, or a time over a week (a typo or a placeholder), is no time.
"""

from __future__ import annotations

import re
from typing import Any

MAX_MINUTES = 7 * 24 * 60

_ISO = re.compile(
    r"^P(?:(?P<days>\d+(?:[.,]\d+)?)D)?"
    r"(?:T(?:(?P<hours>\d+(?:[.,]\d+)?)H)?(?:(?P<minutes>\d+(?:[.,]\d+)?)M)?(?:(?P<seconds>\d+(?:[.,]\d+)?)S)?)?$",
    re.IGNORECASE,
)
_HOURS = re.compile(r"(\d+(?:[.,]\d+)?)\s*(?:h\b|hrs?\b|hours?\b|stunden?\b|heures?\b|uur\b|or[ae]\b|horas?\b)", re.I)
_MINUTES = re.compile(r"(\d+(?:[.,]\d+)?)\s*(?:m\b|mins?\b|minut\w*|min\.)", re.I)


def _number(text: str | None) -> float:
    return float(text.replace(",", ".")) if text else 0.0


def minutes_of(value: Any) -> int | None:
    """Whole minutes of a time as a page gives it, or None when it gives none."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        minutes = float(value)
    elif isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        iso = _ISO.match(text.replace(" ", ""))
        if iso and any(iso.groupdict().values()):
            parts = {k: _number(v) for k, v in iso.groupdict().items()}
            minutes = parts["days"] * 1440 + parts["hours"] * 60 + parts["minutes"] + parts["seconds"] / 60
        elif text.replace(".", "", 1).isdigit():
            minutes = float(text)
        else:
            hours = sum(_number(h) for h in _HOURS.findall(text))
            minutes = hours * 60 + sum(_number(m) for m in _MINUTES.findall(text))
    else:
        return None
    whole = round(minutes)
    return whole if 0 < whole <= MAX_MINUTES else None


def iso_duration(minutes: int | None) -> str:
    """schema.org's form of a number of minutes ("PT1H30M"), "" for none."""
    if not minutes:
        return ""
    hours, rest = divmod(minutes, 60)
    return "PT" + (f"{hours}H" if hours else "") + (f"{rest}M" if rest else "")
