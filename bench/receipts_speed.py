"""Receipt scan: seconds per photo and memory, the tuned engine against rapidocr out of the box.

    python bench/receipts_speed.py [--quick] [--photos 10] [--via auto|http|reader] [--idle 5] [--baseline]

Photos are made here (tests/receipts/photos.py): a thermal-printer receipt of 30 item lines in
DejaVu fonts, slightly rotated, blurred and noisy, on a table, as a 3000x4000 JPEG of 2-3.5 MB.

- The tuned engine is measured in a fresh process: `larder serve` through POST
  /api/pwa/receipt-scan (--via http; `auto` uses it when the route answers), or else a process that
  creates the app as `larder serve` does and scans through `ReceiptReader` (--via reader). The first
  scan starts the engine's worker process (imports, models); then every photo is scanned once.
  Memory: the server's RSS before the first scan, after the scans and after the engine was unloaded
  (`--idle` seconds without a scan, LARDER_OCR_IDLE_SECONDS; the server returns free pages every
  30 s, which the reader path does at once); the engine process's peak RSS (VmHWM).
- --baseline also runs rapidocr-onnxruntime 1.4.4 as it comes (`RapidOCR()` with its defaults,
  angle classifier on) in one process on the same photos: seconds per photo, peak RSS.

"items read": how many of the photos' item names and prices appear in the boxes' text (spaces
dropped, O and 0 alike in names). Time is wall clock per photo; CPU is the engine process's
user+system seconds per photo (the steadier figure when other work shares the machine).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests.receipts.photos import render_receipt  # noqa: E402

KB = 1024

# Shared by the measuring processes: process memory from /proc, and the items-read score.
COMMON = r"""
import json, os, resource, sys, time
def status(pid="self"):
    fields = {}
    for line in open(f"/proc/{pid}/status"):
        name, _, rest = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(rest.split()[0])
    return fields
def cpu_seconds(pid):
    parts = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")
def squeezed(text):
    return text.replace(" ", "").lower()
def score(texts, items):
    names = "|".join(squeezed(t).replace("0", "o") for t in texts)
    prices = "|".join(t.replace(" ", "") for t in texts)
    found = sum(squeezed(n).replace("0", "o") in names for n, _ in items) + sum(p in prices for _, p in items)
    return found, 2 * len(items)
photos = json.load(open(sys.argv[1]))
"""

READER = (
    COMMON
    + r"""
import asyncio, gc
from larder.core.process.memory import limit_malloc_arenas, release_free_memory
limit_malloc_arenas()
from larder.app import create_app
from larder.core.base.settings import Settings
from larder.receipts.ocr import ReceiptReader
create_app(Settings.from_env({"LARDER_DATA_DIR": sys.argv[2]}))
idle = float(sys.argv[3])

def settled():
    gc.collect()
    release_free_memory()
    return status()["VmRSS"]

async def run():
    reader = ReceiptReader(idle_seconds=idle)
    out = {"before": settled()}
    # each photo is read from disk when it is sent, as an upload arrives: nothing kept between scans
    started = time.perf_counter()
    await reader.read(open(photos[0]["path"], "rb").read())
    out["first"] = time.perf_counter() - started
    worker = reader.pid
    times, cpus, found, total = [], [], 0, 0
    for photo in photos:
        cpu = cpu_seconds(worker)
        started = time.perf_counter()
        boxes = await reader.read(open(photo["path"], "rb").read())
        times.append(time.perf_counter() - started)
        cpus.append(cpu_seconds(worker) - cpu)
        got, of = score([b.text for b in boxes], photo["items"])
        found, total = found + got, total + of
    out.update(times=times, cpus=cpus, found=found, total=total)
    out["worker_peak"] = status(worker)["VmHWM"]
    out["after"] = settled()
    started = time.perf_counter()
    await reader.wait_unloaded()
    out["unloaded_after"] = time.perf_counter() - started
    out["idle"] = settled()
    out["server_peak"] = status()["VmHWM"]
    await reader.close()
    return out

print(json.dumps(asyncio.run(run())))
"""
)

BASELINE = (
    COMMON
    + r"""
started = time.perf_counter()
from rapidocr_onnxruntime import RapidOCR
engine = RapidOCR()
out = {"load": time.perf_counter() - started}
data = [open(p["path"], "rb").read() for p in photos]
started = time.perf_counter()
engine(data[0])
out["first"] = out["load"] + time.perf_counter() - started
times, cpus, found, total = [], [], 0, 0
for photo, content in zip(photos, data):
    cpu = cpu_seconds(os.getpid())
    started = time.perf_counter()
    result, _ = engine(content)
    times.append(time.perf_counter() - started)
    cpus.append(cpu_seconds(os.getpid()) - cpu)
    got, of = score([r[1] for r in result or []], photo["items"])
    found, total = found + got, total + of
out.update(times=times, cpus=cpus, found=found, total=total, peak=status()["VmHWM"])
print(json.dumps(out))
"""
)


def make_photos(folder: Path, count: int) -> Path:
    listing = []
    for seed in range(count):
        photo = render_receipt(seed)
        path = folder / f"receipt-{seed}.jpg"
        path.write_bytes(photo.jpeg)
        listing.append({"path": str(path), "items": photo.items, "bytes": len(photo.jpeg)})
    index = folder / "photos.json"
    index.write_text(json.dumps(listing))
    return index


def run_script(script: str, *args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        timeout=1800,
        cwd=ROOT,
    )
    if done.returncode != 0:
        raise SystemExit(f"measuring process failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def via_reader(index: Path, folder: Path, idle: float) -> dict[str, Any]:
    return run_script(READER, str(index), str(folder / "data"), str(idle))


def via_http(index: Path, folder: Path, idle: float) -> dict[str, Any] | None:
    """Through a fresh `larder serve`; None when this server has no receipt-scan route."""
    import httpx
    from memory import Server, children, memory_kb, register, sign_in

    photos = json.loads(index.read_text())
    os.environ["LARDER_OCR_IDLE_SECONDS"] = str(idle)
    server = Server(folder / "data", folder / "server.log")
    try:
        server.wait()
        time.sleep(1)  # let start-up work finish before reading its memory; not a synchronisation
        register(server.base, "scanner", server.invite_code())
        api = sign_in(server.base, "scanner")
        before = memory_kb(server.pid)["rss"]
        # Start-up (migrations, seeding the catalogue on a fresh data dir) has its own peak.
        peak_before = memory_kb(server.pid)["peak"]

        def scan(path: str) -> httpx.Response:
            with open(path, "rb") as handle:
                return api.post("/api/pwa/receipt-scan", files={"file": ("receipt.jpg", handle, "image/jpeg")})

        started = time.perf_counter()
        answer = scan(photos[0]["path"])
        if answer.status_code in (404, 405):
            return None
        answer.raise_for_status()
        out: dict[str, Any] = {"before": before, "peak_before": peak_before, "first": time.perf_counter() - started}
        worker = children(server.pid)[0]
        times, cpus, found, total = [], [], 0, 0
        for photo in photos:
            cpu = _cpu_seconds(worker)
            started = time.perf_counter()
            answer = scan(photo["path"])
            times.append(time.perf_counter() - started)
            cpus.append(_cpu_seconds(worker) - cpu)
            answer.raise_for_status()
            names = "|".join(line["name"].replace(" ", "").lower() for line in answer.json()["data"])
            prices = [line["price"] for line in answer.json()["data"]]
            for name, price in photo["items"]:
                found += name.replace(" ", "").lower() in names
                found += float(price.replace(",", ".")) in prices
                total += 2
        out.update(times=times, cpus=cpus, found=found, total=total, lines_only=True)
        out["worker_peak"] = memory_kb(worker)["peak"]
        out["after"] = memory_kb(server.pid)["rss"]
        started = time.perf_counter()
        while children(server.pid):
            time.sleep(0.5)  # watching another process end; not a synchronisation
        out["unloaded_after"] = time.perf_counter() - started
        time.sleep(31)  # the server returns free pages to the system every 30 s (core/process/memory.py)
        idle_memory = memory_kb(server.pid)
        out.update(idle=idle_memory["rss"], server_peak=idle_memory["peak"])
        api.close()
        return out
    finally:
        server.stop()


def _cpu_seconds(pid: int) -> float:
    parts = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


def row(label: str, result: dict[str, Any], peak: float) -> str:
    times, cpus = result["times"], result["cpus"]
    return (
        f"| {label} | {result['first']:.2f} s | {statistics.median(times):.2f} s | {max(times):.2f} s "
        f"| {statistics.median(cpus):.2f} s | {peak / KB:.0f} MB | {result['found']}/{result['total']} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="3 photos, a 3 s idle time")
    parser.add_argument("--photos", type=int, default=10)
    parser.add_argument("--via", choices=("auto", "http", "reader"), default="auto")
    parser.add_argument("--idle", type=float, default=5.0, help="LARDER_OCR_IDLE_SECONDS for the run")
    parser.add_argument("--baseline", action="store_true", help="also rapidocr out of the box (slow)")
    args = parser.parse_args()
    count, idle = (3, 3.0) if args.quick else (args.photos, args.idle)
    # this checkout's code in every process started here (the server, its workers), whatever is installed
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")]))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        index = make_photos(folder, count)
        sizes = [photo["bytes"] for photo in json.loads(index.read_text())]
        print(f"{count} photos, 3000x4000 JPEG, {min(sizes) / KB / KB:.1f}-{max(sizes) / KB / KB:.1f} MB", flush=True)
        tuned = None
        path = args.via
        if path in ("auto", "http"):
            tuned = via_http(index, folder, idle)
            if tuned is None:
                if path == "http":
                    raise SystemExit("this server has no POST /api/pwa/receipt-scan")
                print("(no receipt-scan route on this server: measuring through ReceiptReader)", flush=True)
            path = "http" if tuned is not None else "reader"
        if tuned is None:
            tuned = via_reader(index, folder, idle)
        baseline = run_script(BASELINE, str(index)) if args.baseline else None

    print(
        "\n| engine | first scan (starts it) | per photo p50 | max | CPU per photo "
        "| peak RSS of the engine's process | items read |"
    )
    print("|:--|--:|--:|--:|--:|--:|--:|")
    if baseline is not None:
        print(row("rapidocr 1.4.4 out of the box, in-process", baseline, baseline["peak"]))
    print(row(f"tuned, worker process (via {path})", tuned, tuned["worker_peak"]))
    print("\n| server process | RSS |\n|:--|--:|")
    print(f"| before the first scan | {tuned['before'] / KB:.0f} MB |")
    print(f"| right after {count + 1} scans | {tuned['after'] / KB:.0f} MB |")
    print(f"| after the engine was unloaded ({idle:g} s idle) | {tuned['idle'] / KB:.0f} MB |")
    if "peak_before" in tuned:
        print(f"| peak before the first scan (start-up on a fresh data dir) | {tuned['peak_before'] / KB:.0f} MB |")
    print(f"| peak | {tuned['server_peak'] / KB:.0f} MB |")
    if path == "http":
        print("\n(items read over HTTP: scan lines whose name and price match, after line rebuilding)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
