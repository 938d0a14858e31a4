"""The three analytics tools over HTTP for the client; a bad argument is a 422 naming the valid values.

The tools answer the coach's model with plain dicts; each route validates that dict once into its
response model."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Query
from pydantic import BaseModel

from fitcoach.analytics import tools
from fitcoach.api.deps import ClockDep, SessionDep, UserDep
from fitcoach.api.errors import AUTHED, error_responses
from fitcoach.api.schemas.analytics import ExerciseHistory, PersonalRecords, VolumeTrends
from fitcoach.errors import BadInput, NotFound

router = APIRouter(prefix="/api/analytics", tags=["analytics"])

Body = TypeVar("Body", bound=BaseModel)


def _answer(model: type[Body], result: dict[str, Any], *, not_found: bool = False) -> Body:
    """The tool's dict as the route's response model, or its `error` as a 422 (or 404)."""
    if "error" in result:
        details = {"valid_values": result["valid_values"]}
        raise (
            NotFound(result["error"], details=details)
            if not_found
            else BadInput(result["error"], details=details)
        )
    return model.model_validate(result)


@router.get("/exercise-history", responses=error_responses(*AUTHED, 422))
def exercise_history(
    user: UserDep,
    session: SessionDep,
    exercise_slug: str,
    limit_sessions: Annotated[int, Query(ge=1, le=tools.MAX_SESSIONS)] = 3,
) -> ExerciseHistory:
    return _answer(
        ExerciseHistory,
        tools.get_historical_exercise_logs(
            session, user_id=user.id, exercise_slug=exercise_slug, limit_sessions=limit_sessions
        ),
    )


@router.get("/volume-trends", responses=error_responses(*AUTHED, 422))
def volume_trends(
    user: UserDep,
    session: SessionDep,
    clock: ClockDep,
    muscle_group: str,
    weeks_back: Annotated[int, Query(ge=1, le=tools.MAX_WEEKS_BACK)] = 4,
) -> VolumeTrends:
    return _answer(
        VolumeTrends,
        tools.get_volume_trends(
            session, user_id=user.id, muscle_group=muscle_group, weeks_back=weeks_back, now=clock.now()
        ),
    )


@router.get("/prs/{exercise_slug}", responses=error_responses(*AUTHED, 404, 422))
def personal_records(exercise_slug: str, user: UserDep, session: SessionDep) -> PersonalRecords:
    return _answer(
        PersonalRecords,
        tools.get_pr_records(session, user_id=user.id, exercise_slug=exercise_slug),
        not_found=True,
    )
