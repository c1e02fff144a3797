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
for PP-OCRv4 (boxes.py), and the recogniser's by greedy CTC decoding. The photo is decoded, safely
and no larger than needed, by photo.py.
"""

from __future__ import annotations

import importlib.util
import math
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import onnxruntime as ort
from PIL import Image

from larder.receipts.boxes import box_size, cut_out, text_boxes, text_region, upright_quad
from larder.receipts.photo import decode

Corners = tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]


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
            a, b, c, d = ((left + float(x) * scale, top + float(y) * scale) for x, y in quad)
            found.append(ReadBox(text=text, corners=(a, b, c, d), score=score))
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
        heights = sorted(min(box_size(upright_quad(quad))) for quad in quads)
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
        upright = [upright_quad(quad) for quad in quads]
        ratios = [box_size(quad)[0] / max(box_size(quad)[1], 1.0) for quad in upright]
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
                crop = cut_out(picture, upright[index], (fitted, height))
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


def _chunks(items: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
