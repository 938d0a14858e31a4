"""Physiological reports and their end: slang that means sore muscles or a tired body depending on
what it describes, and which remembered item a "it's healed" or "it's cancelled" message closes."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from fitcoach.agent.offline.understanding.entities import clause_of, sentence_of, tokenize
from fitcoach.contract.models import Tier, Tier1Entry, Tier2Entry, Tier3Entry
from fitcoach.languages.grammar import alternation, fragments, word_set
from fitcoach.languages.lexicon import Match, PhraseMatcher
from fitcoach.languages.text import fold
from fitcoach.memory.model import MemoryItem

WORN = "worn"
"""Lexicon condition key of the words that say "worn out" ("destroyed", "moído", "убитые",
"廢了"): sore muscles when they describe a body part, a tired body when they stand alone."""


NEGATION_REACH = 25
"""Characters before a worn word a negation may stand ("make sure my legs aren't trashed")."""

_NEGATION = re.compile(
    r"(?<![^\W_])" + alternation("negation") + r"(?![^\W_])|" + alternation("negation_chars")
)


def _negated(folded: str, match: Match) -> bool:
    window = folded[max(0, match.start - NEGATION_REACH) : match.start]
    hits = list(_NEGATION.finditer(window))
    return bool(hits) and clause_of(window, hits[-1].start()) == clause_of(window, len(window))


def affirmed_goal(folded: str, matches: list[Match]) -> str | None:
    """The goal the user states, not the one they deny: "fat loss, not hypertrophy anymore",
    "emagrecer, não mais hipertrofia", "не масса, а сила", "不是增肌，是減脂"."""
    goals = [m for m in matches if m.category == "goal"]
    kept = [m for m in goals if not _negated(folded, m)]
    return (kept or goals)[0].key if goals else None


def resolve_worn(folded: str, matches: list[Match]) -> list[Match]:
    """ "my quads are destroyed" is soreness, "I'm destroyed" fatigue. A worn word about gear ("o
    banco está quebrado"), negated or inside a wish to stay fresh ("legs not fried for Saturday") is
    neither."""
    areas = {clause_of(folded, m.start) for m in matches if m.category == "area"}
    gear = {clause_of(folded, m.start) for m in matches if m.category == "gear"}
    protect = [m for m in matches if m.category == "cue" and m.key == "protect"]
    resolved: list[Match] = []
    for match in matches:
        if match.category != "condition" or match.key != WORN:
            resolved.append(match)
            continue
        if any(p.start <= match.start and match.end <= p.end for p in protect) or _negated(folded, match):
            continue
        clause = clause_of(folded, match.start)
        if clause in areas:
            resolved.append(replace(match, key="soreness"))
        elif clause not in gear:
            resolved.append(replace(match, key="fatigue"))
    return resolved


REPORTS = frozenset({"pain", "soreness", "fatigue"})

_WITHOUT = word_set("without")
""""can't squat without pain" reports the pain: "without" denies nothing here."""


DENIAL_REACH = 12
"""Characters between a negation and the pain word it denies: "no pain", "не болит", "沒有受傷",
"não tô com dor"; further away it is about something else ("not sure why my knee hurts")."""

_NOT_DENIALS = tuple(sorted(fragments("not_denials"), key=len, reverse=True))
"""Negations that deny nothing about the body: "not sure why", "不小心", "не понимаю почему"."""

_NOT_HEALED = word_set("not_healed")
"""Words of the "resolved" cue that do not say a pain is over: "forget about squats", "good to go"."""


_CLAUSE_BREAK = re.compile(r"[.!?;:,\n\u3002\uff01\uff1f\uff1b\uff0c\uff1a]")
_CONDITIONAL = re.compile(
    r"(?<![^\W_])" + alternation("conditionals") + r"(?![^\W_])|" + alternation("conditional_chars")
)


def supposes(folded: str) -> bool:
    """The message asks about a supposition: a question whose clause opens with "if" ("se eu viajar
    em dezembro, como a gente faria com os treinos?", "question théorique : si un jour je passais à
    6 jours/semaine, ce serait du PPL ?"). It asks for an answer, not for the change it imagines."""
    return any(
        not re.search(r"[^\W_]", folded[_clause_start(folded, hit.start()) : hit.start()])
        and _QUESTION_END.match(folded, hit.end()) is not None
        and not folded.startswith(_COURTESIES, hit.start())
        for hit in _CONDITIONAL.finditer(folded)
    )


_COURTESIES = tuple(fold(phrase) for phrase in fragments("courtesy_conditionals"))
"""An "if" of courtesy opens a request, not a supposition ("if you can, make tomorrow lighter?",
"si possible, décale vendredi ?", "如果可以，週五改短一點？")."""


_QUESTION_END = re.compile(r"[^.!?\n\u3002\uff01\uff1f]*[?\uff1f]")
"""From a position to the end of its sentence, which must be a question mark."""


def _clause_start(folded: str, position: int) -> int:
    starts = [m.end() for m in _CLAUSE_BREAK.finditer(folded[:position])]
    return starts[-1] if starts else 0


def _supposed(folded: str, position: int) -> bool:
    """A word of healing after "if" in its clause is a supposition ("si demain j'ai plus mal au
    genou, je peux refaire les fentes ?", "если колено перестанет болеть"), not news."""
    clause = clause_of(folded, position)
    return any(clause_of(folded, hit.start()) == clause for hit in _CONDITIONAL.finditer(folded[:position]))


def reported(folded: str, matches: list[Match]) -> tuple[list[Match], list[str]]:
    """The matches without the pain, soreness and fatigue the message denies, supposes ("if it
    hurts tomorrow…") or says are over: a
    negation right before it in its clause ("j'ai PAS mal au dos", "спина НЕ болит", "我沒有受傷",
    "não tô com dor nenhuma"), not one of uncertainty ("不小心扭到腳踝很痛", "not sure why my knee
    hurts"), or a "healed" word after it in its clause ("上週的腰痠已經完全好了", "the elbow pain is
    gone"). Telling the coach what is *not* wrong is no report to remember. Also the areas of a denied
    pain: no muscle to train either ("não tô com dor no ombro"), still the area a healed item is found
    by; one the user wants fresh is not among them ("que mes épaules ne soient pas trop fatiguées")."""

    def denied(match: Match) -> bool:
        start = max(0, match.start - DENIAL_REACH)
        window = folded[start : match.start]
        hits = [
            h
            for h in _NEGATION.finditer(window)
            if h.group(0) not in _WITHOUT and not folded[start + h.start() :].startswith(_NOT_DENIALS)
        ]
        return bool(hits) and clause_of(window, hits[-1].start()) == clause_of(window, len(window))

    def healed(match: Match) -> bool:
        clause = clause_of(folded, match.start)
        return any(
            m.category == "cue"
            and m.key == "resolved"
            and m.start >= match.end
            and clause_of(folded, m.start) == clause
            and folded[m.start : m.end] not in _NOT_HEALED
            for m in matches
        )

    reports = [m for m in matches if m.category == "condition" and m.key in REPORTS]
    # "if my knee hurts tomorrow, do I skip lunges?": a pain supposed is no pain reported
    gone = [m for m in reports if denied(m) or healed(m) or _supposed(folded, m.start)]
    protect = {clause_of(folded, m.start) for m in matches if m.category == "cue" and m.key == "protect"}
    quiet = {clause_of(folded, m.start) for m in gone if m.key == "pain"} - protect
    areas = [m.key for m in matches if m.category == "area" and clause_of(folded, m.start) in quiet]
    return [m for m in matches if m not in gone], list(dict.fromkeys(areas))


def hurt_areas(folded: str, matches: list[Match]) -> list[str]:
    """Every area in the clause of a pain, soreness or fatigue word: "chest and shoulders are
    wrecked" reports two. Areas only in the same sentence stay out ("knee feels off, it hurts on
    the stairs, do I change today's legs?" reports the knee alone)."""
    reports = [m for m in matches if m.category == "condition" and m.key in REPORTS]
    clauses = {clause_of(folded, m.start) for m in reports}
    areas = [m for m in matches if m.category == "area" and clause_of(folded, m.start) in clauses]
    return list(dict.fromkeys(m.key for m in areas))


def operated_areas(folded: str, matches: list[Match]) -> list[str]:
    """Areas in the sentence of a surgery word ("had my ACL reconstructed", "opéré du genou",
    "прооперировал плечо", "operei o joelho", "膝蓋開過刀"): a long-standing condition (R18)."""
    surgeries = {sentence_of(folded, m.start) for m in matches if m.category == "cue" and m.key == "surgery"}
    areas = [m for m in matches if m.category == "area" and sentence_of(folded, m.start) in surgeries]
    return list(dict.fromkeys(m.key for m in areas))


AreaKeys = Callable[[str], set[str]]
"""The lexicon area keys a remembered text names, in any supported language."""


def area_keys(matcher: PhraseMatcher) -> AreaKeys:
    def keys(text: str) -> set[str]:
        folded = fold(text)
        return {m.key for m in matcher.find(folded, tokenize(folded)) if m.category == "area"}

    return keys


def event_keys(matcher: PhraseMatcher, text: str) -> set[str]:
    folded = fold(text)
    return {m.key for m in matcher.find(folded, tokenize(folded)) if m.category == "event"}


def healed_items(
    memory: Sequence[MemoryItem], areas: set[str], now: dt.datetime, keys_of: AreaKeys
) -> list[MemoryItem]:
    """Active tier-2 states and tier-1 chronic conditions about the areas the message names."""
    if not areas:
        return []
    found: list[MemoryItem] = []
    for item in memory:
        if not item.is_active(now):
            continue
        entry = item.entry
        chronic = isinstance(entry, Tier1Entry) and entry.category == "chronic_condition"
        if not (isinstance(entry, Tier2Entry) or chronic):
            continue
        assert isinstance(entry, Tier1Entry | Tier2Entry)
        if keys_of(f"{entry.body_part or ''} {entry.fact}") & areas:
            found.append(item)
    return found


def cancelled_items(
    memory: Sequence[MemoryItem],
    events: set[str],
    now: dt.datetime,
    matcher: PhraseMatcher,
    *,
    names_something_else: bool,
) -> list[MemoryItem]:
    """Active tier-3 events of the kind the message names ("the business trip is off"); a bare "it
    got cancelled" closes the only event on record, unless the message is about a lift or a day."""
    situational = [i for i in memory if i.tier is Tier.SITUATIONAL and i.is_active(now)]
    if not events:
        return situational if len(situational) == 1 and not names_something_else else []
    found: list[MemoryItem] = []
    for item in situational:
        entry = item.entry
        assert isinstance(entry, Tier3Entry)
        if event_keys(matcher, f"{entry.event} {entry.fact}") & events:
            found.append(item)
    return found


def closed_items(
    folded: str,
    memory: Sequence[MemoryItem],
    matches: list[Match],
    cue_keys: frozenset[str],
    now: dt.datetime,
    every_language: PhraseMatcher,
    about_training: bool,
) -> tuple[list[MemoryItem], list[MemoryItem]]:
    """Remembered items the message closes (R26 DELETE): states and conditions it says are healed,
    events it says are cancelled, matched by body part or event kind in any language."""
    healed: list[MemoryItem] = []
    resolutions = [m for m in matches if m.category == "cue" and m.key == "resolved"]
    if "resolved" in cue_keys and not all(_supposed(folded, m.start) for m in resolutions):
        areas = {m.key for m in matches if m.category == "area"}
        healed = healed_items(memory, areas, now, area_keys(every_language))
    cancelled: list[MemoryItem] = []
    if "cancelled" in cue_keys:
        events = {m.key for m in matches if m.category == "event"}
        cancelled = cancelled_items(memory, events, now, every_language, names_something_else=about_training)
    return healed, cancelled
