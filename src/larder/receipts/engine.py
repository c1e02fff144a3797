"""Reading a receipt photo: decode it safely, find the text, recognise it. CPU-bound and heavy.

Imported only where the text is read (the OCR worker process, see ocr.py): numpy and onnxruntime
stay out of the server. The models are PP-OCRv4's text detector and recogniser as the
rapidocr-onnxruntime wheel ships them; this module runs them itself, with numpy and Pillow,
rather than through `RapidOCR`, because what makes a receipt fast and small is not reachable
through its options, and its Python code needs OpenCV (with Qt, FFmpeg and OpenBLAS: 190 MB in
the one-file binary, ~40 MB more resident in the worker) for a few simple steps:

- the detector runs on a smaller picture than the one the text is cut from (rapidocr 1.4.4 runs it
  on at least the picture it is given: `limit_type: max` ignores `limit_side_len` and picks 960,
  1500 or 2000 from the picture's own size); receipt print is large and high-contrast, so finding
  it needs far fewer pixels than reading it;
- no angle classifier (its model is not even loaded): receipt rows are upright in the photo of a
  receipt, or at most a few degrees off, which the rotated box of each text undoes;
- the picture is grey from the JPEG decoder on (the models take three equal channels), decoded at
  a reduced scale by libjpeg when the photo is larger than needed; each text is cut out straight
  and scaled to the recogniser's height in one resampling;
- recognition at 36 px high instead of 48, in batches of crops of similar width padded to 3:1
  at least instead of 320:48 (a price or a VAT letter no longer costs what a long name does);
- both models share one onnxruntime memory arena (see `_shared_arena`), run sequentially, and
  their idle threads sleep instead of spinning (two cores are shared with the server);
- the arena gives back what a photo used once it is read (`release_after_photo`), and a batch of
  wide crops runs in parts (`rec_run_width`), so the process holds the models plus one photo's
  working set, whatever photos came before (measured by bench/receipts_memory.py).

The detector's output is turned into boxes as rapidocr's `DBPostProcess` does with its defaults
for PP-OCRv4 (threshold 0.3, 2x2 dilation, box score over the box >= 0.5, boxes grown by
area x 1.6 / perimeter on every side), and the recogniser's by greedy CTC decoding.
"""

from __future__ import annotations

import importlib.util
import io
import math
import os
import sys
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import onnxruntime as ort
from PIL import Image, ImageDraw, ImageOps

from larder.core.images import MAX_PIXELS, MAX_SIDE, sniff_format

Corners = tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]

# rapidocr 1.4.4's defaults for PP-OCRv4 (its config.yaml)
PIXEL_THRESHOLD = 0.3  # a pixel of the detector's map is text above this
BOX_THRESHOLD = 0.5  # a box is kept when the map's mean over it is at least this
UNCLIP_RATIO = 1.6  # the detector marks a shrunk core of each text: grown back by area x ratio / perimeter
MAX_CANDIDATES = 1000
MIN_SIZE = 3


class UnreadablePhoto(Exception):
    """Not a picture Pillow reads, or one too large to decode safely."""


@dataclass(frozen=True)
class Tuning:
    """The knobs of speed against accuracy (bench/receipts_speed.py measures them)."""

    # The picture text is cut from: its longer side, in pixels. Receipt print is ~1/50 of the photo's
    # height per row; at 1600 px a row is ~25 px high, enough for the recogniser (it scales crops to
    # `rec_height`), and decoding a 12 MP JPEG at half scale then shrinking costs ~0.1 s.
    read_side: int = 1600
    # The picture the detector sees: its longer side (a multiple of 32 is used).
    detect_side: int = 960
    # Height crops are scaled to for recognition. The model was trained at 48; 36 reads the
    # rendered corpus as well (953 of 960 names and prices, 40: 952, 48: 477 of 480) at 40 % less
    # work; 32 starts to miss small lower-case print (94 %).
    rec_height: int = 36
    rec_batch: int = 8
    # The recogniser's largest run, in pixels across: crops x the width they are padded to. A batch
    # of wide crops (8 long lines padded to ~600 px) is run in parts, each crop padded as in its
    # whole batch, so the text read is the same; the working set follows the run's width: at 1152
    # the recogniser's (~50 MB) stays below the detector's (~130 MB at 960 px) instead of reaching
    # ~170 MB. 0: batches are run whole.
    rec_run_width: int = 1152
    # Narrowest batch, width over height. PaddleOCR pads every crop to at least 320x48 (ratio 6.7):
    # a price or a VAT letter then costs as much as a long name. 3 reads the same at 40% less.
    rec_min_ratio: float = 3.0
    # Print smaller than this (the median text box's height, in pixels of the picture read) is
    # read again from the part of the photo that holds the text, decoded larger: a receipt that
    # fills a third of a scanned page is ~15 px high per row at `read_side`, and loses digits.
    text_height: float = 36.0  # the recogniser's own height (`rec_height`): crops are not enlarged
    closer_side: int = 3200  # the longest side that part is decoded at, and seen by the detector
    min_score: float = 0.5  # recognised text below this confidence is dropped
    threads: int = 0  # onnxruntime's intra-op threads; 0: the machine's cores, at most 4
    # The shared arena is shrunk after the detector's run and after the recogniser's last run of a
    # photo: what they used goes back to malloc (and the worker hands it to the system, see ocr.py)
    # rather than staying in the arena. Kept, the arena grows with every photo of another shape
    # (regions of the detector's and the recogniser's sizes do not fit each other's tensors): 284-374
    # MB after 76 photos in mixed order, against ~240 MB at most and ~100 MB between photos.
    release_after_photo: bool = True


DEFAULT_TUNING = Tuning()
_KEEP_ARENA = ort.RunOptions()
_SHRINK_ARENA = ort.RunOptions()
_SHRINK_ARENA.add_run_config_entry("memory.enable_memory_arena_shrinkage", "cpu:0")


@dataclass(frozen=True)
class ReadBox:
    text: str
    corners: Corners  # in the pixels of the upright photo, clockwise from top-left
    score: float


def models_folder() -> Path:
    """The ONNX models of the rapidocr-onnxruntime wheel (its Python code is not used)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:  # the one-file binary: collected as data (packaging/larder.spec)
        return Path(bundle) / "rapidocr_onnxruntime" / "models"
    spec = importlib.util.find_spec("rapidocr_onnxruntime")  # located, not imported (it imports OpenCV)
    if spec is None or spec.origin is None:
        raise RuntimeError("rapidocr-onnxruntime is not installed")
    return Path(spec.origin).parent / "models"


_shared: list[bool] = []


def _shared_arena() -> None:
    """One memory arena for both models, registered once per process. Each session's own arena
    would keep its largest working set for good, so the detector's (~90 MB at 960 px) and the
    recogniser's would add up; without any arena every tensor is malloc'd and freed, which leaves
    glibc's heap fragmented (peaks ~100 MB higher) or, with large blocks mmapped, costs twice the
    CPU in page faults. Shared and grown by what is asked, it holds the larger of the two."""
    if _shared:
        return
    memory = ort.OrtMemoryInfo("Cpu", ort.OrtAllocatorType.ORT_ARENA_ALLOCATOR, 0, ort.OrtMemType.DEFAULT)
    # arena_extend_strategy 1: kSameAsRequested (the default, powers of two, can nearly double it)
    ort.create_and_register_allocator(memory, ort.OrtArenaCfg({"arena_extend_strategy": 1}))
    _shared.append(True)


def _session(path: Path, threads: int) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.log_severity_level = 3
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.add_session_config_entry("session.use_env_allocators", "1")  # the shared arena
    options.enable_mem_pattern = False  # shapes change with every photo: a planned block never fits
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    # Idle pool threads sleep instead of spinning: the cores are shared with the server.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])


class Engine:
    """The two models, loaded once; `read` any number of photos, one at a time."""

    def __init__(self, tuning: Tuning = DEFAULT_TUNING) -> None:
        self.tuning = tuning
        threads = tuning.threads or min(os.cpu_count() or 1, 4)
        models = models_folder()
        _shared_arena()
        self._det = _session(models / "ch_PP-OCRv4_det_infer.onnx", threads)
        self._rec = _session(models / "ch_PP-OCRv4_rec_infer.onnx", threads)
        # index 0 is CTC's blank; the model's alphabet, then the space
        alphabet = self._rec.get_modelmeta().custom_metadata_map["character"].splitlines()
        self._characters = np.array(["", *alphabet, " "], dtype=object)
        self._det_input = self._det.get_inputs()[0].name
        self._rec_input = self._rec.get_inputs()[0].name
        self._last_run_options = _SHRINK_ARENA if tuning.release_after_photo else _KEEP_ARENA

    def read(self, photo: bytes) -> list[ReadBox]:
        """The text boxes of the photo, top to bottom (UnreadablePhoto when it is not a picture)."""
        picture, scale, (left, top) = decode(photo, self.tuning.read_side)
        quads = self.detect(picture)
        closer = self.closer_look(quads, picture.size, scale)
        if closer is not None:
            # The receipt's print is small in this picture (a scanned page, a photo from afar): the
            # part that holds the text is decoded again, larger, and read from there; found again
            # where the detector saw it small too (it sees every picture at `detect_side`).
            region, side = closer
            first_width, first_height = picture.size
            seen_area = self.tuning.detect_side**2 * min(first_width, first_height) / max(first_width, first_height)
            picture, scale, (left, top) = decode(photo, side, [v * scale for v in region])
            # A narrow receipt is seen by the detector with as many pixels as the whole photo was
            # (its working set is what the area makes it, so the peak stays the first pass's).
            width, height = picture.size
            aspect = max(width, height) / min(width, height)
            seen = min(max(width, height), round(math.sqrt(seen_area * aspect)))
            quads = self.detect(picture, min(seen, self.tuning.closer_side))
        texts = self.recognise(picture, quads)
        found = []
        for quad, (text, score) in zip(quads, texts, strict=True):
            if score < self.tuning.min_score or not text.strip():
                continue
            corners = tuple((left + float(x) * scale, top + float(y) * scale) for x, y in quad)
            found.append(ReadBox(text=text, corners=corners, score=score))  # type: ignore[arg-type]
        return found

    def closer_look(
        self, quads: list[np.ndarray], size: tuple[int, int], scale: float
    ) -> tuple[list[float], int] | None:
        """Where print is smaller than the recogniser reads well, the part of the picture that holds
        the text (in its pixels) and the longer side to decode it at: the rows `text_height` high,
        or that part at `read_side`, within the photo's own pixels and `closer_side`."""
        if not quads:
            return None
        region = text_region(quads, size)
        region_long = max(region[2] - region[0], region[3] - region[1])
        heights = sorted(min(_size(_upright(quad))) for quad in quads)
        zoom = max(self.tuning.text_height / max(heights[len(heights) // 2], 1.0), self.tuning.read_side / region_long)
        zoom = min(zoom, scale, self.tuning.closer_side / region_long)  # never past the photo's own pixels
        if zoom < 1.25:
            return None
        return region, round(region_long * zoom)

    def detect(self, picture: Image.Image, side: int = 0) -> list[np.ndarray]:
        """The text boxes of a grey picture as four corners in its pixels, clockwise from top-left,
        sorted top to bottom then left to right; the detector sees the picture with its longer
        side `side` at most (`detect_side` by default)."""
        width, height = picture.size
        ratio = min(1.0, (side or self.tuning.detect_side) / max(width, height))
        det_w = max(32, round(width * ratio / 32) * 32)
        det_h = max(32, round(height * ratio / 32) * 32)
        small = picture.resize((det_w, det_h), Image.Resampling.BILINEAR, reducing_gap=2.0)
        batch = np.empty((1, 3, det_h, det_w), dtype=np.float32)
        batch[0, :] = np.asarray(small, dtype=np.float32) * (1 / 127.5) - 1.0  # (x / 255 - 0.5) / 0.5
        (prediction,) = self._det.run(None, {self._det_input: batch}, self._last_run_options)
        del batch
        quads = []
        for quad in text_boxes(prediction[0, 0], (width, height)):
            quad[:, 0] = np.clip(quad[:, 0], 0, width - 1)
            quad[:, 1] = np.clip(quad[:, 1], 0, height - 1)
            if np.linalg.norm(quad[0] - quad[1]) > 3 and np.linalg.norm(quad[0] - quad[3]) > 3:
                quads.append(quad)
        quads.sort(key=lambda q: (round(float(q[0][1]) / 8), float(q[0][0])))
        return quads

    def recognise(self, picture: Image.Image, quads: list[np.ndarray]) -> list[tuple[str, float]]:
        """The text in each box of the picture, with its confidence."""
        height = self.tuning.rec_height
        upright = [_upright(quad) for quad in quads]
        ratios = [_size(quad)[0] / max(_size(quad)[1], 1.0) for quad in upright]
        results: list[tuple[str, float]] = [("", 0.0)] * len(quads)
        order = sorted(range(len(quads)), key=ratios.__getitem__)
        runs: list[tuple[list[int], int]] = []
        for group in _chunks(order, self.tuning.rec_batch):
            width = math.ceil(height * max(max(ratios[i] for i in group), self.tuning.rec_min_ratio))
            per_run = max(1, self.tuning.rec_run_width // width) if self.tuning.rec_run_width else len(group)
            runs.extend((part, width) for part in _chunks(group, per_run))
        for number, (indices, width) in enumerate(runs, start=1):
            batch = np.zeros((len(indices), 3, height, width), dtype=np.float32)
            for row, index in enumerate(indices):
                fitted = max(1, min(width, math.ceil(height * ratios[index])))
                crop = _cut(picture, upright[index], (fitted, height))
                batch[row, :, :, :fitted] = np.asarray(crop, dtype=np.float32) * (1 / 127.5) - 1.0
            options = self._last_run_options if number == len(runs) else _KEEP_ARENA
            (prediction,) = self._rec.run(None, {self._rec_input: batch}, options)
            for index, result in zip(indices, self._ctc(prediction), strict=True):
                results[index] = result
        return results

    def _ctc(self, prediction: np.ndarray) -> list[tuple[str, float]]:
        """Greedy CTC decoding: the likeliest class at each step, repeats merged, blanks dropped;
        the confidence is the mean probability of the characters kept."""
        best = prediction.argmax(axis=2)
        probability = prediction.max(axis=2)
        found = []
        for classes, chances in zip(best, probability, strict=True):
            keep = np.ones(len(classes), dtype=bool)
            keep[1:] = classes[1:] != classes[:-1]
            keep &= classes != 0
            text = "".join(self._characters[classes[keep]])
            found.append((text, float(chances[keep].mean()) if keep.any() else 0.0))
        return found


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


def _size(quad: np.ndarray) -> tuple[float, float]:
    width = max(np.linalg.norm(quad[0] - quad[1]), np.linalg.norm(quad[2] - quad[3]))
    height = max(np.linalg.norm(quad[0] - quad[3]), np.linalg.norm(quad[1] - quad[2]))
    return float(width), float(height)


def _upright(quad: np.ndarray) -> np.ndarray:
    """The corners in reading order: a box far taller than wide holds text written upwards, read
    after a quarter turn (its top-right corner becomes the top-left)."""
    width, height = _size(quad)
    return np.roll(quad, -1, axis=0) if height >= width * 1.5 else quad


def _cut(picture: Image.Image, quad: np.ndarray, size: tuple[int, int]) -> Image.Image:
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


def decode(
    photo: bytes, side: int, region: list[float] | None = None
) -> tuple[Image.Image, float, tuple[float, float]]:
    """The photo upright (EXIF orientation applied), grey, its longer side at most `side`, or only
    its `region` (left, top, right, bottom in the upright photo's pixels); the factor from its
    pixels back to the upright photo's, and where its top-left corner is in them. Mirrors
    larder.core.images: the format is told by the content, decompression bombs are refused before
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


def text_region(quads: list[np.ndarray], size: tuple[int, int]) -> list[float]:
    """The part of a picture of `size` (w, h) that holds all its text boxes, with a margin:
    left, top, right, bottom."""
    points = np.concatenate(quads)
    margin = 0.02 * max(size)
    left, top = (max(0.0, float(v) - margin) for v in points.min(axis=0))
    right = min(float(size[0]), float(points[:, 0].max()) + margin)
    bottom = min(float(size[1]), float(points[:, 1].max()) + margin)
    return [left, top, right, bottom]


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


def _chunks(items: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
