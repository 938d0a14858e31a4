"""The understanding pipeline: normalise, identify the language, extract entities, route the intent."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from functools import lru_cache

from fitcoach.agent.offline.understanding import entities as ent
from fitcoach.agent.offline.understanding import gear as gear_ent
from fitcoach.agent.offline.understanding.chips import as_understood, read_chip
from fitcoach.agent.offline.understanding.conditions import (
    affirmed_goal,
    closed_items,
    hurt_areas,
    operated_areas,
    reported,
    resolve_worn,
    supposes,
)
from fitcoach.agent.offline.understanding.exercises import alias_entries, find_exercises, ordered_slugs
from fitcoach.agent.offline.understanding.intent import route
from fitcoach.agent.offline.understanding.language import identify
from fitcoach.agent.offline.understanding.limits import minutes_only
from fitcoach.agent.offline.understanding.model import (
    MUSCLE_AREAS,
    ConditionKind,
    DayMention,
    Intent,
    Load,
    Side,
    Understanding,
)
from fitcoach.agent.offline.understanding.rest_days import rested_weekdays
from fitcoach.agent.offline.understanding.topics import topic_vocabulary
from fitcoach.agent.offline.understanding.trips import away_days_of, returning_back
from fitcoach.agent.offline.understanding.weekday_lists import read_listed_weekdays
from fitcoach.contract.models import ActiveTab, Tone, Weekday
from fitcoach.languages.grammar import alternation
from fitcoach.languages.lexicon import (
    SUPPORTED_LANGUAGES,
    Lexicon,
    Match,
    load_lexicon,
    matcher_for,
)
from fitcoach.languages.text import fold, is_han
from fitcoach.library import ExerciseLibrary
from fitcoach.memory.model import MemoryItem

EVIDENCE_FOR_SECOND_LANGUAGE = 2.5
"""A second language joins the lexicons in use once about three of its own words appear (mixed
messages); below that, shared words and false friends (fr "trail", pt "dois") would leak in."""

_PHRASE_KINDS = frozenset({"goal", "event", "tone", "preference", "problem", "family"})

CONDITION_KINDS: tuple[ConditionKind, ...] = ("pain", "soreness", "fatigue")
"""Condition keys that mean a physiological state; other keys (e.g. "difficulty", fr "du mal à")
exist only to out-match a false friend and carry no meaning."""

_TIMED_INTENTS = {Intent.LIVE_SWAP, Intent.ACUTE_PAIN, Intent.DAY_EDIT, Intent.WHATS_TODAY}


@lru_cache(maxsize=4)
def _vocabulary(library: ExerciseLibrary) -> tuple[frozenset[str], list[str]]:
    words: set[str] = set()
    for lang in SUPPORTED_LANGUAGES:
        words |= load_lexicon(lang).vocabulary()
        # topic words are known words too: "растяжка" (stretching) is no typo of "растяжение"
        words |= topic_vocabulary(lang)
    for _, _, _, alias in alias_entries(library):
        if not is_han(alias):
            words.update(t.text for t in ent.tokenize(fold(alias)))
    return frozenset(words), sorted(w for w in words if len(w) >= 4)


def _features(u: dict[str, object], matches: list[Match], context: set[str]) -> frozenset[str]:
    features = {f"cue:{m.key}" for m in matches if m.category == "cue"}
    features |= {name for name, value in u.items() if value}
    return frozenset(features | context)


def understand(
    message: str,
    *,
    now: dt.datetime,
    active_tab: ActiveTab = "coach",
    selected_day: Weekday | None = None,
    memory: Sequence[MemoryItem] = (),
    has_plan: bool = False,
    library: ExerciseLibrary,
    language: str | None = None,
) -> Understanding:
    """Understand one message against the turn's clock, route context, active memory and library;
    `language` is the user's stored language, the prior when the message's own is unclear."""
    folded = fold(message)
    vocabulary, choices = _vocabulary(library)
    toks = ent.correct_typos(ent.tokenize(folded), vocabulary, choices)
    exercise_matches = find_exercises(folded, toks, library)
    # canonical English names are used in every language, so they are no evidence of English
    english_names = [(m.start, m.end) for m in exercise_matches if m.lang == "en"]
    guess = identify(message, folded, english_names, prior=language)
    langs = {
        guess.lang if guess.lang in SUPPORTED_LANGUAGES else "zh-Hant" if guess.lang == "zh-Hans" else "en"
    }
    langs |= {lang for lang in guess.present(EVIDENCE_FOR_SECOND_LANGUAGE) if lang in SUPPORTED_LANGUAGES}
    # a Cyrillic or Han word is evidence enough: no Latin false friend can produce one
    langs |= {"ru" for score in [guess.scores.get("ru", 0.0)] if score >= 1}
    langs |= {"zh-Hant" for lang in ("zh-Hant", "zh-Hans") if guess.scores.get(lang, 0.0) >= 1}
    active = tuple(sorted(langs))
    lexicons: list[Lexicon] = [load_lexicon(lang) for lang in active]
    # words inside an exercise's name ("三頭" in 仰臥三頭伸展, "chest" in chest-supported row) are
    # not the user naming a body part
    spans = [(m.start, m.end) for m in exercise_matches]
    found = [
        m
        for m in matcher_for(active).find(folded, toks)
        if m.category != "area" or not any(s <= m.start and m.end <= e for s, e in spans)
    ]
    # a cue inside a longer phrase of another kind belongs to that phrase: "prise" in fr "prise
    # de masse" (a goal) is not "taken", "match" in a tone phrase is not an event
    phrases = [m for m in found if m.category in _PHRASE_KINDS]
    matches = [
        m
        for m in found
        if m.category != "cue"
        or not any(
            p.start <= m.start and m.end <= p.end and (p.end - p.start) > (m.end - m.start) for p in phrases
        )
    ]

    # "my gym is closed", "健身房整修": the gym is what the user cannot use, not gear they own
    closed = [(m.start, m.end) for m in matches if m.category == "cue" and m.key == "gym_closed"]
    matches = [
        m
        for m in matches
        if not (m.category == "gear" and m.key == "*" and any(s <= m.start and m.end <= e for s, e in closed))
    ]
    # "lá não tem academia nenhuma", "зала не будет", "абонемент в зал кончился": a gym denied or
    # given up gives no gear
    denied = gear_ent.denied_gyms(folded, matches)
    matches = [m for m in matches if m not in denied]
    # "pullup bar", "barre de traction": an exercise word inside a longer gear phrase names gear
    # (a gear phrase no longer than the name, "leg press", is the exercise too)
    gear_spans = [(m.start, m.end) for m in matches if m.category == "gear"]
    exercise_matches = [
        m
        for m in exercise_matches
        if not any(s <= m.start and m.end <= e and e - s > m.end - m.start for s, e in gear_spans)
    ]
    matches = gear_ent.outside_names(matches, exercise_matches, folded)
    matches, quiet_areas = reported(folded, resolve_worn(folded, matches))
    matches = returning_back(folded, matches)
    matches = read_listed_weekdays(folded, matches)
    days = ent.resolve_days(folded, matches, now) + ent.day_of_month(folded, lexicons, now)
    days += ent.zh_weekday_runs(folded, now)
    past = ent.past_references(matches, days)
    days = [d for d in days if d not in past]
    weekdays = ent.weekday_list([d for d in days if d.relative is None])
    gear, gear_positions = gear_ent.gear_of(matches)
    unavailable = gear_ent.unavailable_gear(folded, matches, gear_positions)
    negated = gear_ent.negated_gear(folded, matches) | gear_ent.parted_gear(folded, matches)
    gear -= negated
    loads = ent.loads_of(folded, lexicons)
    cap = gear_ent.dumbbell_cap(folded, loads, gear_positions, loose=not exercise_matches)
    gear = gear_ent.listed_gym(matches, gear, negated, cap)
    # "up to 32 kg instead of 50 lb", "而不是22公斤": a new load beside the old one, no swap
    matches = _without_compared_loads(folded, matches, exercise_matches, loads)
    areas = ent.keys(matches, "area")
    afflicted = ent.afflicted_areas(folded, matches)
    afflicted += [a for a in quiet_areas if a not in afflicted]
    found_conditions = ent.keys(matches, "condition")
    conditions: list[ConditionKind] = [k for k in CONDITION_KINDS if k in found_conditions]
    event = ent.event_of(matches, days, now)
    tone = ent.first_key(matches, "tone")
    minutes = ent.minutes_of(folded, lexicons, matches)
    reports = [m.start for m in matches if m.category == "condition" and m.key in CONDITION_KINDS]
    cue_keys = frozenset(
        ent.keys(matches, "cue")
        + (["question"] if "?" in message or "？" in message else [])
        + (["supposed"] if supposes(folded) else [])
    )
    # "is it better to train chest once or twice?": a count asked about is no schedule
    asks = [m.start for m in matches if m.category == "cue" and m.key == "advice" and "question" in cue_keys]
    # "surfing two days this weekend", "兩天（六日）": a count in an event's sentence is its length
    rested = rested_weekdays(folded, matches, days)
    # a weekend given as rest ("平日五天都可以練…週末不練") is no event whose length a count would be
    weekend_off = {Weekday.SATURDAY, Weekday.SUNDAY} <= rested
    event_starts = [
        m.start
        for m in matches
        if m.category == "event" or (m.category == "relative" and m.key == "weekend" and not weekend_off)
    ]
    days_per_week = ent.days_per_week_of(folded, lexicons, reports, asks, event_starts)
    set_log = ent.set_log_of(folded, lexicons)
    busy = gear_ent.unavailable_exercises(folded, matches, exercise_matches)
    if "pain" in conditions:
        # "je me suis bloqué le dos", "travei as costas": a pain report outranks the plateau
        # reading of the same word; an injury is never answered with a progression review
        cue_keys -= {"plateau"}
    # "Add face pulls", "ajoute du curl marteau": a word of adding, whatever it adds
    adding = bool({"add_day", "adding"} & cue_keys)
    if len(weekdays) != 1:
        # "add a Saturday session" names the one day to add; "add a set" adds no day
        cue_keys -= {"add_day"}
    about_training = bool(exercise_matches or areas or weekdays or ent.keys(matches, "family"))
    every_language = matcher_for(SUPPORTED_LANGUAGES)
    healed, cancelled = closed_items(folded, memory, matches, cue_keys, now, every_language, about_training)

    entity_flags: dict[str, object] = {
        "has:exercise": exercise_matches or ent.keys(matches, "family"),
        "has:multi_days": len(weekdays) >= 2,
        "has:one_day": len(weekdays) == 1,
        "has:today": any(d.relative in ("today", "now") for d in days),
        "has:relative_day": any(d.relative in ("tomorrow", "day_after_tomorrow") for d in days),
        "has:duration": minutes,
        "has:days_count": days_per_week,
        "has:gear": gear - unavailable,
        "has:unavailable_gear": unavailable,
        "has:unavailable_exercise": busy,
        "has:negated_gear": negated - unavailable,
        "has:load": loads,
        "has:set_log": set_log,
        "has:area": areas,
        "has:side": ent.first_key(matches, "side"),
        "has:pain": "pain" in conditions,
        "has:soreness": "soreness" in conditions,
        "has:fatigue": "fatigue" in conditions,
        "has:event": event,
        "has:event_date": event is not None and event.date is not None,
        "has:goal": ent.first_key(matches, "goal"),
        "has:tone": tone,
        "has:preference": ent.keys(matches, "preference"),
        "has:muscle_focus": set(areas) & MUSCLE_AREAS,
        "has:problem": ent.first_key(matches, "problem"),
        "has:warning_sign": "dizziness" in ent.keys(matches, "problem"),
    }
    context = {f"ctx:tab_{active_tab}", "ctx:has_plan" if has_plan else "ctx:no_plan"}
    if not memory:
        context.add("ctx:no_memory")
    if selected_day is not None:
        context.add("ctx:selected_day")
    if healed:
        context.add("ctx:healed")
    if cancelled:
        context.add("ctx:called_off")
    features = _features(entity_flags, matches, context) | {f"cue:{k}" for k in cue_keys}
    if adding:
        features |= {"has:adding"}
    muscles = bool(set(areas) & MUSCLE_AREAS)
    if ("cue:add_day" in features or (adding and muscles)) and "add_day" not in cue_keys:
        # "добавь что-нибудь на пресс" on the week tab adds work to a day, not a day to the week
        features = (features - {"cue:add_day"}) | {"has:add_to_day"}
    if "pain" in conditions:
        features -= {"cue:plateau"}
    intent, scores = route(features)

    understood = Understanding(
        lang=guess.lang,
        intent=intent,
        scores=scores,
        features=features,
        days=days,
        target_day=_target_day(intent, weekdays, days, now, active_tab, selected_day),
        days_per_week=days_per_week,
        minutes=minutes,
        exercises=ordered_slugs(exercise_matches),
        areas=areas,
        side=_side(ent.first_key(matches, "side")),
        conditions=conditions,
        gear=frozenset(gear - unavailable),
        dumbbell_max_lb=cap,
        loads=loads,
        unavailable_gear=frozenset(unavailable),
        negated_gear=frozenset(negated),
        event=event,
        goal_type=affirmed_goal(folded, matches),
        tone=_tone(tone),
        preferences=ent.keys(matches, "preference"),
        resolved_memory_ids=[i.id for i in [*healed, *cancelled]] if intent is Intent.RESOLUTION else [],
        cues=cue_keys,
        problems=ent.keys(matches, "problem"),
        families=_leading_families(matches, exercise_matches),
        afflicted_areas=afflicted,
        hurt_areas=hurt_areas(folded, matches),
        operated_areas=operated_areas(folded, matches),
        focus_days=ent.focus_days(folded, matches, days, set(afflicted)),
        weeks_back=ent.weeks_back_of(folded, lexicons),
        span_days=ent.span_days_of(folded, lexicons),
        busy_exercises=busy,
        away_days=away_days_of(folded, lexicons) if event is not None else None,
        minutes_only=minutes is not None and minutes_only(folded, matches, lexicons),
        replaced_areas=_replaced_areas(matches, folded),
        goal_named=ent.first_key(matches, "goal"),
        avoided=rested,
    )
    # a tapped suggestion chip names its edit exactly: read with the templates that wrote it
    chip = read_chip(message, library) if has_plan else None
    return understood if chip is None else as_understood(chip, understood, selected_day)


LOAD_COMPARED_REACH = 12
"""Characters between "instead of"/"вместо"/"而不是" and the load it names ("instead of the old 50")."""


def _without_compared_loads(
    folded: str, matches: list[Match], exercise_matches: list[Match], loads: list[Load]
) -> list[Match]:
    """An "instead" followed by a load and no exercise in the rest of its sentence compares an old
    weight with a new one (gear bought, a cap corrected): it asks for no swap and is dropped.
    "rows instead of 50 lb curls" keeps it."""
    names = [m.start for m in exercise_matches] + [
        m.start for m in matches if m.category in ("family", "area")
    ]

    def compared(m: Match) -> bool:
        if m.category != "cue" or m.key != "instead":
            return False
        if not any(0 <= ld.start - m.end <= LOAD_COMPARED_REACH for ld in loads):
            return False
        stop = re.search(r"[.!?;。！？；\n]", folded[m.end :])
        end = m.end + stop.start() if stop else len(folded)
        return not any(m.end <= start < end for start in names)

    return [m for m in matches if not compared(m)]


CUT_LIST_REACH = 24
"""Characters from a "remove" word to the list of groups it removes ("vire tout le reste (pecs")."""

_LIST_JOIN = re.compile(
    r"[\s,;/&+()\u3001\uff0c\uff08\uff09]*(?:" + alternation("group_list_joins") + r"[\s,()]*)?"
)
"""What may sit between two groups of one list: commas, brackets, "and"/"et"/"и"/"和"."""


def _replaced_areas(matches: list[Match], folded: str) -> list[str]:
    """The first area after each "instead of" ("грудь вместо ног", "peito no lugar de perna"), and,
    in a keep-only message, the list of groups right after a remove word ("legs only, drop the rest
    (chest, back, shoulders)", "只練腿，其他去掉（胸、背）"): the groups going, not the ones kept."""
    areas = sorted((m for m in matches if m.category == "area"), key=lambda m: m.start)
    ends = [m.end for m in matches if m.category == "cue" and m.key == "instead"]
    replaced = [
        next(a.key for a in areas if a.start >= end) for end in ends if any(a.start >= end for a in areas)
    ]
    if any(m.category == "cue" and m.key == "only" for m in matches):
        for cut in (m for m in matches if m.category == "cue" and m.key == "cut"):
            listed = [a for a in areas if 0 <= a.start - cut.end <= CUT_LIST_REACH][:1]
            for area in areas:
                if (
                    listed
                    and area.start > listed[-1].start
                    and _LIST_JOIN.fullmatch(folded[listed[-1].end : area.start])
                ):
                    listed.append(area)
            replaced += [a.key for a in listed]
    return list(dict.fromkeys(replaced))


def _leading_families(matches: list[Match], exercise_matches: list[Match]) -> list[str]:
    """Movement families named before any exact exercise: "my rows turn into bicep curls" is
    about rows. Families inside an exercise's name are part of that name."""
    first = min((m.start for m in exercise_matches), default=None)
    spans = [(m.start, m.end) for m in exercise_matches]
    return list(
        dict.fromkeys(
            m.key
            for m in matches
            if m.category == "family"
            and (first is None or m.start < first)
            and not any(s <= m.start and m.end <= e for s, e in spans)
        )
    )


def _target_day(
    intent: Intent,
    weekdays: list[Weekday],
    days: list[DayMention],
    now: dt.datetime,
    active_tab: ActiveTab,
    selected_day: Weekday | None,
) -> Weekday | None:
    """One named day wins; otherwise a relative day; otherwise the day in the route ("swap this"
    on the today tab), and for in-the-moment requests, today."""
    if intent is Intent.ACUTE_PAIN and any(d.relative in ("today", "now") for d in days):
        # "played Sunday night, quads destroyed - today's legs?": in a pain report a named weekday
        # is mostly when it started, while today is the session in question
        return Weekday.of(now.date())
    if len(weekdays) == 1:
        return weekdays[0]
    relative = [d for d in days if d.relative in ("today", "now", "tomorrow", "day_after_tomorrow")]
    # "Instead of X right now?" asked from a day's page is about that day; in a live workout even
    # "today" is the session being trained, whatever weekday the calendar says.
    in_route = relative and selected_day is not None and active_tab != "coach"
    if in_route and (
        relative[0].relative == "now" or (relative[0].relative == "today" and active_tab == "workout")
    ):
        return selected_day
    if relative:
        return relative[0].weekday
    if selected_day is not None and active_tab != "coach":
        return selected_day
    if intent in _TIMED_INTENTS:
        return Weekday.of(now.date())
    return selected_day


def _side(key: str | None) -> Side | None:
    return key if key in ("left", "right", "both") else None  # type: ignore[return-value]


def _tone(key: str | None) -> Tone | None:
    return key if key in ("tough_love", "gentle", "deep_science", "balanced") else None  # type: ignore[return-value]
