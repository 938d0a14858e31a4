"""Whole-week turns: onboarding (the first week and the tier-1 facts), a weekly overhaul, and a
taper for a dated event. Every staged week has passed the engine's validator."""

from __future__ import annotations

import datetime as dt

from fitcoach.agent.offline.acting import choices, memory, writing
from fitcoach.agent.offline.acting.arbiter import moved_between, trained_schedule
from fitcoach.agent.offline.acting.areas import (
    EVENT_DEFAULT_AREAS,
    body_areas,
    index_groups,
    muscle_groups,
)
from fitcoach.agent.offline.acting.deload import deload
from fitcoach.agent.offline.acting.facts import updated_inventory
from fitcoach.agent.offline.acting.limits import limited_days, limits_days
from fitcoach.agent.offline.acting.moves import move_sessions, moved_pairs
from fitcoach.agent.offline.acting.notes import modification_note
from fitcoach.agent.offline.acting.ruled_out import allowed_days, excluded_days, rest_on, ruled_out_days
from fitcoach.agent.offline.acting.trips import destination_gear, travel_with_gear
from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.agent.offline.understanding.entities import clause_of
from fitcoach.contract.models import (
    CoachReply,
    MemoryMutation,
    ProposalType,
    Tier,
    Tier1Entry,
    Weekday,
    WeeklyPlan,
)
from fitcoach.engine.bodyparts import loads_area, parse_area
from fitcoach.engine.edits import move_days, taper_for_event
from fitcoach.engine.generator import (
    DEFAULT_MINUTES,
    FocusGroup,
    ScheduleRequest,
    generate_week,
)
from fitcoach.engine.profile import ConstraintKind, Profile
from fitcoach.engine.programming import DEFAULT_DAYS
from fitcoach.engine.validator import validate_week
from fitcoach.errors import BadInput
from fitcoach.languages.text import fold
from fitcoach.library.gear import Gear, Inventory
from fitcoach.library.models import MuscleGroup

LOWER_BACK_AREAS = {"lower_back", "back"}

TRAVEL_KINDS = frozenset({"trip"})
"""Events that take the user away (no taper needed): their days become rest days and the sessions
move to free days of the same week, so the weekly volume stays."""


_DATED = (None, "day_of_month", "weekend")
"""Day mentions that date an event: weekdays, dates and a weekend ("ce week-end", "в эти выходные")."""

EVENT_SPAN_DAYS = 6
"""The longest a non-travel event runs (an exam week, a two-day tournament): a day named further
out is another plan, not the event's end."""


def _travel(
    turn: Turn,
    plan: WeeklyPlan,
    profile: Profile,
    mutation: MemoryMutation,
    away: set[Weekday],
    end_day: Weekday,
) -> CoachReply:
    current = plan.training_days()
    staying = [day for day in current if day not in away]
    free = [day for day in Weekday if day not in away and day not in current]
    # refill from the free days furthest from the remaining sessions first (recovery, R14)
    free.sort(key=lambda day: -min((abs(day.position - s.position) for s in staying), default=7))
    targets = sorted(staying + free[: len(current) - len(staying)], key=lambda day: day.position)
    away_names = turn.join([turn.day_name(d) for d in sorted(away, key=lambda d: d.position)])
    resting = turn.u.has_cue("skip")
    if len(targets) < len(current) and not resting:
        # too few days at home to move the sessions to ("away Tuesday to Sunday"): the sessions of
        # the trip stay and use what is there, the body ("no training at all" rests instead)
        bodyweight = Inventory(gear=frozenset({Gear.BODYWEIGHT}))
        try:
            return travel_with_gear(turn, plan, profile, mutation, away, bodyweight, end_day)
        except BadInput:
            return reply(turn, turn.say("trip_noted", days=away_names), mutations=[mutation])
    if targets == current or len(targets) < 2:
        return reply(turn, turn.say("trip_noted", days=away_names), mutations=[mutation])
    minutes = (
        profile.schedule.minutes or max((d.duration_minutes for d in plan.days.values()), default=0) or None
    )
    result = move_days(plan, targets, profile, minutes=minutes, library=turn.library)
    assert isinstance(result.data, WeeklyPlan)
    week = checked_week(turn, result.data, profile, minutes)
    names = turn.join([turn.day_name(d) for d in week.training_days()])
    message = turn.say("trip_days", away=away_names, days=names)
    summary = turn.diff("week_moved", days=names)
    return reply(
        turn, message, kind=ProposalType.UPDATE_WEEK, data=week, summary_diff=summary, mutations=[mutation]
    )


def _weekend_named(day: dt.date, exact: set[dt.date]) -> bool:
    saturday = day - dt.timedelta(days=day.weekday() - 5)
    return bool({saturday, saturday + dt.timedelta(days=1)} & exact)


def week_start(now: dt.datetime) -> dt.date:
    """The week a new plan covers: this one when asked on a Monday, otherwise the next."""
    today = now.date()
    return today if today.weekday() == 0 else today + dt.timedelta(days=7 - today.weekday())


def checked_week(turn: Turn, week: WeeklyPlan, profile: Profile, minutes: int | None) -> WeeklyPlan:
    report = validate_week(week, profile, library=turn.library, minutes=minutes)
    if not report.ok:
        raise BadInput(f"staged week fails validation: {report.codes()}", code="plan_invalid")
    return week


def _inventory(turn: Turn) -> Inventory | None:
    """The inventory after the message, None when the message changes nothing of the one on record
    ("o cara do rack de agachamento tá terminando" names a rack the user's gym already has)."""
    if not turn.u.gear or not states_equipment(turn):
        return None
    after = updated_inventory(turn)
    stored = turn.profile().inventory
    body = {Gear.BODYWEIGHT}
    same = after.gear - body == stored.gear - body and after.dumbbell_max_lb == stored.dumbbell_max_lb
    return None if stored.known and same else after


def states_equipment(turn: Turn) -> bool:
    """Whether gear in the message is news about what the user owns. With equipment on record, a
    question that names gear ("how wide on the DB bench?", "啞鈴臥推手肘要開多少度？") is no news:
    the fact changes only on a statement of change (bought, sold, "I no longer have")."""
    u = turn.u
    if not turn.items(Tier.STAPLES, "equipment") or u.has_cue("acquired") or u.has_cue("parted"):
        return True
    return not u.has_cue("question")


def _named_days(turn: Turn) -> list[Weekday]:
    """The weekdays the message names, without those it says the user will not train on. With more
    days named than the count asked, the one clause naming exactly that many is the schedule ("3
    séances full body ? lundi mercredi vendredi. Je suis de garde le mardi maintenant")."""
    u = turn.u
    named = {d.weekday for d in u.days if d.relative is None} - u.avoided
    if trained := trained_schedule(u, turn.reading, turn.input.message):
        named = set(trained) - u.avoided
    if u.days_per_week and len(named) > u.days_per_week:
        folded = fold(turn.input.message)
        clauses: dict[int, set[Weekday]] = {}
        for d in u.days:
            if d.weekday in named:
                clauses.setdefault(clause_of(folded, d.start), set()).add(d.weekday)
        counted = [days for days in clauses.values() if len(days) == u.days_per_week]
        if len(counted) == 1:
            named = counted[0]
    return sorted(named, key=lambda day: day.position)


def _goal_news(
    turn: Turn, priorities: list[MuscleGroup], days: list[Weekday], per_week: int | None
) -> MemoryMutation | None:
    """The goal the message states. With a goal on record, muscles named for one day ("make
    Wednesday a leg day") are that day's content, not a new priority, and only what the message
    says changes: the stored goal type, priorities and schedule stay otherwise (R26)."""
    u = turn.u
    recorded = turn.items(Tier.STAPLES, "goal")
    if not recorded:
        if u.goal_type or priorities or per_week or u.minutes:
            return memory.goal(turn, u.goal_type, priorities, days or None, per_week, u.minutes)
        return None
    if u.focus_days or len(_named_days(turn)) == 1:
        priorities = []
    if not (u.goal_type or priorities or per_week or u.minutes):
        return None
    stored = turn.profile()
    schedule = stored.schedule
    entry = recorded[0].entry
    kind = entry.goal_type if isinstance(entry, Tier1Entry) and entry.goal_type else stored.goal.type.value
    kept_days = list(schedule.days) if not (per_week or days) else days
    return memory.goal(
        turn,
        u.goal_type or kind,
        priorities or list(stored.goal.priority),
        kept_days or None,
        per_week or schedule.days_per_week,
        u.minutes or schedule.minutes,
    )


def _trigger(turn: Turn, area: str) -> str | None:
    """The exercises the message names that load the afflicted area: only those can be what aggravates
    it ("my shoulder hurts on the overhead press"); a lift named for another reason is no trigger."""
    body_area = parse_area(area)
    names = [
        turn.exercise(slug)
        for slug in turn.u.exercises
        if body_area is not None and loads_area(turn.library.require(slug), body_area)
    ]
    return ", ".join(names) or None


def onboarding(turn: Turn) -> CoachReply:
    u = turn.u
    mutations: list[MemoryMutation] = []
    inventory = _inventory(turn)
    if inventory is not None and (m := memory.equipment(turn, inventory)):
        mutations.append(m)
    days = _named_days(turn)
    days = days if len(days) >= 2 else []
    per_week = u.days_per_week or (len(days) or None)
    # "make Wednesday a leg day": a day's content is no goal; the stored schedule builds the week
    day_focus = _day_focus(turn)
    one_day = {area for areas in u.focus_days.values() for area in areas} if day_focus else set()
    priorities = muscle_groups([area for area in u.focus_areas if area not in one_day])
    if (goal := _goal_news(turn, priorities, days, per_week)) is not None:
        mutations.append(goal)
    chronic_areas = [*(u.afflicted_areas if u.conditions else []), *u.operated_areas, *u.own_areas]
    if chronic_areas:
        for area in dict.fromkeys(chronic_areas):
            if (m := memory.chronic(turn, area, _trigger(turn, area))) is not None:
                mutations.append(m)
    if per_week is None and day_focus:
        per_week = turn.profile(mutations).schedule.days_per_week
    if not mutations and per_week is None:
        if turn.plan is not None:
            # a user with a plan is never told they have none: one short question with choices
            return choices.ask(turn)
        return reply(turn, turn.say("no_plan"))  # nothing to build on yet: the welcome question
    if per_week is None:
        return reply(turn, turn.say("ask_days"), mutations=mutations)
    if inventory is None and not turn.items(Tier.STAPLES, "equipment"):
        return reply(turn, turn.say("ask_equipment"), mutations=mutations)
    profile = turn.profile(mutations)
    minutes = u.minutes or profile.schedule.minutes or DEFAULT_MINUTES
    if not days and u.avoided and 2 <= per_week < len(Weekday):
        # "五天都可以練…週末不練": the usual days for that count, those given as rest swapped out
        days = allowed_days(list(DEFAULT_DAYS[per_week]), set(u.avoided), per_week)
    request = ScheduleRequest(days=tuple(days) or None, days_per_week=per_week, minutes=minutes)
    if day_focus:
        request = ScheduleRequest(
            days=_with_days(request.training_days(profile), list(day_focus)), minutes=minutes, focus=day_focus
        )
    start = week_start(turn.now)
    generated = generate_week(profile, request, library=turn.library, week_start=start, now=turn.now)
    week = checked_week(turn, generated.plan, profile, minutes)
    if not week.training_days():
        # the gear and the conditions leave no safe exercise: keep the facts, stage no empty week
        return reply(turn, turn.say("edit_failed"), mutations=mutations)
    back = any(c.area.value in LOWER_BACK_AREAS and c.kind is ConstraintKind.CHRONIC for c in profile.chronic)
    focus = turn.join([turn.word(area) for area in u.focus_areas]) or turn.word("balanced")
    modified = modification_note(turn, week, profile)
    message = turn.say(
        # a user who already has a plan is not told it is their first week
        "onboarding_week" if turn.plan is None else "replan_week",
        days_count=len(week.training_days()),
        minutes=minutes,
        focus=focus,
        constraint_note=modified or turn.say("constraint_back" if back else "constraint_none"),
    )
    diff = turn.diff("week_new", days_count=len(week.training_days()), minutes=minutes)
    return reply(
        turn, message, kind=ProposalType.UPDATE_WEEK, data=week, summary_diff=diff, mutations=mutations
    )


def _day_focus(turn: Turn) -> dict[Weekday, list[FocusGroup]]:
    """Named days given their own groups ("make Wednesday a leg day")."""
    return {day: list(index_groups(areas)) for day, areas in turn.u.focus_days.items() if index_groups(areas)}


def _with_days(training: tuple[Weekday, ...], wanted: list[Weekday]) -> tuple[Weekday, ...]:
    """The schedule's days with each wanted day in, in place of the nearest day not wanted."""
    days = list(training)
    for day in wanted:
        if day in days:
            continue
        spare = [d for d in days if d not in wanted]
        if spare:
            days.remove(min(spare, key=lambda d: abs(d.position - day.position)))
        days.append(day)
    return tuple(sorted(days, key=lambda d: d.position))


def _target_days(turn: Turn, plan: WeeklyPlan) -> list[Weekday]:
    """The weekdays to train on. "Move Wednesday to Thursday" (two days, the first trained, the
    second free) shifts one session; otherwise the named days are the new schedule."""
    named = _named_days(turn)
    current = plan.training_days()
    moved = moved_between(turn.u, frozenset(current))
    if moved is not None:
        source, target = moved
        return sorted({*current, target} - {source}, key=lambda day: day.position)
    added = [day for day in named if day not in current]
    per_week = turn.u.days_per_week
    if len(named) == 1 and added and (turn.u.has_cue("add_day") or per_week == len(current) + 1):
        # "add a Saturday arm day", "добавь в субботу день на руки": the week keeps its days
        return sorted({*current, *added}, key=lambda day: day.position)
    if (session := _moved_session(turn, plan, named)) is not None:
        source, target = session
        return sorted(
            {*current, target} - ({source} if target not in current else set()), key=lambda d: d.position
        )
    return named


def _moved_session(turn: Turn, plan: WeeklyPlan, named: list[Weekday]) -> tuple[Weekday, Weekday] | None:
    """ "Move leg day to Friday", "腿部訓練日改到週五": one day named, the session named by its
    muscles. The source is the training day whose exercises sit most in those index groups."""
    groups = set(index_groups(turn.u.focus_areas))
    if not (turn.u.has_cue("move") and len(named) == 1 and groups):
        return None
    target = named[0]

    def share(day: Weekday) -> float:
        slugs = plan.days[day].slugs()
        hits = sum(1 for slug in slugs if turn.library.require(slug).group in groups)
        return hits / len(slugs) if slugs else 0.0

    sources = [day for day in plan.training_days() if day is not target and share(day) >= 0.5]
    if not sources:
        return None
    return max(sources, key=share), target


def overhaul(turn: Turn) -> CoachReply:
    plan = turn.plan
    if plan is None:
        return onboarding(turn)
    if turn.u.has_cue("deload"):
        return deload(turn)
    if limits_days(turn):
        return limited_days(turn)
    pairs = moved_pairs(turn, plan)
    # "move Thursday to Sunday and Friday to Saturday": only those sessions change day
    shifted = {*plan.training_days(), *(d for _, d in pairs)} - {s for s, _ in pairs} if pairs else set()
    profile = turn.profile()
    if not shifted and (away := excluded_days(turn)):
        # the days ruled out rest; the days named to train beside them are the schedule ("lundi
        # mercredi vendredi ; de garde le mardi"), else the usual ones (or as many as asked) stay on
        # the others
        wanted = [day for day in _named_days(turn) if day not in away]
        count = turn.u.days_per_week or len(plan.training_days()) or profile.schedule.days_per_week or 3
        if len(wanted) >= 2:
            # more days asked for than named: the named ones, then free days away from them
            per_week = turn.u.days_per_week or len(wanted)
            shifted = set(allowed_days(wanted, away, per_week)) if per_week > len(wanted) else set(wanted)
        else:
            shifted = set(allowed_days(plan.training_days(), away, count))
    days = sorted(shifted, key=lambda day: day.position) or _target_days(turn, plan)
    # "five days, 40 minutes each": a length given with the new schedule wins over the stored one
    minutes = (
        turn.u.minutes
        or profile.schedule.minutes
        or max((d.duration_minutes for d in plan.days.values()), default=0)
        or None
    )
    focus: dict[Weekday, list[FocusGroup]] = {
        day: list(index_groups(areas)) for day, areas in turn.u.focus_days.items() if index_groups(areas)
    }
    if (moved := _moved_session(turn, plan, _named_days(turn))) is not None:
        focus = {moved[1]: list(index_groups(turn.u.focus_areas))}
    if len(days) < 2 and not turn.u.days_per_week and turn.u.minutes and len(plan.training_days()) >= 2:
        # "從這週開始每次只能練30分鐘，天數不變": a new length for every session, the days stay
        return limited_days(turn, plan.training_days())
    if len(days) < 2:
        if not turn.u.days_per_week:
            return choices.ask(turn, "ask_days")
        request = ScheduleRequest(days_per_week=turn.u.days_per_week, minutes=minutes, focus=focus)
        week = generate_week(profile, request, library=turn.library, week_start=plan.week_start_date).plan
        summary = turn.diff("week_new", days_count=len(week.training_days()), minutes=minutes or "")
    elif pairs and not focus and (kept := move_sessions(turn, plan, pairs, profile, minutes)) is not None:
        week = kept
        summary = turn.diff("week_moved", days=turn.join([turn.day_name(d) for d in week.training_days()]))
    else:
        result = move_days(plan, days, profile, focus=focus, minutes=minutes, library=turn.library)
        assert isinstance(result.data, WeeklyPlan)
        week = result.data
        summary = turn.diff("week_moved", days=turn.join([turn.day_name(d) for d in week.training_days()]))
    week = checked_week(turn, week, profile, minutes)
    special = turn.say("special_none")
    if focus:
        day, areas = next(iter(turn.u.focus_days.items()), (next(iter(focus)), turn.u.focus_areas))
        special = turn.say(
            "special_focus", day=turn.day_name(day), groups=turn.join([turn.word(a) for a in areas])
        )
    message = turn.say(
        "week_moved", days=turn.join([turn.day_name(d) for d in week.training_days()]), special=special
    )
    return reply(turn, message, kind=ProposalType.UPDATE_WEEK, data=week, summary_diff=summary)


def event(turn: Turn) -> CoachReply:
    found = turn.u.event
    assert found is not None
    name = found.label or turn.word(found.kind)
    if found.date is None:
        return reply(turn, turn.say("event_when", event=name))
    if found.month_only:
        # "my wedding is in December": noted until the month's end; the taper waits for the day
        mutation = memory.event(turn, found.kind, found.date, [], month_only=True)
        month = turn.word(f"month_{found.date.month}")
        return reply(turn, turn.say("event_noted_month", event=name, month=month), mutations=[mutation])
    dated = [d.date for d in turn.u.days if d.relative in _DATED and d.date >= turn.now.date()]
    start: dt.date = found.date
    if found.kind in TRAVEL_KINDS and dated:
        # a trip starts on its first named day ("9/17 to 9/19", "Thursday until Sunday"), whichever
        # date sits nearest the word for it
        start = min(dated)
    # "keep my back from being fried" names the areas to protect, even in a fatigue phrase
    areas = turn.u.areas or list(EVENT_DEFAULT_AREAS.get(found.kind, ()))
    protected = [area.value for area in body_areas(areas)]
    # an event lasts until its last named day (a trip Thursday to Sunday, a ski weekend, exams from
    # the 21st to the 25th); a trip may span any days, other events at most a week (R25)
    reach = None if found.kind in TRAVEL_KINDS else start + dt.timedelta(days=EVENT_SPAN_DAYS)
    # a weekend spans both days, unless a day of it is named ("ce week-end, samedi, un trail")
    exact = {d.date for d in turn.u.days if d.relative in (None, "day_of_month")}
    end = max(
        [
            d.date
            for d in turn.u.days
            if d.relative in _DATED
            and d.date >= start
            and (reach is None or d.date <= reach)
            and not (d.relative == "weekend" and _weekend_named(d.date, exact))
        ],
        default=start,
    )
    if turn.u.away_days:
        # "abroad for two weeks from Monday", "10 jours de vacances": the stay sets the end
        last = start + dt.timedelta(days=turn.u.away_days - 1)
        end = max(end, last if reach is None else min(last, reach))
    hotel = destination_gear(turn) if found.kind in TRAVEL_KINDS else None
    details = [writing.fact(turn.lang, "event_no_gear")] if turn.u.has_cue("no_gear") else []
    if hotel is not None:
        gear = memory.inventory_fact(hotel, turn.lang).rstrip(".。")
        details.append(writing.fact(turn.lang, "event_gear_there", gear=gear[:1].lower() + gear[1:]))
    mutation = memory.event(turn, found.kind, end, protected, start=start, details=details)
    event_day = Weekday.of(start)
    area_words = turn.join([turn.word(a) for a in areas]) or turn.word("balanced")
    plan = turn.plan
    inside = plan is not None and 0 <= (start - plan.week_start_date).days < 7
    if plan is None or not inside:
        message = turn.say("event_noted", event=name, event_day=turn.day_name(event_day), areas=area_words)
        return reply(turn, message, mutations=[mutation])
    profile = turn.profile([mutation])
    if found.kind in TRAVEL_KINDS:
        # away every day from the first to the last named one ("Thursday until Sunday" spans four),
        # within this plan's week (a trip into next week does not wrap onto this Monday)
        week_end = plan.week_start_date + dt.timedelta(days=6)
        away = {
            Weekday.of(start + dt.timedelta(days=n))
            for n in range((end - start).days + 1)
            if plan.week_start_date <= start + dt.timedelta(days=n) <= week_end
        }
        if hotel is not None:
            return travel_with_gear(turn, plan, profile, mutation, away, hotel, Weekday.of(end))
        return _travel(turn, plan, profile, mutation, away, Weekday.of(end))
    result = taper_for_event(plan, start, protected, profile, library=turn.library)
    assert isinstance(result.data, WeeklyPlan)
    # "stag night Friday, wedding Saturday, so no training either day": every day ruled out rests
    tapered = rest_on(turn, result.data, profile, ruled_out_days(turn, plan.week_start_date))
    week = checked_week(turn, tapered, profile, None)
    situation = "event_taper" if areas else "event_taper_general"
    message = turn.say(situation, event=name, areas=area_words, event_day=turn.day_name(event_day))
    summary = turn.diff("taper", event=name, event_day=turn.day_name(event_day))
    return reply(
        turn, message, kind=ProposalType.UPDATE_WEEK, data=week, summary_diff=summary, mutations=[mutation]
    )
