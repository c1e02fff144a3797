"""Receipt matching on real shop words: how many item names printed on the development receipts
the matcher (src/larder/receipts/matching.py) files under the right catalogue ingredient with
nothing learned, how many under a wrong one, how many under none, and how long a scan's matcher
takes to build and match 40 lines.

    PYTHONPATH=src:. python bench/receipts_matching_words.py [-v] [--json out.json]

The names and the ingredient a household would file each under are hand-labelled in
bench/receipts_matching_truth.tsv ("-": none). Where ../shared/data/receipts-dev is beside the
project, each name is checked to be printed on the receipt it is labelled from (the labels stay
honest to the photos); without it the bench still runs on the labels and says so.

Figures: over the names whose truth is an ingredient, the shares matched right, matched wrongly
and unmatched (the issue's target: right >= 60 %); over the names whose truth is none, the share
matched to something (wrong matches, to keep near 0).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from larder.catalogue.schemas import IngredientOptionOut
from larder.receipts import lexicon, matching
from larder.receipts.matching import Matcher

ROOT = Path(__file__).resolve().parent.parent
TRUTH = ROOT / "bench" / "receipts_matching_truth.tsv"
DEV = ROOT.parent / "shared" / "data" / "receipts-dev"
CATALOGUE = ROOT / "src" / "larder" / "data" / "catalogue" / "ingredients.json"
SPEED_LINES = 40
SPEED_RUNS = 30


def labelled() -> list[tuple[str, str, str | None]]:
    rows = []
    for line in TRUTH.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        receipt, printed, ingredient = line.split("\t")
        rows.append((receipt, printed, None if ingredient == "-" else ingredient))
    return rows


def printed_on(receipt: str) -> str | None:
    """The receipt's text where the development set is beside the project."""
    for pattern in (f"sroie/{receipt}.lines.txt", f"softmatic_de/{receipt}_*.textract_lines.txt"):
        for path in DEV.glob(pattern):
            return path.read_text(encoding="utf-8")
    return None


def options() -> list[IngredientOptionOut]:
    entries = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    return [IngredientOptionOut(i, e["name"], None, None, e["default_unit"]) for i, e in enumerate(entries, start=1)]


def speed(names: list[str]) -> dict[str, float]:
    """Milliseconds of CPU (the machine is shared: wall time would measure the neighbours) to read
    the lexicon (once per process), and to build the matcher over the whole catalogue and match
    SPEED_LINES names as one scan does: cold (every cache emptied, as the first scan of a process)
    and warm (the catalogue's names read by an earlier scan, the printed names new). Median and
    worst of SPEED_RUNS each."""
    lexicon.shipped.cache_clear()
    start = time.process_time()
    lexicon.shipped()
    load = (time.process_time() - start) * 1000
    catalogue = options()
    lines = (names * (SPEED_LINES // len(names) + 1))[:SPEED_LINES]
    figures = {"lexicon_load_ms": round(load, 1)}
    for warmth in ("cold", "warm"):
        took = []
        for run in range(SPEED_RUNS):
            if warmth == "cold":
                matching.read.cache_clear()
                matching._word.cache_clear()
            # A run number the reader drops (a word with digits) makes each printed name new text.
            printed = [f"{name} {run}{warmth}" for name in lines]
            start = time.process_time()
            matcher = Matcher(catalogue)
            for name in printed:
                matcher.match(name)
            took.append((time.process_time() - start) * 1000)
        figures[f"{warmth}_median_ms"] = round(statistics.median(took), 1)
        figures[f"{warmth}_max_ms"] = round(max(took), 1)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list every miss")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()

    speeds = speed([printed for _, printed, _ in labelled()])
    rows = labelled()
    if DEV.is_dir():
        absent = [(r, p) for r, p, _ in rows if (text := printed_on(r)) is None or p not in text]
        if absent:
            print(f"labelled names not found on their receipt: {absent}", file=sys.stderr)
            return 1
        print(f"{len(rows)} labelled names, each checked against {DEV}")
    else:
        print(f"{DEV} is absent: the labels are used without checking them against the receipts")

    matcher = Matcher(options())
    right, wrong, unmatched, false = [], [], [], []
    for receipt, printed, truth in rows:
        found = matcher.match(printed)
        got = found.name if found else None
        if truth is None:
            if got is not None:
                false.append((receipt, printed, got))
        elif got == truth:
            right.append((receipt, printed, got))
        elif got is None:
            unmatched.append((receipt, printed, truth))
        else:
            wrong.append((receipt, printed, f"{got} (is {truth})"))
    food = len(right) + len(wrong) + len(unmatched)
    others = sum(1 for *_, truth in rows if truth is None)
    figures = {
        "names": len(rows),
        "with_an_ingredient": food,
        "right": round(len(right) / food, 3),
        "wrong": round(len(wrong) / food, 3),
        "unmatched": round(len(unmatched) / food, 3),
        "without_an_ingredient": others,
        "matched_anyway": round(len(false) / others, 3),
        **speeds,
    }
    print(
        f"names with an ingredient: {food}: right {len(right)} ({figures['right']:.0%}), "
        f"wrong {len(wrong)} ({figures['wrong']:.0%}), unmatched {len(unmatched)} ({figures['unmatched']:.0%})"
    )
    print(f"names without one: {others}: matched anyway {len(false)} ({figures['matched_anyway']:.0%})")
    print(
        f"build + match {SPEED_LINES} lines (CPU ms, {SPEED_RUNS} runs): first scan of a process median "
        f"{figures['cold_median_ms']}, worst {figures['cold_max_ms']}; later scans median "
        f"{figures['warm_median_ms']}, worst {figures['warm_max_ms']}; reading the lexicon, once per "
        f"process: {figures['lexicon_load_ms']}"
    )
    if args.verbose:
        for title, found in (("wrong", wrong), ("unmatched", unmatched), ("matched anyway", false)):
            for receipt, printed, what in found:
                print(f"  {title}: {receipt}: {printed!r} -> {what}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
