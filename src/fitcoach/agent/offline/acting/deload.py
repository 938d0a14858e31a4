"""A deload week asked for ("semaine de décharge", "разгрузочная неделя", "減量週"): the engine's
deload keeps the plan's days and exercises with about half the sets (engine/deload.py, science.md
§6); a deload named for one day ("deload today") is that day made lighter."""

from __future__ import annotations

from fitcoach.agent.offline.acting.days import day_edit
from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.contract.models import CoachReply, ProposalType, WeeklyPlan
from fitcoach.engine.deload import deload_week


def asks_deload(turn: Turn) -> bool:
    """A deload for the whole week: no single day named as the one to lighten."""
    u = turn.u
    one_day = "has:one_day" in u.features or "has:today" in u.features or "has:relative_day" in u.features
    return turn.plan is not None and not (one_day and "has:multi_days" not in u.features)


def deload(turn: Turn) -> CoachReply:
    """The week deloaded, or the one named day made lighter ("deload today", "разгрузка в среду")."""
    if not asks_deload(turn):
        return day_edit(turn)
    plan = turn.plan
    assert plan is not None
    profile = turn.profile()
    longest = max((d.duration_minutes for d in plan.days.values()), default=0)
    minutes = profile.schedule.minutes or longest or None
    result = deload_week(plan, profile, minutes=minutes, library=turn.library)
    assert isinstance(result.data, WeeklyPlan)
    week = result.data
    days = turn.join([turn.day_name(d) for d in week.training_days()])
    message = turn.say("deload_week", days=days)
    summary = turn.diff("deload", days=days)
    return reply(turn, message, kind=ProposalType.UPDATE_WEEK, data=week, summary_diff=summary)
