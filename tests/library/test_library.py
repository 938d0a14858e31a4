"""The packaged library: 41 index slugs, parsed gear, rule metadata."""

from __future__ import annotations

from fitcoach.library import Gear, GearRequirement, Inventory, get_library


def test_library_has_the_41_index_slugs() -> None:
    library = get_library()
    assert len(library) == 41
    assert "chest-supported-db-row" in library
    assert "barbell-hip-thrust" not in library


def test_gear_strings_parse_as_all_of_any_of() -> None:
    assert GearRequirement.parse("Dumbbells / Barbell, Bench").all_of == [
        [Gear.DUMBBELLS, Gear.BARBELL],
        [Gear.BENCH],
    ]
    assert GearRequirement.parse("Bodyweight").all_of == []


def test_adjustable_bench_and_dumbbells_allow_db_work_only() -> None:
    inventory = Inventory(gear=frozenset({Gear.DUMBBELLS, Gear.FLAT_BENCH, Gear.INCLINE_BENCH}))
    allowed = {e.slug for e in get_library() if inventory.allows(e.gear)}
    assert "incline-db-bench-press" in allowed
    assert "skull-crusher" in allowed
    assert "flat-bb-bench-press" not in allowed
    assert "pull-up" not in allowed


def test_a_taken_bench_blocks_every_bench() -> None:
    inventory = Inventory(
        gear=frozenset({Gear.DUMBBELLS, Gear.FLAT_BENCH, Gear.INCLINE_BENCH}),
        unavailable=frozenset({Gear.BENCH}),
    )
    allowed = {e.slug for e in get_library() if inventory.allows(e.gear)}
    assert "incline-db-bench-press" not in allowed
    assert "db-lateral-raise" in allowed
