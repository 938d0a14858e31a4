"""Tables for the progressions beyond double progression (issue 18 item 2): timed holds by seconds,
dumbbell pairs as the user owns them (gaps included), and bodyweight work by reps, then a harder
library variation, added load when there is something to add it with, sets, then tempo and pauses."""

from __future__ import annotations

import pytest

from fitcoach.contract.models import PlannedExercise
from fitcoach.engine.program import DoneExercise, DoneSet
from fitcoach.engine.program.holds import HOLD_CAP
from fitcoach.engine.program.loads import MAX_SETS_AT_CAP, Outcome
from fitcoach.engine.program.progress import progress
from fitcoach.engine.program.words import Words
from fitcoach.languages.registry import understood
from fitcoach.library import get_library
from fitcoach.library.gear import Inventory

LIBRARY = get_library()
NOTHING = Inventory(gear=frozenset())


def hold(seconds: str = "45s", sets: int = 3) -> PlannedExercise:
    return PlannedExercise(exercise_id="plank", target_sets=sets, target_reps=seconds, rest_seconds=60)


def held(times: list[int | None]) -> DoneExercise:
    return DoneExercise("plank", tuple(DoneSet(0, 1, "lb", None, False, t) for t in times))


@pytest.mark.parametrize(
    ("target", "sets", "times", "outcome", "reps", "new_sets"),
    [
        ("45s", 3, [45, 45, 46], Outcome.HIT, "50s", 3),  # every set held: +5 s
        ("60s", 3, [60, 61, 60], Outcome.HIT, "70s", 3),  # from a minute: +10 s
        ("85s", 3, [85, 85, 85], Outcome.HIT, f"{HOLD_CAP}s", 3),  # never past the cap
        (f"{HOLD_CAP}s", 3, [HOLD_CAP] * 3, Outcome.HIT, f"{HOLD_CAP}s", 4),  # at the cap: a set
        ("45s", 3, [45, 45], Outcome.IN_RANGE, "45s", 3),  # a set short: hold it
        ("45s", 3, [45, 44, 42], Outcome.IN_RANGE, "45s", 3),  # close: hold it
        ("45s", 3, [45, 30, 25], Outcome.FAILED, "40s", 3),  # well short: a step back
        ("45s", 3, [None, None, None], Outcome.IN_RANGE, "45s", 3),  # no durations: nothing to judge
    ],
)
def test_holds_progress_by_seconds_then_sets(
    target: str, sets: int, times: list[int | None], outcome: Outcome, reps: str, new_sets: int
) -> None:
    entry = LIBRARY.require("plank")
    result = progress(
        hold(target, sets), entry, held(times), last_load=None, inventory=NOTHING, words=Words()
    )
    assert result.outcome is outcome
    assert result.exercise.target_reps == reps and result.exercise.target_sets == new_sets
    assert result.exercise.target_load is None
    assert (result.change is None) == (reps == target and new_sets == sets)


def test_a_hold_not_trained_is_left_as_it_was() -> None:
    result = progress(
        hold(), LIBRARY.require("plank"), None, last_load=None, inventory=NOTHING, words=Words()
    )
    assert result.outcome is Outcome.MISSED and result.exercise == hold() and result.change is None


def test_at_the_cap_with_every_set_the_hold_stays() -> None:
    full = hold(f"{HOLD_CAP}s", MAX_SETS_AT_CAP)
    result = progress(
        full,
        LIBRARY.require("plank"),
        held([HOLD_CAP] * MAX_SETS_AT_CAP),
        last_load=None,
        inventory=NOTHING,
        words=Words(),
    )
    assert result.exercise == full and result.change is None


@pytest.mark.parametrize("lang", sorted(understood()))
def test_hold_changes_are_said_in_every_language(lang: str) -> None:
    entry = LIBRARY.require("plank")
    up = progress(hold(), entry, held([45, 45, 45]), last_load=None, inventory=NOTHING, words=Words(lang))
    down = progress(hold(), entry, held([45, 20, 20]), last_load=None, inventory=NOTHING, words=Words(lang))
    capped = progress(
        hold(f"{HOLD_CAP}s"),
        entry,
        held([HOLD_CAP] * 3),
        last_load=None,
        inventory=NOTHING,
        words=Words(lang),
    )
    name = entry.localized_name(lang)
    for result, number in ((up, "50"), (down, "40"), (capped, str(HOLD_CAP))):
        assert result.change is not None
        assert name in result.change.text and number in result.change.text
    if lang != "en":
        english = progress(
            hold(), entry, held([45, 45, 45]), last_load=None, inventory=NOTHING, words=Words()
        )
        assert english.change is not None and up.change is not None
        assert up.change.text != english.change.text
