"""What a chat turn reads: the active plan as stored right now, even when it changed in place or
belongs to someone else with an identical plan (the rendering is cached on the stored text)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from sqlalchemy import Engine

from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.clock import FrozenClock
from fitcoach.contract.models import Weekday, WeeklyPlan
from fitcoach.library import get_library
from fitcoach.memory.context import render_plan
from fitcoach.services.brains import Brains
from fitcoach.services.chat import ChatInput, run_turn
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.plans import add_plan_version, mark_day_completed
from tests.conftest import MakeUser

NONE_ANSWER = {
    "message": "Keep going.",
    "proposal": {"id": None, "type": "NONE", "target_day": None, "summary_diff": None, "data": None},
    "memory_mutations": [],
}


def plan_line(block: str) -> str:
    lines = block.splitlines()
    return lines[lines.index("ACTIVE WEEKLY TRAINING PLAN:") + 1]


def without_last_turn(block: str) -> str:
    lines = block.splitlines()
    if "LAST TURN:" in lines:
        at = lines.index("LAST TURN:")
        del lines[at : at + 2]
    return "\n".join(lines)


def test_the_block_and_the_guard_see_the_plan_as_stored_now(
    engine: Engine, make_user: MakeUser, clock: FrozenClock, data_dir: Path
) -> None:
    plan = WeeklyPlan.model_validate_json((data_dir / "fixtures/home_db_4day.json").read_text())
    sessions = make_sessionmaker(engine)
    ana, bo = make_user("ana"), make_user("bo")
    with sessions.begin() as session:
        for user in (ana, bo):
            add_plan_version(session, user_id=user.id, plan=plan, now=clock.now(), reason="initial")
    scripted = ScriptedProvider()

    def turn(user_id: str) -> str:
        scripted.enqueue(NONE_ANSWER)
        run_turn(
            sessions,
            user_id=user_id,
            chat=ChatInput(message="How is my week?", active_tab="coach", selected_day=None),
            clock=clock,
            brains=Brains(provider=scripted, fallback=None),
            library=get_library(),
        )
        request = scripted.history[-1]
        assert request.turn.plan is not None and request.turn.plan_version == 1
        # The block's plan line is exactly what the model's structured view renders to.
        assert plan_line(request.runtime_block) == render_plan(request.turn.plan)
        return request.runtime_block

    before = turn(ana.id)
    assert turn(bo.id) == before  # an equal plan renders equally, whoever owns it
    monday = plan.days[Weekday.MONDAY].date
    assert monday is not None
    with sessions.begin() as session:
        # A workout log marks the day done in place: same version, different stored document.
        marked = mark_day_completed(
            session,
            user_id=ana.id,
            week_start=plan.week_start_date,
            day=Weekday.MONDAY,
            log_id="log_1",
            completed_at=dt.datetime.combine(monday, dt.time(9), tzinfo=dt.UTC),
        )
        assert marked
    after = turn(ana.id)
    assert after != before
    days = json.loads(plan_line(after))["days"]
    assert days["monday"]["status"] == "completed"
    assert scripted.history[-1].turn.plan is not None
    assert scripted.history[-1].turn.plan.days[Weekday.MONDAY].status == "completed"
    # the other user's plan did not change (their block now also names their previous turn)
    assert without_last_turn(turn(bo.id)) == before
