"""Browser end-to-end tests: the real `larder serve` process, a real SMTP catcher, Debian's Chromium.

One server (and one SQLite data dir) serves the whole session, so every test uses its own e-mail
addresses and usernames. The server throttles by client address (all of ours are 127.0.0.1):
20 login attempts and 10 registrations per window. Accounts that are not under test are created
directly in the database (verified, no registration, no throttle); registrations go through the UI.
"""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Generator, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright

from larder.accounts.service import UserService
from larder.core.base.paths import web_dist_dir
from larder.core.base.settings import Settings
from tests.support import MailCatcher, ReceivedMail, free_port, make_settings, run_db

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SERVER_START_SECONDS = 60
INVITE_POOL = 3
PASSWORD = "secret123"

# Auto-waiting assertions wait this long; the machine is small and the server hashes with argon2.
expect.set_options(timeout=10_000)


def _larder_env(data_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a `python -m larder` process: ours only, nothing LARDER_* inherited."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LARDER_")}
    env.update({"LARDER_DATA_DIR": str(data_dir), "PYTHONUNBUFFERED": "1"})
    env.update(extra)
    return env


def _cli(data_dir: Path, *args: str) -> list[str]:
    """Run the real command line against the data dir; its stdout lines."""
    result = subprocess.run(
        [sys.executable, "-m", "larder", *args],
        env=_larder_env(data_dir),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, f"larder {' '.join(args)} failed ({result.returncode}):\n{result.stderr}"
    return result.stdout.splitlines()


def _off_the_loop(work: Any) -> Any:
    """Run blocking asyncio work on another thread (the sync Playwright API owns this thread's loop)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(work).result(timeout=60)


@dataclass(frozen=True)
class Member:
    name: str
    email: str
    password: str


class Mailbox:
    """The SMTP catcher's inbox, read by recipient and link kind (mails of other tests wait their turn)."""

    def __init__(self, catcher: MailCatcher) -> None:
        self.catcher = catcher
        self.kept: list[ReceivedMail] = []

    def link(self, to: str, kind: str, timeout: float = 15.0) -> str:
        """The URL of the next `kind` link ('verify' or 'reset-password') mailed to `to`."""
        deadline = time.monotonic() + timeout
        while True:
            for mail in self.kept:
                url, mail_kind, _ = mail.link()
                if to in mail.recipients and mail_kind == kind:
                    self.kept.remove(mail)
                    return url
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                seen = [(m.recipients, m.subject) for m in self.kept]
                raise AssertionError(f"no {kind} mail to {to} within {timeout} s; other mails: {seen}")
            try:
                self.kept.append(self.catcher.inbox.get(timeout=remaining))
            except queue.Empty:
                continue


class LiveServer:
    """The running `larder serve` process and what tests need around it."""

    def __init__(self, url: str, data_dir: Path, settings: Settings, mailbox: Mailbox, invites: list[str]) -> None:
        self.url = url
        self.data_dir = data_dir
        self.settings = settings
        self.mailbox = mailbox
        self._invites = invites

    def at(self, path: str) -> str:
        return f"{self.url}{path}"

    def invite(self) -> str:
        """An unused invite code made by `larder invite create`."""
        if not self._invites:
            self._invites.extend(_cli(self.data_dir, "invite", "create", "--count", str(INVITE_POOL)))
        return self._invites.pop()

    def member(self, prefix: str, password: str = PASSWORD, admin: bool = False) -> Member:
        """A verified account created straight in the database (no registration throttle, no mail)."""
        who = unique(prefix)
        member = Member(name=who, email=f"{who}@example.org", password=password)

        async def create(session: Any) -> None:
            users = UserService(session=session, settings=self.settings)
            await users.create_verified(name=member.name, email=member.email, password=password, admin=admin)

        _off_the_loop(lambda: run_db(self.settings, create))
        return member

    def admin(self, prefix: str) -> Member:
        """A verified account made an administrator by the real `larder user promote`."""
        member = self.member(prefix)
        _cli(self.data_dir, "user", "promote", member.email)
        return member

    def api(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.request(method, self.at(f"/api/pwa{path}"), headers=headers, timeout=30, **kwargs)

    def session(self, member: Member) -> tuple[str, str]:
        """A session made in-process as /login would make it: the token and the user as stored JSON.

        For tests about something else than signing in: the server allows 20 logins per client
        address in 5 minutes, and every test here comes from 127.0.0.1.
        """
        import msgspec

        async def login(session: Any) -> tuple[str, str]:
            users = UserService(session=session, settings=self.settings)
            answer = (await users.login(member.email, member.password, "e2e")).answer
            return answer.token, msgspec.json.encode(answer.user).decode()

        return _off_the_loop(lambda: run_db(self.settings, login))

    def open_signed_in(self, page: Page, member: Member, path: str = "/user-dashboard") -> None:
        """Open `path` already signed in, with a session made by `session` (no login form)."""
        token, user = self.session(member)
        page.goto("/home")
        page.evaluate(
            "([token, user]) => { localStorage.setItem('token', token); localStorage.setItem('user', user); }",
            [token, user],
        )
        page.goto(path)
        expect(page.get_by_role("link", name="Login")).to_have_count(0)

    def sign_in(self, page: Page, member: Member) -> None:
        """Log in through a freshly opened /login (fresh browser context) and wait for the dashboard."""
        page.goto("/login")
        submit_login(page, member.email, member.password)
        expect(page).to_have_url(self.at("/user-dashboard"))
        expect(page.get_by_role("heading", name=f"Hello, {member.name}")).to_be_visible()


def api_json(live_server: LiveServer, token: str | None, method: str, path: str, **kwargs: Any) -> Any:
    """A call to /api/pwa that must answer 200 or 201: its JSON."""
    response = live_server.api(method, path, token, **kwargs)
    assert response.status_code in (200, 201), f"{method} {path}: {response.status_code} {response.text}"
    return response.json()


def ingredient_options(live_server: LiveServer) -> list[dict[str, Any]]:
    """The catalogue's ingredients to pick (GET /api/form-options/ingredients)."""
    return httpx.get(live_server.at("/api/form-options/ingredients"), timeout=30).json()["data"]


def ingredient_id(live_server: LiveServer, name: str) -> int:
    return next(option["value"] for option in ingredient_options(live_server) if option["name"] == name)


def submit_login(page: Page, email: str, password: str) -> None:
    """Fill and send the login form of the /login page the browser is on."""
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Login", exact=True).click()


def log_in_again(page: Page, email: str, password: str, lands_on: str) -> None:
    """Log in on the /login page the app sent us to; wait until signed in on `lands_on`.

    After a deliberate log out the next sign-in starts at the dashboard; after an ended session
    (401) it returns to the page the user was on.
    """
    expect(page).to_have_url(re.compile(r"/login$"))
    submit_login(page, email, password)
    expect(page).to_have_url(re.compile(re.escape(lands_on) + "$"))
    expect(page.get_by_role("link", name="Login")).to_have_count(0)
    assert token_of(page), "no token stored after logging in"


def unique(prefix: str) -> str:
    """A username (6+ letters, digits, dash, underscore) no other test uses."""
    return f"{prefix}_{uuid.uuid4().hex[:8]}"


def token_of(page: Page) -> str | None:
    return page.evaluate("() => window.localStorage.getItem('token')")


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory, smtp_server: MailCatcher) -> Iterator[LiveServer]:
    index = web_dist_dir() / "index.html"
    if not index.is_file():
        pytest.fail(
            f"The web app is not built ({index} is missing): run `make setup` (or `npm run build`) first.",
            pytrace=False,
        )
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    data_dir = tmp_path_factory.mktemp("larder-e2e") / "data"
    # Migrate once here so the server and the invite CLI, started side by side, never both migrate.
    settings = _off_the_loop(lambda: make_settings(str(data_dir), LARDER_PUBLIC_URL=url))
    log_path = data_dir / "server.log"
    env = _larder_env(
        data_dir,
        LARDER_PUBLIC_URL=url,
        LARDER_SMTP_HOST="127.0.0.1",
        LARDER_SMTP_PORT=str(smtp_server.port),
    )
    with running_server(port, env, log_path):
        invites = _cli(data_dir, "invite", "create", "--count", str(INVITE_POOL))
        yield LiveServer(url, data_dir, settings, Mailbox(smtp_server), invites)


@contextmanager
def running_server(port: int, env: dict[str, str], log_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    """`larder serve` on 127.0.0.1:port, healthy before the block runs, stopped after it."""
    url = f"http://127.0.0.1:{port}"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "larder", "serve", "--host", "127.0.0.1", "--port", str(port)],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        _wait_until_healthy(url, process, log_path)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def _wait_until_healthy(url: str, process: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while True:
        if process.poll() is not None:
            pytest.fail(f"larder serve exited with {process.returncode}:\n{log_path.read_text()}", pytrace=False)
        try:
            if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"larder serve not healthy after {SERVER_START_SECONDS} s:\n{log_path.read_text()}")
        time.sleep(0.1)  # polling interval of the start-up wait, not a synchronisation


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@contextmanager
def browser_page(browser: Browser, base_url: str, who: str = "the page", **options: Any) -> Iterator[Page]:
    """A page in a fresh browser profile on `base_url`; fails when the page threw an uncaught error.

    For tests that need a second profile (an administrator) or a server of their own; `options`
    go to the new context (timezone_id, locale...)."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800}, **options)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"uncaught errors in {who}: {errors}"


@pytest.fixture
def context(live_server: LiveServer, browser: Browser) -> Iterator[BrowserContext]:
    """A fresh browser profile per test: empty localStorage, no cookies."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    yield context
    context.close()


@pytest.fixture
def page(
    context: BrowserContext, live_server: LiveServer, request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Page]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        shot = tmp_path / "failure.png"
        page.screenshot(path=str(shot), full_page=True)
        (tmp_path / "failure.html").write_text(page.content())
        print(f"\nfailed at {page.url}; screenshot {shot}; server log {live_server.data_dir / 'server.log'}")
    assert not errors, f"uncaught errors in the page: {errors}"


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
