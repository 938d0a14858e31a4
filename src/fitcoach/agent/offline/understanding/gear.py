"""Gear in a message: what the user owns or names, lacks, parted with, cannot use right now, and the
heaviest dumbbell they mention."""

from __future__ import annotations

import re
from itertools import pairwise

from fitcoach.agent.offline.understanding.entities import sentence_of
from fitcoach.agent.offline.understanding.model import Load
from fitcoach.languages.grammar import alternation, word_set
from fitcoach.languages.lexicon import Match
from fitcoach.library.gear import COMMERCIAL_GYM, Gear, gym_is_its_list


def gear_of(matches: list[Match]) -> tuple[set[Gear], list[tuple[Gear, int]]]:
    """Owned or mentioned gear with positions; the key "*" (a full gym) means everything."""
    gear: set[Gear] = set()
    positions: list[tuple[Gear, int]] = []
    for match in matches:
        if match.category != "gear":
            continue
        names = COMMERCIAL_GYM if match.key == "*" else {Gear(name) for name in match.key.split("+")}
        gear |= set(names)
        positions.extend((name, match.start) for name in names)
    return gear, positions


def listed_gym(matches: list[Match], gear: set[Gear], negated: set[Gear], cap: float | None) -> set[Gear]:
    """The gear of a gym told with its own list and dumbbell cap (`gym_is_its_list`): that list."""
    gyms = [m for m in matches if m.category == "gear" and m.key == "*"]
    listed = {
        Gear(name) for m in matches if m.category == "gear" and m.key != "*" for name in m.key.split("+")
    }
    listed -= negated
    return listed if gyms and gym_is_its_list(len(listed), cap) else gear


NEGATION_REACH = 16
"""Characters between a negation and the gear it denies ("no bench", "pas de banc réglable")."""


LIST_JOINS = word_set("gear_list_joins")
"""Words joining two items of one gear list; a bare comma may also close a list of owned gear."""


def negated_gear(folded: str, matches: list[Match]) -> set[Gear]:
    """Gear the user says they lack: a negation just before it ("no bench", "sem banco") or right
    after it (ru "скамьи нет")."""
    negations = [m for m in matches if m.category == "cue" and m.key == "negation"]
    gear = [m for m in matches if m.category == "gear" and m.key != "*"]
    # a negation that precedes gear denies that gear, never the one before it ("dumbbells, no bench")
    trailing = [n for n in negations if not any(0 <= g.start - n.end <= NEGATION_REACH for g in gear)]
    denied: set[Gear] = set()
    ordered = sorted(gear, key=lambda m: m.start)
    for index, match in enumerate(ordered):
        before = any(0 <= match.start - n.end <= NEGATION_REACH for n in negations)
        after = any(
            0 <= n.start - match.end <= 2 and not _CLAUSE_BREAK.search(folded[match.end : n.start])
            for n in trailing
        )
        if before or after:
            denied |= {Gear(name) for name in match.key.split("+")}
        if after:
            # a trailing negation denies the whole list before it: ru "гантелей и скамьи нет"
            for previous in reversed(ordered[:index]):
                if folded[previous.end : match.start].strip(" ,") not in LIST_JOINS:
                    break
                denied |= {Gear(name) for name in previous.key.split("+")}
                match = previous
    # a denial carries over "nor"/"or" to the next gear: "não tem barra olímpica nem máquina de perna"
    for previous, match in pairwise(ordered):
        carried = folded[previous.end : match.start].strip(" ,") in DENIAL_JOINS
        if carried and {Gear(name) for name in previous.key.split("+")} <= denied:
            denied |= {Gear(name) for name in match.key.split("+")}
    return denied


DENIAL_JOINS = word_set("denial_joins")
"""Joins that carry a denial to the next gear ("no bench or barbell"); "and" may not ("no bench and
dumbbells up to 20 kg")."""


_CLAUSE_BREAK = re.compile(r"[,.;:!?\uff0c\u3002\uff1b\uff1a\uff01\uff1f]")


GYM_DENIALS = frozenset({"negation", "parted", "gym_ended"})
"""Cues that take a gym away: "no gym", "lá não tem academia nenhuma", "зала не будет", "sold"
does not apply to a gym but "quit" does ("абонемент в зал кончился", "cancelled my gym membership")."""


def denied_gyms(folded: str, matches: list[Match]) -> list[Match]:
    """Gym mentions (key "*") the user says they do not have or no longer have, in the same clause
    as a denial before or after them with no other gear in between. A denial that goes on to name
    other gear is about that gear: "健身房沒有深蹲架", "la salle n'a pas de presse" keep the gym."""
    denials = [m for m in matches if m.category == "cue" and m.key in GYM_DENIALS]
    gear = sorted((m for m in matches if m.category == "gear"), key=lambda m: m.start)

    def clear(start: int, end: int) -> bool:
        """Same clause, nothing but words between: no other gear."""
        return not _CLAUSE_BREAK.search(folded[start:end]) and not any(start <= g.start < end for g in gear)

    denied: list[Match] = []
    for gym in (g for g in gear if g.key == "*"):
        before = any(0 <= gym.start - d.end <= NEGATION_REACH and clear(d.end, gym.start) for d in denials)
        after = any(
            0 <= d.start - gym.end <= NEGATION_REACH
            and clear(gym.end, d.start)
            and not any(0 <= g.start - d.end <= NEGATION_REACH and clear(d.end, g.start) for g in gear)
            for d in denials
        )
        if before or after:
            denied.append(gym)
    return denied


def parted_gear(folded: str, matches: list[Match]) -> set[Gear]:
    """Gear the user parted with: named right after "sold", "vendi", "продал" in the same clause
    ("sold my bench and barbell"), or right before it when the verb trails (zh "椅子賣掉了",
    ru "скамью продал"). The gear after a comma ("sold the bench, dumbbells only") is kept."""
    cues = [m for m in matches if m.category == "cue" and m.key == "parted"]
    gear = [m for m in matches if m.category == "gear" and m.key != "*"]

    def same_clause(start: int, end: int, reach: int = NEGATION_REACH * 2) -> bool:
        return 0 <= end - start <= reach and not _CLAUSE_BREAK.search(folded[start:end])

    parted: set[Gear] = set()
    for cue in cues:
        following = [g for g in gear if g.start >= cue.end and same_clause(cue.end, g.start)]
        if not following:
            # the verb after the gear: "椅子賣掉了", "турника у меня больше нет"
            following = [
                g for g in gear if g.end <= cue.start and same_clause(g.end, cue.start, NEGATION_REACH)
            ][-1:]
        for match in following:
            parted |= {Gear(name) for name in match.key.split("+")}
    return parted


def unavailable_gear(folded: str, matches: list[Match], positions: list[tuple[Gear, int]]) -> set[Gear]:
    """Gear in the same sentence as a "taken/broken/busy" cue."""
    sentences = {
        sentence_of(folded, m.start) for m in matches if m.category == "cue" and m.key == "unavailable"
    }
    return {gear for gear, position in positions if sentence_of(folded, position) in sentences}


_DENIED_LOAD = re.compile(alternation("load_denials") + r"\s*" + alternation("load_denial_tail") + "?$")
"""Right before a load it corrects: "not 50 lb but 40", "20 kg, pas 25", "не 24 кг", "不是25公斤"."""


def dumbbell_cap(
    folded: str, loads: list[Load], positions: list[tuple[Gear, int]], *, loose: bool = False
) -> float | None:
    """The heaviest dumbbell: a load in the sentence that names dumbbells, except one denied. With
    `loose` (no lift named) and dumbbells the only gear, a load in the next sentence counts too
    ("Upgraded my dumbbells!! The new set goes to 90 lb")."""
    sentences = {sentence_of(folded, p) for gear, p in positions if gear is Gear.DUMBBELLS}
    stated = [load for load in loads if not _DENIED_LOAD.search(folded[max(0, load.start - 16) : load.start])]
    near = [load.pounds for load in stated if sentence_of(folded, load.start) in sentences]
    if not near and loose and sentences and all(gear is Gear.DUMBBELLS for gear, _ in positions):
        near = [load.pounds for load in stated]
    return max(near) if near else None


def _inside(match: Match, spans: list[tuple[int, int]]) -> bool:
    """Strictly inside a longer span: part of a longer name, not a mention of its own."""
    return any(s <= match.start and match.end <= e and e - s > match.end - match.start for s, e in spans)


def outside_names(matches: list[Match], exercises: list[Match], folded: str) -> list[Match]:
    """Gear words inside an exercise's name ("штанги" in "жим штанги лёжа", "barra" in "supino com
    barra") are the exercise, not the user naming gear; movement words inside a gear phrase
    ("сгибание" in "тренажёр на сгибание ног", "жима" in "тренажер для жима ногами") name the gear."""
    exercise_spans = [(m.start, m.end) for m in exercises]
    gear_spans = [(m.start, m.end) for m in matches if m.category == "gear"]
    listed = [m for m in matches if m.category == "gear" and not _inside(m, exercise_spans)]
    return [
        m
        for m in matches
        if not (m.category == "gear" and _inside(m, exercise_spans) and not _in_gear_list(m, listed, folded))
        and not (m.category == "family" and _inside(m, gear_spans))
    ]


ARTICLES = word_set("articles")


def _in_gear_list(match: Match, listed: list[Match], folded: str) -> bool:
    """Gear that is also an exercise's name ("ab wheel", "ролик для пресса") is gear when it is an item
    of a list of other gear: "a pull-up bar and an ab wheel", "турник и ролик для пресса", "單槓和健腹輪"."""
    for other in listed:
        if other is match:
            continue
        start, end = (other.end, match.start) if other.end <= match.start else (match.end, other.start)
        if end - start > NEGATION_REACH:
            continue
        words = [w for w in folded[start:end].replace(",", " , ").split() if w not in ARTICLES]
        if not words or all(w in LIST_JOINS or w == "," for w in words):
            return True
    return False


BUSY_REACH = 16
"""Characters between an exercise and the "taken/broken" word about it: "puxador tá ocupado",
"la presse est prise", "someone is on the leg press", "滑輪下拉有人在用"."""


def unavailable_exercises(folded: str, matches: list[Match], exercises: list[Match]) -> list[str]:
    """Exercises whose station is taken or broken: the cue right after the name in the same clause,
    or right before it ("someone is on the leg press"). A busy person ("I'm busy Wednesday, move
    my squats") is too far from the lift to count."""
    cues = [m for m in matches if m.category == "cue" and m.key == "unavailable"]
    found: list[str] = []
    for exercise in exercises:
        for cue in cues:
            after = 0 <= cue.start - exercise.end <= BUSY_REACH
            before = 0 <= exercise.start - cue.end <= NEGATION_REACH // 2
            between = folded[min(exercise.end, cue.end) : max(exercise.start, cue.start)]
            if (after or before) and not _CLAUSE_BREAK.search(between) and exercise.key not in found:
                found.append(exercise.key)
    return _whole_lists(folded, exercises, found)


def _whole_lists(folded: str, exercises: list[Match], busy: list[str]) -> list[str]:
    """A list of stations shares its "taken" word: "leg press, extensora e flexora ocupadas",
    "ocupadas (leg press, extensora, flexora)", "滑輪下拉跟繩索下壓都有人在用"."""
    ordered = sorted(exercises, key=lambda m: m.start)
    found = list(busy)
    changed = bool(found)
    while changed:
        changed = False
        for first, second in pairwise(ordered):
            glue = folded[first.end : second.start].strip(" ,()/")
            if glue and glue not in LIST_JOINS:
                continue
            pair = {first.key, second.key}
            if pair & set(found) and not pair <= set(found):
                found += [key for key in (first.key, second.key) if key not in found]
                changed = True
    return found
