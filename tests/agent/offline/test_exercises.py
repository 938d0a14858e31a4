"""Exercises are found by canonical, localised or colloquial name, accent- and typo-tolerant."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.understanding import understand
from fitcoach.languages.lexicon import SUPPORTED_LANGUAGES
from fitcoach.library import get_library

NOW = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)


def slugs(message: str) -> list[str]:
    return understand(message, now=NOW, library=get_library()).exercises


@pytest.mark.parametrize("exercise", list(get_library()), ids=lambda e: e.slug)
def test_every_exercise_is_found_by_its_canonical_name(exercise: object) -> None:
    from fitcoach.library import Exercise

    assert isinstance(exercise, Exercise)
    assert exercise.slug in slugs(f"what about {exercise.name} today?")


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_every_exercise_is_found_by_its_preferred_local_name(lang: str) -> None:
    missing = [e.slug for e in get_library() if e.slug not in slugs(f"... {e.localized_name(lang)} ...")]
    assert missing == []


@pytest.mark.parametrize(
    ("message", "slug"),
    [
        ("DB rows feel weird", "single-arm-db-row"),
        ("my incline press is stuck", "incline-db-bench-press"),
        ("жим лёжа", "flat-bb-bench-press"),
        ("жим лежа со штангой", "flat-bb-bench-press"),
        ("supino inclinado com halteres", "incline-db-bench-press"),
        ("développé couché", "flat-bb-bench-press"),
        ("developpe incline halteres", "incline-db-bench-press"),
        ("上斜啞鈴臥推", "incline-db-bench-press"),
        ("RDLs", "romanian-deadlift"),
        ("bulgarian split squats", "bulgarian-split-squat"),
        ("skull crushers", "skull-crusher"),
        ("dumbell rows", "single-arm-db-row"),
        ("lateral raise", "db-lateral-raise"),
        ("tractions", "pull-up"),
        ("отжимания", "push-up"),
        ("remada curvada", "barbell-bent-over-row"),
        ("深蹲", "barbell-back-squat"),
        ("facepulls", "face-pull"),
    ],
)
def test_colloquial_names(message: str, slug: str) -> None:
    assert slug in slugs(message)


def test_gear_words_alone_are_not_exercises() -> None:
    assert slugs("the bench is taken") == []
    assert slugs("le banc est pris") == []
