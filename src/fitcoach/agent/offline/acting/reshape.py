"""Day turns that change what a day is: a day off ("skip today", "сегодня не смогу"), a session for
named groups (a make-up for a missed day, an arm session on a rest day, "upper body only"), and
more work on a day ("make it harder", "add abs", "腿多練一點"). The engine builds every day
(engine.dayops), so equipment, recovery, volume, order and duration rules still hold."""

from __future__ import annotations

from fitcoach.agent.offline.acting import choices
from fitcoach.agent.offline.acting.areas import index_groups
from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.agent.offline.answering.plurals import fill
from fitcoach.agent.offline.understanding import Understanding
from fitcoach.contract.models import CoachReply, DayPlan, ProposalType, Weekday, WeeklyPlan
from fitcoach.engine.bodyparts import AREA_GROUP
from fitcoach.engine.dayops import add_group_work, day_off, focus_day, harder_day
from fitcoach.engine.generator import DEFAULT_MINUTES
from fitcoach.errors import BadInput
from fitcoach.facts.model import BodyArea
from fitcoach.library.models import MUSCLE_TO_GROUP
from fitcoach.nlu import Reading
from fitcoach.nlu.reader import ROLE_CONFIDENCE

REFOCUS_CUES = ("instead", "only", "change", "dedicated")
"""Words that make named groups the day's new content, not a focus to keep while trimming."""


def is_past(turn: Turn, weekday: Weekday) -> bool:
    """A day of the plan's week that is already over: edits go to today or later."""
    day = turn.plan_day(weekday)
    return day is not None and day.date is not None and day.date < turn.now.date()


AREAS = frozenset(area.value for area in BodyArea)


def _wanted(turn: Turn) -> list[str]:
    u = turn.u
    return [a for a in u.focus_areas if a not in u.replaced_areas and index_groups([a])]


def reshape(turn: Turn) -> CoachReply | None:
    """The answer when the message asks to drop, refill or load up a day; None otherwise."""
    u, plan, weekday = turn.u, turn.plan, turn.u.target_day
    if plan is None or weekday is None or weekday not in plan.days:
        return None
    day = plan.days[weekday]
    named = [s for s in turn.exercises_named(weekday) if s in day.slugs()]
    if (adds := added_exercises(turn, weekday)) and not day.is_rest_day:
        return add_exercises(turn, plan, weekday, adds)
    wanted = _wanted(turn)
    missed = u.has_cue("missed") or (u.has_cue("skip") and u.has_cue("past"))
    if missed and (wanted or _missed_day(plan, weekday) is not None):
        return _make_up(turn, plan, weekday, wanted)
    if (u.has_cue("cant_train") or u.has_cue("skip")) and not (named or wanted or u.minutes):
        if day.is_rest_day:
            return None
        result = day_off(plan, weekday, library=turn.library)
        assert isinstance(result.data, DayPlan)
        name = turn.day_name(weekday)
        return _staged(
            turn, weekday, result.data, turn.say("day_off", day=name), turn.diff("day_off", day=name)
        )
    if u.has_cue("harder") or ("has:add_to_day" in u.features and (wanted or named)):
        if day.is_rest_day:
            return _focus(turn, weekday, wanted) if wanted else None
        if wanted and not named and not u.has_cue("harder"):
            return _added(turn, plan, weekday, wanted)
        return _harder(turn, plan, weekday, wanted or _areas_of(turn, named), effort=u.has_cue("harder"))
    refocus = any(u.has_cue(c) for c in REFOCUS_CUES) and not u.has_cue("keep")
    if (
        wanted
        and not named
        and (
            day.is_rest_day
            or (refocus and (u.minutes is None or u.has_cue("instead") or bool(u.replaced_areas)))
        )
    ):
        return _focus(turn, weekday, wanted)
    return None


def _areas_of(turn: Turn, slugs: list[str]) -> list[str]:
    """ "Add a set of curls": the named lifts' groups get the extra work."""
    by_group = {"legs_quad": "quads", "legs_posterior": "hamstrings", "shoulders": "shoulder"}
    groups = [turn.library.require(s).group.value for s in slugs]
    return [by_group.get(g, g) for g in dict.fromkeys(groups)]


def _missed_day(plan: WeeklyPlan, weekday: Weekday) -> Weekday | None:
    """The last planned session before `weekday`: the one a make-up replaces."""
    earlier = [d for d in plan.training_days() if d.position < weekday.position]
    return earlier[-1] if earlier else None


def _minutes(turn: Turn, day: DayPlan) -> int:
    profile = turn.profile()
    return turn.u.minutes or profile.schedule.minutes or day.duration_minutes or DEFAULT_MINUTES


def _make_up(turn: Turn, plan: WeeklyPlan, weekday: Weekday, wanted: list[str]) -> CoachReply:
    """The missed session's groups on `weekday` (today unless the user names another day); a past
    day that was never logged no longer holds recovery back (engine.dayops.done_so_far)."""
    if is_past(turn, weekday):
        return choices.ask(turn)
    if not wanted:
        source = _missed_day(plan, weekday)
        assert source is not None
        slugs = plan.days[source].slugs()
        wanted = _areas_of(turn, [s for s in slugs if turn.library.require(s).group.value != "core"] or slugs)
    return _focus(turn, weekday, wanted)


def _focus(turn: Turn, weekday: Weekday, wanted: list[str]) -> CoachReply:
    if is_past(turn, weekday):
        return choices.ask(turn)
    week = turn.trained_week
    assert week is not None
    minutes = _minutes(turn, turn.plan_day(weekday) or week.days[weekday])
    groups = index_groups(wanted)
    result = focus_day(week, weekday, groups, turn.profile(), minutes=minutes, library=turn.library)
    assert isinstance(result.data, DayPlan)
    words = turn.join([turn.word(a) for a in wanted])
    name = turn.day_name(weekday)
    message = turn.say("day_focus", day=name, groups=words, minutes=result.data.duration_minutes)
    diff = turn.diff("day_focus", day=name, groups=words, minutes=result.data.duration_minutes)
    return _staged(turn, weekday, result.data, message, diff)


def _harder(turn: Turn, plan: WeeklyPlan, weekday: Weekday, wanted: list[str], *, effort: bool) -> CoachReply:
    if is_past(turn, weekday):
        return choices.ask(turn)
    before = plan.days[weekday]
    minutes = _minutes(turn, before)
    name = turn.day_name(weekday)
    try:
        result = harder_day(
            turn.trained_week or plan,
            weekday,
            turn.profile(),
            minutes=minutes,
            focus=index_groups(wanted),
            effort=effort,
            library=turn.library,
        )
    except BadInput:
        return reply(turn, turn.say("day_harder_max", day=name))
    assert isinstance(result.data, DayPlan)
    changes = _changes(turn, before, result.data)
    message = turn.say("day_harder", day=name, changes=changes, minutes=result.data.duration_minutes)
    return _staged(turn, weekday, result.data, message, turn.diff("day_harder", day=name, changes=changes))


def _added(turn: Turn, plan: WeeklyPlan, weekday: Weekday, wanted: list[str]) -> CoachReply:
    """ "Add arm work on Monday": a lift for the group, room made on a full day (engine.dayops)."""
    if is_past(turn, weekday):
        return choices.ask(turn)
    before = plan.days[weekday]
    name = turn.day_name(weekday)
    only = _working(turn, wanted)
    try:
        result = add_group_work(
            turn.trained_week or plan,
            weekday,
            index_groups(wanted),
            turn.profile(),
            minutes=_minutes(turn, before),
            library=turn.library,
            only=only,
        )
    except BadInput:
        if only is not None and not set(only) & set(before.slugs()):
            # no lift for the muscle named fits that day (recovery, gear) and none is there to load
            # up: say so, add nothing else ("posterior de coxa" never became a calf raise)
            raise
        # nothing of the group fits even in place of another lift: more sets where there is room
        return _harder(turn, plan, weekday, wanted, effort=False)
    assert isinstance(result.data, DayPlan)
    changes = _changes(turn, before, result.data)
    message = turn.say("day_harder", day=name, changes=changes, minutes=result.data.duration_minutes)
    return _staged(turn, weekday, result.data, message, turn.diff("day_harder", day=name, changes=changes))


def _working(turn: Turn, wanted: list[str]) -> list[str] | None:
    """The lifts whose main muscle is one the user named ("posterior de coxa": a hamstring lift, not
    the calf raise of the same index group); None when only whole groups are named ("legs")."""
    muscles = {group for area in wanted if area in AREAS and (group := AREA_GROUP.get(BodyArea(area)))}
    if not muscles:
        return None
    return [
        e.slug for e in turn.library if e.primary_muscles and MUSCLE_TO_GROUP[e.primary_muscles[0]] in muscles
    ]


def added_exercises(turn: Turn, weekday: Weekday) -> list[str]:
    """The exercises the message asks to add to the day (see `exercises_to_add`)."""
    day = turn.plan_day(weekday)
    return [] if day is None else exercises_to_add(turn.u, turn.reading, day)


def exercises_to_add(u: Understanding, found: Reading | None, day: DayPlan) -> list[str]:
    """The exercises a message asks to add to a training day ("Add face pulls", "ajoute du curl
    marteau vendredi", "週五加入臉拉"): named and not in the day, with a word of adding or tagged
    `exercise_add` by the models, while no exercise of the day is named (that is a swap)."""
    named = list(u.exercises)
    if day.is_rest_day or not named or any(s in day.slugs() for s in named):
        return []

    # "can I do pull-ups instead?" names the lift to swap in, not one to add
    def tagged(role: str) -> bool:
        return found is not None and any(s.confidence >= ROLE_CONFIDENCE for s in found.roles(role))

    if u.has_cue("instead") or tagged("exercise_replace"):
        return []
    if not ("has:adding" in u.features or tagged("exercise_add")):
        return []
    return [s for s in named if s not in day.slugs()]


def add_exercises(turn: Turn, plan: WeeklyPlan, weekday: Weekday, slugs: list[str]) -> CoachReply:
    """The named exercise squeezed into the day, room made on a full day (engine.dayops); when it
    cannot fit (a rest day's recovery, the gear), the coach says so and changes nothing."""
    if is_past(turn, weekday):
        return choices.ask(turn)
    before = plan.days[weekday]
    name = turn.day_name(weekday)
    week = turn.trained_week or plan
    day = before
    for slug in slugs:
        # one lift at a time ("face pulls and hammer curls"), each against the day as it now is
        try:
            result = add_group_work(
                week.model_copy(update={"days": {**week.days, weekday: day}}),
                weekday,
                [turn.library.require(slug).group],
                turn.profile(),
                minutes=_minutes(turn, before),
                library=turn.library,
                only=[slug],
            )
        except BadInput:
            continue
        assert isinstance(result.data, DayPlan)
        day = result.data
    if day is before:
        return reply(turn, turn.say("edit_failed"))
    changes = _changes(turn, before, day)
    message = turn.say("day_harder", day=name, changes=changes, minutes=day.duration_minutes)
    return _staged(turn, weekday, day, message, turn.diff("day_harder", day=name, changes=changes))


def _changes(turn: Turn, before: DayPlan, after: DayPlan) -> str:
    """What got harder, in the user's language: new lifts, extra sets, effort."""
    parts = [
        turn.word("new_exercise").format(name=turn.exercise(s))
        for s in after.slugs()
        if s not in before.slugs()
    ]
    old_sets = {p.exercise_id: p.target_sets for p in before.exercises()}
    extra = sum(
        p.target_sets - old_sets[p.exercise_id] for p in after.exercises() if p.exercise_id in old_sets
    )
    if extra > 0:
        parts.append(fill(turn.lang, turn.word("more_sets"), {"n": extra}))
    old_rir = {p.exercise_id: p.target_rir for p in before.exercises()}
    if any((old_rir.get(p.exercise_id) or 0) > (p.target_rir or 0) for p in after.exercises()):
        parts.append(turn.word("closer_to_failure"))
    return turn.join(parts)


def _staged(turn: Turn, weekday: Weekday, day: DayPlan, message: str, diff: str) -> CoachReply:
    return reply(turn, message, kind=ProposalType.UPDATE_DAY, target_day=weekday, data=day, summary_diff=diff)
