"""Fixtures for the web client: one Chromium per test process, a phone-sized page per test."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from fastapi import FastAPI
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, sync_playwright

from fitcoach.web import mount_web

from .browser import CHROMIUM_ARGS, DESKTOP, PHONE, require_chromium, serve_in_thread
from .live import LiveServer


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    executable = require_chromium()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def is_local(url: str) -> bool:
    """Everything the client loads is vendored: only the test server, data: and blob: URLs are local."""
    return url.startswith(("data:", "blob:")) or urlsplit(url).hostname in {"127.0.0.1", "localhost"}


def watch(context: BrowserContext, errors: list[str]) -> None:
    """Collect uncaught page errors, any request that leaves the machine (a CDN, a font, analytics) and
    every Content-Security-Policy violation the browser reports (the client must run under the policy)."""
    context.on("request", lambda r: None if is_local(r.url) else errors.append(f"remote request: {r.url}"))
    context.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, locale="en-US")
    errors: list[str] = []
    watch(context, errors)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"uncaught errors in the page: {errors}"


@pytest.fixture(scope="session")
def static_url() -> Iterator[str]:
    """Only the client's files, no API: enough to import the client's modules in a real browser."""
    app = FastAPI()
    mount_web(app)
    with serve_in_thread(app) as url:
        yield url


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server of the test's own, for tests that stop it or change how it runs."""
    server = LiveServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for the tests that only talk to it: each creates its own user, and users share
    nothing, so the tests stay independent while a server start (seconds of imports) is paid once."""
    server = LiveServer(tmp_path_factory.mktemp("shared-server"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _pages(browser: Browser, viewport: ViewportSize) -> Iterator[Callable[[str], Page]]:
    """Pages of one size in a browser language; every dialog (confirm) is accepted, and an uncaught
    error in any of them fails the test."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def open_page(locale: str) -> Page:
        context = browser.new_context(viewport=viewport, locale=locale)
        context.set_default_timeout(30_000)
        watch(context, errors)
        contexts.append(context)
        page = context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert errors == [], f"uncaught errors in the page: {errors}"


@pytest.fixture
def phone(browser: Browser) -> Iterator[Callable[[str], Page]]:
    """Open a 390×844 page in a browser language."""
    yield from _pages(browser, PHONE)


@pytest.fixture
def desktop(browser: Browser) -> Iterator[Callable[[str], Page]]:
    """Open a 1280×800 page in a browser language."""
    yield from _pages(browser, DESKTOP)


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where page screenshots go: FITCOACH_SCREENSHOT_DIR (e.g. docs/screenshots) or a temp dir."""
    target = os.environ.get("FITCOACH_SCREENSHOT_DIR")
    path = Path(target) if target else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path
