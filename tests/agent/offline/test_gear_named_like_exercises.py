"""Gear that is also an exercise's name ("ab wheel") counts as owned gear in a list of gear, and a
negation after a sentence break ("…an ab wheel. No weights.") denies only what follows it."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.understanding.understand import understand
from fitcoach.library import get_library
from fitcoach.library.gear import Gear

NOW = dt.datetime(2026, 9, 13, 9, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    "message",
    [
        "Just bought a doorway pull-up bar and an ab wheel. No weights at all.",
        "GOT A PULLUP BAR AND AN AB WHEEL, NOTHING ELSE",
        "I have dumbbells and an ab wheel at home",
        "Дома турник и ролик для пресса, больше ничего.",
        "J'ai une barre de traction et une roue abdominale. Pas d'haltères.",
        "Tenho uma barra fixa e uma roda abdominal. Sem pesos.",
        "家裡有單槓和健腹輪，沒有啞鈴。",
    ],
)
def test_an_ab_wheel_in_a_list_of_gear_is_owned(message: str) -> None:
    assert Gear.AB_WHEEL in understand(message, now=NOW, library=get_library()).gear


@pytest.mark.parametrize(
    "message",
    [
        "Did ab wheel rollouts yesterday, my abs are sore.",
        "My ab wheel rollouts felt easy, add a set next week",
        "Можно заменить ролик для пресса на планку?",
    ],
)
def test_an_ab_wheel_named_as_an_exercise_is_no_gear(message: str) -> None:
    assert Gear.AB_WHEEL not in understand(message, now=NOW, library=get_library()).gear


@pytest.mark.parametrize(
    ("message", "owned", "lacking"),
    [
        ("I have dumbbells, no bench", Gear.DUMBBELLS, Gear.BENCH),
        ("дома гантели, скамьи нет", Gear.DUMBBELLS, Gear.BENCH),
        ("I have a bench. No dumbbells.", Gear.BENCH, Gear.DUMBBELLS),
    ],
)
def test_negations_still_deny_the_gear_they_name(message: str, owned: Gear, lacking: Gear) -> None:
    gear = understand(message, now=NOW, library=get_library()).gear
    assert owned in gear and lacking not in gear
