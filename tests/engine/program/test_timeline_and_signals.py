"""The coach's view of the program (issue 18 item 5) and the block's recovery signals (item 3)."""

from __future__ import annotations

import json
from datetime import timedelta

from fitcoach.contract.models import Weekday
from fitcoach.engine.program import InjuryEpisode, ProgramHistory, propose_next_week
from fitcoach.facts.model import BodyArea
from fitcoach.library import get_library
from fitcoach.memory.context import render_runtime_block
from tests.engine.program.simulate import Week, at, simulate


def test_the_runtime_block_carries_the_block_position_trends_ramps_and_reasons() -> None:
    lifter = simulate([Week.HIT, Week.HIT, Week.HURT, Week.HIT])
    block = render_runtime_block(
        now=at(lifter.plan.week_start_date, 9),
        active_tab="coach",
        selected_day=Weekday.MONDAY,
        items=[],
        plan=lifter.plan,
        message="am I progressing?",
    )
    lines = block.split("\n")
    plan_line = lines[lines.index("ACTIVE WEEKLY TRAINING PLAN:") + 1]
    timeline = lines[lines.index("ACTIVE WEEKLY TRAINING PLAN:") + 2]
    compact = json.loads(plan_line)
    assert "program" not in compact
    first = compact["days"]["monday"]["blocks"][0]["exercises"][0]
    assert first["exercise_id"] == "incline-db-bench-press" and first["target_load"] == {
        "value": 25.0,
        "unit": "lb",
    }
    assert timeline.startswith(
        "PROGRAM TIMELINE: Week 5 of 6 (block 1), deload in week 6 | e1RM trends (oldest>newest): "
    )
    assert "incline-db-bench-press " in timeline and " lb " in timeline
    assert "returning: incline-db-bench-press step 2/3 toward 30 lb (shoulder)" in timeline
    assert (
        "changes this week: Incline DB Bench Press: back gradually at 25 lb (83% of 30), step 2 of 3"
        in timeline
    )
    assert lines[-2] == "[USER MESSAGE / CHIP INPUT]"


def test_a_soreness_note_holds_the_groups_sets_and_says_why() -> None:
    lifter = simulate([])
    lifter.train(Week.HIT)
    monday = at(lifter.plan.week_start_date, 9)
    sore = InjuryEpisode(BodyArea.CHEST, monday, monday + timedelta(days=2))
    history = ProgramHistory(tuple(lifter.sessions), (), (sore,))
    now = at(lifter.plan.week_start_date + timedelta(days=6), 20)
    held = propose_next_week(lifter.plan, history, lifter.profile, now=now, library=get_library())
    plain = propose_next_week(lifter.plan, lifter.history(), lifter.profile, now=now, library=get_library())
    assert held.plan.program is not None and plain.plan.program is not None
    assert plain.plan.program.sets_per_group["Chest"] > held.plan.program.sets_per_group["Chest"]
    texts = [c.text for c in held.changes]
    assert any(t.startswith("chest: ") and "recovery signals (soreness)" in t for t in texts), texts


def test_a_soreness_note_on_the_returning_area_steps_the_ramp_back() -> None:
    lifter = simulate([Week.HIT, Week.HIT, Week.HURT, Week.HIT])
    lifter.train(Week.HIT)
    monday = at(lifter.plan.week_start_date, 9)
    sore = InjuryEpisode(BodyArea.SHOULDER, monday + timedelta(days=1), monday + timedelta(days=3))
    history = ProgramHistory(tuple(lifter.sessions), tuple(lifter.injuries), (sore,))
    now = at(lifter.plan.week_start_date + timedelta(days=6), 20)
    proposed = propose_next_week(lifter.plan, history, lifter.profile, now=now, library=get_library())
    assert proposed.plan.program is not None
    assert {r.step for r in proposed.plan.program.ramp} == {1}
    assert any(c.kind == "pain" for c in proposed.changes)
