"""The fast copies the fill loops use must be exactly what pydantic's `model_copy` would give."""

from __future__ import annotations

import pytest

from fitcoach.contract.models import PlannedExercise
from fitcoach.engine.sessions import with_rest, with_sets

PLANNED = [
    PlannedExercise(
        exercise_id="db-bench", name="DB bench", target_sets=3, target_reps="8-10", rest_seconds=90
    ),
    PlannedExercise(exercise_id="plank", target_sets=4, target_reps="45s", rest_seconds=60, target_rir=2),
]


@pytest.mark.parametrize("planned", PLANNED)
def test_with_sets_equals_model_copy(planned: PlannedExercise) -> None:
    copied = with_sets(planned, 2)
    expected = planned.model_copy(update={"target_sets": 2})
    assert copied == expected
    assert copied.model_fields_set == expected.model_fields_set
    assert copied.model_dump(exclude_unset=True) == expected.model_dump(exclude_unset=True)
    assert planned.target_sets != 2  # the original is untouched


@pytest.mark.parametrize("planned", PLANNED)
def test_with_rest_equals_model_copy(planned: PlannedExercise) -> None:
    copied = with_rest(planned, 45)
    expected = planned.model_copy(update={"rest_seconds": 45})
    assert copied == expected
    assert copied.model_fields_set == expected.model_fields_set
    assert planned.rest_seconds != 45
