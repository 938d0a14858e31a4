"""Every suggestion chip acts (R34): for realistic profiles and in every language, each chip the engine
put on a generated week and on its days, written as the client writes it and sent with the context
the client sends it with, stages the proposal it promises, and that proposal validates."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pytest

from fitcoach.agent.offline import coach_turn
from fitcoach.agent.providers.base import TurnInput
from fitcoach.contract.models import (
    WEEKDAYS,
    ActiveTab,
    DayPlan,
    ProposalType,
    Tier,
    Tier1Entry,
    Weekday,
    WeeklyPlan,
)
from fitcoach.engine.dayops import done_so_far
from fitcoach.engine.generator import ScheduleRequest, generate_week
from fitcoach.engine.profile import build_profile
from fitcoach.engine.suggestions import EditKind, SuggestedEdit, day_edits, week_edits
from fitcoach.engine.validator import validate_day, validate_week
from fitcoach.library import get_library
from fitcoach.memory.model import MemoryItem

from .replay import LogToolRunner

NOW = dt.datetime(2026, 9, 14, 7, tzinfo=dt.UTC)
"""Monday morning of the plan's own week: every day of it is still ahead."""
WEEK_START = NOW.date()
LIBRARY = get_library()

INTL_WEEKDAYS = {
    "en": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "fr": ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
    "pt": [
        "segunda-feira",
        "terça-feira",
        "quarta-feira",
        "quinta-feira",
        "sexta-feira",
        "sábado",
        "domingo",
    ],
    "ru": ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"],
    "zh-Hant": ["星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"],
}
"""What the browser's Intl.DateTimeFormat(lang, {weekday: "long"}) writes (i18n.js weekdayName)."""


def _item(n: int, entry: Tier1Entry) -> MemoryItem:
    return MemoryItem(id=f"mem_{n}", tier=Tier.STAPLES, entry=entry, created_at=NOW, updated_at=NOW)


HOME = Tier1Entry(category="equipment", fact="Home gym with dumbbells up to 50 lbs and adjustable bench.")
GYM = Tier1Entry(
    category="equipment", fact="Commercial gym: barbells, squat rack, cables, machines, dumbbells."
)
PROFILES: dict[str, list[Tier1Entry]] = {
    "home_dumbbells_4x45": [HOME, Tier1Entry(category="goal", fact="Hypertrophy; 4 days/week, 45 min.")],
    "full_gym_3x60": [GYM, Tier1Entry(category="goal", fact="Strength; 3 days/week, 60 min.")],
    "home_knee_4x45": [
        HOME,
        Tier1Entry(category="goal", fact="Hypertrophy; 4 days/week, 45 min."),
        Tier1Entry(
            category="chronic_condition", fact="Knee pain (aggravated by deep squats).", body_part="knee"
        ),
    ],
    "gym_shoulder_5x30": [
        GYM,
        Tier1Entry(category="goal", fact="General fitness; 5 days/week, 30 min."),
        Tier1Entry(category="chronic_condition", fact="Shoulder impingement.", body_part="shoulder"),
    ],
}


@dataclass(frozen=True)
class Tap:
    edit: SuggestedEdit
    tab: ActiveTab
    selected_day: Weekday | None


def _memory(name: str) -> list[MemoryItem]:
    return [_item(n, entry) for n, entry in enumerate(PROFILES[name])]


def _week(name: str) -> tuple[WeeklyPlan, list[Tap], int]:
    profile = build_profile(_memory(name), NOW)
    week = generate_week(profile, ScheduleRequest(), library=LIBRARY, week_start=WEEK_START).plan
    minutes = profile.schedule.minutes or 45
    # the structured edits behind the stored texts: the stored plan holds exactly their English
    offered = week_edits(week, profile, minutes=minutes, library=LIBRARY)
    assert [e.english(LIBRARY) for e in offered] == week.suggested_edits
    taps = [Tap(e, "week", None) for e in offered]
    for weekday in week.training_days():
        edits = day_edits(week, weekday, profile, minutes=minutes, library=LIBRARY)
        assert [e.english(LIBRARY) for e in edits] == week.days[weekday].suggested_edits
        # a day's chips are tapped on Today (tab today) and on the week's day page (tab week)
        taps += [Tap(e, tab, weekday) for e in edits for tab in ("today", "week")]
    return week, taps, minutes


def _shown(edit: SuggestedEdit, lang: str) -> str:
    """The chip as plantext.js writes it: catalogue template, Intl day name, localised exercise name."""

    def exercise(slug: str) -> str:
        local = LIBRARY.require(slug).localized_name(lang) if lang != "en" else LIBRARY.require(slug).name
        return local[0].upper() + local[1:]

    return edit.text(lang, day_name=lambda d: INTL_WEEKDAYS[lang][d.position], exercise_name=exercise)


@pytest.mark.parametrize("lang", list(INTL_WEEKDAYS))
@pytest.mark.parametrize("name", list(PROFILES))
def test_every_chip_of_a_generated_week_stages_what_it_promises(name: str, lang: str) -> None:
    week, taps, minutes = _week(name)
    memory = _memory(name)
    profile = build_profile(memory, NOW)
    kinds = {tap.edit.kind for tap in taps}
    assert {EditKind.SWAP, EditKind.ADD} <= kinds, kinds
    for tap in taps:
        text = _shown(tap.edit, lang)
        turn = TurnInput(text, NOW, tap.tab, tap.selected_day, memory, week, library=LIBRARY, language=lang)
        answer = coach_turn(turn, LogToolRunner([], NOW))
        proposal = answer.proposal
        where = f"{text!r} ({tap.tab}/{tap.selected_day}): {answer.message}"
        if tap.edit.kind is EditKind.MOVE:
            assert proposal.type is ProposalType.UPDATE_WEEK, where
            assert isinstance(proposal.data, WeeklyPlan)
            assert proposal.data.days[tap.edit.day].is_rest_day, where  # type: ignore[index]
            assert not proposal.data.days[tap.edit.to_day].is_rest_day, where  # type: ignore[index]
            report = validate_week(proposal.data, profile, library=LIBRARY, minutes=minutes)
            assert report.ok, (where, report.codes())
            continue
        day = tap.edit.day
        assert day is not None
        assert proposal.type is ProposalType.UPDATE_DAY, where
        assert proposal.target_day is day, where
        assert isinstance(proposal.data, DayPlan)
        edited, before = proposal.data, week.days[day]
        limit = tap.edit.minutes or minutes
        report = validate_day(
            edited, day, profile, library=LIBRARY, week=done_so_far(week, NOW.date()), minutes=limit
        )
        assert report.ok, (where, report.codes())
        if tap.edit.kind is EditKind.SHORTEN:
            assert edited.duration_minutes is not None and edited.duration_minutes <= limit, where
        elif tap.edit.kind is EditKind.SWAP:
            assert tap.edit.exercise in before.slugs() and tap.edit.exercise not in edited.slugs(), where
        else:
            added = [LIBRARY.require(s) for s in edited.slugs() if s not in before.slugs()]
            assert tap.edit.group in {e.group for e in added}, where


def test_a_swap_is_offered_only_for_a_lift_with_a_valid_alternative() -> None:
    """Knee condition, home dumbbells: the goblet squat has no alternative the knee and the gear allow,
    so no day offers to swap it (it used to, and the coach then refused)."""
    week, taps, _ = _week("home_knee_4x45")
    squats = {s for d in WEEKDAYS for s in week.days[d].slugs() if "goblet" in s}
    assert squats, "the knee profile's week has a goblet squat"
    assert all(tap.edit.exercise not in squats for tap in taps if tap.edit.kind is EditKind.SWAP)
