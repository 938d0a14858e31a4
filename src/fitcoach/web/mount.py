"""Serve the web client: `/static/...` for assets and `index.html` for every client route (R45)."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from fitcoach.contract.models import WEEKDAYS
from fitcoach.errors import NotFound

STATIC_DIR = Path(__file__).parent / "static"
INDEX_HTML = STATIC_DIR / "index.html"

CLIENT_ROUTES: tuple[str, ...] = ("/", "/coach", "/today", "/week", "/progress", "/me", "/workout/active")
"""Paths the client's router owns; a reload on any of them must land on the app, not a 404."""

_WEEKDAY_NAMES = frozenset(day.value for day in WEEKDAYS)
_REVALIDATE = {"Cache-Control": "no-cache"}


def _index() -> FileResponse:
    # The shell is tiny and names its modules by path, so revalidate it on every load: a new release
    # reaches a phone that kept the page open without anyone clearing a cache.
    return FileResponse(INDEX_HTML, media_type="text/html", headers=_REVALIDATE)


async def _client_page() -> FileResponse:
    return _index()


async def _service_worker() -> FileResponse:
    # Served from the root so its scope covers every client route, not just /static/.
    return FileResponse(STATIC_DIR / "sw.js", media_type="text/javascript", headers=_REVALIDATE)


async def _day_page(day: str) -> FileResponse:
    if day not in _WEEKDAY_NAMES:
        raise NotFound(f"No such day: {day!r}", details={"valid_values": sorted(_WEEKDAY_NAMES)})
    return _index()


def mount_web(app: FastAPI) -> None:
    """Register the client's routes on `app`; `/api/*` is left untouched."""
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    for path in CLIENT_ROUTES:
        app.add_api_route(path, _client_page, methods=["GET"], include_in_schema=False)
    app.add_api_route("/workouts/{day}", _day_page, methods=["GET"], include_in_schema=False)
    app.add_api_route("/sw.js", _service_worker, methods=["GET"], include_in_schema=False)
