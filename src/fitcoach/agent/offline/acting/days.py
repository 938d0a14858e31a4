"""One-day turns: shorten a day and work around acute pain (the gym-floor swap is in `swaps`).
Every staged day has passed the engine's validator against its week."""

from __future__ import annotations

from fitcoach.agent.offline.acting import choices, memory
from fitcoach.agent.offline.acting.areas import body_areas, muscle_groups
from fitcoach.agent.offline.acting.reshape import reshape
from fitcoach.agent.offline.acting.staging import checked_day, no_session
from fitcoach.agent.offline.acting.swaps import swap
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
from fitcoach.engine.alternatives import rank_alternatives
from fitcoach.engine.edits import avoid_area, compress_day
from fitcoach.engine.profile import Profile
from fitcoach.engine.repair import recovery_safe, repair_day
from fitcoach.errors import BadInput


def day_edit(turn: Turn) -> CoachReply:
    if (reshaped := reshape(turn)) is not None:
        return reshaped
    weekday = turn.u.target_day
    if (early := no_session(turn, weekday)) is not None:
        return early
    assert weekday is not None
    day = turn.plan_day(weekday)
    assert day is not None
    minutes = turn.u.minutes
    if minutes is None:
        if turn.u.has_cue("lighter") or turn.u.has_cue("deload") or "fatigue" in turn.u.conditions:
            # "slept 3 hours, go lighter today?", "quads still wrecked, make tomorrow lighter": the
            # tiredness or the sore muscles are remembered too (R24)
            if {"soreness", "pain"} & set(turn.u.conditions) and turn.u.hurt_areas:
                # the sore muscles are remembered and spared on that day, as any report of them
                return pain(turn)
            tired = "fatigue" in turn.u.conditions and not turn.u.hurt_areas
            note = [memory.acute(turn, "whole_body", "fatigue", None)] if tired else []
            return lighter_day(turn, weekday, day, note)
        if any(slug in day.slugs() for slug in turn.exercises_named(weekday)):
            # "take skull crushers out of Wednesday": the named lift goes, a same-pattern one replaces it
            return swap(turn)
        return choices.ask(turn)
    profile = turn.profile()
    keep = muscle_groups(turn.u.focus_areas)
    result = compress_day(
        day, minutes, profile, keep_focus=keep, weekday=weekday, library=turn.library, week=turn.trained_week
    )
    assert isinstance(result.data, DayPlan)
    edited = checked_day(turn, result.data, weekday, profile, minutes)
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
    result = compress_day(
        day, minutes, profile, weekday=weekday, library=turn.library, week=turn.trained_week
    )
    assert isinstance(result.data, DayPlan)
    edited = checked_day(turn, result.data, weekday, profile, minutes)
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


def _replace(
    turn: Turn, day: DayPlan, slug: str, profile: Profile, weekday: Weekday, banned: set[str]
) -> DayPlan:
    """`slug` out for its best alternative outside the banned movement families, then repaired."""
    family_of = families()
    safe = recovery_safe(weekday, turn.trained_week, turn.library)
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
        day.model_copy(update={"blocks": blocks}),
        weekday,
        profile,
        library=turn.library,
        week=turn.trained_week,
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
            return choices.ask(turn)
        # tired all over: note it for two days and make today lighter, no area to spare
        mutation = memory.acute(turn, "whole_body", "fatigue", None)
        weekday, day = u.target_day, turn.plan_day(u.target_day)
        if weekday is None or day is None or day.is_rest_day:
            return reply(turn, turn.say("today_rest"), mutations=[mutation])
        return lighter_day(turn, weekday, day, [mutation])
    mutations: list[MemoryMutation] = [memory.acute(turn, area, kind, u.side) for area in hurt]
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
        result = avoid_area(
            edited, body_area, profile, weekday=weekday, library=turn.library, week=turn.trained_week
        )
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
    edited = checked_day(turn, edited, weekday, profile)
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
