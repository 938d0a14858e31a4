"""The curated technique cue library: per movement family (every library exercise belongs to one)
and per common problem, in each supported language (data files under cues/)."""

from __future__ import annotations

import json
from functools import cache, lru_cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict

from fitcoach.agent.offline.answering.catalog import catalog_language
from fitcoach.languages.registry import data_file

CueKind = Literal["setup", "execution", "feel"]
PROBLEMS: tuple[str, ...] = (
    "no_target_feel",
    "joint_pain",
    "back_rounding",
    "elbows_flaring",
    "knees_caving",
    "grip_fails",
    "shoulder_pinch",
    "knees_over_toes",
    "breathing",
    "dizziness",
)
WARNING_SIGNS: tuple[str, ...] = ("dizziness",)
"""Problems that are a medical warning, not a form fault: answered first, whatever else is asked."""


class FamilyCues(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    setup: str
    execution: str
    feel: str


class CueBook(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    lang: str
    families: dict[str, FamilyCues]
    problems: dict[str, str]


@lru_cache(maxsize=1)
def families() -> dict[str, str]:
    """Exercise slug → movement family (no words: which family a lift belongs to)."""
    raw = resources.files("fitcoach.agent.offline").joinpath("cues/families.json").read_text("utf-8")
    return dict(json.loads(raw))


@cache
def cue_book(lang: str) -> CueBook:
    raw = data_file(catalog_language(lang), "cues.json").read_text("utf-8")
    return CueBook.model_validate(json.loads(raw))


def technique_cues(slug: str | None, lang: str, problems: list[str], *, detailed: bool) -> list[str]:
    """The cues to give: the problem's fix first, then the exercise family's cues. Brief answers
    carry two cues; "why" and technique questions get the full set."""
    book = cue_book(lang)
    chosen: list[str] = [book.problems[p] for p in problems if p in book.problems]
    family = book.families.get(families().get(slug or "", ""))
    if family is not None:
        if "no_target_feel" in problems:
            chosen = [family.feel, *chosen, family.setup, family.execution]
        else:
            chosen = [*chosen, family.execution, family.feel, family.setup]
    if not chosen:
        chosen = [book.problems["no_target_feel"]]
    unique = list(dict.fromkeys(chosen))
    return unique if detailed else unique[:2]
