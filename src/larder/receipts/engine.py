"""Reading a receipt photo: decode it safely, find the text, recognise it. CPU-bound and heavy.

Imported only where the text is read (the OCR worker process, see ocr.py): numpy, OpenCV and
onnxruntime stay out of the server. The models are PP-OCRv4's detector and recogniser as the
rapidocr-onnxruntime wheel ships them; this module drives them itself rather than through
`RapidOCR`, because what makes a receipt fast and small is not reachable through its options:

- the detector runs on a smaller picture than the one the text is cut from (rapidocr 1.4.4 runs it
  on at least the picture it is given: `limit_type: max` ignores `limit_side_len` and picks 960,
  1500 or 2000 from the picture's own size); receipt print is large and high-contrast, so finding
  it needs far fewer pixels than reading it;
- no angle classifier (its model is not even loaded): receipt rows are upright in the photo of a
  receipt, or at most a few degrees off, which the perspective crop of each box undoes;
- the picture is grey from the JPEG decoder on (the models take three equal channels), decoded at
  a reduced scale by libjpeg when the photo is larger than needed;
- recognition at 40 px high instead of 48, in batches of crops of similar width padded to 3:1
  at least instead of 320:48 (a price or a VAT letter no longer costs what a long name does);
- both models share one onnxruntime memory arena (see `_shared_arena`), run sequentially, and
  their idle threads sleep instead of spinning (two cores are shared with the server).
"""

from __future__ import annotations

import io
import math
import os
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import onnxruntime as ort
from PIL import Image, ImageOps

from larder.core.images import MAX_PIXELS, MAX_SIDE, sniff_format

Corners = tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]


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
    # Height crops are scaled to for recognition. The model was trained at 48; 40 reads the
    # rendered corpus as well at 30 % less work, 32 starts to miss small lower-case print.
    rec_height: int = 40
    rec_batch: int = 8
    # Narrowest batch, width over height. PaddleOCR pads every crop to at least 320x48 (ratio 6.7):
    # a price or a VAT letter then costs as much as a long name. 3 reads the same at 40% less.
    rec_min_ratio: float = 3.0
    min_score: float = 0.5  # recognised text below this confidence is dropped
    threads: int = 0  # onnxruntime's intra-op threads; 0: the machine's cores, at most 4


DEFAULT_TUNING = Tuning()


@dataclass(frozen=True)
class ReadBox:
    text: str
    corners: Corners  # in the pixels of the upright photo, clockwise from top-left
    score: float


def _models() -> Path:
    import rapidocr_onnxruntime

    return Path(rapidocr_onnxruntime.__file__).resolve().parent / "models"


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
        from rapidocr_onnxruntime.ch_ppocr_det.utils import DBPostProcess
        from rapidocr_onnxruntime.ch_ppocr_rec.utils import CTCLabelDecode

        self.tuning = tuning
        threads = tuning.threads or min(os.cpu_count() or 1, 4)
        models = _models()
        _shared_arena()
        self._det = _session(models / "ch_PP-OCRv4_det_infer.onnx", threads)
        self._rec = _session(models / "ch_PP-OCRv4_rec_infer.onnx", threads)
        characters = self._rec.get_modelmeta().custom_metadata_map["character"].splitlines()
        self._decode = CTCLabelDecode(character=characters)
        # rapidocr's defaults for PP-OCRv4 (config.yaml of 1.4.4)
        self._boxes = DBPostProcess(
            thresh=0.3, box_thresh=0.5, max_candidates=1000, unclip_ratio=1.6, use_dilation=True, score_mode="fast"
        )
        self._det_input = self._det.get_inputs()[0].name
        self._rec_input = self._rec.get_inputs()[0].name

    def read(self, photo: bytes) -> list[ReadBox]:
        """The text boxes of the photo, top to bottom (UnreadablePhoto when it is not a picture)."""
        grey, scale = decode(photo, self.tuning.read_side)
        quads = self.detect(grey)
        if not quads:
            return []
        texts = self.recognise([_crop(grey, quad) for quad in quads])
        found = []
        for quad, (text, score) in zip(quads, texts, strict=True):
            if score < self.tuning.min_score or not text.strip():
                continue
            corners = tuple((float(x) * scale, float(y) * scale) for x, y in quad)
            found.append(ReadBox(text=text, corners=corners, score=float(score)))  # type: ignore[arg-type]
        return found

    def detect(self, grey: np.ndarray) -> list[np.ndarray]:
        """The quadrilaterals of text in `grey`, in its pixels, sorted top to bottom then left to right."""
        height, width = grey.shape
        ratio = min(1.0, self.tuning.detect_side / max(height, width))
        det_h = max(32, round(height * ratio / 32) * 32)
        det_w = max(32, round(width * ratio / 32) * 32)
        small = cv2.resize(grey, (det_w, det_h), interpolation=cv2.INTER_AREA)
        plane = small.astype(np.float32) * (1 / 127.5) - 1.0  # (x / 255 - 0.5) / 0.5
        batch = np.empty((1, 3, det_h, det_w), dtype=np.float32)
        batch[0, :] = plane
        (prediction,) = self._det.run(None, {self._det_input: batch})
        del batch, plane
        quads, _scores = self._boxes(prediction, (height, width))
        kept = []
        for quad in quads:
            ordered = _clockwise(np.asarray(quad, dtype=np.float32))
            ordered[:, 0] = np.clip(ordered[:, 0], 0, width - 1)
            ordered[:, 1] = np.clip(ordered[:, 1], 0, height - 1)
            if np.linalg.norm(ordered[0] - ordered[1]) <= 3 or np.linalg.norm(ordered[0] - ordered[3]) <= 3:
                continue
            kept.append(ordered)
        kept.sort(key=lambda q: (round(float(q[0][1]) / 8), float(q[0][0])))
        return kept

    def recognise(self, crops: list[np.ndarray]) -> list[tuple[str, float]]:
        """The text of each crop (grey, any size), with its confidence."""
        results: list[tuple[str, float]] = [("", 0.0)] * len(crops)
        height = self.tuning.rec_height
        order = sorted(range(len(crops)), key=lambda i: crops[i].shape[1] / crops[i].shape[0])
        for batch_indices in _chunks(order, self.tuning.rec_batch):
            ratios = [crops[i].shape[1] / crops[i].shape[0] for i in batch_indices]
            width = math.ceil(height * max(max(ratios), self.tuning.rec_min_ratio))
            batch = np.zeros((len(batch_indices), 3, height, width), dtype=np.float32)
            for row, (index, ratio) in enumerate(zip(batch_indices, ratios, strict=True)):
                fitted = min(width, math.ceil(height * ratio))
                scaled = cv2.resize(crops[index], (fitted, height), interpolation=cv2.INTER_LINEAR)
                batch[row, :, :, :fitted] = scaled.astype(np.float32) * (1 / 127.5) - 1.0
            (prediction,) = self._rec.run(None, {self._rec_input: batch})
            for index, (text, score) in zip(batch_indices, self._decode(prediction), strict=True):
                results[index] = (text, float(score))
        return results


def decode(photo: bytes, side: int) -> tuple[np.ndarray, float]:
    """The photo upright (EXIF orientation applied), grey, its longer side at most `side`; and the
    factor from its pixels back to the upright photo's. Mirrors larder.core.images: the format is
    told by the content, decompression bombs are refused before decoding."""
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
                full_w, full_h = image.size
                if fmt == "JPEG":
                    # libjpeg decodes grey at 1/2, 1/4 or 1/8 scale while that still covers the target
                    fit = side / max(full_w, full_h)
                    image.draft("L", (max(1, int(full_w * fit)), max(1, int(full_h * fit))))
                image.load()
                upright = ImageOps.exif_transpose(_grey(image))
        upright.thumbnail((side, side), Image.Resampling.LANCZOS, reducing_gap=2.0)
        full_long = max(full_w, full_h)
        grey = np.asarray(upright, dtype=np.uint8)
    except UnreadablePhoto:
        raise
    except Exception as exc:
        # Hostile bytes can trip anything in a decoder (truncated data, broken chunks, bad EXIF,
        # MemoryError): all of them mean "not a picture we can read".
        raise UnreadablePhoto(f"could not decode the {fmt} image: {exc}") from exc
    return grey, full_long / max(grey.shape)


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
    return image.convert("L")


def _clockwise(points: np.ndarray) -> np.ndarray:
    """Top-left, top-right, bottom-right, bottom-left."""
    by_x = points[np.argsort(points[:, 0]), :]
    left, right = by_x[:2], by_x[2:]
    top_left, bottom_left = left[np.argsort(left[:, 1]), :]
    top_right, bottom_right = right[np.argsort(right[:, 1]), :]
    return np.array([top_left, top_right, bottom_right, bottom_left], dtype=np.float32)


def _crop(grey: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The box cut out and straightened (a tall box is turned to read left to right)."""
    width = int(max(np.linalg.norm(quad[0] - quad[1]), np.linalg.norm(quad[2] - quad[3])))
    height = int(max(np.linalg.norm(quad[0] - quad[3]), np.linalg.norm(quad[1] - quad[2])))
    target = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    crop = cv2.warpPerspective(grey, matrix, (width, height), borderMode=cv2.BORDER_REPLICATE, flags=cv2.INTER_CUBIC)
    if crop.shape[0] >= crop.shape[1] * 1.5:
        crop = np.ascontiguousarray(np.rot90(crop))
    return crop


def _chunks(items: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
