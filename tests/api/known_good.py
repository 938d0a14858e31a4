"""One valid request per API operation, in an order where each can succeed, for the strict schemathesis
run: random requests rarely get past validation (a random slug names nothing), so without these most
success bodies would never be checked against the document.

`seed_user` gives the user what the routes read: two plan versions (so a revert has somewhere to go)
and two staged proposals (one to accept, one to dismiss). The steps add the rest through the API.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine

from fitcoach.contract.models import Proposal, ProposalType, Weekday, WeeklyPlan
from fitcoach.storage import plans, proposals
from fitcoach.storage.db import make_sessionmaker
from tests.conftest import DATA

HEVY = DATA.parent / "transfer" / "fixtures" / "hevy_kg.csv"

Context = dict[str, Any]
"""What earlier steps answered, by step label: later steps take their ids from it."""


@dataclass(frozen=True)
class Step:
    label: str
    """Schemathesis' operation label, "METHOD /path/{template}"."""
    request: Callable[[Context], dict[str, Any]] = lambda _ctx: {}
    """Keyword arguments for `operation.Case` (path_parameters, query, body, headers), and
    `call_headers` for headers that replace the default ones (another user's token)."""
    expect: int | None = None
    """The status this step must answer; None for any 2xx."""


def seed_user(engine: Engine, *, user_id: str, now: datetime) -> Context:
    week = WeeklyPlan.model_validate(json.loads((DATA / "fixtures" / "home_db_4day.json").read_text()))
    tuesday = week.days[Weekday.TUESDAY].model_copy(update={"title": "Lower Body, shorter"})
    with make_sessionmaker(engine).begin() as session:
        for reason in ("initial", "accepted_proposal"):
            plans.add_plan_version(session, user_id=user_id, plan=week, now=now, reason=reason)
        day = proposals.create_proposal(
            session,
            user_id=user_id,
            proposal=Proposal(
                type=ProposalType.UPDATE_DAY,
                target_day=Weekday.TUESDAY,
                summary_diff="Tuesday: shorter",
                data=tuesday,
            ),
            now=now,
            base_version=2,
        )
        whole = proposals.create_proposal(
            session,
            user_id=user_id,
            proposal=Proposal(type=ProposalType.UPDATE_WEEK, summary_diff="Same week", data=week),
            now=now,
            base_version=2,
        )
        return {"day_proposal": day.id, "week_proposal": whole.id}


WORKOUT = {
    "plan_day": "monday",
    "completed_at": "2026-09-14T08:00:00Z",
    "notes": "felt strong",
    "exercises_logged": [
        {
            "exercise_id": "goblet-squat",
            "sets": [
                {"weight": 20, "unit": "kg", "reps": 10, "is_warmup": True},
                {"weight": 50, "unit": "lb", "reps": 8, "rpe": 8.5},
            ],
        },
        {"exercise_id": "plank", "sets": [{"weight": 0, "reps": 1, "duration_seconds": 60}]},
    ],
}

FUZZ_LOGIN = {"login": "fuzz", "password": "fuzz-password-1"}
"""The fuzz user's password sign-in (the fixture gives the account this password)."""

STEPS = [
    Step("GET /api/health"),
    Step("GET /api/health/ready"),
    Step("GET /api/auth/options"),
    Step("POST /api/auth/login", lambda _: {"body": {**FUZZ_LOGIN, "device_name": "Fuzz phone"}}),
    Step(
        "POST /api/auth/signup",
        lambda _: {"body": {"username": "newcomer", "password": "a long enough password"}},
    ),
    # The ASGI test client is no loopback client: refused, and the refusal is checked against the document.
    Step("POST /api/auth/default", expect=403),
    Step("GET /api/me/tokens"),
    Step(
        "DELETE /api/me/tokens/{token_id}",
        lambda ctx: {"path_parameters": {"token_id": ctx["POST /api/auth/login"]["token_id"]}},
    ),
    Step(
        "POST /api/auth/logout",
        lambda ctx: {"call_headers": {"Authorization": f"Bearer {ctx['POST /api/auth/signup']['token']}"}},
    ),
    Step("GET /api/me"),
    Step("PATCH /api/me", lambda _: {"body": {"settings": {"units": "lb", "language": "fr"}}}),
    Step("GET /api/exercises", lambda _: {"query": {"gear": ["Dumbbells", "Bench"], "muscle": "Chest"}}),
    Step("GET /api/exercises/{slug}", lambda _: {"path_parameters": {"slug": "goblet-squat"}}),
    Step("POST /api/workouts/log", lambda _: {"body": WORKOUT, "headers": {"Idempotency-Key": "known-1"}}),
    Step("GET /api/workouts", lambda _: {"query": {"limit": 1}}),
    Step("GET /api/workouts/next-time"),
    Step(
        "GET /api/workouts/{log_id}",
        lambda ctx: {"path_parameters": {"log_id": ctx["POST /api/workouts/log"]["id"]}},
    ),
    Step("GET /api/analytics/exercise-history", lambda _: {"query": {"exercise_slug": "goblet-squat"}}),
    Step("GET /api/analytics/volume-trends", lambda _: {"query": {"muscle_group": "Quads", "weeks_back": 2}}),
    Step(
        "GET /api/analytics/prs/{exercise_slug}",
        lambda _: {"path_parameters": {"exercise_slug": "goblet-squat"}},
    ),
    Step(
        "POST /api/memory",
        lambda _: {
            "body": {
                "target_tier": "tier_2_physiological",
                "entry": {
                    "body_part": "knee",
                    "condition": "soreness",
                    "fact": "sore left knee",
                    "side": "left",
                },
            }
        },
    ),
    Step("GET /api/memory"),
    Step("GET /api/memory/history"),
    Step("GET /api/coach/context", lambda _: {"query": {"active_tab": "today", "message": "hi"}}),
    Step(
        "POST /api/coach/proposals/{proposal_id}/accept",
        lambda ctx: {"path_parameters": {"proposal_id": ctx["day_proposal"]}},
    ),
    Step(
        "POST /api/coach/proposals/{proposal_id}/dismiss",
        lambda ctx: {"path_parameters": {"proposal_id": ctx["week_proposal"]}},
    ),
    Step(
        "POST /api/coach/chat",
        lambda _: {
            "body": {"message": "My hamstrings are sore, can you adjust today?", "active_tab": "today"}
        },
    ),
    Step("GET /api/coach/proposals"),
    Step("GET /api/coach/history", lambda _: {"query": {"limit": 5}}),
    Step("GET /api/plan"),
    Step("GET /api/plan/today"),
    Step("GET /api/plan/versions"),
    Step("POST /api/plan/revert", lambda _: {"body": {"to_version": 1}}),
    Step(
        "DELETE /api/workouts/{log_id}",
        lambda ctx: {"path_parameters": {"log_id": ctx["POST /api/workouts/log"]["id"]}},
    ),
    Step(
        "DELETE /api/memory/{item_id}",
        lambda ctx: {"path_parameters": {"item_id": ctx["POST /api/memory"]["items"][0]["id"]}},
    ),
    Step("DELETE /api/memory"),
    Step(
        "POST /api/import",
        lambda _: {
            "body": {"file": HEVY.read_bytes(), "timezone": "Europe/Paris", "commit": "true"},
            "media_type": "multipart/form-data",
        },
    ),
    Step("GET /api/imports"),
    Step(
        "POST /api/imports/{import_id}/mapping",
        lambda ctx: {
            "path_parameters": {"import_id": ctx["POST /api/import"]["import_id"]},
            "body": {"mapping": {"Landmine Press": "arnold-press"}},
        },
    ),
    Step("GET /api/export", lambda _: {"query": {"format": "json"}}),
    # The first call of a deletion: it hands out the confirmation and deletes nothing.
    Step("DELETE /api/me", expect=202),
]
