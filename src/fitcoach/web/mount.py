"""Serve the web client: `/static/...` for assets and `index.html` for every client route (R45)."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from fitcoach.contract.models import WEEKDAYS
from fitcoach.errors import NotFound

STATIC_DIR = Path(__file__).parent / "static"
INDEX_HTML = STATIC_DIR / "index.html"

ROUTES_JSON = STATIC_DIR / "js" / "routes.json"
"""The client's routes, declared once: its router imports the same file."""


def _client_paths() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The fixed paths and the parametric ones (with a `{day}`) of the client's route table."""
    paths = [str(spec["path"]) for spec in json.loads(ROUTES_JSON.read_text(encoding="utf-8"))]
    return tuple(p for p in paths if "{" not in p), tuple(p for p in paths if "{" in p)


_FIXED, _PARAMETRIC = _client_paths()
CLIENT_ROUTES: tuple[str, ...] = ("/", *_FIXED)
"""Paths the client's router owns; a reload on any of them must land on the app, not a 404."""
DAY_ROUTES: tuple[str, ...] = _PARAMETRIC
"""Paths with a `{day}`: the shell for a weekday, a 404 for anything else."""

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
    for path in DAY_ROUTES:
        app.add_api_route(path, _day_page, methods=["GET"], include_in_schema=False)
    app.add_api_route("/sw.js", _service_worker, methods=["GET"], include_in_schema=False)
