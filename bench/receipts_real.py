"""Receipt scan on the real development photos, per source, against a ground truth of item lines.

    python bench/receipts_real.py [--photos DIR] [--fresh] [--misses] [--json out.json] [--only STEM]

Every photo under DIR (default ../shared/data/receipts-dev: 50 SROIE Malaysian receipts, 23 German
supermarket receipts) is read as the server reads a scan: the app's `ReceiptReader` (the OCR worker
process) gives the boxes, `lines.read_lines` the item lines, and the scan line the server answers
(its quantity and unit, and the `Matcher` over the shipped catalogue with nothing learned). The
result is scored against bench/receipts_truth/ (see its README): item lines found, lines offered
that are not items, price exact, quantity and pack size right, groceries matched to the right
ingredient; seconds per photo and the OCR worker's peak RSS.

The boxes the OCR reads are cached per photo and engine (bench/.cache/receipts-real/, keyed by a
fingerprint of engine.py and ocr.py): a second run reads nothing and takes seconds, so the line
reader and the matcher can be tuned on it. `--fresh` reads every photo again (minutes of both
cores); only a fresh run measures the OCR's seconds and memory, a cached one the text part only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.receipts_real.figures import (  # noqa: E402
    DEFAULT_PHOTOS,
    SOURCES,
    percent,
    photos_of,
    quantile,
    seconds,
)
from bench.receipts_real.ocr_cache import CachedReader  # noqa: E402
from bench.receipts_real.scanning import Scanner  # noqa: E402
from bench.receipts_real.scoring import CAUSES, PhotoScore, score_photo  # noqa: E402
from bench.receipts_real.truth import check_truth, expected_of, load_truth  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", type=Path, default=DEFAULT_PHOTOS)
    parser.add_argument("--fresh", action="store_true", help="read every photo again (no cache)")
    parser.add_argument("--misses", action="store_true", help="list every missed or wrong line, by cause")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--only", help="only photos whose name contains this")
    args = parser.parse_args()

    photos = photos_of(args.photos, args.only)
    if not photos:
        # A clone without the development set beside it: nothing to measure, and no failure.
        print(f"no development photos under {args.photos}: receipts_real bench skipped")
        return

    truth_problems = []
    truths = {}
    for source, photo in photos:
        truth = load_truth(source, photo.stem)
        if truth is None:
            truth_problems.append(f"{photo.stem}: no ground truth")
            continue
        truths[photo.stem] = truth
        truth_problems += [f"{photo.stem}: {problem}" for problem in check_truth(truth, expected_of(photo, source))]

    reader = CachedReader(fresh=args.fresh)
    scanner = Scanner()
    scores = {name: PhotoScore() for name in [*SOURCES, "all"]}
    photo_counts: Counter[str] = Counter()
    ocr_seconds: dict[str, list[float]] = {name: [] for name in scores}
    text_seconds: dict[str, list[float]] = {name: [] for name in scores}
    read_now = False
    try:
        for number, (source, photo) in enumerate(photos, 1):
            if photo.stem not in truths:
                continue
            if not read_now and reader.needs_reading(photo.stem):
                reader.warm_up(photo)  # the worker's start is paid once per server, not per scan
                read_now = True
            reading = reader.read(photo.stem, photo)
            started = time.perf_counter()
            lines = scanner.scan(reading.boxes)
            spent = time.perf_counter() - started
            result = score_photo(lines, truths[photo.stem], [box.text for box in reading.boxes], photo.stem)
            for name in (source, "all"):
                scores[name].add(result)
                photo_counts[name] += 1
                text_seconds[name].append(spent)
                if not reading.cached and reading.ocr_seconds is not None:
                    ocr_seconds[name].append(reading.ocr_seconds + spent)
            state = "cached" if reading.cached else f"OCR {reading.ocr_seconds:.2f} s"
            print(
                f"[{number}/{len(photos)}] {photo.stem:28} {state:12} found {result.found}/{result.items}  "
                f"price {result.price_exact}  not items {result.not_items_offered}/{result.offered}",
                file=sys.stderr,
                flush=True,
            )
    finally:
        reader.close()

    figures = report(scores, photo_counts, ocr_seconds, text_seconds, reader.peak_rss_mb, truth_problems)
    if args.misses:
        print_misses(scores["all"])
    if args.json:
        figures["misses"] = [{"cause": miss.cause, "line": miss.detail} for miss in scores["all"].misses]
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


def report(
    scores: dict[str, PhotoScore],
    photo_counts: Counter[str],
    ocr_seconds: dict[str, list[float]],
    text_seconds: dict[str, list[float]],
    peak_rss_mb: int | None,
    truth_problems: list[str],
) -> dict[str, object]:
    fresh = bool(ocr_seconds["all"])
    print(
        "\n| source | photos | item lines found | offered lines not items | price exact (found) "
        "| quantity & size right (printed) | groceries matched right | of them with an ingredient "
        "| s/photo median | s/photo p95 | text ms median | text ms p95 |"
    )
    print("|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    figures: dict[str, object] = {
        "fresh_ocr": fresh,
        "reader_peak_rss_mb": peak_rss_mb,
        "truth_problems": truth_problems,
    }
    sources = {}
    for name, s in scores.items():
        if not photo_counts[name]:
            continue
        label = f"**{name}**" if name == "all" else name
        median, p95 = quantile(ocr_seconds[name], 0.5), quantile(ocr_seconds[name], 0.95)
        text_median, text_p95 = quantile(text_seconds[name], 0.5), quantile(text_seconds[name], 0.95)
        print(
            f"| {label} | {photo_counts[name]} | {percent(s.found, s.items)} "
            f"| {percent(s.not_items_offered, s.offered)} "
            f"| {percent(s.price_exact, s.found)} | {percent(s.quantity_right, s.prints_quantity)} "
            f"| {percent(s.matched_right, s.grocery)} | {percent(s.ingredient_right, s.with_ingredient)} "
            f"| {seconds(median) if fresh else 'cached'} "
            f"| {seconds(p95) if fresh else 'cached'} "
            f"| {1000 * (text_median or 0):.1f} | {1000 * (text_p95 or 0):.1f} |"
        )
        sources[name] = {
            "photos": photo_counts[name],
            "item_lines": s.items,
            "found": s.found,
            "offered": s.offered,
            "not_items_offered": s.not_items_offered,
            "price_exact": s.price_exact,
            "prints_quantity": s.prints_quantity,
            "quantity_right": s.quantity_right,
            "grocery_lines": s.grocery,
            "grocery_found": s.grocery_found,
            "matched_right": s.matched_right,
            "grocery_lines_with_ingredient": s.with_ingredient,
            "ingredient_right": s.ingredient_right,
            "seconds_median": median,
            "seconds_p95": p95,
            "text_seconds_median": text_median,
            "text_seconds_p95": text_p95,
            "misses_by_cause": dict(Counter(miss.cause for miss in s.misses)),
        }
    figures["sources"] = sources
    print(
        "\nFound: a read line paired with a truth item line by name (and price). Offered lines not items: read lines "
        "paired with no item. Price and quantity among the found lines; quantity & size among those that print a "
        "count, weight or pack size. Groceries: all grocery truth lines (a missed one is not matched), right when the "
        "matcher, with nothing learned, gives the truth's ingredient (or nothing where the catalogue has none); "
        "'of them with an ingredient' counts only the lines the catalogue has an ingredient for."
    )
    if fresh:
        print(f"Seconds per photo: OCR and text, worker already started. Reader peak RSS (VmHWM): {peak_rss_mb} MB.")
    else:
        print("OCR from the cache: seconds are the text part only; run with --fresh to measure the OCR and its memory.")
    causes = Counter(miss.cause for miss in scores["all"].misses)
    print("\nMisses by cause: " + ", ".join(f"{cause} {causes[cause]}" for cause in CAUSES if causes[cause]))
    if truth_problems:
        print("\nGround truth that disagrees with the data set:")
        for problem in truth_problems:
            print(f"  {problem}")
    return figures


def print_misses(score: PhotoScore) -> None:
    print("\n## Misses by cause")
    for cause in CAUSES:
        found = [miss for miss in score.misses if miss.cause == cause]
        if not found:
            continue
        print(f"\n### {cause} ({len(found)})")
        for miss in found:
            print(f"- {miss.detail}")


if __name__ == "__main__":
    main()
