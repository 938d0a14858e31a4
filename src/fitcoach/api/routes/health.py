"""`GET /api/health` (liveness, whatever the database's state) and `GET /api/health/ready` (the
database answers and its migrations are at head), both without auth, for load balancers."""

from __future__ import annotations

from fastapi import APIRouter, Request
from sqlalchemy.exc import SQLAlchemyError

from fitcoach import __version__
from fitcoach.api.errors import error_responses
from fitcoach.api.readiness import Schema
from fitcoach.api.schemas.base import Health, Readiness
from fitcoach.errors import ServiceUnavailable

router = APIRouter(tags=["health"])


@router.get("/api/health", responses=error_responses())
def health() -> Health:
    return Health(status="ok", version=__version__)


@router.get("/api/health/ready", responses=error_responses(503))
def ready(request: Request) -> Readiness:
    """200 when the database answers and is migrated to this version's head; 503 otherwise
    (`database_unavailable` or `database_not_migrated`)."""
    schema: Schema = request.app.state.schema
    try:
        current = schema.current()
    except SQLAlchemyError as error:
        raise ServiceUnavailable(
            "the database is unavailable right now", code="database_unavailable", retry_after_s=5
        ) from error
    if current != schema.heads:
        raise ServiceUnavailable(
            "the database is not migrated to this version; run `fitcoach migrate`",
            code="database_not_migrated",
            retry_after_s=5,
            details={"current": sorted(current), "expected": sorted(schema.heads)},
        )
    return Readiness(status="ready", version=__version__, migration=sorted(current))
