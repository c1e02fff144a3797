"""Receipt scan quality: render the receipt corpus (tests/receipts/corpus.py) as phone photos, read
them with the real OCR engine and receipts/lines.py, and compare with what was printed.

    PYTHONPATH=src:. python bench/receipts_quality.py [--count 40] [--quick] [--json out.json] [-v]

Per corpus slice (English/German x clean/rotated/blurred) it reports the share of item lines found
(the read name close to the printed one), prices, quantities and currencies exact among the found
lines, payment rows wrongly kept as items (target 0), other spurious lines, and names matched to
the right catalogue ingredient when src/larder/receipts/matching.py is there (its Matcher over the
shipped catalogue; a line the catalogue has no ingredient for is right when nothing is matched).
The OCR is the app's ReceiptReader when it is implemented, else rapidocr as it comes (downscaled
to 2000 px, no angle classifier). Seeds are fixed: the same code gives the same figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tests.receipts.corpus import LANGUAGES, VARIANTS, Receipt, corpus, render
from tests.receipts.record_boxes import Reader
from tests.receipts.scoring import Score, score

from larder.receipts.lines import read_lines

ROOT = Path(__file__).resolve().parent.parent


def matcher() -> Callable[[str], str | None] | None:
    """The catalogue matcher (printed name -> ingredient name), or None where there is none yet."""
    try:
        from larder.catalogue.schemas import IngredientOptionOut
        from larder.receipts.matching import Matcher
    except ImportError:
        return None
    catalogue = json.loads((ROOT / "src/larder/data/catalogue/ingredients.json").read_text(encoding="utf-8"))
    options = [
        IngredientOptionOut(
            value=i + 1, name=entry["name"], image=None, category_id=None, default_unit=entry["default_unit"]
        )
        for i, entry in enumerate(catalogue)
    ]
    match = Matcher(options).match

    def name_of(printed: str) -> str | None:
        option = match(printed)
        return option.name if option is not None else None

    return name_of


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=40, help="receipts in the corpus (default 40)")
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--quick", action="store_true", help="12 receipts, two per slice")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every miss and every extra line")
    args = parser.parse_args()
    receipts: list[Receipt] = corpus(12 if args.quick else args.count, args.first_seed)

    reader = Reader()
    name_of = matcher()
    slices = [f"{language}/{variant}" for language in LANGUAGES for variant in VARIANTS]
    scores = {name: Score() for name in [*slices, "all"]}
    counts = dict.fromkeys(scores, 0)
    matched = dict.fromkeys(scores, 0)
    matchable = dict.fromkeys(scores, 0)
    ocr_seconds: list[float] = []
    try:
        for receipt in receipts:
            photo = render(receipt)
            started = time.perf_counter()
            boxes = reader.read(photo)
            ocr_seconds.append(time.perf_counter() - started)
            result = score(list(receipt.lines), list(receipt.payment_rows), read_lines(boxes))
            right = 0
            if name_of is not None:
                right = sum(name_of(line.name) == expected.ingredient for expected, line in result.pairs)
            for name in (receipt.slice, "all"):
                scores[name].add(result)
                counts[name] += 1
                matched[name] += right
                matchable[name] += result.truth
            print(
                f"{receipt.seed} {receipt.slice:11} {len(photo) // 1024:5} KB  OCR {ocr_seconds[-1]:4.1f} s  "
                f"found {result.found}/{result.truth}  prices {result.price_exact}  kept {result.payment_kept}  "
                f"spurious {result.spurious}",
                file=sys.stderr,
                flush=True,
            )
            if args.verbose:
                for line in result.missed:
                    print(f"    missed  {line}", file=sys.stderr)
                for line in result.kept:
                    print(f"    KEPT    {line}", file=sys.stderr)
                for line in result.extra:
                    print(f"    extra   {line}", file=sys.stderr)
                for expected, line in result.pairs:
                    if abs(expected.price - line.price) >= 0.005 or expected.quantity != line.quantity:
                        print(
                            f"    wrong   {expected.name} {expected.quantity} x {expected.price} -> {line}",
                            file=sys.stderr,
                        )
    finally:
        reader.close()

    heading = (
        "| slice | receipts | item lines | found | prices exact | quantities exact | currency exact | currency wrong "
        "| payment rows kept | spurious lines | names matched |"
    )
    print(
        f"\nOCR: {reader.name}; {len(receipts)} receipts from seed {args.first_seed}; "
        f"OCR {sum(ocr_seconds) / len(ocr_seconds):.2f} s per photo on average (this machine, as loaded)\n"
    )
    print(heading)
    print("|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    figures = {}
    for name in [*slices, "all"]:
        s = scores[name]
        if not counts[name]:
            continue
        names = percent(matched[name], matchable[name]) if name_of is not None else "(no matcher)"
        label = f"**{name}**" if name == "all" else name
        print(
            f"| {label} | {counts[name]} | {s.truth} | {percent(s.found, s.truth)} | {percent(s.price_exact, s.found)} "
            f"| {percent(s.quantity_exact, s.found)} | {percent(s.currency_exact, s.found)} | {s.currency_wrong} "
            f"| {s.payment_kept} "
            f"| {s.spurious} | {names} |"
        )
        figures[name] = {
            "receipts": counts[name],
            "item_lines": s.truth,
            "found": s.found,
            "prices_exact": s.price_exact,
            "quantities_exact": s.quantity_exact,
            "currency_exact": s.currency_exact,
            "currency_wrong": s.currency_wrong,
            "payment_rows_kept": s.payment_kept,
            "spurious": s.spurious,
            "names_matched": matched[name] if name_of is not None else None,
        }
    print("\nFound: printed item lines read with a close name. Prices, quantities, currency: among the found lines.")
    print("Currency: the recogniser has no euro or pound sign; where it drops one, the line says none (not wrong).")
    if args.json:
        args.json.write_text(json.dumps({"ocr": reader.name, "slices": figures}, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
