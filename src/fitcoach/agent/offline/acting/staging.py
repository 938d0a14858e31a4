"""Shared by the one-day handlers: the short answer when there is no session to change, and the
engine's validator on every day before it is staged."""

from __future__ import annotations

from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.contract.models import CoachReply, DayPlan, Weekday
from fitcoach.engine.profile import Profile
from fitcoach.engine.validator import validate_day
from fitcoach.errors import BadInput


def checked_day(
    turn: Turn, day: DayPlan, weekday: Weekday, profile: Profile, minutes: int | None = None
) -> DayPlan:
    report = validate_day(
        day, weekday, profile, library=turn.library, week=turn.trained_week, minutes=minutes
    )
    if not report.ok:
        raise BadInput(f"staged day fails validation: {report.codes()}", code="plan_invalid")
    return day


def no_session(turn: Turn, weekday: Weekday | None) -> CoachReply | None:
    """The short answer when there is no plan, or the day has no session to change."""
    if turn.plan is None:
        return reply(turn, turn.say("no_plan"))
    day = turn.plan_day(weekday)
    if weekday is None or day is None or day.is_rest_day:
        return reply(turn, turn.say("rest_day", day=turn.day_name(weekday) if weekday else ""))
    return None
