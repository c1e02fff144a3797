"""Time from `larder serve` to its first 200 on /api/health, as `make run` starts it.

Usage: python bench/first_start.py [--runs N] [--larder PATH]

Each run starts a server on a free port with a fresh data directory (so migrations and the seed
catalogue are part of the first start), then starts it again on the same data (a restart).
PYTHONDONTWRITEBYTECODE=1 is set, as on CI machines and in containers: whatever bytecode the
install did not compile is compiled again at every start.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

DEADLINE_S = 120


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def time_to_first_200(larder: str, data_dir: Path) -> float:
    port = free_port()
    env = {**os.environ, "LARDER_DATA_DIR": str(data_dir), "PYTHONDONTWRITEBYTECODE": "1"}
    started = time.perf_counter()
    process = subprocess.Popen(
        [larder, "serve", "--port", str(port)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        while time.perf_counter() - started < DEADLINE_S:
            if process.poll() is not None:
                raise SystemExit(f"larder serve exited with {process.returncode}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1) as answer:
                    if answer.status == 200:
                        return time.perf_counter() - started
            except OSError:
                time.sleep(0.05)  # polling a process we do not control; not test synchronisation
        raise SystemExit("no 200 within the deadline")
    finally:
        process.terminate()
        process.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--larder", default=str(Path(sys.executable).with_name("larder")))
    args = parser.parse_args()
    first, again = [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            first.append(time_to_first_200(args.larder, Path(tmp)))
            again.append(time_to_first_200(args.larder, Path(tmp)))
    print(f"first start (empty data dir): median {statistics.median(first):.2f} s  {[round(x, 2) for x in first]}")
    print(f"restart:                      median {statistics.median(again):.2f} s  {[round(x, 2) for x in again]}")


if __name__ == "__main__":
    main()
