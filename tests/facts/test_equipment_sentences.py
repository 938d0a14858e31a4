"""The fact reader on equipment sentences written as users write them, 40 per language: ownership,
negation and its scope, purchase, sale, breakage and loss, "only", temporary unavailability, and loads
in kg and lb. Each line of `tests/data/facts/equipment_<lang>.tsv` gives the expected reading."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from fitcoach.facts.model import EquipmentChange
from fitcoach.facts.reader import read_change
from fitcoach.library.gear import COMMERCIAL_GYM, Gear

DATA = Path(__file__).resolve().parents[1] / "data" / "facts"
LANGUAGES = ("en", "fr", "pt", "ru", "zh-Hant")

NAMES: dict[str, frozenset[Gear]] = {
    "dumbbells": frozenset({Gear.DUMBBELLS}),
    "barbell": frozenset({Gear.BARBELL}),
    "bench": frozenset({Gear.BENCH, Gear.FLAT_BENCH}),
    "incline": frozenset({Gear.INCLINE_BENCH}),
    "adjustable_bench": frozenset({Gear.BENCH, Gear.FLAT_BENCH, Gear.INCLINE_BENCH}),
    "pullup": frozenset({Gear.PULL_UP_BAR}),
    "cable": frozenset({Gear.CABLE_MACHINE, Gear.ROPE}),
    "rack": frozenset({Gear.SQUAT_RACK}),
    "legpress": frozenset({Gear.LEG_PRESS_MACHINE}),
    "abwheel": frozenset({Gear.AB_WHEEL}),
}
"""Short names in the data files → the gear they mean (a bench is a flat bench too)."""

KG_TO_LB = 2.20462


@dataclass(frozen=True)
class Case:
    lang: str
    text: str
    added: frozenset[Gear]
    removed: frozenset[Gear]
    temporary: frozenset[Gear]
    full_gym: bool
    only: bool
    cap_lb: float | None


def _gear(column: str) -> tuple[frozenset[Gear], bool]:
    gear: set[Gear] = set()
    gym = False
    for name in column.split():
        if name == "-":
            continue
        if name == "gym":
            gym = True
            continue
        gear |= NAMES[name]
    return frozenset(gear), gym


def _cases() -> list[Case]:
    cases: list[Case] = []
    for lang in LANGUAGES:
        for line in (DATA / f"equipment_{lang}.tsv").read_text("utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            text, added, removed, temporary, only, cap = line.split("\t")
            added_gear, gym = _gear(added)
            cap_lb = None
            if cap != "-":
                value, unit = cap.split()
                cap_lb = float(value) * KG_TO_LB if unit == "kg" else float(value)
            cases.append(
                Case(
                    lang=lang,
                    text=text,
                    added=added_gear,
                    removed=_gear(removed)[0],
                    temporary=_gear(temporary)[0],
                    full_gym=gym,
                    only=only == "yes",
                    cap_lb=cap_lb,
                )
            )
    return cases


CASES = _cases()


def test_every_language_has_at_least_forty_sentences() -> None:
    for lang in LANGUAGES:
        assert sum(1 for case in CASES if case.lang == lang) >= 40, lang


def _summary(change: EquipmentChange) -> dict[str, object]:
    return change.model_dump(exclude_defaults=True, exclude={"lang"})


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.lang}:{c.text[:40]}")
def test_the_sentence_reads_as_expected(case: Case) -> None:
    change = read_change(case.text)
    seen = _summary(change)
    assert change.added == case.added, seen
    assert change.removed == case.removed, seen
    assert change.temporary == case.temporary, seen
    assert change.full_gym == case.full_gym, seen
    assert change.only == case.only, seen
    if case.cap_lb is None:
        assert change.dumbbell_max_lb is None, seen
    else:
        assert change.dumbbell_max_lb == pytest.approx(case.cap_lb, abs=0.1), seen


@pytest.mark.parametrize("case", [c for c in CASES if c.full_gym], ids=lambda c: f"{c.lang}:{c.text[:40]}")
def test_a_whole_gym_is_every_piece_of_gear(case: Case) -> None:
    from fitcoach.facts.reader import read_inventory

    assert read_inventory(case.text).inventory().gear == COMMERCIAL_GYM
