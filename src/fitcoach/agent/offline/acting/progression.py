"""Progression reviews on the tool path (R5, R35, R36): read the exercise's history and the muscle
group's volume trend through the same tools an LLM calls, then give the engine's numbers."""

from __future__ import annotations

from typing import Any

from fitcoach.agent.offline.acting import choices
from fitcoach.agent.offline.acting.areas import muscle_groups
from fitcoach.agent.offline.acting.turn import Turn, format_load, reply
from fitcoach.clock import parse_instant
from fitcoach.contract.models import CoachReply, PlannedExercise, Weekday
from fitcoach.engine.history import LoggedSet
from fitcoach.engine.progression import Action, GearKind, Session, progression_advice
from fitcoach.library import Exercise
from fitcoach.library.gear import Gear
from fitcoach.library.models import MUSCLE_TO_GROUP, MuscleGroup

HISTORY_SESSIONS = 5
"""Enough exposures for the plateau check (three) plus the two before them."""

DEFAULT_REP_RANGE = (8, 12)
"""The hypertrophy range used when the plan does not prescribe one (science.md §2)."""

KG_PER_LB = 0.453592
SITUATION = {
    Action.ADD_LOAD: "progression_add",
    Action.ADD_REPS: "progression_reps",
    Action.ADD_SET_OR_TEMPO: "progression_cap",
    Action.CHANGE_STIMULUS: "progression_plateau",
    Action.START: "progression_no_data",
}


def _exercise(turn: Turn) -> Exercise | None:
    """The exercise asked about; else the plan's first one for the named muscle; else the plan's first."""
    named = turn.exercises_named()
    if named:
        return turn.library.require(named[0])
    planned = [s for day in (turn.plan.days.values() if turn.plan else []) for s in day.slugs()]
    wanted = set(muscle_groups(turn.u.focus_areas))
    for slug in planned:
        if turn.library.require(slug).primary_groups & wanted:
            return turn.library.require(slug)
    return turn.library.require(planned[0]) if planned else None


def _planned(turn: Turn, slug: str, weekday: Weekday | None) -> PlannedExercise | None:
    """The prescription the last session followed: the same weekday's entry when the exercise is
    planned twice (a heavy and a light day), else its first."""
    found: list[tuple[Weekday, PlannedExercise]] = [
        (day, planned)
        for day, plan in (turn.plan.days.items() if turn.plan else [])
        for planned in plan.exercises()
        if planned.exercise_id == slug
    ]
    same_day = [planned for day, planned in found if day is weekday]
    every = same_day or [planned for _, planned in found]
    return every[0] if every else None


def _rep_range(planned: PlannedExercise | None) -> tuple[int, int]:
    if planned is None:
        return DEFAULT_REP_RANGE
    parts = [p for p in planned.target_reps.replace("–", "-").split("-") if p.strip().isdigit()]
    if len(parts) == 2:
        return int(parts[0]), int(parts[1])
    if len(parts) == 1:
        return int(parts[0]), int(parts[0])
    return DEFAULT_REP_RANGE


def _gear_kind(exercise: Exercise) -> GearKind:
    gear = exercise.gear.mentions()
    if Gear.DUMBBELLS in gear:
        return GearKind.DUMBBELL
    if Gear.BARBELL in gear:
        return GearKind.BARBELL
    if gear & {Gear.CABLE_MACHINE, Gear.MACHINE, Gear.LEG_PRESS_MACHINE, Gear.HAMSTRING_MACHINE}:
        return GearKind.CABLE
    return GearKind.BODYWEIGHT


def _sessions(result: dict[str, Any]) -> tuple[list[Session], str, Weekday | None]:
    """Oldest first, in pounds; the unit the user logs in and the weekday of the last session."""
    sessions: list[Session] = []
    units: list[str] = []
    raw_sessions = result.get("sessions") or []
    last_day = None
    if raw_sessions and raw_sessions[0].get("completed_at"):
        last_day = Weekday.of(parse_instant(str(raw_sessions[0]["completed_at"])).date())
    for raw in reversed(raw_sessions):
        sets = []
        for item in raw.get("sets") or []:
            weight = float(item.get("weight") or 0)
            unit = str(item.get("unit") or "lb")
            units.append(unit)
            pounds = weight / KG_PER_LB if unit == "kg" else weight
            rpe = item.get("rpe")
            sets.append(
                LoggedSet(round(pounds, 1), int(item.get("reps") or 0), rpe, bool(item.get("is_warmup")))
            )
        sessions.append(Session(sets))
    return sessions, (units[-1] if units else "lb"), last_day


def volume_line(turn: Turn, result: dict[str, Any], group: MuscleGroup) -> str:
    """The user's logged hard sets a week for `group` and their trend (`get_volume_trends`)."""
    weeks = [w for w in result.get("weeks") or [] if isinstance(w, dict)]
    complete = weeks[:-1] if len(weeks) > 1 else weeks
    if not any(w.get("hard_sets") for w in weeks):
        return ""  # nothing logged for the group: no "0 hard sets" line
    first, last = float(complete[0].get("hard_sets") or 0), float(complete[-1].get("hard_sets") or 0)
    trend = "up" if last > first * 1.05 else "down" if last < first * 0.95 else "flat"
    return turn.say(
        "volume_line",
        group=turn.word(group.value.lower()),
        trend=turn.word(trend),
        weeks=len(complete),
        sets=round(last),
    )


def _record_line(turn: Turn, exercise: Exercise) -> str:
    """ "Any PRs?" is answered from the stored records (R37), not re-derived from the history."""
    records = turn.tools.call("get_pr_records", {"exercise_slug": exercise.slug})
    best = records.get("max_weight_set") if "error" not in records else None
    if not isinstance(best, dict):
        return ""
    e1rm = records.get("estimated_1rm") or {}
    unit = str(best.get("unit") or "lb")
    pounds = float(best.get("weight") or 0) / KG_PER_LB if unit == "kg" else float(best.get("weight") or 0)
    return turn.say(
        "record_line",
        exercise=turn.exercise(exercise.slug),
        load=format_load(pounds, unit, turn.lang),
        reps=best.get("reps") or 0,
        e1rm=format_load(float(e1rm.get("value_lbs") or pounds), unit, turn.lang),
    )


ADVICE_CUES = ("add_weight", "plateau")


def _numbers_only(turn: Turn) -> bool:
    """A question about the records or the weekly sets, not about what to do next."""
    u = turn.u
    asked = u.has_cue("record") or u.has_cue("volume")
    return asked and not any(u.has_cue(cue) for cue in ADVICE_CUES) and "has:set_log" not in u.features


def progression(turn: Turn) -> CoachReply:
    exercise = _exercise(turn)
    if exercise is None:
        return choices.ask(turn)
    history = turn.tools.call(
        "get_historical_exercise_logs", {"exercise_slug": exercise.slug, "limit_sessions": HISTORY_SESSIONS}
    )
    group = (muscle_groups(turn.u.focus_areas) or [MUSCLE_TO_GROUP[exercise.primary_muscles[0]]])[0]
    trends = turn.tools.call(
        "get_volume_trends", {"muscle_group": group.value, "weeks_back": turn.u.weeks_back or 4}
    )
    sessions, unit, last_day = _sessions(history if "error" not in history else {})
    planned = _planned(turn, exercise.slug, last_day)
    advice = progression_advice(
        sessions,
        rep_range=_rep_range(planned),
        inventory=turn.profile().inventory,
        target_rir=planned.target_rir if planned and planned.target_rir is not None else 2,
        gear=_gear_kind(exercise),
    )
    last = sessions[-1].working() if sessions else []
    load = max((s.weight_lb for s in last), default=0.0)
    top_reps = min((s.reps for s in last if s.weight_lb == load), default=0)
    volume = volume_line(turn, trends, group) if "error" not in trends else ""
    if turn.u.has_cue("record"):
        volume = " ".join(part for part in (_record_line(turn, exercise), volume) if part)
    if volume and _numbers_only(turn):
        # "how many sets a week?", "what's my best?": the numbers asked for, no unasked advice
        return reply(turn, volume)
    message = turn.say(
        SITUATION[advice.action],
        exercise=turn.exercise(exercise.slug),
        load=format_load(load, unit, turn.lang),
        next_load=format_load(advice.next_load_lb, unit, turn.lang),
        reps=top_reps,
        next_reps=advice.next_reps,
        volume_line=volume,
    )
    return reply(turn, message)
