"""Probe of the account-wide sign-in back-off against a real `larder serve`, in real time.

A stranger makes one wrong sign-in every 0.6 s for 60 s, each from an address never seen before
(X-Forwarded-For through a trusted proxy: the server runs with LARDER_TRUSTED_PROXIES=127.0.0.1),
while the owner tries the right password 10 times, once every 6 s: from a browser that signed in
before (it keeps its cookies) and, separately, from a client that never did. Prints how many of the
owner's tries got in. Not part of the test suite (it takes a minute of wall time):

    .venv/bin/python -m tests.accounts.backoff_probe
"""

from __future__ import annotations

import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

from tests.serving import Served, larder_cli

EMAIL = "owner@example.org"
PASSWORD = "owner-password-1"
SECONDS = 60.0
STRANGER_EVERY = 0.6
OWNER_TRIES = 10


def new_client(url: str) -> httpx.Client:
    # A connection per request: the server closes idle ones after LARDER_KEEPALIVE_TIMEOUT (5 s), and a
    # request sent on one just as it closes would fail for a reason that is not the probe's.
    return httpx.Client(base_url=url, timeout=30, limits=httpx.Limits(max_keepalive_connections=0))


def sign_in(client: httpx.Client, address: str, password: str) -> int:
    response = client.post(
        "/api/pwa/login", json={"email": EMAIL, "password": password}, headers={"X-Forwarded-For": address}
    )
    return response.status_code


def at(start: float, offset: float) -> None:
    """Wait until `offset` seconds after `start` (the probe's pacing)."""
    delay = start + offset - time.monotonic()
    if delay > 0:
        time.sleep(delay)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "data"
        data_dir.mkdir()
        larder_cli(data_dir, "user", "create", "--email", EMAIL, "--name", "owner_1", LARDER_PASSWORD=PASSWORD)
        with Served(data_dir, LARDER_TRUSTED_PROXIES="127.0.0.1") as server:
            browser = new_client(server.url)
            assert sign_in(browser, "192.0.2.10", PASSWORD) == 200  # the owner's browser, some days ago
            strangers: Counter[int] = Counter()
            known: list[int] = []
            unknown: list[int] = []
            start = time.monotonic()

            def stranger() -> None:
                with new_client(server.url) as bot:
                    for attempt in range(int(SECONDS / STRANGER_EVERY)):
                        at(start, attempt * STRANGER_EVERY)
                        bot.cookies.clear()
                        strangers[sign_in(bot, f"198.51.{attempt // 250}.{attempt % 250 + 1}", "wrong-guess")] += 1

            def owner() -> None:
                for attempt in range(OWNER_TRIES):
                    at(start, SECONDS / OWNER_TRIES * (attempt + 0.5))
                    known.append(sign_in(browser, "192.0.2.10", PASSWORD))
                    with new_client(server.url) as fresh:
                        unknown.append(sign_in(fresh, "192.0.2.20", PASSWORD))

            threads = [threading.Thread(target=stranger), threading.Thread(target=owner)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            browser.close()
    print(f"stranger's wrong sign-ins by answer: {dict(sorted(strangers.items()))}")
    print(f"owner, browser that signed in before: {known.count(200)} of {OWNER_TRIES} in  {known}")
    print(f"owner, client that never signed in:   {unknown.count(200)} of {OWNER_TRIES} in  {unknown}")


if __name__ == "__main__":
    main()
