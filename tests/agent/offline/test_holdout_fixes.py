"""Understanding fixes found by the held-out cases: weekday ranges, gear words that contain an
exercise name, real words that are no typos, Chinese compound numerals and multi-word injuries."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.understanding import Intent, understand
from fitcoach.contract.models import Weekday
from fitcoach.library import get_library

MONDAY = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)
WORKWEEK = [Weekday.MONDAY, Weekday.TUESDAY, Weekday.WEDNESDAY, Weekday.THURSDAY, Weekday.FRIDAY]


def weekdays_of(message: str) -> list[Weekday]:
    found = {
        d.weekday for d in understand(message, now=MONDAY, library=get_library()).days if d.relative is None
    }
    return sorted(found, key=lambda day: day.position)


@pytest.mark.parametrize(
    "message",
    [
        "five sessions, monday through friday",
        "train from Monday to Friday",
        "cinq séances du lundi au vendredi",
        "cinco dias, de segunda a sexta",
        "пять тренировок, с понедельника по пятницу",
        "一週五練，週一到週五",
    ],
)
def test_a_weekday_range_covers_the_days_between(message: str) -> None:
    assert weekdays_of(message) == WORKWEEK


def test_a_range_wraps_over_the_weekend() -> None:
    assert weekdays_of("away friday to monday") == [
        Weekday.MONDAY,
        Weekday.FRIDAY,
        Weekday.SATURDAY,
        Weekday.SUNDAY,
    ]


def test_moving_one_day_to_another_is_no_range() -> None:
    assert weekdays_of("move Monday to Wednesday please") == [Weekday.MONDAY, Weekday.WEDNESDAY]


@pytest.mark.parametrize(
    ("message", "exercises"),
    [
        ("I only have a pullup bar at home", []),
        ("j'ai juste une barre de traction", []),
        ("the leg press is broken today", ["leg-press"]),
        ("my pull-ups feel weak", ["pull-up"]),
    ],
)
def test_an_exercise_word_inside_a_longer_gear_phrase_names_gear(message: str, exercises: list[str]) -> None:
    assert understand(message, now=MONDAY, library=get_library()).exercises == exercises


def test_a_longer_real_word_is_not_corrected_to_a_shorter_lexicon_word() -> None:
    u = understand(
        "someone's camping the squat rack. what do i do instead of back squats rn?",
        now=MONDAY,
        active_tab="today",
        selected_day=Weekday.MONDAY,
        has_plan=True,
        library=get_library(),
    )
    assert u.intent is Intent.LIVE_SWAP
    assert "knees_caving" not in u.problems


@pytest.mark.parametrize(("message", "minutes"), [("只能練二十五分鐘", 25), ("三十五分鐘就好", 35)])
def test_chinese_compound_numerals(message: str, minutes: int) -> None:
    assert understand(message, now=MONDAY, library=get_library()).minutes == minutes


@pytest.mark.parametrize(
    ("message", "area"),
    [
        ("My right elbow is aching today", "elbow"),
        ("Je me suis tordu le genou hier", "knee"),
        ("Torci o joelho ontem", "knee"),
        ("С утра прихватило поясницу", "lower_back"),
        ("今天早上閃到腰", "lower_back"),
    ],
)
def test_everyday_injury_words_report_pain(message: str, area: str) -> None:
    u = understand(
        message,
        now=MONDAY,
        active_tab="today",
        selected_day=Weekday.MONDAY,
        has_plan=True,
        library=get_library(),
    )
    assert u.intent is Intent.ACUTE_PAIN
    assert area in u.areas


def test_today_with_a_duration_is_a_day_edit_without_route_context() -> None:
    u = understand(
        "hoje só tenho trinta minutos, encurta o treino", now=MONDAY, has_plan=True, library=get_library()
    )
    assert (u.intent, u.target_day, u.minutes) == (Intent.DAY_EDIT, Weekday.MONDAY, 30)
