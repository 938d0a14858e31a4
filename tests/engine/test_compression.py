"""Compression saves time before it cuts work; repair maps unknown slugs by name or to the day's focus."""

from __future__ import annotations

import pytest

from fitcoach.contract.models import Weekday
from fitcoach.engine.compression import ANCHOR_MIN_SETS, REST_FLOOR_SECONDS, compress_blocks
from fitcoach.engine.edits import compress_day
from fitcoach.engine.estimators import day_minutes
from fitcoach.engine.naming import named_exercise
from fitcoach.engine.repair import RepairKind, repair_day
from fitcoach.engine.validator import validate_day
from fitcoach.library import get_library
from fitcoach.library.models import MuscleGroup
from tests.engine.helpers import GYM, day, ex, fixture_week, seed_profile

LIBRARY = get_library()
MON = Weekday.MONDAY


def singles_day() -> object:
    return day(
        [ex("incline-db-bench-press", 4, rest=90)],
        [ex("chest-supported-db-row", 3, rest=90)],
        [ex("db-lateral-raise", 3, "12-15", 60)],
        [ex("standing-db-bicep-curl", 3, "10-12", 60)],
        [ex("overhead-db-tricep-extension", 3, "10-12", 60)],
    )


def test_seed_express_monday_keeps_the_incline_anchor_and_the_superset() -> None:
    monday = fixture_week("home_db_4day").days[MON]
    result = compress_day(monday, 30, seed_profile(), keep_focus={MuscleGroup.CHEST}, library=get_library())
    compressed = result.data
    assert compressed.duration_minutes <= 30  # type: ignore[union-attr]
    anchor = compressed.blocks[0].exercises  # type: ignore[union-attr]
    assert [p.exercise_id for p in anchor] == ["incline-db-bench-press"]
    assert anchor[0].target_sets >= ANCHOR_MIN_SETS and anchor[0].rest_seconds <= REST_FLOOR_SECONDS
    supersets = [b for b in compressed.blocks if len(b.exercises) == 2]  # type: ignore[union-attr]
    assert {p.exercise_id for p in supersets[0].exercises} == {
        "db-lateral-raise",
        "overhead-db-tricep-extension",
    }
    assert result.summary_diff.startswith("Compressed Monday 45m ➔ ")
    assert validate_day(compressed, MON, seed_profile(), minutes=30, library=get_library()).ok  # type: ignore[arg-type]


def test_pairing_comes_before_cutting_sets() -> None:
    result = compress_day(singles_day(), 42, seed_profile(), weekday=MON, library=get_library())  # type: ignore[arg-type]
    plan = result.data
    before = {p.exercise_id: p.target_sets for p in singles_day().exercises()}  # type: ignore[attr-defined]
    assert {p.exercise_id: p.target_sets for p in plan.exercises()} == before  # type: ignore[union-attr]
    assert any(len(b.exercises) == 2 for b in plan.blocks)  # type: ignore[union-attr]
    assert "superset" in result.summary_diff


def test_work_outside_the_focus_goes_first_and_the_anchor_stays() -> None:
    result = compress_day(
        singles_day(), 25, seed_profile(), keep_focus={MuscleGroup.CHEST}, weekday=MON, library=get_library()
    )  # type: ignore[arg-type]
    slugs = result.data.slugs()  # type: ignore[union-attr]
    assert slugs[0] == "incline-db-bench-press"
    assert "Dropped" in " ".join(result.changes) and len(slugs) < 5
    assert result.data.duration_minutes <= 25  # type: ignore[union-attr]


def test_compress_blocks_leaves_a_fitting_day_alone() -> None:
    blocks = [list(b.exercises) for b in singles_day().blocks]  # type: ignore[attr-defined]
    result = compress_blocks(blocks, 60, LIBRARY)
    assert result.blocks == blocks and result.changes == []


def test_repair_compresses_an_over_budget_day_instead_of_dropping_blocks() -> None:
    fixed, repairs = repair_day(singles_day(), MON, seed_profile(), minutes=40, library=get_library())  # type: ignore[arg-type]
    assert len(fixed.exercises()) == 5
    assert day_minutes(fixed, LIBRARY) <= 40
    assert any(r.kind is RepairKind.COMPRESSED and r.detail.startswith("Paired") for r in repairs)
    assert not any(r.kind is RepairKind.REMOVED for r in repairs)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("dumbbell-bench-press", "flat-db-bench-press"),
        ("db-incline-press", "incline-db-bench-press"),
        ("lat-pull-down", "lat-pulldown"),
        ("romanian-deadlifts", "romanian-deadlift"),
        ("cable-fly", "cable-chest-flye"),
        ("press", None),  # bench, incline, shoulder or leg press: not clear
        ("row", None),
        ("made-up-move", None),
    ],
)
def test_named_exercise(text: str, slug: str | None) -> None:
    found = named_exercise(text, LIBRARY)
    assert (found.slug if found else None) == slug


def test_repair_maps_misspelt_slugs_by_name() -> None:
    broken = day(
        [ex("db-incline-press", 3)], [ex("dumbbell-bench-press", 3)], [ex("chest-supported-db-row", 3)]
    )
    fixed, repairs = repair_day(broken, MON, seed_profile(), library=get_library())
    assert fixed.slugs()[:2] == ["incline-db-bench-press", "flat-db-bench-press"]
    assert [r.detail for r in repairs if r.kind is RepairKind.SUBSTITUTED] == [
        "→ incline-db-bench-press (by name)",
        "→ flat-db-bench-press (by name)",
    ]


def test_repair_replaces_a_nameless_slug_with_work_for_the_day() -> None:
    broken = day([ex("flat-bb-bench-press", 4)], [ex("cable-chest-flye", 3)], [ex("zzz-thing", 3)])
    fixed, repairs = repair_day(broken, MON, GYM, library=get_library())
    assert len(fixed.exercises()) == 3
    repair = next(r for r in repairs if r.exercise_id == "zzz-thing")
    assert repair.kind is RepairKind.SUBSTITUTED and repair.detail.endswith("(for the day's focus)")
    replacement = repair.detail.split()[1]
    assert replacement in fixed.slugs()
    assert MuscleGroup.CHEST in LIBRARY.require(replacement).primary_groups


def test_a_named_exercise_the_user_cannot_do_is_substituted() -> None:
    fixed, _ = repair_day(day([ex("barbell-squat", 3)]), MON, seed_profile(), library=get_library())
    entry = LIBRARY.require(fixed.slugs()[0])
    assert MuscleGroup.QUADS in entry.primary_groups and entry.spinal_loading != "high"
