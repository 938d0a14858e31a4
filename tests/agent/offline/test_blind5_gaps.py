"""Capabilities found missing by the blind5 examiner set: weekday abbreviations in lists."""

from __future__ import annotations

import pytest

from fitcoach.agent.offline.understanding import understand

from .test_acting import MONDAY


def _days(message: str) -> list[str]:
    days = understand(message, now=MONDAY, has_plan=True).days
    return [d.weekday.value for d in days if d.relative is None]


@pytest.mark.parametrize(
    ("message", "days"),
    [
        ("From now on I can only do Tue, Thu and Sun", ["tuesday", "thursday", "sunday"]),
        ("Sun and Wed work best for me", ["sunday", "wednesday"]),
        ("only Sat/Sun this month", ["saturday", "sunday"]),
        ("Mon, Wed, Fri, Sun please", ["monday", "wednesday", "friday", "sunday"]),
        ("je peux lun, mer et dim seulement", ["monday", "wednesday", "sunday"]),
        ("могу только пн, ср и вск", ["monday", "wednesday", "sunday"]),
        ("só consigo treinar ter, qui e sáb", ["tuesday", "thursday", "saturday"]),
        ("agora treino 3ª, 5ª e sábado", ["tuesday", "thursday", "saturday"]),
        ("從下個月開始只能週二、週四和週日練", ["tuesday", "thursday", "sunday"]),
    ],
)
def test_weekday_abbreviations_in_a_list_are_days(message: str, days: list[str]) -> None:
    assert _days(message) == days


@pytest.mark.parametrize(
    "message",
    [
        "the sun is brutal today, should I still run outside?",
        "Sun's out, can I do my workout in the park?",
        "vou ter tempo só à noite",
        "não vou ter halteres essa semana",
    ],
)
def test_abbreviations_that_are_words_are_no_days_alone(message: str) -> None:
    assert all(d.relative is not None for d in understand(message, now=MONDAY, has_plan=True).days)


def test_a_word_abbreviation_after_a_non_list_word_stays_a_word() -> None:
    assert _days("Train on Tuesday in the sun") == ["tuesday"]
