"""e1RM formulas against the published figures of science.md §5 (±0.01) and the r = 1 rule."""

from __future__ import annotations

import pytest

from fitcoach.analytics.e1rm import RAW_FORMULAS, Formula, estimate_1rm, load_for_reps

# (formula, w, r, expected) straight from the table in science.md §5.
TABLE = [
    (Formula.EPLEY, 100, 5, 116.67),
    (Formula.EPLEY, 100, 10, 133.33),
    (Formula.EPLEY, 80, 8, 101.33),
    (Formula.EPLEY, 60, 12, 84.00),
    (Formula.BRZYCKI, 100, 5, 112.50),
    (Formula.BRZYCKI, 100, 10, 133.33),
    (Formula.BRZYCKI, 80, 8, 99.31),
    (Formula.BRZYCKI, 60, 12, 86.40),
    (Formula.LANDER, 100, 5, 113.71),
    (Formula.LANDER, 100, 1, 101.39),
    (Formula.LANDER, 60, 12, 86.65),
    (Formula.LOMBARDI, 100, 5, 117.46),
    (Formula.LOMBARDI, 100, 10, 125.89),
    (Formula.LOMBARDI, 80, 8, 98.49),
    (Formula.MAYHEW, 100, 5, 119.01),
    (Formula.MAYHEW, 100, 1, 108.86),
    (Formula.MAYHEW, 60, 12, 81.24),
    (Formula.OCONNER, 100, 5, 112.50),
    (Formula.OCONNER, 80, 8, 96.00),
    (Formula.WATHAN, 100, 5, 116.58),
    (Formula.WATHAN, 100, 10, 134.75),
    (Formula.WATHAN, 60, 12, 84.90),
    (Formula.EPLEY, 100, 1, 103.33),
]


@pytest.mark.parametrize(("formula", "weight", "reps", "expected"), TABLE)
def test_published_equations_match_science_md(
    formula: Formula, weight: float, reps: int, expected: float
) -> None:
    assert RAW_FORMULAS[formula](weight, reps) == pytest.approx(expected, abs=0.01)


@pytest.mark.parametrize("formula", list(Formula))
def test_a_single_counts_as_its_own_weight(formula: Formula) -> None:
    assert estimate_1rm(100, 1, formula) == 100


def test_epley_is_the_default_and_equals_brzycki_at_ten_reps() -> None:
    assert estimate_1rm(100, 5) == pytest.approx(116.67, abs=0.01)
    assert estimate_1rm(100, 10) == pytest.approx(estimate_1rm(100, 10, Formula.BRZYCKI), abs=0.01)


@pytest.mark.parametrize(
    ("reps", "rir", "expected"), [(8, 2, 87.50), (10, 1, 85.37), (12, 3, 77.78), (5, 0, 100.0)]
)
def test_inverted_epley_prescriptions(reps: int, rir: int, expected: float) -> None:
    assert load_for_reps(estimate_1rm(100, 5), reps, rir) == pytest.approx(expected, abs=0.01)


def test_invalid_rep_counts_raise() -> None:
    with pytest.raises(ValueError):
        estimate_1rm(100, 0)
    with pytest.raises(ValueError):
        estimate_1rm(100, 37, Formula.BRZYCKI)
