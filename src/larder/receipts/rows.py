"""Receipt rows rebuilt from OCR boxes by position. Pure: no I/O, no OCR engine.

Boxes are chained left to right into rows: a box joins the row whose last box, carried on
from its right end in the direction the text runs there, passes closest to the box's left end,
within half a text height. The direction at a box is the median angle of the wider boxes above
and below it in the same stretch of width, so a rotated photo (every row turned alike), a curved
receipt (rows turning one way on the left and the other on the right) and a slanted view (rows
converging) all keep each price on its name's row. Rows are ordered top to bottom across the
photo's overall skew (the median angle of the long boxes).
"""

from __future__ import annotations

import math
import re
import statistics
import unicodedata
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Box:
    """One OCR box: its text, its four corners (x, y) clockwise from top-left, and the confidence."""

    text: str
    corners: tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]
    score: float = 1.0


def normalise(text: str) -> str:
    """Full-width marks as plain ones (a full-width comma in "3,79"), the euro sign as the
    recogniser reads it, the multiplication sign as x, and the letter O read for a zero inside an
    amount ("RMO.86", "1O.99") as the zero, and a decimal comma read as a slash."""
    text = unicodedata.normalize("NFKC", text).replace("\u00d7", "x")
    # The recogniser has no euro sign: next to an amount it reads one as "element of" or epsilon.
    text = re.sub(r"(?<=\d)(\s?)[\u2208\u03b5\u03f5\u0404]|[\u2208\u03b5\u03f5\u0404](?=\s?\d)", r"\1€", text)
    text = re.sub(r"(?<=\d)[Oo](?=[\d.,])|[Oo](?=[.,]\d{2}(?!\d))", "0", text)
    # A faded decimal comma read as a slash, in the amount before the tax class that ends a row
    # ("1/19E", "1/79 E"); a shelf code's "6/54" or an address's "U1/48" has no tax class after it.
    return re.sub(r"(?<=\s)(\d{1,4})/(\d{2})(?=\s?[A-Z]\s*$)", r"\1,\2", text)


@dataclass
class _Placed:
    box: Box
    y: float  # the centre's y turned by the photo's skew (orders rows top to bottom)
    height: float
    angle: float  # the text's direction here (radians), from this box and its neighbours
    start: tuple[float, float]  # midpoints of the left and right ends (photo coordinates)
    end: tuple[float, float]
    left: float  # x of the leftmost corner, turned by the skew
    right: float = 0.0  # x of the rightmost corner, turned by the skew


@dataclass
class Row:
    """One printed row: its boxes left to right, where it sits (deskewed), how tall its text is."""

    boxes: list[_Placed] = field(default_factory=list)

    @property
    def text(self) -> str:
        return normalise(" ".join(p.box.text.strip() for p in self.boxes if p.box.text.strip()))

    @property
    def y(self) -> float:
        return self.boxes[0].y

    @property
    def left(self) -> float:
        return self.boxes[0].left

    @property
    def right(self) -> float:
        return max(p.right for p in self.boxes)

    def words(self) -> list[tuple[str, float, float]]:
        """Each word with where it sits across the receipt (deskewed x from left to right): a
        box's words share its width by their characters."""
        found = []
        for placed in self.boxes:
            text = placed.box.text
            width = (placed.right - placed.left) / max(len(text), 1)
            for word in re.finditer(r"\S+", text):
                found.append((word.group(), placed.left + word.start() * width, placed.left + word.end() * width))
        return found

    @property
    def height(self) -> float:
        return statistics.median(p.height for p in self.boxes)


def _distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _midpoint(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def _shape(box: Box) -> tuple[float, float, float]:
    """Width, height and angle (radians, the mean of the top and bottom edges) of a box."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = box.corners
    width = (_distance((x0, y0), (x1, y1)) + _distance((x3, y3), (x2, y2))) / 2
    height = (_distance((x0, y0), (x3, y3)) + _distance((x1, y1), (x2, y2))) / 2
    angle = (math.atan2(y1 - y0, x1 - x0) + math.atan2(y2 - y3, x2 - x3)) / 2
    return width, height, angle


def rebuild_rows(boxes: list[Box]) -> list[Row]:
    """The printed rows, top to bottom, each with its boxes left to right."""
    boxes = [b for b in boxes if b.text.strip()]
    if not boxes:
        return []
    shapes = [_shape(b) for b in boxes]
    placed = _placed(boxes, shapes)
    _follow_curve(placed, shapes)
    return _joined(placed)


def _placed(boxes: list[Box], shapes: list[tuple[float, float, float]]) -> list[_Placed]:
    """The boxes where they sit once the receipt's skew (the median angle of its long boxes) is
    undone."""
    long_angles = [angle for width, height, angle in shapes if width > 3 * height > 0]
    skew = statistics.median(long_angles) if long_angles else 0.0
    cos, sin = math.cos(skew), math.sin(skew)

    placed: list[_Placed] = []
    for box, (_, height, _) in zip(boxes, shapes, strict=True):
        c = box.corners
        xs = [x * cos + y * sin for x, y in c]
        centre = _midpoint(_midpoint(c[0], c[2]), _midpoint(c[1], c[3]))
        placed.append(
            _Placed(
                box=box,
                y=-centre[0] * sin + centre[1] * cos,
                height=max(height, 1.0),
                angle=skew,
                start=_midpoint(c[0], c[3]),
                end=_midpoint(c[1], c[2]),
                left=min(xs),
                right=max(xs),
            )
        )
    return placed


def _follow_curve(placed: list[_Placed], shapes: list[tuple[float, float, float]]) -> None:
    """A curved receipt turns its rows differently across its width: the text's direction at a box
    is the median angle of the boxes above and below it in the same stretch of width (a short
    box's own angle is too rough to carry its row far)."""
    for item in placed:
        near = [
            angle
            for other, (width, height, angle) in zip(placed, shapes, strict=True)
            if width > 1.5 * height
            and other.start[0] < item.end[0]
            and other.end[0] > item.start[0]
            and abs(other.y - item.y) <= 5 * item.height
        ]
        if near:
            item.angle = statistics.median(near)


def _joined(placed: list[_Placed]) -> list[Row]:
    """The boxes joined into rows, left to right: each goes on the row whose last box's line it
    continues most closely."""
    rows: list[Row] = []
    for item in sorted(placed, key=lambda p: p.left):
        best, best_gap = None, math.inf
        for row in rows:
            last = row.boxes[-1]
            reach = item.start[0] - last.end[0]
            if reach < -min(last.height, item.height):
                continue  # well inside the row's last box: another row (a split box overlaps a little)
            # Carry the row on from its last box's right end, turning as the text turns between.
            expected = last.end[1] + math.tan((last.angle + item.angle) / 2) * reach
            gap = abs(item.start[1] - expected)
            if gap <= 0.25 * (last.height + item.height) and gap < best_gap:
                best, best_gap = row, gap
        if best is None:
            rows.append(Row([item]))
        else:
            best.boxes.append(item)
    rows.sort(key=lambda r: r.y)
    return rows
