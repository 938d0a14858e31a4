"""Workout logging (R38): post a session, list, read and delete logs."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Query, Response
from pydantic import BaseModel, ConfigDict

from fitcoach.analytics.workouts import record_workout, remove_workout, render_log
from fitcoach.api.deps import ClockDep, LibraryDep, SessionDep, UserDep
from fitcoach.api.errors import AUTHED, WITH_BODY, error_responses
from fitcoach.contract.logs import LogCreate, LogPage, LogPublic
from fitcoach.contract.models import ProgramChange
from fitcoach.services.program import next_time
from fitcoach.storage import workouts

router = APIRouter(prefix="/api/workouts", tags=["workouts"])


class NextTime(BaseModel):
    """The workout summary's "next time": what the program changes, each with its reason."""

    model_config = ConfigDict(extra="forbid")

    changes: list[ProgramChange]


MAX_OFFSET = 1_000_000
"""Deeper than any real history; an unbounded offset overflowed SQLite's 64-bit integer (a 500)."""


@router.post(
    "/log",
    status_code=201,
    responses={
        200: {"model": LogPublic, "description": "A replay: the Idempotency-Key matched an earlier post"},
        **error_responses(*AUTHED, *WITH_BODY, 409),
    },
)
def log_workout(
    body: LogCreate,
    response: Response,
    user: UserDep,
    session: SessionDep,
    clock: ClockDep,
    library: LibraryDep,
    idempotency_key: Annotated[str | None, Header(max_length=200)] = None,
) -> LogPublic:
    result = record_workout(
        session, user_id=user.id, log=body, library=library, now=clock.now(), idempotency_key=idempotency_key
    )
    session.commit()
    if result.replayed:
        response.status_code = 200
        response.headers["Idempotent-Replayed"] = "true"
    sets = workouts.sets_of_logs(session, user_id=user.id, log_ids=[result.log.id])
    return render_log(result.log, sets.get(result.log.id, []), library)


@router.get("", responses=error_responses(*AUTHED, 422))
def list_workouts(
    user: UserDep,
    session: SessionDep,
    library: LibraryDep,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> LogPage:
    """Newest first; `next_offset` is null on the last page."""
    rows = workouts.list_logs(session, user_id=user.id, limit=limit + 1, offset=offset)
    page = rows[:limit]
    sets = workouts.sets_of_logs(session, user_id=user.id, log_ids=[row.id for row in page])
    return LogPage(
        items=[render_log(row, sets.get(row.id, []), library) for row in page],
        limit=limit,
        offset=offset,
        next_offset=offset + limit if len(rows) > limit else None,
    )


@router.get("/next-time", responses=error_responses(*AUTHED))
def next_time_of_latest(user: UserDep, session: SessionDep, clock: ClockDep, library: LibraryDep) -> NextTime:
    """What the program will change next time for the exercises of the latest logged session (the
    workout summary's "next time"), each with its reason in the user's language."""
    changes = next_time(
        session, user_id=user.id, now=clock.now(), library=library, lang=user.settings.get("language")
    )
    return NextTime(changes=changes)


@router.get("/{log_id}", responses=error_responses(*AUTHED, 404, 422))
def get_workout(log_id: str, user: UserDep, session: SessionDep, library: LibraryDep) -> LogPublic:
    row = workouts.get_log(session, user_id=user.id, log_id=log_id)
    sets = workouts.sets_of_logs(session, user_id=user.id, log_ids=[row.id])
    return render_log(row, sets.get(row.id, []), library)


@router.delete("/{log_id}", status_code=204, responses=error_responses(*AUTHED, 404, 409, 422))
def delete_workout(log_id: str, user: UserDep, session: SessionDep, clock: ClockDep) -> Response:
    remove_workout(session, user_id=user.id, log_id=log_id, now=clock.now())
    session.commit()
    return Response(status_code=204)
