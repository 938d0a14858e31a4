"""Headless Debian Chromium for the web client's tests, and a uvicorn server running in a thread."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn
from fastapi import FastAPI
from playwright.sync_api import ViewportSize

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}


def require_chromium() -> Path:
    """The browser, or a failure when CI demands it (FITCOACH_REQUIRE_BROWSER=1), else a skip."""
    if CHROMIUM.exists():
        return CHROMIUM
    message = f"{CHROMIUM} is missing: install Debian's chromium package (`apt-get install chromium`)"
    if os.environ.get("FITCOACH_REQUIRE_BROWSER") == "1":
        pytest.fail(message)
    pytest.skip(message + "; set FITCOACH_REQUIRE_BROWSER=1 to make this a failure")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serve_in_thread(app: FastAPI) -> Iterator[str]:
    """Run `app` on a free local port for the duration of the block; yields its base URL."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start within 10 s")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
