"""Inventory parsing in five languages, body-part words, and the profile built from memory."""

from __future__ import annotations

from datetime import timedelta

import pytest

from fitcoach.engine.bodyparts import BodyArea, areas_in
from fitcoach.engine.inventory import parse_inventory
from fitcoach.engine.profile import ConstraintKind, GoalType, build_profile
from fitcoach.library.gear import COMMERCIAL_GYM, Gear, Inventory
from fitcoach.library.models import MuscleGroup
from tests.engine.helpers import NOW, acute, seed_profile, staple

HOME = {Gear.DUMBBELLS, Gear.BENCH, Gear.FLAT_BENCH, Gear.INCLINE_BENCH}


@pytest.mark.parametrize(
    ("text", "gear", "cap"),
    [
        ("Adjustable dumbbells up to 50 lbs / 22 kg and an adjustable bench", HOME, 50.0),
        ("Haltères réglables jusqu'à 22 kg et un banc réglable", HOME, 48.5),
        ("Halteres ajustáveis até 22 kg e banco ajustável", HOME, 48.5),
        ("Разборные гантели до 22 кг и регулируемая скамья", HOME, 48.5),
        ("可調式啞鈴最重 22 公斤和可調式訓練椅", HOME, 48.5),
        ("just a pull-up bar and bodyweight", {Gear.PULL_UP_BAR}, None),
        ("flat bench and dumbbells", {Gear.DUMBBELLS, Gear.BENCH, Gear.FLAT_BENCH}, None),
    ],
)
def test_parse_inventory(text: str, gear: set[Gear], cap: float | None) -> None:
    inventory = parse_inventory(text)
    assert inventory.gear == frozenset(gear)
    assert inventory.dumbbell_max_lb == cap


@pytest.mark.parametrize("text", ["full commercial gym", "Je vais en salle de sport", "健身房會員"])
def test_gym_means_everything(text: str) -> None:
    assert parse_inventory(text).gear == COMMERCIAL_GYM


@pytest.mark.parametrize(
    "text", ["Academia em casa: halteres até 22 kg e banco ajustável.", "家裡的健身房：啞鈴和訓練椅"]
)
def test_a_home_gym_is_not_a_commercial_gym(text: str) -> None:
    gear = parse_inventory(text).gear
    assert Gear.DUMBBELLS in gear
    assert Gear.CABLE_MACHINE not in gear
    assert Gear.BARBELL not in gear


def test_structured_inventory_wins_over_text() -> None:
    structured = Inventory(gear=frozenset({Gear.BARBELL, Gear.SQUAT_RACK}))
    profile = build_profile([staple("equipment", "dumbbells", inventory=structured)], NOW)
    assert profile.inventory.gear == structured.gear


def test_no_equipment_memory_is_unknown() -> None:
    assert build_profile([], NOW).inventory.known is False


@pytest.mark.parametrize(
    ("text", "areas"),
    [
        ("my lower back gets cranky", {BodyArea.LOWER_BACK}),
        ("douleur au bas du dos", {BodyArea.LOWER_BACK}),
        ("dor no ombro direito", {BodyArea.SHOULDER}),
        ("болит колено", {BodyArea.KNEE}),
        ("бицепс бедра забит", {BodyArea.HAMSTRINGS}),
        ("大腿後側痠痛", {BodyArea.HAMSTRINGS}),
        ("右肩疼痛", {BodyArea.SHOULDER}),
        ("sore hamstrings and calves", {BodyArea.HAMSTRINGS, BodyArea.CALVES}),
        ("chest and delts", {BodyArea.CHEST, BodyArea.SHOULDER}),
    ],
)
def test_areas_in(text: str, areas: set[BodyArea]) -> None:
    assert areas_in(text) == areas


def test_seed_profile() -> None:
    profile = seed_profile()
    assert profile.goal.type is GoalType.HYPERTROPHY
    assert profile.goal.priority == (MuscleGroup.CHEST, MuscleGroup.SHOULDERS)
    assert (profile.schedule.days_per_week, profile.schedule.minutes) == (4, 45)
    assert [c.area for c in profile.chronic] == [BodyArea.LOWER_BACK]
    assert profile.inventory.dumbbell_max_lb == 50.0


def test_expired_acute_item_constrains_nothing() -> None:
    active = acute("hamstrings", "soreness", NOW + timedelta(days=2))
    expired = acute("knee", "minor_strain", NOW - timedelta(hours=1), item_id="b")
    profile = build_profile([active, expired], NOW)
    assert [(c.area, c.kind) for c in profile.acute] == [(BodyArea.HAMSTRINGS, ConstraintKind.SORENESS)]


@pytest.mark.parametrize(
    ("area", "excluded", "allowed"),
    [
        (
            BodyArea.LOWER_BACK,
            ["barbell-bent-over-row", "conventional-deadlift", "db-romanian-deadlift"],
            ["chest-supported-db-row", "goblet-squat"],
        ),
        (
            BodyArea.SHOULDER,
            ["seated-db-shoulder-press", "incline-db-bench-press", "overhead-db-tricep-extension"],
            ["flat-db-bench-press"],
        ),
        (
            BodyArea.HAMSTRINGS,
            ["romanian-deadlift", "lying-hamstring-curl", "seated-hamstring-curl"],
            ["leg-extension"],
        ),
        (BodyArea.KNEE, ["bulgarian-split-squat", "db-walking-lunge"], ["leg-press", "lying-hamstring-curl"]),
    ],
)
def test_contraindication_table(area: BodyArea, excluded: list[str], allowed: list[str]) -> None:
    from fitcoach.engine.bodyparts import loads_area
    from fitcoach.library import get_library

    library = get_library()
    assert all(loads_area(library.require(slug), area) for slug in excluded)
    assert not any(loads_area(library.require(slug), area) for slug in allowed)


def test_acute_constraint_stops_at_its_expiry_day() -> None:
    from datetime import date

    profile = build_profile([acute("hamstrings", "soreness", NOW + timedelta(days=2))], NOW)
    (constraint,) = profile.acute
    assert constraint.active_on(date(2026, 9, 15))
    assert not constraint.active_on(date(2026, 9, 17))
