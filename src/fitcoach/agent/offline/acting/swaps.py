"""The live swap on the gym floor (R8: under two sentences): every exercise of today that needs the
taken gear goes, the named ones first, and the reply and its summary say exactly what the staged
day changes."""

from __future__ import annotations

import re

from fitcoach.agent.offline.acting import reshape
from fitcoach.agent.offline.acting.staging import checked_day, no_session
from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.contract.models import CoachReply, DayPlan, ProposalType
from fitcoach.engine.alternatives import inventory_without
from fitcoach.engine.edits import swap_exercise
from fitcoach.engine.profile import Profile
from fitcoach.languages.text import fold, is_han
from fitcoach.library.gear import Gear
from fitcoach.nlu.reader import ROLE_CONFIDENCE

STATION_GEAR = frozenset(
    {Gear.LEG_PRESS_MACHINE, Gear.LEG_EXTENSION_MACHINE, Gear.HAMSTRING_MACHINE, Gear.SQUAT_RACK}
)
"""Gear that is the station itself: when "the leg curl is taken" so is the hamstring machine, and
no other curl on it can replace it. Shared gear (dumbbells, a bench, cables, a barbell) is not
implied: another one is usually free."""

Change = tuple[str, str | None]
"""(old slug, new slug), or (old slug, None) when a lift simply goes."""


def missing_gear(turn: Turn) -> frozenset[Gear]:
    """Gear that is taken or broken now ("no dumbbells free" means the same), with the station of
    every exercise the user says is taken."""
    u = turn.u
    stations = {
        gear
        for slug in u.busy_exercises
        for gear in turn.library.require(slug).gear.mentions()
        if gear in STATION_GEAR
    }
    return u.unavailable_gear | u.negated_gear | stations


def _needs_missing_gear(turn: Turn, slug: str, profile: Profile) -> bool:
    if not missing_gear(turn):
        return False
    narrowed = inventory_without(profile.inventory, missing_gear(turn))
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


STEM = 5
"""Letters a word of the user's and a word of an exercise's name must share from their start to be
the same word ("bulgarians" / "Bulgarian", "болгарок" / "болгарские")."""


def nicknamed(turn: Turn, in_day: list[str]) -> list[str]:
    """The day's exercise a span the models tag as the one to replace names by a word no alias holds
    ("instead of the bulgarians", "вместо болгарок"): the one lift of the day one of whose names
    shares the span's word (`_same_word`). Only the day's own lifts are candidates, and only a single
    match counts."""
    if turn.reading is None:
        return []
    spans = [
        fold(s.text)
        for s in turn.reading.roles("exercise_replace", "exercise_ref")
        if s.confidence >= ROLE_CONFIDENCE
    ]
    if not spans:
        return []
    found = []
    for slug in dict.fromkeys(in_day):
        exercise = turn.library.require(slug)
        aliases = [a for names_in_lang in exercise.names.values() for a in names_in_lang]
        names = [fold(n) for n in [exercise.name, *aliases]]
        if any(_same_word(span, name) for span in spans for name in names):
            found.append(slug)
    return found if len(found) == 1 else []


def _same_word(span: str, name: str) -> bool:
    """Han text: three characters in a row in common ("保加利亞" in 保加利亞分腿蹲). Other scripts: a
    stem in common, covering at least half of the span's long words (a span may run over: "the
    pulldowns today"; "elevação pélvica com barra" is not "elevação lateral")."""
    if is_han(span):
        return any(span[i : i + 3] in name for i in range(len(span) - 2))
    words = [w[:STEM] for w in re.findall(r"\w+", span) if len(w) >= STEM]
    stems = {n[:STEM] for n in re.findall(r"\w+", name) if len(n) >= STEM}
    shared = [w for w in words if w in stems]
    return bool(shared) and 2 * len(shared) >= len(words)


def changes(turn: Turn, before: DayPlan, after: DayPlan, picked: list[tuple[str, str]]) -> list[Change]:
    """What the staged day really changes, old lifts in the order the user cares about (`picked`
    first, then the day's order): the engine's own picks, then each lift a repair replaced paired
    with a newcomer of the same movement, then the rest in order."""
    old = list(dict.fromkeys(before.slugs()))
    new = list(dict.fromkeys(after.slugs()))
    removed = [s for s in old if s not in new]
    added = [s for s in new if s not in old]
    found: dict[str, str | None] = {}
    for gone, came in picked:
        if gone in removed and came in added and gone not in found:
            found[gone] = came
            added.remove(came)
    pattern = {s: turn.library.require(s).movement_pattern for s in [*removed, *added]}
    for gone in (s for s in removed if s not in found):
        same = [s for s in added if pattern[s] == pattern[gone]]
        if same:
            found[gone] = same[0]
            added.remove(same[0])
    for gone in (s for s in removed if s not in found):
        found[gone] = added.pop(0) if added else None
    order = list(dict.fromkeys([g for g, _ in picked] + old))
    return sorted(found.items(), key=lambda pair: order.index(pair[0]))


def _summary(turn: Turn, after: DayPlan, found: list[Change]) -> str:
    planned = {p.exercise_id: p for p in after.exercises()}
    lines = []
    for gone, came in found:
        entry = planned.get(came) if came else None
        if entry is None:
            lines.append(turn.diff("drop", old=turn.exercise(gone)))
            continue
        old, new = turn.exercise(gone), turn.exercise(entry.exercise_id)
        lines.append(turn.diff("swap", old=old, new=new, sets=entry.target_sets, reps=entry.target_reps))
    return "; ".join(lines)[:300]


def swap(turn: Turn) -> CoachReply:
    """Live swap for today. Every exercise that needs the taken gear goes, the named one first; an
    exercise that is not in today's plan gets one short question."""
    weekday = turn.u.target_day
    if (early := no_session(turn, weekday)) is not None:
        return early
    assert weekday is not None
    day = turn.plan_day(weekday)
    assert day is not None
    profile = turn.profile()
    in_day = day.slugs()
    named = _on_day(turn, turn.exercises_named(weekday), in_day)
    targets = named + [s for s in in_day if s not in named and _needs_missing_gear(turn, s, profile)]
    if not targets:
        targets = nicknamed(turn, in_day)
    if not targets and (adds := reshape.added_exercises(turn, weekday)) and turn.plan is not None:
        # "Add face pulls" on Friday names no lift of the day to replace: it adds one
        return reshape.add_exercises(turn, turn.plan, weekday, adds)
    if not targets:
        options = turn.join([turn.exercise(slug) for slug in dict.fromkeys(in_day)])
        return reply(turn, turn.say("swap_which", options=options))
    picked: list[tuple[str, str]] = []
    current = day
    for slug in dict.fromkeys(targets):
        if slug not in current.slugs():
            continue  # an earlier swap's repair already replaced it
        before = set(current.slugs())
        result = swap_exercise(
            current,
            slug,
            profile,
            unavailable_gear=missing_gear(turn),
            weekday=weekday,
            library=turn.library,
            week=turn.trained_week,
        )
        assert isinstance(result.data, DayPlan)
        current = result.data
        added = [s for s in current.slugs() if s not in before]
        picked.append((slug, added[0] if added else (result.alternatives or [slug])[0]))
    narrowed = Profile(
        inventory_without(profile.inventory, missing_gear(turn)),
        profile.goal,
        profile.schedule,
        profile.chronic,
        profile.acute,
        profile.events,
    )
    edited = checked_day(turn, current, weekday, narrowed)
    found = changes(turn, day, edited, picked) or [(old, new) for old, new in picked[:1]]
    replaced = [(old, new) for old, new in found if new is not None]
    old, new = replaced[0] if replaced else picked[0]
    message = turn.say("swap_done", old=turn.exercise(old), new=turn.exercise(new))
    rest = [pair for pair in found if pair[0] != old]
    if rest:
        skip = turn.word("skip_today")
        listed = ", ".join(f"{turn.exercise(a)} ➔ {turn.exercise(b) if b else skip}" for a, b in rest)
        message += turn.sentence_gap() + turn.say("swap_also", pairs=listed)
    return reply(
        turn,
        message,
        kind=ProposalType.UPDATE_DAY,
        target_day=weekday,
        data=edited,
        summary_diff=_summary(turn, edited, found),
    )
