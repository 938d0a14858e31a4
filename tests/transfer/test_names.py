"""Exercise names to library slugs: the five languages' names and aliases, the apps' own naming, fuzzy
matches with a confidence, and names below it left for the user (never guessed)."""

from __future__ import annotations

import pytest

from fitcoach.library import get_library
from fitcoach.transfer.names import MIN_CONFIDENCE, NameMatcher


@pytest.fixture(scope="module")
def matcher() -> NameMatcher:
    return NameMatcher(get_library())


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        # the apps' naming
        ("Bench Press (Dumbbell)", "flat-db-bench-press"),
        ("Incline Bench Press (Dumbbell)", "incline-db-bench-press"),
        ("Romanian Deadlift (Barbell)", "romanian-deadlift"),
        ("Pull Up", "pull-up"),
        ("Lat Pull Down (Cable)", "lat-pulldown"),
        ("Squat (Barbell)", "barbell-back-squat"),
        ("Lying Leg Curl (Machine)", "lying-hamstring-curl"),
        # 'Name (Gear)' read as 'Gear Name' against the library's aliases
        ("Goblet Squat (Dumbbell)", "goblet-squat"),
        # five languages
        ("Barbell Bench Press", "flat-bb-bench-press"),
        ("Développé couché", "flat-bb-bench-press"),
        ("developpe couche", "flat-bb-bench-press"),
        ("supino reto", "flat-bb-bench-press"),
        ("Жим лёжа", "flat-bb-bench-press"),
        ("жим лежа", "flat-bb-bench-press"),
        ("臥推", "flat-bb-bench-press"),
        ("卧推", "flat-bb-bench-press"),
        ("soulevé de terre roumain", "romanian-deadlift"),
    ],
)
def test_exact_names(matcher: NameMatcher, name: str, slug: str) -> None:
    found = matcher.match(name)
    assert (found.slug, found.confidence) == (slug, 1.0)


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Romanian Deadlifts (Barbell)", "romanian-deadlift"),
        ("Bulgarian Split Squats", "bulgarian-split-squat"),
        ("Lying Leg Curls (Machine)", "lying-hamstring-curl"),
    ],
)
def test_fuzzy_names_carry_their_confidence(matcher: NameMatcher, name: str, slug: str) -> None:
    found = matcher.match(name)
    assert found.slug == slug
    assert MIN_CONFIDENCE <= found.confidence < 1.0


@pytest.mark.parametrize(
    ("name", "suggested"),
    [
        # a barbell incline press is not the library's dumbbell one: asked, not guessed
        ("Incline Bench Press (Barbell)", "incline-db-bench-press"),
        ("Hip Thrust (Barbell)", None),
        ("Zercher Carry (Barbell)", None),
    ],
)
def test_names_below_the_confidence_are_not_mapped(
    matcher: NameMatcher, name: str, suggested: str | None
) -> None:
    found = matcher.match(name)
    assert found.slug is None and found.confidence < MIN_CONFIDENCE
    if suggested:
        assert suggested in found.suggestions
