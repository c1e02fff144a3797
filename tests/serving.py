"""`larder serve` as a real process, for the tests that need the real server and its sockets
(connection limits, crash safety). The browser suite has its own in tests/e2e/conftest.py."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

import httpx

from tests.support import free_port

START_SECONDS = 60


def larder_env(data_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a `python -m larder` process: ours only, nothing LARDER_* inherited."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LARDER_")}
    env.update({"LARDER_DATA_DIR": str(data_dir), "PYTHONUNBUFFERED": "1"})
    env.update(extra)
    return env


def larder_cli(data_dir: Path, *args: str, **env: str) -> str:
    """Run the real command line against the data dir; its stdout."""
    result = subprocess.run(
        [sys.executable, "-m", "larder", *args],
        env=larder_env(data_dir, **env),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, f"larder {' '.join(args)} failed ({result.returncode}):\n{result.stderr}"
    return result.stdout


class Served:
    """`larder serve` on 127.0.0.1 with a data dir; start(), kill() (SIGKILL) and start() again."""

    def __init__(self, data_dir: Path, **env: str) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = larder_env(data_dir, LARDER_PUBLIC_URL=self.url, **env)
        self.log_path = data_dir.parent / f"{data_dir.name}-server.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Served:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "larder", "serve", "--host", "127.0.0.1", "--port", str(self.port)],
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_SECONDS
        while True:
            if self.process.poll() is not None:
                raise AssertionError(f"larder serve exited with {self.process.returncode}:\n{self.log()}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"larder serve not healthy after {START_SECONDS} s:\n{self.log()}")
            time.sleep(0.1)  # polling interval of the start-up wait, not a synchronisation

    def kill(self) -> None:
        """SIGKILL: no shutdown hook, no flush, no checkpoint: what a power cut leaves behind."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def __enter__(self) -> Served:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()
