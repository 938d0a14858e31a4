"""`GET /api/health`: liveness without auth, for `make run` and load balancers."""

from __future__ import annotations

from fastapi import APIRouter

from fitcoach import __version__
from fitcoach.api.errors import error_responses
from fitcoach.api.schemas.base import Health

router = APIRouter(tags=["health"])


@router.get("/api/health", responses=error_responses())
def health() -> Health:
    return Health(status="ok", version=__version__)
