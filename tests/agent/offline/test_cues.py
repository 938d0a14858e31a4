"""The technique cue library covers every library exercise and every common problem in each language."""

from __future__ import annotations

import pytest

from fitcoach.agent.offline.answering.catalog import REPLY_LANGUAGES
from fitcoach.agent.offline.cues import PROBLEMS, cue_book, families, technique_cues
from fitcoach.library import get_library


def test_every_library_exercise_has_a_family() -> None:
    assert sorted(families()) == sorted(get_library().slugs)


@pytest.mark.parametrize("lang", REPLY_LANGUAGES)
def test_every_family_and_problem_has_cues(lang: str) -> None:
    book = cue_book(lang)
    assert set(book.families) == set(families().values())
    assert set(book.problems) == set(PROBLEMS)


@pytest.mark.parametrize("lang", REPLY_LANGUAGES)
def test_problem_fix_comes_first_and_brief_answers_stay_short(lang: str) -> None:
    brief = technique_cues("goblet-squat", lang, ["knees_caving"], detailed=False)
    assert brief[0] == cue_book(lang).problems["knees_caving"]
    assert len(brief) == 2
    assert len(technique_cues("goblet-squat", lang, ["knees_caving"], detailed=True)) == 4


def test_cannot_feel_target_leads_with_the_family_feel_cue() -> None:
    cues = technique_cues("single-arm-db-row", "en", ["no_target_feel"], detailed=False)
    assert "lats" in cues[0]


def test_unknown_exercise_still_gets_advice() -> None:
    assert technique_cues(None, "fr", [], detailed=False)
