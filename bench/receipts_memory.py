"""Receipt scan: the reader process's memory over real receipt photos, in several orders.

    python bench/receipts_memory.py [--photos DIR] [--orders 3] [--generated 3]

Every JPEG and PNG under DIR (default ../shared/data/receipts-dev: 73 photos of real till receipts,
scanned and photographed, 0.4 to 35 megapixels) and `--generated` phone-sized photos of a
rendered receipt (tests/receipts/photos.py, 3000x4000) are read one after the other by the app's
own `ReceiptReader`, that is by the OCR worker process as `larder serve` starts it, in
`--orders` shuffled orders (a fresh worker for each). Reported per order: the worker's RSS after
the first photo, its peak RSS (VmHWM) over all the photos, and its RSS after the last one.

The order matters because memory that stays with the process after a photo is reused only by
tensors that fit it: before the engine gave back what each photo used (engine.py,
`release_after_photo`, and wide recognition batches run in parts, `rec_run_width`; ocr.py trims
after each answer) the worker kept its largest working set so far and grew with every photo of
another shape; since, its peak is that of the heaviest single photo (the detector at 960 px) and
it holds only its models between scans.

Measured on the 2-core development machine (load average 5-6 from other work; memory does not
depend on it), 76 photos (73 real, 3 generated), orders 1-3:

| engine | after the first photo | peak (VmHWM) | RSS after the last photo |
|:--|--:|--:|--:|
| arena kept (before) | 192-223 MB | 284 / 321 / 374 MB | 279-367 MB |
| arena given back after each photo (now) | 98 MB | 243 / 244 / 240 MB | 99-100 MB |
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_PHOTOS = ROOT.parent / "shared" / "data" / "receipts-dev"


def memory_mb(pid: int) -> dict[str, int]:
    found = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                found[name] = int(rest.split()[0]) // 1024
    return found


async def one_order(paths: list[Path]) -> dict[str, int]:
    from larder.receipts.ocr import ReceiptReader

    reader = ReceiptReader(idle_seconds=600)
    try:
        loaded = 0
        for number, path in enumerate(paths):
            await reader.read(path.read_bytes())
            assert reader.pid is not None
            if number == 0:
                loaded = memory_mb(reader.pid)["VmRSS"]  # the models and the first photo's pixels, trimmed
        assert reader.pid is not None
        last = memory_mb(reader.pid)
        return {"loaded": loaded, "peak": last["VmHWM"], "after": last["VmRSS"]}
    finally:
        await reader.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", type=Path, default=DEFAULT_PHOTOS)
    parser.add_argument("--orders", type=int, default=3)
    parser.add_argument("--generated", type=int, default=3)
    args = parser.parse_args()
    paths = sorted(p for p in args.photos.rglob("*") if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    if not paths:
        # A clone without the development set beside it still measures, on generated photos only.
        print(f"no photos under {args.photos}: generated photos only")
        args.generated = max(args.generated, 6)
    with tempfile.TemporaryDirectory(prefix="receipts-memory-") as work:
        from tests.receipts.photos import render_receipt

        for seed in range(args.generated):
            made = Path(work) / f"generated-{seed}.jpg"
            made.write_bytes(render_receipt(seed).jpeg)
            paths.append(made)
        print(f"{len(paths)} photos, {args.orders} orders, each read by a fresh worker as `larder serve` starts it")
        print("\n| order | after the first photo | peak (VmHWM) | RSS after the last photo |\n|:--|--:|--:|--:|")
        for seed in range(1, args.orders + 1):
            order = list(paths)
            random.Random(seed).shuffle(order)
            result = asyncio.run(one_order(order))
            print(f"| {seed} | {result['loaded']} MB | {result['peak']} MB | {result['after']} MB |")


if __name__ == "__main__":
    main()
