"""What the MCP tools do, as plain functions of a user id: the chat's three analytics tools with the
same arguments and limits, the exercise library, the plan, memory, logging, and a chat turn whose
proposal is only staged (accepting it is its own call, naming the proposal id)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from fitcoach.analytics import tools as analytics
from fitcoach.analytics.workouts import record_workout, render_log
from fitcoach.clock import Clock
from fitcoach.contract.logs import LogCreate
from fitcoach.contract.models import ActiveTab, Tier, Weekday, WeeklyPlan
from fitcoach.errors import BadInput, NotFound
from fitcoach.library import ExerciseLibrary, MuscleGroup
from fitcoach.services.brains import Brains
from fitcoach.services.chat import ChatInput, run_turn
from fitcoach.services.decisions import accept_proposal
from fitcoach.storage import workouts
from fitcoach.storage.library import effective_library
from fitcoach.storage.memory_repo import load_active_items
from fitcoach.storage.plans import get_active_plan
from fitcoach.storage.rate_limits import DatabaseRateLimiter
from fitcoach.storage.users import get_user

MAX_SEARCH_RESULTS = 50


@dataclass(frozen=True)
class CoachDeps:
    """What every tool needs; one per process, shared by all sessions and users."""

    sessions: sessionmaker[Session]
    clock: Clock
    brains: Brains
    chat_limiter: DatabaseRateLimiter | None = None
    """The server's chat limit, shared with `POST /api/coach/chat` (None: the stdio process's own user)."""


def _analytics_answer(result: dict[str, Any]) -> dict[str, Any]:
    if "error" in result:
        raise BadInput(
            result["error"], code="invalid_argument", details={"valid_values": result["valid_values"]}
        )
    return result


def exercise_history(
    deps: CoachDeps, user_id: str, exercise_slug: str, limit_sessions: int
) -> dict[str, Any]:
    with deps.sessions() as session:
        return _analytics_answer(
            analytics.get_historical_exercise_logs(
                session, user_id=user_id, exercise_slug=exercise_slug, limit_sessions=limit_sessions
            )
        )


def volume_trends(deps: CoachDeps, user_id: str, muscle_group: str, weeks_back: int) -> dict[str, Any]:
    with deps.sessions() as session:
        return _analytics_answer(
            analytics.get_volume_trends(
                session,
                user_id=user_id,
                muscle_group=muscle_group,
                weeks_back=weeks_back,
                now=deps.clock.now(),
            )
        )


def pr_records(deps: CoachDeps, user_id: str, exercise_slug: str) -> dict[str, Any]:
    with deps.sessions() as session:
        return _analytics_answer(
            analytics.get_pr_records(session, user_id=user_id, exercise_slug=exercise_slug)
        )


def _library(deps: CoachDeps) -> ExerciseLibrary:
    with deps.sessions() as session:
        return effective_library(session)


def search_exercises(deps: CoachDeps, text: str | None, muscle_group: str | None) -> dict[str, Any]:
    items = list(_library(deps))
    if muscle_group:
        group = analytics.parse_muscle_group(muscle_group)
        if group is None:
            raise BadInput(
                f"unknown muscle_group {muscle_group!r}",
                code="invalid_argument",
                details={"valid_values": [g.value for g in MuscleGroup]},
            )
        items = [e for e in items if group in e.primary_groups or group in e.secondary_groups]
    if text:
        needle = text.casefold().strip()
        items = [
            e
            for e in items
            if any(
                needle in candidate.casefold()
                for candidate in [e.slug, e.name, *(a for aliases in e.names.values() for a in aliases)]
            )
        ]
    return {
        "count": len(items),
        "items": [
            {
                "slug": e.slug,
                "name": e.name,
                "gear": e.gear_text,
                "type": e.type,
                "primary_muscles": [m.value for m in e.primary_muscles],
                "timed": e.timed,
            }
            for e in items[:MAX_SEARCH_RESULTS]
        ],
    }


def active_plan(deps: CoachDeps, user_id: str) -> dict[str, Any]:
    with deps.sessions() as session:
        row = get_active_plan(session, user_id=user_id)
        if row is None:
            raise NotFound("no plan yet: ask the coach for one", code="no_plan")
        plan = WeeklyPlan.model_validate(row.plan)
        now = deps.clock.now()
        weekday = Weekday.of(now.date())
        return {
            "version": row.version,
            "today": {
                "weekday": weekday.value,
                "date": now.date().isoformat(),
                "in_plan_week": plan.week_start_date <= now.date() < plan.week_start_date + timedelta(days=7),
                "day": (day.model_dump(mode="json") if (day := plan.days.get(weekday)) is not None else None),
            },
            "plan": plan.model_dump(mode="json"),
        }


def memory(deps: CoachDeps, user_id: str) -> dict[str, Any]:
    with deps.sessions() as session:
        items = load_active_items(session, user_id=user_id, now=deps.clock.now())
    return {
        tier.value: [
            {
                "id": item.id,
                "entry": item.entry.model_dump(mode="json", exclude_none=True),
                "expires_at": item.expires_at.isoformat() if item.expires_at else None,
            }
            for item in items
            if item.tier is tier
        ]
        for tier in Tier
    }


def log_workout(deps: CoachDeps, user_id: str, log: LogCreate) -> dict[str, Any]:
    with deps.sessions() as session:
        library = effective_library(session)
        result = record_workout(session, user_id=user_id, log=log, library=library, now=deps.clock.now())
        session.commit()
        sets = workouts.sets_of_logs(session, user_id=user_id, log_ids=[result.log.id])
        return render_log(result.log, sets.get(result.log.id, []), library).model_dump(mode="json")


def chat(deps: CoachDeps, user_id: str, message: str, active_tab: ActiveTab) -> dict[str, Any]:
    if not message.strip():
        raise BadInput("the message is empty", code="empty_message")
    if deps.chat_limiter is not None:
        deps.chat_limiter.hit(user_id, now=deps.clock.now())
    with deps.sessions() as session:
        language = get_user(session, user_id=user_id).settings.get("language")
        library = effective_library(session)
    turn = run_turn(
        deps.sessions,
        user_id=user_id,
        chat=ChatInput(message=message, active_tab=active_tab, selected_day=None, language=language),
        clock=deps.clock,
        brains=deps.brains,
        library=library,
    )
    body = turn.body()
    proposal = body["proposal"]
    return {
        "message": body["message"],
        "proposal": proposal,
        "proposal_staged": proposal["id"] is not None,
        "memory_mutations": body["memory_mutations"],
        "turn_id": body["meta"]["turn_id"],
    }


def accept(deps: CoachDeps, user_id: str, proposal_id: str) -> dict[str, Any]:
    with deps.sessions() as session:
        state = accept_proposal(session, user_id=user_id, proposal_id=proposal_id, now=deps.clock.now())
        session.commit()
        return {"version": state.version, "plan": state.plan.model_dump(mode="json")}
