"""Text boxes: from the detector's map to the four corners of each text, as rapidocr's
`DBPostProcess` finds them with its defaults for PP-OCRv4 (threshold 0.3, 2x2 dilation, box score
over the box >= 0.5, boxes grown by area x 1.6 / perimeter on every side), and from a box back to
an upright, straightened crop for the recogniser (see engine.py). numpy and Pillow only.
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

# rapidocr 1.4.4's defaults for PP-OCRv4 (its config.yaml)
PIXEL_THRESHOLD = 0.3  # a pixel of the detector's map is text above this
BOX_THRESHOLD = 0.5  # a box is kept when the map's mean over it is at least this
UNCLIP_RATIO = 1.6  # the detector marks a shrunk core of each text: grown back by area x ratio / perimeter
MAX_CANDIDATES = 1000
MIN_SIZE = 3


def text_boxes(heat: np.ndarray, size: tuple[int, int]) -> list[np.ndarray]:
    """The boxes of text in the detector's map (values 0-1), scaled to a picture of `size` (w, h)."""
    map_h, map_w = heat.shape
    width, height = size
    text = heat > PIXEL_THRESHOLD
    grown = text.copy()  # a 2x2 dilation, as cv2.dilate with its anchor at the kernel's centre
    grown[1:, :] |= text[:-1, :]
    grown[:, 1:] |= text[:, :-1]
    grown[1:, 1:] |= text[:-1, :-1]
    boxes = []
    for points in _regions(grown)[:MAX_CANDIDATES]:
        box, short = _min_area_rect(points)
        if short < MIN_SIZE or _mean_over(heat, box) < BOX_THRESHOLD:
            continue
        box, short = _grown(box, UNCLIP_RATIO)
        if short < MIN_SIZE + 2:
            continue
        box[:, 0] = np.clip(np.round(box[:, 0] / map_w * width), 0, width)
        box[:, 1] = np.clip(np.round(box[:, 1] / map_h * height), 0, height)
        boxes.append(_clockwise(box))
    return boxes


def _regions(mask: np.ndarray) -> list[np.ndarray]:
    """The 8-connected regions of a boolean map, each as the (x, y) points of its row ends, largest
    first. Rows are read as runs of set pixels; runs of neighbouring rows that touch are joined."""
    height, width = mask.shape
    padded = np.zeros((height, width + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    steps = np.diff(padded, axis=1)
    rows, starts = np.nonzero(steps == 1)
    _, ends = np.nonzero(steps == -1)  # exclusive; row-major order pairs them with the starts
    if len(rows) == 0:
        return []
    first_of_row = np.searchsorted(rows, np.arange(height + 1)).tolist()
    start_list, end_list = starts.tolist(), ends.tolist()
    parent = list(range(len(rows)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for y in range(1, height):
        i, above_end = first_of_row[y - 1], first_of_row[y]
        j, row_end = first_of_row[y], first_of_row[y + 1]
        while i < above_end and j < row_end:
            # diagonal neighbours count: runs [s, e) touch when each starts at most at the other's end
            if start_list[j] <= end_list[i] and start_list[i] <= end_list[j]:
                a, b = root(i), root(j)
                if a != b:
                    parent[b] = a
            if end_list[i] < end_list[j]:
                i += 1
            else:
                j += 1
    labels = np.array([root(i) for i in range(len(rows))])
    order = np.argsort(labels, kind="stable")
    cuts = np.nonzero(np.diff(labels[order]))[0] + 1
    regions = []
    for group in np.split(order, cuts):
        ys = rows[group]
        points = np.concatenate(
            [np.stack([starts[group], ys], axis=1), np.stack([ends[group] - 1, ys], axis=1)]
        ).astype(np.float64)
        regions.append(points)
    regions.sort(key=len, reverse=True)
    return regions


def _hull(points: np.ndarray) -> np.ndarray:
    """The convex hull (Andrew's monotone chain), counter-clockwise."""
    unique = np.unique(points, axis=0)
    if len(unique) < 3:
        return unique

    def half(sequence: list[list[float]]) -> list[list[float]]:
        chain: list[list[float]] = []
        for point in sequence:
            px, py = point
            while len(chain) >= 2:
                (ax, ay), (bx, by) = chain[-2], chain[-1]
                if (bx - ax) * (py - ay) - (by - ay) * (px - ax) > 0:
                    break
                chain.pop()
            chain.append(point)
        return chain

    ordered = unique.tolist()  # Python floats: a loop over numpy scalars is ten times slower
    lower, upper = half(ordered), half(ordered[::-1])
    return np.array(lower[:-1] + upper[:-1])


def _min_area_rect(points: np.ndarray) -> tuple[np.ndarray, float]:
    """The rectangle of least area around the points (one side lies on an edge of their hull), as
    four corners, and its shorter side."""
    hull = _hull(points)
    if len(hull) < 3:
        low, high = points.min(axis=0), points.max(axis=0)
        box = np.array([[low[0], low[1]], [high[0], low[1]], [high[0], high[1]], [low[0], high[1]]])
        return box, float(min(high - low))
    edges = np.roll(hull, -1, axis=0) - hull
    angles = np.unique(np.mod(np.arctan2(edges[:, 1], edges[:, 0]), np.pi / 2))
    cos, sin = np.cos(angles), np.sin(angles)
    # each hull point in the frame of each candidate angle: u along the edge, v across it
    u = hull[:, 0][None, :] * cos[:, None] + hull[:, 1][None, :] * sin[:, None]
    v = -hull[:, 0][None, :] * sin[:, None] + hull[:, 1][None, :] * cos[:, None]
    spans_u = u.max(axis=1) - u.min(axis=1)
    spans_v = v.max(axis=1) - v.min(axis=1)
    best = int(np.argmin(spans_u * spans_v))
    c, s = cos[best], sin[best]
    u0, u1, v0, v1 = u[best].min(), u[best].max(), v[best].min(), v[best].max()
    frame = np.array([[u0, v0], [u1, v0], [u1, v1], [u0, v1]])
    box = np.stack([frame[:, 0] * c - frame[:, 1] * s, frame[:, 0] * s + frame[:, 1] * c], axis=1)
    return box, float(min(spans_u[best], spans_v[best]))


def _mean_over(heat: np.ndarray, box: np.ndarray) -> float:
    """The map's mean inside the box (rapidocr's "fast" box score)."""
    map_h, map_w = heat.shape
    x0 = int(np.clip(np.floor(box[:, 0].min()), 0, map_w - 1))
    x1 = int(np.clip(np.ceil(box[:, 0].max()), 0, map_w - 1))
    y0 = int(np.clip(np.floor(box[:, 1].min()), 0, map_h - 1))
    y1 = int(np.clip(np.ceil(box[:, 1].max()), 0, map_h - 1))
    mask = Image.new("1", (x1 - x0 + 1, y1 - y0 + 1), 0)
    corners = [(float(x) - x0, float(y) - y0) for x, y in box.astype(np.int32)]
    ImageDraw.Draw(mask).polygon(corners, fill=1)
    inside = np.asarray(mask, dtype=bool)
    region = heat[y0 : y1 + 1, x0 : x1 + 1]
    return float(region[inside].mean()) if inside.any() else 0.0


def _grown(box: np.ndarray, ratio: float) -> tuple[np.ndarray, float]:
    """The rectangle grown by area x ratio / perimeter on every side: what offsetting it with round
    joins and taking the least-area rectangle around the result gives (rapidocr's unclip)."""
    along = box[1] - box[0]
    across = box[3] - box[0]
    long_side, short_side = float(np.linalg.norm(along)), float(np.linalg.norm(across))
    if long_side == 0 or short_side == 0:
        return box, 0.0
    distance = long_side * short_side * ratio / (2 * (long_side + short_side))
    unit_along, unit_across = along / long_side, across / short_side
    shift_along, shift_across = unit_along * distance, unit_across * distance
    grown = np.array(
        [
            box[0] - shift_along - shift_across,
            box[1] + shift_along - shift_across,
            box[2] + shift_along + shift_across,
            box[3] - shift_along + shift_across,
        ]
    )
    return grown, min(long_side, short_side) + 2 * distance


def _clockwise(points: np.ndarray) -> np.ndarray:
    """Top-left, top-right, bottom-right, bottom-left."""
    by_x = points[np.argsort(points[:, 0], kind="stable"), :]
    left, right = by_x[:2], by_x[2:]
    top_left, bottom_left = left[np.argsort(left[:, 1], kind="stable"), :]
    top_right, bottom_right = right[np.argsort(right[:, 1], kind="stable"), :]
    return np.array([top_left, top_right, bottom_right, bottom_left], dtype=np.float32)


def box_size(quad: np.ndarray) -> tuple[float, float]:
    width = max(np.linalg.norm(quad[0] - quad[1]), np.linalg.norm(quad[2] - quad[3]))
    height = max(np.linalg.norm(quad[0] - quad[3]), np.linalg.norm(quad[1] - quad[2]))
    return float(width), float(height)


def upright_quad(quad: np.ndarray) -> np.ndarray:
    """The corners in reading order: a box far taller than wide holds text written upwards, read
    after a quarter turn (its top-right corner becomes the top-left)."""
    width, height = box_size(quad)
    return np.roll(quad, -1, axis=0) if height >= width * 1.5 else quad


def cut_out(picture: Image.Image, quad: np.ndarray, size: tuple[int, int]) -> Image.Image:
    """The box cut out of the picture, straightened and scaled to `size` in one resampling."""
    width, height = size
    target = [(0.0, 0.0), (float(width), 0.0), (float(width), float(height)), (0.0, float(height))]
    return picture.transform(
        size, Image.Transform.PERSPECTIVE, _perspective(target, quad), Image.Resampling.BICUBIC, fillcolor=255
    )


def _perspective(target: list[tuple[float, float]], source: np.ndarray) -> tuple[float, ...]:
    """Pillow's eight coefficients taking a point of the output to the picture's:
    x = (a u + b v + c) / (g u + h v + 1), y = (d u + e v + f) / (g u + h v + 1)."""
    rows, values = [], []
    for (u, v), (x, y) in zip(target, source.tolist(), strict=True):
        rows.append([u, v, 1, 0, 0, 0, -u * x, -v * x])
        rows.append([0, 0, 0, u, v, 1, -u * y, -v * y])
        values += [x, y]
    return tuple(np.linalg.solve(np.array(rows, dtype=np.float64), np.array(values, dtype=np.float64)).tolist())


def text_region(quads: list[np.ndarray], size: tuple[int, int]) -> list[float]:
    """The part of a picture of `size` (w, h) that holds all its text boxes, with a margin:
    left, top, right, bottom."""
    points = np.concatenate(quads)
    margin = 0.02 * max(size)
    left, top = (max(0.0, float(v) - margin) for v in points.min(axis=0))
    right = min(float(size[0]), float(points[:, 0].max()) + margin)
    bottom = min(float(size[1]), float(points[:, 1].max()) + margin)
    return [left, top, right, bottom]
