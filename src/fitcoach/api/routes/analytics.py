"""The three analytics tools over HTTP for the client; a bad argument is a 422 naming the valid values."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from fitcoach.analytics import tools
from fitcoach.api.deps import ClockDep, SessionDep, UserDep
from fitcoach.errors import BadInput, NotFound

router = APIRouter(prefix="/api/analytics", tags=["analytics"])


def _raise_on_error(result: dict[str, Any], *, not_found: bool = False) -> dict[str, Any]:
    if "error" in result:
        details = {"valid_values": result["valid_values"]}
        raise (
            NotFound(result["error"], details=details)
            if not_found
            else BadInput(result["error"], details=details)
        )
    return result


@router.get("/exercise-history")
def exercise_history(
    user: UserDep,
    session: SessionDep,
    exercise_slug: str,
    limit_sessions: Annotated[int, Query(ge=1, le=tools.MAX_SESSIONS)] = 3,
) -> dict[str, Any]:
    return _raise_on_error(
        tools.get_historical_exercise_logs(
            session, user_id=user.id, exercise_slug=exercise_slug, limit_sessions=limit_sessions
        )
    )


@router.get("/volume-trends")
def volume_trends(
    user: UserDep,
    session: SessionDep,
    clock: ClockDep,
    muscle_group: str,
    weeks_back: Annotated[int, Query(ge=1, le=tools.MAX_WEEKS_BACK)] = 4,
) -> dict[str, Any]:
    return _raise_on_error(
        tools.get_volume_trends(
            session, user_id=user.id, muscle_group=muscle_group, weeks_back=weeks_back, now=clock.now()
        )
    )


@router.get("/prs/{exercise_slug}")
def personal_records(exercise_slug: str, user: UserDep, session: SessionDep) -> dict[str, Any]:
    return _raise_on_error(
        tools.get_pr_records(session, user_id=user.id, exercise_slug=exercise_slug), not_found=True
    )
