"""Fixtures for the web client: one Chromium per test process, a phone-sized page per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from playwright.sync_api import Browser, Page, sync_playwright

from fitcoach.web import mount_web

from .browser import CHROMIUM_ARGS, PHONE, require_chromium, serve_in_thread


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    executable = require_chromium()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
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
