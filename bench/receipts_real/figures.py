"""Where the development photos are, and how the receipt benches print their figures."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_PHOTOS = ROOT.parent / "shared" / "data" / "receipts-dev"
SOURCES = ("sroie", "softmatic_de")


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} % ({part}/{whole})" if whole else "-"


def quantile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f} s"


def photos_of(folder: Path, only: str | None) -> list[tuple[str, Path]]:
    found = []
    for source in SOURCES:
        for photo in sorted((folder / source).glob("*.jpg")):
            if only is None or only in photo.stem:
                found.append((source, photo))
    return found
