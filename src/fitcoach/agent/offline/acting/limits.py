"""A time limit on some days of the week ("Wed-Fri I only have 30 minutes each"): those days'
sessions are compressed by the engine (supersets, shorter rests, fewer sets; R13) and every other
day keeps its session. The training days themselves do not change."""

from __future__ import annotations

from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.contract.models import CoachReply, DayPlan, ProposalType, Weekday
from fitcoach.engine.edits import compress_day
from fitcoach.engine.estimators import fill_estimates
from fitcoach.engine.validator import validate_week
from fitcoach.errors import BadInput


def limits_days(turn: Turn) -> bool:
    u = turn.u
    named = {d.weekday for d in u.days if d.relative is None}
    return (
        turn.plan is not None
        and u.minutes is not None
        and u.minutes_only
        and len(named) >= 2
        and not u.days_per_week
        and not u.has_cue("move")
    )


def limited_days(turn: Turn, days: list[Weekday] | None = None) -> CoachReply:
    """The named days (or `days`: every training day for "30 minutes a session from now on")
    compressed to the message's minutes."""
    plan = turn.plan
    minutes = turn.u.minutes
    assert plan is not None and minutes is not None
    named = days or sorted({d.weekday for d in turn.u.days if d.relative is None}, key=lambda d: d.position)
    inside = [day for day in named if not plan.days[day].is_rest_day]
    if not inside:
        return reply(turn, turn.say("rest_day", day=turn.join([turn.day_name(d) for d in named])))
    profile = turn.profile()
    week = plan
    shortened: list[Weekday] = []
    for weekday in inside:
        if plan.days[weekday].duration_minutes <= minutes:
            continue
        result = compress_day(
            week.days[weekday], minutes, profile, weekday=weekday, library=turn.library, week=week
        )
        assert isinstance(result.data, DayPlan)
        week = week.model_copy(update={"days": {**week.days, weekday: result.data}})
        shortened.append(weekday)
    week = fill_estimates(week, turn.library)
    report = validate_week(week, profile, library=turn.library)
    if not report.ok:
        raise BadInput(f"the shortened week fails validation: {report.codes()}", code="plan_invalid")
    names = turn.join([turn.day_name(d) for d in inside])
    message = turn.say("days_limited", days=names, minutes=minutes)
    summary = turn.diff("days_limited", days=names, minutes=minutes)
    return reply(turn, message, kind=ProposalType.UPDATE_WEEK, data=week, summary_diff=summary)
