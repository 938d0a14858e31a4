"""Days the user gives as rest in a schedule ("de segunda a sábado, domingo descanso", "выходные —
среда и воскресенье", "jours de repos : mercredi et dimanche", "keep Monday and the weekend free"):
the run of weekdays right beside a rest word. They rest and are never the new schedule's days, like
the days the learned tagger reads as avoided (`day_avoid`)."""

from __future__ import annotations

import re

from fitcoach.agent.offline.understanding.model import DayMention
from fitcoach.contract.models import Weekday
from fitcoach.languages.grammar import word_set
from fitcoach.languages.lexicon import Match

REST_REACH = 12
"""Characters that may sit between a rest word and its days ("Sunday will be my rest day")."""

_BREAK = re.compile(r"[.!?;,\n\u3002\uff01\uff1f\uff1b\uff0c]")
"""A rest word never reaches across a sentence or a comma ("Mon to Sat, Sunday rest": only Sunday)."""

_JOINS = word_set("gear_list_joins") | {"/", "\u3001"}
_ARTICLES = word_set("articles") | word_set("definite_articles")


def _joined(folded: str, left: Match, right: Match) -> bool:
    """Two day words of one list: only a joining word ("and", "e", "и", "和", "、", "/") and articles
    between them. A bare comma or a range word does not join ("de segunda a sábado, domingo")."""
    gap = folded[left.end : right.start].replace("/", " / ").replace("\u3001", " \u3001 ")
    words = gap.split()
    return any(w in _JOINS for w in words) and all(w in _JOINS or w in _ARTICLES for w in words)


def _runs(folded: str, days: list[Match]) -> list[list[Match]]:
    runs: list[list[Match]] = []
    for match in sorted(days, key=lambda m: m.start):
        if runs and _joined(folded, runs[-1][-1], match):
            runs[-1].append(match)
        else:
            runs.append([match])
    return runs


def rested_weekdays(folded: str, matches: list[Match], days: list[DayMention]) -> frozenset[Weekday]:
    """The weekdays of each run of day words beside a rest word: either side within `REST_REACH`
    for a rest word ("rest days: Wed and Sun", "domingo descanso"), right before it for a word that
    means rest only after its day ("Sunday off", "segunda livre"; "I'm free Monday" is a day to
    train)."""
    rests = [m for m in matches if m.category == "cue" and m.key in ("rest", "rest_after")]
    words = [m for m in matches if m.category == "weekday" or (m.category, m.key) == ("relative", "weekend")]
    if not rests or not words:
        return frozenset()
    rested: list[Match] = []
    for run in _runs(folded, words):
        for rest in rests:
            before = folded[run[-1].end : rest.start] if run[-1].end <= rest.start else None
            after = folded[rest.end : run[0].start] if rest.end <= run[0].start else None
            reach = REST_REACH if rest.key == "rest" else 1
            if any(
                gap is not None and len(gap) <= reach and not _BREAK.search(gap)
                for gap in (before, after if rest.key == "rest" else None)
            ):
                rested += run
    spans = [(m.start, m.end) for m in rested]
    return frozenset(d.weekday for d in days if any(a <= d.start < b for a, b in spans))
