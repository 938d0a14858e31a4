"""One-day turns: shorten a day, swap on the gym floor, and work around acute pain. Every staged
day has passed the engine's validator against its week."""

from __future__ import annotations

from fitcoach.agent.offline.acting import memory
from fitcoach.agent.offline.acting.areas import body_areas, muscle_groups
from fitcoach.agent.offline.acting.reshape import reshape
from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.agent.offline.cues import families
from fitcoach.contract.models import (
    CoachReply,
    DayPlan,
    MemoryMutation,
    PlannedExercise,
    ProposalType,
    Weekday,
)
from fitcoach.engine.alternatives import inventory_without, rank_alternatives
from fitcoach.engine.edits import avoid_area, compress_day, swap_exercise
from fitcoach.engine.profile import Profile
from fitcoach.engine.repair import recovery_safe, repair_day
from fitcoach.engine.validator import validate_day
from fitcoach.errors import BadInput
from fitcoach.library.gear import Gear


def _checked(
    turn: Turn, day: DayPlan, weekday: Weekday, profile: Profile, minutes: int | None = None
) -> DayPlan:
    report = validate_day(day, weekday, profile, library=turn.library, week=turn.plan, minutes=minutes)
    if not report.ok:
        raise BadInput(f"staged day fails validation: {report.codes()}", code="plan_invalid")
    return day


def _no_session(turn: Turn, weekday: Weekday | None) -> CoachReply | None:
    """The short answer when there is no plan, or the day has no session to change."""
    if turn.plan is None:
        return reply(turn, turn.say("no_plan"))
    day = turn.plan_day(weekday)
    if weekday is None or day is None or day.is_rest_day:
        return reply(turn, turn.say("rest_day", day=turn.day_name(weekday) if weekday else ""))
    return None


def day_edit(turn: Turn) -> CoachReply:
    if (reshaped := reshape(turn)) is not None:
        return reshaped
    weekday = turn.u.target_day
    if (early := _no_session(turn, weekday)) is not None:
        return early
    assert weekday is not None
    day = turn.plan_day(weekday)
    assert day is not None
    minutes = turn.u.minutes
    if minutes is None:
        if turn.u.has_cue("lighter") or "fatigue" in turn.u.conditions:
            return lighter_day(turn, weekday, day, [])
        if any(slug in day.slugs() for slug in turn.exercises_named(weekday)):
            # "take skull crushers out of Wednesday": the named lift goes, a same-pattern one replaces it
            return swap(turn)
        return reply(turn, turn.say("clarify"))
    profile = turn.profile()
    keep = muscle_groups(turn.u.focus_areas)
    result = compress_day(
        day, minutes, profile, keep_focus=keep, weekday=weekday, library=turn.library, week=turn.plan
    )
    assert isinstance(result.data, DayPlan)
    edited = _checked(turn, result.data, weekday, profile, minutes)
    focus_words = [turn.word(a) for a in turn.u.focus_areas]
    if not focus_words and day.muscle_focus:
        focus_words = [turn.word(day.muscle_focus[0].muscle.lower())]
    message = turn.say(
        "day_compressed", day=turn.day_name(weekday), minutes=minutes, focus=turn.join(focus_words)
    )
    diff = turn.diff("compress", day=turn.day_name(weekday), minutes=minutes, count=len(edited.exercises()))
    return reply(
        turn, message, kind=ProposalType.UPDATE_DAY, target_day=weekday, data=edited, summary_diff=diff
    )


LIGHTER_SHARE = 0.7
"""A tired day keeps about 70 % of the session: fewer sets, same key lifts (science.md §3 - a
lighter day at the same effort keeps the stimulus while fatigue clears)."""

MIN_LIGHTER_MINUTES = 20


def lighter_day(
    turn: Turn,
    weekday: Weekday,
    day: DayPlan,
    mutations: list[MemoryMutation],
    sore: tuple[str, int] | None = None,
) -> CoachReply:
    """The same key lifts with fewer sets: for a tired body, or around a sore area (its name and
    how many days it is noted for) that nothing on the day loads directly."""
    profile = turn.profile(mutations)
    minutes = max(MIN_LIGHTER_MINUTES, int(day.duration_minutes * LIGHTER_SHARE))
    result = compress_day(day, minutes, profile, weekday=weekday, library=turn.library, week=turn.plan)
    assert isinstance(result.data, DayPlan)
    edited = _checked(turn, result.data, weekday, profile, minutes)
    day_name = turn.day_name(weekday)
    if sore is None:
        message = turn.say("fatigue_lighter", day=day_name, minutes=minutes)
    else:
        message = turn.say("pain_lighter", day=day_name, minutes=minutes, area=sore[0], ttl_days=sore[1])
    diff = turn.diff("compress", day=turn.day_name(weekday), minutes=minutes, count=len(edited.exercises()))
    return reply(
        turn,
        message,
        kind=ProposalType.UPDATE_DAY,
        target_day=weekday,
        data=edited,
        summary_diff=diff,
        mutations=mutations,
    )


def _missing_gear(turn: Turn) -> frozenset[Gear]:
    """Gear that is taken or broken now; on the gym floor "no dumbbells free" means the same."""
    return turn.u.unavailable_gear | turn.u.negated_gear


def _needs_missing_gear(turn: Turn, slug: str, profile: Profile) -> bool:
    if not _missing_gear(turn):
        return False
    narrowed = inventory_without(profile.inventory, _missing_gear(turn))
    return not narrowed.allows(turn.library.require(slug).gear)


def _on_day(turn: Turn, named: list[str], in_day: list[str]) -> list[str]:
    """The day's exercises the user means: each named one that is planned, else the day's only
    exercise of the same movement ("leg curl" on a seated-curl day, "supino" for an incline press)."""
    found: list[str] = []
    for slug in named:
        pattern = turn.library.require(slug).movement_pattern
        same = [s for s in dict.fromkeys(in_day) if turn.library.require(s).movement_pattern == pattern]
        if slug in in_day:
            found.append(slug)
        elif len(same) == 1:
            found.append(same[0])
    return list(dict.fromkeys(found))


def swap(turn: Turn) -> CoachReply:
    """Live swap for today (R8: under two sentences). Every exercise that needs the taken gear goes,
    the named one first; an exercise that is not in today's plan gets one short question."""
    weekday = turn.u.target_day
    if (early := _no_session(turn, weekday)) is not None:
        return early
    assert weekday is not None
    day = turn.plan_day(weekday)
    assert day is not None
    profile = turn.profile()
    in_day = day.slugs()
    named = _on_day(turn, turn.exercises_named(weekday), in_day)
    targets = named + [s for s in in_day if s not in named and _needs_missing_gear(turn, s, profile)]
    if not targets:
        options = turn.join([turn.exercise(slug) for slug in dict.fromkeys(in_day)])
        return reply(turn, turn.say("swap_which", options=options))
    pairs: list[tuple[str, str]] = []
    summaries: list[str] = []
    current = day
    for slug in dict.fromkeys(targets):
        if slug not in current.slugs():
            continue  # an earlier swap's repair already replaced it
        before = set(current.slugs())
        result = swap_exercise(
            current,
            slug,
            profile,
            unavailable_gear=_missing_gear(turn),
            weekday=weekday,
            library=turn.library,
            week=turn.plan,
        )
        assert isinstance(result.data, DayPlan)
        current = result.data
        added = [s for s in current.slugs() if s not in before]
        pairs.append((slug, added[0] if added else (result.alternatives or [slug])[0]))
        summaries.append(result.summary_diff)
    narrowed = Profile(
        inventory_without(profile.inventory, _missing_gear(turn)),
        profile.goal,
        profile.schedule,
        profile.chronic,
        profile.acute,
        profile.events,
    )
    edited = _checked(turn, current, weekday, narrowed)
    old, new = pairs[0]
    message = turn.say("swap_done", old=turn.exercise(old), new=turn.exercise(new))
    if len(pairs) > 1:
        rest = ", ".join(f"{turn.exercise(a)} ➔ {turn.exercise(b)}" for a, b in pairs[1:])
        message += turn.sentence_gap() + turn.say("swap_also", pairs=rest)
    summary = "; ".join(summaries)[:300]
    return reply(
        turn, message, kind=ProposalType.UPDATE_DAY, target_day=weekday, data=edited, summary_diff=summary
    )


def _replace(
    turn: Turn, day: DayPlan, slug: str, profile: Profile, weekday: Weekday, banned: set[str]
) -> DayPlan:
    """`slug` out for its best alternative outside the banned movement families, then repaired."""
    family_of = families()
    safe = recovery_safe(weekday, turn.plan, turn.library)
    options = rank_alternatives(
        slug,
        profile,
        exclude=set(day.slugs()),
        library=turn.library,
        allow=lambda e: family_of.get(e.slug) not in banned and safe(e),
    )
    if not options and len(day.slugs()) <= 1:
        raise BadInput(f"no valid alternative to '{slug}'", code="edit_impossible")

    # with no safe substitute the lift simply goes: a shorter day beats a painful one
    def swapped(planned: PlannedExercise) -> PlannedExercise | None:
        if planned.exercise_id != slug:
            return planned
        if not options:
            return None
        return planned.model_copy(update={"exercise_id": options[0].slug, "name": options[0].name})

    kept = [[swapped(p) for p in block.exercises] for block in day.blocks]
    blocks = [
        block.model_copy(update={"exercises": [p for p in planned if p is not None]})
        for block, planned in zip(day.blocks, kept, strict=True)
        if any(p is not None for p in planned)
    ]
    repaired, _ = repair_day(
        day.model_copy(update={"blocks": blocks}), weekday, profile, library=turn.library, week=turn.plan
    )
    return repaired


UMBRELLAS = {"legs": {"quads", "hamstrings", "glutes", "calves"}, "arms": {"biceps", "triceps", "forearms"}}


def _hurt_areas(turn: Turn) -> list[str]:
    """Every area the report names ("chest and shoulders are wrecked"); an umbrella word goes when
    its parts are named too ("quads and calves destroyed, today's legs")."""
    u = turn.u
    found = u.hurt_areas if len(u.hurt_areas) > 1 else (u.afflicted_areas or u.areas)[:1]
    return [a for a in found if not UMBRELLAS.get(a, set()) & set(found)][:3]


def _asks_about_session(turn: Turn) -> bool:
    """ "What do I do tonight?", "today's legs, can we adjust?": the day itself is in question."""
    u = turn.u
    return "has:today" in u.features or any(u.has_cue(c) for c in ("question", "change", "lighter", "skip"))


def pain(turn: Turn) -> CoachReply:
    """Acute pain or soreness: a tier-2 item with its TTL, and the day without aggravating work."""
    u = turn.u
    hurt = _hurt_areas(turn)
    kind = u.conditions[0] if u.conditions else "pain"
    if not hurt:
        if kind != "fatigue":
            return reply(turn, turn.say("clarify"))
        # tired all over: note it for two days and make today lighter, no area to spare
        mutation = memory.acute(turn, "whole_body", "fatigue", None, "general fatigue reported")
        weekday, day = u.target_day, turn.plan_day(u.target_day)
        if weekday is None or day is None or day.is_rest_day:
            return reply(turn, turn.say("today_rest"), mutations=[mutation])
        return lighter_day(turn, weekday, day, [mutation])
    note = {"pain": "pain reported", "soreness": "soreness reported", "fatigue": "fatigue reported"}[kind]
    mutations: list[MemoryMutation] = [memory.acute(turn, area, kind, u.side, note) for area in hurt]
    ttl_days = u.span_days or memory.TTL[memory.CONDITION_OF[kind]].days or 2
    weekday = u.target_day
    day = turn.plan_day(weekday)
    area_word = turn.join([turn.word(area) for area in hurt])
    if weekday is None or day is None or day.is_rest_day:
        return reply(turn, turn.say("pain_noted", area=area_word, ttl_days=ttl_days), mutations=mutations)
    profile = turn.profile(mutations)
    edited = day
    removed: list[str] = []
    for body_area in body_areas(hurt):
        result = avoid_area(edited, body_area, profile, weekday=weekday, library=turn.library, week=turn.plan)
        assert isinstance(result.data, DayPlan)
        removed += [s for s in edited.slugs() if s not in result.data.slugs()]
        edited = result.data
    # what the user said they should not do today goes too: named lifts and whole movement
    # families ("nada de supino hoje" is every press on the day, and no press replaces one)
    family_of = families()
    for slug in [*u.exercises, *(s for s in day.slugs() if family_of.get(s) in u.families)]:
        if slug in edited.slugs():
            edited = _replace(turn, edited, slug, profile, weekday, set(u.families))
            removed.append(slug)
    if edited.slugs() == day.slugs():
        if _asks_about_session(turn):
            # nothing on the day loads the area, but the user asks what to do with it: the same
            # lifts with fewer sets, so a sore or tweaked area recovers (R18 "modify")
            return lighter_day(turn, weekday, day, mutations, sore=(area_word, ttl_days))
        return reply(turn, turn.say("pain_noted", area=area_word, ttl_days=ttl_days), mutations=mutations)
    edited = _checked(turn, edited, weekday, profile)
    message = turn.say("pain_adjusted", area=area_word, day=turn.day_name(weekday), ttl_days=ttl_days)
    names = ", ".join(dict.fromkeys(turn.library.require(s).name for s in removed)) or "-"
    summary = turn.diff("avoid", day=turn.day_name(weekday), area=area_word, removed=names)
    return reply(
        turn,
        message,
        kind=ProposalType.UPDATE_DAY,
        target_day=weekday,
        data=edited,
        summary_diff=summary,
        mutations=mutations,
    )
