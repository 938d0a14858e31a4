"""A trip with gear where the user stays ("hotel gym has dumbbells up to 20 kg and a bench",
"no hotel só tem halteres", "飯店只有啞鈴"): the schedule stays, and the training days inside the
trip are rebuilt by the engine with only that gear (R17, R25); the days at home keep their sessions."""

from __future__ import annotations

from dataclasses import replace

from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.contract.models import CoachReply, DayPlan, MemoryMutation, ProposalType, Weekday, WeeklyPlan
from fitcoach.engine.edits import swap_exercise
from fitcoach.engine.estimators import fill_estimates
from fitcoach.engine.generator import DEFAULT_MINUTES, ScheduleRequest, generate_week
from fitcoach.engine.inventory import merge_inventories
from fitcoach.engine.profile import Profile
from fitcoach.engine.validator import validate_week
from fitcoach.errors import BadInput
from fitcoach.library.gear import Gear, Inventory


def destination_gear(turn: Turn) -> Inventory | None:
    """The gear named for the place the user goes, or None when the message names none or says
    there is none (that trip moves the sessions instead)."""
    u = turn.u
    if not u.gear or u.has_cue("no_gear"):
        return None
    return Inventory(
        gear=frozenset(u.gear | {Gear.BODYWEIGHT}),
        dumbbell_max_lb=u.dumbbell_max_lb if Gear.DUMBBELLS in u.gear else None,
    )


def travel_with_gear(
    turn: Turn,
    plan: WeeklyPlan,
    profile: Profile,
    mutation: MemoryMutation,
    away: set[Weekday],
    hotel: Inventory,
    end_day: Weekday,
) -> CoachReply:
    """Same training days; those inside the trip use only the destination's gear. When the mixed
    week breaks a rule across the seam (recovery, weekly volume), the whole week uses that gear."""
    current = plan.training_days()
    inside = [day for day in current if day in away]
    away_names = turn.join([turn.day_name(d) for d in sorted(away, key=lambda d: d.position)])
    if not inside:
        return reply(turn, turn.say("trip_noted", days=away_names), mutations=[mutation])
    minutes = (
        profile.schedule.minutes
        or max((d.duration_minutes for d in plan.days.values()), default=0)
        or DEFAULT_MINUTES
    )
    travelling = replace(profile, inventory=hotel)
    both = replace(profile, inventory=merge_inventories([profile.inventory, hotel]))
    week = _swapped(turn, plan, inside, travelling)
    if week is None or not validate_week(week, both, library=turn.library, minutes=minutes).ok:
        request = ScheduleRequest(days=tuple(current), days_per_week=len(current), minutes=minutes)
        hotel_week = generate_week(
            travelling, request, library=turn.library, week_start=plan.week_start_date, now=turn.now
        ).plan
        days = {day: hotel_week.days[day] if day in away else plan.days[day] for day in plan.days}
        week = fill_estimates(plan.model_copy(update={"days": days}), turn.library)
        if not validate_week(week, both, library=turn.library, minutes=minutes).ok:
            week = hotel_week
    if not validate_week(week, both, library=turn.library, minutes=minutes).ok:
        raise BadInput("the trip week fails validation", code="plan_invalid")
    names = turn.join([turn.day_name(d) for d in inside])
    situation = "trip_bodyweight" if hotel.gear <= {Gear.BODYWEIGHT} else "trip_gear"
    message = turn.say(situation, days=names, end_day=turn.day_name(end_day))
    summary = turn.diff(situation, days=names)
    return reply(
        turn, message, kind=ProposalType.UPDATE_WEEK, data=week, summary_diff=summary, mutations=[mutation]
    )


def _swapped(turn: Turn, plan: WeeklyPlan, inside: list[Weekday], travelling: Profile) -> WeeklyPlan | None:
    """The week with each away session kept and only the exercises the destination's gear cannot
    serve swapped for their best alternative there; None when one has no alternative."""
    week = plan
    for weekday in inside:
        day = week.days[weekday]
        for slug in dict.fromkeys(day.slugs()):
            if travelling.inventory.allows(turn.library.require(slug).gear) or slug not in day.slugs():
                continue
            try:
                result = swap_exercise(
                    day, slug, travelling, weekday=weekday, library=turn.library, week=week
                )
            except BadInput:
                return None
            assert isinstance(result.data, DayPlan)
            day = result.data
        week = week.model_copy(update={"days": {**week.days, weekday: day}})
    return fill_estimates(week, turn.library)
