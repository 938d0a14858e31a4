"""Conversation turns (proposal NONE): technique from the cue library, "why this exercise", resolved
pain, tone preferences, small talk, today's session, and the one short question when unsure."""

from __future__ import annotations

from collections.abc import Callable

from fitcoach.agent.offline.acting import choices, memory
from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.agent.offline.cues import WARNING_SIGNS, technique_cues
from fitcoach.agent.offline.understanding.entities import tokenize
from fitcoach.contract.models import CoachReply, Tier, Tier1Entry, Tier2Entry, Tier3Entry, Weekday
from fitcoach.engine.bodyparts import BodyArea, loads_area
from fitcoach.languages.lexicon import SUPPORTED_LANGUAGES, matcher_for
from fitcoach.languages.text import fold

LOWER_BACK = {BodyArea.LOWER_BACK, BodyArea.BACK}


def _why_choice(turn: Turn) -> CoachReply | None:
    """ "Why X instead of Y?": the planned one is the choice, the other the alternative."""
    if turn.plan is None:
        return None
    planned = {slug for day in turn.plan.days.values() for slug in day.slugs()}
    mentioned = turn.u.exercises
    chosen = [s for s in mentioned if s in planned]
    others = [s for s in mentioned if s not in planned]
    if turn.u.has_cue("why") and others and not chosen:
        return _why_missing(turn, others[0])
    if not turn.u.has_cue("why") or not chosen:
        return None
    if not others:
        entry = turn.library.require(chosen[0])
        groups = [turn.word(g.value.lower()) for g in sorted(entry.primary_groups)]
        message = turn.say("why_single", exercise=turn.exercise(entry.slug), groups=turn.join(groups))
        cues = technique_cues(entry.slug, turn.lang, [], detailed=False)[:1]
        return reply(turn, turn.sentence_gap().join([message, *cues]))
    profile = turn.profile()
    other = turn.library.require(others[0])
    if any(c.area in LOWER_BACK and loads_area(other, c.area) for c in profile.constraints):
        reason = turn.say("reason_back")
    elif not profile.inventory.allows(other.gear):
        reason = turn.say("reason_gear", other=turn.exercise(other.slug))
    else:
        reason = turn.say("reason_general")
    reason = reason.rstrip(".。")
    message = turn.say(
        "why_choice", chosen=turn.exercise(chosen[0]), other=turn.exercise(other.slug), reason=reason
    )
    cues = technique_cues(chosen[0], turn.lang, [], detailed=False)[:1]
    return reply(turn, turn.sentence_gap().join([message, *cues]))


def _why_missing(turn: Turn, slug: str) -> CoachReply:
    """ "Why is there no deadlift in my plan?": the reason the plan leaves it out, from memory (a
    condition the lift loads, gear the user lacks), else that other lifts cover its muscles."""
    profile = turn.profile()
    entry = turn.library.require(slug)
    name = turn.exercise(slug)
    loaded = [c.area for c in profile.constraints if loads_area(entry, c.area)]
    if loaded:
        return reply(turn, turn.say("why_missing_area", exercise=name, area=turn.word(loaded[0].value)))
    if not profile.inventory.allows(entry.gear):
        return reply(turn, turn.say("why_missing_gear", exercise=name))
    return reply(turn, turn.say("why_missing_general", exercise=name))


def technique(turn: Turn) -> CoachReply:
    if (answer := _why_choice(turn)) is not None:
        return answer
    u = turn.u
    named = turn.exercises_named(u.target_day)
    if not named and u.has_cue("advice") and u.has_cue("week"):
        # "how many times a week should I train chest?": an answer, not a new schedule
        return reply(turn, turn.say("frequency_advice"))
    slug = named[0] if named else None
    # a warning sign (vision going dark, chest pain) is answered before any form cue
    problems = sorted(u.problems, key=lambda p: p not in WARNING_SIGNS)
    if "pain" in u.conditions and "joint_pain" not in problems and not set(problems) & set(WARNING_SIGNS):
        problems.insert(0, "joint_pain")
    detailed = u.asks_why or turn.tone == "deep_science" or turn.verbosity == "detailed"
    cues = technique_cues(slug, turn.lang, problems, detailed=detailed)
    text = turn.sentence_gap().join(cues)
    if slug is None:
        return reply(turn, turn.say("technique_general", cues=text))
    return reply(turn, turn.say("technique_intro", exercise=turn.exercise(slug), cues=text))


def resolution(turn: Turn) -> CoachReply:
    """ "It's healed", "the trip is cancelled": the matching items are deleted (R26), nothing else."""
    closed = [item for item in turn.memory if item.id in turn.u.resolved_memory_ids]
    mutations = [
        memory.delete(
            item.id,
            item.tier,
            "The user reports it was cancelled."
            if item.tier is Tier.SITUATIONAL
            else "The user reports it has resolved.",
        )
        for item in closed
    ]
    events = [item.entry for item in closed if isinstance(item.entry, Tier3Entry)]
    if events and len(events) == len(closed):
        return reply(turn, turn.say("event_cancelled"), mutations=mutations)
    area = next(
        (item.entry.body_part for item in closed if isinstance(item.entry, Tier2Entry | Tier1Entry)),
        None,
    )
    words = turn.u.areas or ([area_key(area) or area] if area else [])
    return reply(turn, turn.say("resolved", area=turn.word(words[0]) if words else ""), mutations=mutations)


def area_key(text: str) -> str | None:
    """The lexicon key of a stored body part ("right shoulder", "lower back"), so the reply names it
    in the user's language instead of echoing the stored English."""
    folded = fold(text)
    matches = matcher_for(SUPPORTED_LANGUAGES).find(folded, tokenize(folded))
    return next((m.key for m in matches if m.category == "area"), None)


def tone(turn: Turn) -> CoachReply:
    u = turn.u
    mutations = [m for key in u.preferences if (m := memory.answer_preference(turn, key)) is not None]
    if u.tone is not None or not u.preferences:
        chosen = u.tone or "balanced"
        if (mutation := memory.preference(turn, chosen)) is not None:
            mutations.insert(0, mutation)
        return reply(turn, turn.say("tone_set", tone=chosen), mutations=mutations)
    key = u.preferences[0]
    situation = "pref_" + (key if key in ("brief", "detailed") else key.split("_")[0])
    return reply(turn, turn.say(situation), mutations=mutations)


def small_talk(situation: str) -> Callable[[Turn], CoachReply]:
    def handler(turn: Turn) -> CoachReply:
        return reply(turn, turn.say(situation))

    return handler


def whats_today(turn: Turn) -> CoachReply:
    """Today's session, or the session of the day the question names ("is Wednesday a rest day?").
    The stored title is the engine's English: outside English the day is named instead."""
    if turn.plan is None:
        return reply(turn, turn.say("today_none"))
    today = Weekday.of(turn.now.date())
    named = turn.u.target_day if turn.u.days else None
    weekday = named or today
    day = turn.plan_day(weekday)
    other = weekday is not today
    if day is None or day.is_rest_day:
        if other:
            return reply(turn, turn.say("day_rest", day=turn.day_name(weekday)))
        return reply(turn, turn.say("today_rest"))
    names = turn.join([turn.exercise(slug) for slug in dict.fromkeys(day.slugs())])
    if other:
        return reply(turn, turn.say("day_workout", day=turn.day_name(weekday), exercises=names))
    title = day.title if turn.lang == "en" and day.title else turn.day_name(weekday)
    return reply(turn, turn.say("today_workout", title=title, exercises=names))


def clarify(turn: Turn) -> CoachReply:
    if turn.plan is None and not turn.memory:
        return reply(turn, turn.say("no_plan"))
    return choices.ask(turn)
