"""One reading of facts: fact text (or an equipment message) in any supported language → structured
facts. The engine, the memory rules, the guard of every provider and the offline coach read stored
facts through here, so "no bench" means no bench everywhere.

Scope rules, the same in every language (the words are `facts.json` data):
- a negation ("no", "without", "sem", "pas de", "без", "沒有") denies the gear right after it, and the
  gear joined to it by "or/and" ("no bench or barbell"), never gear before it ("dumbbells, no bench");
  a trailing negation (ru "скамьи нет", zh "椅子沒了") denies the gear right before it;
- "sold/broken/lost" removes the gear after it in the same clause ("I sold my barbell") or before it
  ("the bench is broken", "椅子賣掉了"); "taken/occupied" makes it temporarily unavailable;
- "only" right before gear ("only dumbbells", "I only have dumbbells") replaces the rest;
- a whole gym ("commercial gym", "academia") is every piece of gear unless qualified as home;
- the heaviest dumbbell is the largest load in the text ("up to 22 kg", "50 lbs", "pair of 12s").
"""

from __future__ import annotations

import re
from functools import lru_cache

from fitcoach.facts.model import BodyArea, BodyFacts, EquipmentChange, InventoryFacts, Side, covered
from fitcoach.facts.words import Hit, facts_words, find, phrases
from fitcoach.languages.detect import detect_language
from fitcoach.languages.grammar import alternation, word_set
from fitcoach.languages.lexicon import load_lexicon
from fitcoach.languages.numbers import KG_TO_LB, loads_of
from fitcoach.languages.registry import understood
from fitcoach.languages.text import fold, tokenize
from fitcoach.library.gear import Gear, gym_is_its_list

NEGATION_REACH = 16
"""Characters between a negation and the gear it denies ("no bench", "pas de banc réglable")."""

TRAILING_REACH = 16
"""Characters between gear and a negation after it in its clause ("скамьи нет", "турника дома нет")."""

REMOVAL_REACH = 32
"""Characters between "sold/broken" and its gear in one clause ("sold my old adjustable bench")."""

ONLY_REACH = 14
"""Characters between "only" and the gear it keeps ("only dumbbells", "I only have dumbbells")."""

_DENIED_LOAD = re.compile(alternation("load_denials") + r"\s*" + alternation("load_denial_tail") + "?$")
"""Right before a load it corrects: "not 50 lb but 40", "20 kg, pas 25", "не 24 кг"."""

_CLAUSE_BREAK = re.compile(r"[,.;:!?\n\uff0c\u3002\uff1b\uff1a\uff01\uff1f]")
_BREAKS = re.compile(
    r"[,.;:!?\n\uff0c\u3002\uff1b\uff1a\uff01\uff1f]|\b"
    + alternation("clause_breaks")
    + r"\b|"
    + alternation("clause_break_chars")
)
"""Where a cue's reach ends: punctuation, and "but", "mais", "но", "但"."""

_SENTENCE_BREAK = re.compile(r"[.;!?\n\u3002\uff1b\uff01\uff1f]")

CUE_TABLES = ("negation", "negation_after", "removed", "temporary", "acquired", "only")


def _gear_of(hit: Hit) -> frozenset[Gear]:
    return frozenset(Gear(name) for name in hit.key.split("+"))


def _language(text: str, folded: str) -> str:
    """The fact's language: lingua, with the fact words found per language as extra evidence
    (function words like pt "no" = "in the" must be read in their own language)."""
    evidence: dict[str, float] = {}
    for table in ("gear", *CUE_TABLES):
        for hit in find(folded, table):
            evidence[hit.lang] = evidence.get(hit.lang, 0.0) + 1.0
    for token in tokenize(folded):
        owners = [code for code, words in _function_words().items() if token.text in words]
        for code in owners:
            evidence[code] = evidence.get(code, 0.0) + 1.0 / len(owners)
    code = detect_language(text, evidence=evidence)
    return code if code in understood() else "zh-Hant" if code.startswith("zh") else "en"


@lru_cache(maxsize=1)
def _function_words() -> dict[str, frozenset[str]]:
    """Each understood language's function words ("tem", "e", "de", "у", "меня"), folded."""
    return {code: frozenset(fold(w) for w in load_lexicon(code).function_words) for code in understood()}


def _between(folded: str, start: int, end: int, pattern: re.Pattern[str] = _CLAUSE_BREAK) -> bool:
    return bool(pattern.search(folded[start:end]))


def _joined(folded: str, left: Hit, right: Hit) -> bool:
    """Two gear words of one list joined by "or"/"and"/"ni" (not by a comma, which may close it)."""
    glue = folded[left.end : right.start].strip()
    return bool(glue) and glue in word_set("gear_list_joins")


@lru_cache(maxsize=4096)
def read_change(text: str) -> EquipmentChange:
    """What an equipment message or fact says: added, removed, temporary gear, "only", a gym, a cap."""
    folded = fold(text)
    lang = _language(text, folded)
    langs = (lang,)
    gear = [hit for hit in find(folded, "gear")]
    cues = {table: find(folded, table, langs) for table in CUE_TABLES}
    statuses = {index: "added" for index in range(len(gear))}
    # "sold/broken/lost" and a negation reach the nearest gear in their clause, and the gear joined to
    # it by "and/or" ("no bench or barbell", "sold my bench and barbell"); never gear past it
    # (the verb after its gear only when no gear follows it: "the bench is broken", "скамьи нет")
    for cue in cues["negation"]:
        _mark_after(folded, gear, statuses, cue, "removed", NEGATION_REACH)
    for cue in cues["negation_after"]:
        _mark_before(folded, gear, statuses, cue, "removed", TRAILING_REACH)
    for cue in cues["removed"]:
        if not _mark_after(folded, gear, statuses, cue, "removed", REMOVAL_REACH):
            _mark_before(folded, gear, statuses, cue, "removed", REMOVAL_REACH)
    for cue in cues["temporary"]:
        if not _mark_after(folded, gear, statuses, cue, "temporary", NEGATION_REACH):
            _mark_before(folded, gear, statuses, cue, "temporary", REMOVAL_REACH)
    added = frozenset().union(*(_gear_of(h) for i, h in enumerate(gear) if statuses[i] == "added"))
    if _pairs(folded, lang):
        added |= {Gear.DUMBBELLS}  # "a pair of 12s" is a pair of dumbbells
    removed = frozenset().union(*(_gear_of(h) for i, h in enumerate(gear) if statuses[i] == "removed"))
    temporary = frozenset().union(*(_gear_of(h) for i, h in enumerate(gear) if statuses[i] == "temporary"))
    if added and Gear.BENCH in added and find(folded, "adjustable"):
        added |= {Gear.INCLINE_BENCH}
    other_cues = [cue for table in ("acquired", "removed", "negation", "temporary") for cue in cues[table]]
    only_cues = [
        cue for cue in cues["only"] if not any(o.start <= cue.start and cue.end <= o.end for o in other_cues)
    ]
    only = any(
        statuses[i] == "added"
        and 0 <= hit.start - cue.end <= ONLY_REACH
        and not _between(folded, cue.end, hit.start)
        and not any(cue.end <= other.start < hit.start for other in other_cues)
        for cue in only_cues
        for i, hit in enumerate(gear)
    )
    cap, unit = _dumbbell_cap(folded, lang, gear, statuses)
    gym = [hit for hit in find(folded, "gym")]
    full_gym = not gym_is_its_list(len(added - removed), cap) and (
        bool(gym)
        and not find(folded, "home")
        and not any(
            0 <= g.start - cue.end <= NEGATION_REACH
            for g in gym
            for cue in cues["negation"] + cues["removed"]
        )
    )
    pairs = _pair_list(folded, gear, statuses) if cap is not None else ()
    if pairs and pairs[-1] < cap - 0.05:  # type: ignore[operator]
        pairs = ()  # a heavier load elsewhere in the sentence: not a list of the pairs owned
    return EquipmentChange(
        added=frozenset(added - removed),
        removed=frozenset(removed),
        temporary=frozenset(temporary),
        only=only,
        full_gym=full_gym,
        dumbbell_max_lb=cap,
        load_unit=unit,
        dumbbell_pairs_lb=pairs,
        lang=lang,
    )


def _mark_after(
    folded: str, gear: list[Hit], statuses: dict[int, str], cue: Hit, status: str, reach: int
) -> bool:
    """The first gear after the cue in its clause (and the gear joined to it) takes `status`."""
    following = [i for i, hit in enumerate(gear) if hit.start >= cue.end]
    if not following:
        return False
    first = following[0]
    if gear[first].start - cue.end > reach or _between(folded, cue.end, gear[first].start, _BREAKS):
        return False
    _set(statuses, first, status)
    while first + 1 < len(gear) and _joined(folded, gear[first], gear[first + 1]):
        first += 1
        _set(statuses, first, status)
    return True


def _mark_before(
    folded: str, gear: list[Hit], statuses: dict[int, str], cue: Hit, status: str, reach: int
) -> None:
    """The last gear before a trailing cue in its clause ("the bench is broken", "скамьи нет",
    "椅子賣掉了"), and the list joined to it ("гантелей и скамьи нет")."""
    preceding = [i for i, hit in enumerate(gear) if hit.end <= cue.start]
    if not preceding:
        return
    last = preceding[-1]
    if cue.start - gear[last].end > reach or _between(folded, gear[last].end, cue.start, _BREAKS):
        return
    _set(statuses, last, status)
    while last > 0 and _joined(folded, gear[last - 1], gear[last]):
        last -= 1
        _set(statuses, last, status)


_PRIORITY = {"added": 0, "removed": 1, "temporary": 2}
"""A taken bench is taken, whatever else the sentence says about it."""


def _set(statuses: dict[int, str], index: int, status: str) -> None:
    if _PRIORITY[status] > _PRIORITY[statuses[index]]:
        statuses[index] = status


def _dumbbell_cap(
    folded: str, lang: str, gear: list[Hit], statuses: dict[int, str]
) -> tuple[float | None, str | None]:
    """The heaviest dumbbell: the largest load in a sentence that names dumbbells as owned, or a
    pair ("pair of 12s", unit-less: the language's usual unit)."""
    sentences = {
        len(_SENTENCE_BREAK.findall(folded[: hit.start]))
        for i, hit in enumerate(gear)
        if Gear.DUMBBELLS in _gear_of(hit) and statuses[i] == "added"
    }
    found: list[tuple[float, str]] = [
        (load.pounds, load.unit)
        for load in loads_of(folded)
        if len(_SENTENCE_BREAK.findall(folded[: load.start])) in sentences
        and not _DENIED_LOAD.search(folded[max(0, load.start - 16) : load.start])
    ]
    found += _pairs(folded, lang)
    if not found:
        return None, None
    pounds, unit = max(found)
    return pounds, unit


_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_LIST_GLUE = re.compile(
    r"^\s*(?:[^\W\d_]{1,8}\.?)?\s*(?:[,\u3001\uff0c]\s*(?:"
    + alternation("load_list_joins")
    + r")?|"
    + alternation("load_list_joins")
    + r")\s*$"
)
"""Between two loads of a list: an optional unit, then a comma or "and" ("10, 15", "10 kg и 12",
"10、15", "25 and 40"); "to", "-" and "up to" make a range (every pair), never a list."""


def _pair_list(folded: str, gear: list[Hit], statuses: dict[int, str]) -> tuple[float, ...]:
    """The fixed dumbbell pairs a sentence lists ("dumbbells 10, 15, 25 and 40 lb", "гантели 8, 12 и
    16 кг"): two or more numbers in a dumbbell sentence joined by commas or "and", at least one of them
    with a unit, which the numbers without one share. Empty when there is no such list."""
    sentences = {
        len(_SENTENCE_BREAK.findall(folded[: hit.start]))
        for i, hit in enumerate(gear)
        if Gear.DUMBBELLS in _gear_of(hit) and statuses[i] == "added"
    }
    units = {load.start: load.unit for load in loads_of(folded)}
    numbers = [
        match
        for match in _NUMBER.finditer(folded)
        if len(_SENTENCE_BREAK.findall(folded[: match.start()])) in sentences
    ]
    chains: list[list[re.Match[str]]] = []
    for match in numbers:
        if chains and _LIST_GLUE.match(folded[chains[-1][-1].end() : match.start()]):
            chains[-1].append(match)
        else:
            chains.append([match])
    for found in chains:
        # numbers without a unit share the unit of a load after them ("10, 15 and 25 lb"); a number
        # after the list's last load is something else ("40 lb, 3 days a week")
        last = max((i for i, m in enumerate(found) if m.start() in units), default=-1)
        chain = found[: last + 1]
        if len(chain) < 2:
            continue
        unit = units[chain[-1].start()]
        pounds = []
        for match in chain:
            value = float(match.group().replace(",", "."))
            own = units.get(match.start(), unit)
            pounds.append(round(value * KG_TO_LB, 1) if own == "kg" else value)
        return tuple(sorted(set(pounds)))
    return ()


def _pairs(folded: str, lang: str) -> list[tuple[float, str]]:
    """Dumbbell pairs without a unit ("pair of 12s", "une paire de 20", "пара по 16"): the language's
    usual unit (lb in English, kg elsewhere)."""
    default_unit = str(facts_words(lang).get("default_unit", "kg"))
    found: list[tuple[float, str]] = []
    for template in phrases("pair", (lang,)):
        pattern = re.escape(fold(template)).replace(re.escape("{num}"), r"(\d+(?:[.,]\d+)?)")
        for match in re.finditer(pattern + r"(?!\s*(?:kg|lb|\d))", folded):
            value = float(match.group(1).replace(",", "."))
            found.append((round(value * KG_TO_LB, 1) if default_unit == "kg" else value, default_unit))
    return found


def read_inventory(text: str) -> InventoryFacts:
    """The equipment a fact describes: gear named (and not denied), gear said to be missing, a gym."""
    change = read_change(text)
    return InventoryFacts(
        owned=change.added,
        not_owned=change.removed - change.added,
        full_gym=change.full_gym,
        dumbbell_max_lb=change.dumbbell_max_lb,
        load_unit=change.load_unit,
        dumbbell_pairs_lb=change.dumbbell_pairs_lb,
    )


def apply_change(before: InventoryFacts | None, change: EquipmentChange) -> InventoryFacts:
    """The inventory after a change, keeping everything the change does not touch: bought adds, sold,
    broken or lost removes (a bench of any angle), "only X" replaces the owned gear with X; the
    dumbbell cap is the new one when given; temporary unavailability is not the inventory's business."""
    base = before or InventoryFacts()
    owned = set(change.added) if change.only else set(base.owned) | set(change.added)
    owned -= covered(change.removed) - change.added
    not_owned = (set(base.not_owned) - set(change.added)) | set(change.removed)
    full_gym = (change.full_gym or base.full_gym) and not change.only
    if change.removed and full_gym:
        not_owned |= set(change.removed)
    cap = change.dumbbell_max_lb if change.dumbbell_max_lb is not None else base.dumbbell_max_lb
    # a cap restated without its unit keeps the unit the fact was written in ("22 kg", not "48.5 lb")
    unit = (change.load_unit or base.load_unit) if change.dumbbell_max_lb is not None else base.load_unit
    # a new cap without a list of pairs ("dumbbells up to 60 lb now") replaces the old list too
    pairs = change.dumbbell_pairs_lb if change.dumbbell_max_lb is not None else base.dumbbell_pairs_lb
    if Gear.DUMBBELLS not in owned and not full_gym:
        cap, unit, pairs = None, None, ()
    return InventoryFacts(
        owned=frozenset(owned),
        not_owned=frozenset(not_owned - owned),
        full_gym=full_gym,
        dumbbell_max_lb=cap,
        load_unit=unit,
        dumbbell_pairs_lb=pairs,
    )


@lru_cache(maxsize=2048)
def read_areas(text: str) -> frozenset[BodyArea]:
    """The body areas a text names, in any supported language ("lower back", "épaule", "колено")."""
    return frozenset(BodyArea(hit.key) for hit in find(fold(text), "areas"))


def read_area(text: str) -> BodyArea | None:
    """One area from a short body-part text: the canonical key itself, or the first area named."""
    try:
        return BodyArea(text.strip().lower().replace(" ", "_"))
    except ValueError:
        found = read_areas(text)
        return sorted(found)[0] if found else None


def read_side(text: str) -> Side | None:
    hits = find(fold(text), "sides")
    key = hits[0].key if hits else None
    return key if key in ("left", "right", "both") else None  # type: ignore[return-value]


def is_severe(text: str) -> bool:
    """Whether a condition's wording says it is too serious to train around (surgery, a tear...)."""
    return bool(find(fold(text), "severe"))


def read_body(text: str, *, body_part: str | None = None, side: Side | None = None) -> BodyFacts:
    """Areas (from the body part if given, else the text), side and severity of a condition."""
    areas = read_areas(body_part) if body_part else frozenset()
    return BodyFacts(
        areas=tuple(sorted(areas or read_areas(text))),
        side=side or read_side(body_part or "") or read_side(text),
        severe=is_severe(text),
    )


def read_goal(text: str) -> str | None:
    """ "strength" or "hypertrophy" when the goal text names one, else None (general fitness)."""
    hits = find(fold(text), "goals")
    for key in ("strength", "hypertrophy"):
        if any(hit.key == key for hit in hits):
            return key
    return None


def read_schedule(text: str) -> tuple[int | None, int | None]:
    """(days per week, minutes per session) a goal or schedule text gives ("4 days, 60 min")."""
    folded = fold(text)
    days = re.search(r"(\d)\s*(?:x\s*)?(?:" + "|".join(phrases("days_units")) + ")", folded)
    minutes = re.search(r"(\d{2,3})\s*(?:" + "|".join(phrases("minutes_units")) + ")", folded)
    count = int(days.group(1)) if days and 1 <= int(days.group(1)) <= 7 else None
    return count, int(minutes.group(1)) if minutes else None
