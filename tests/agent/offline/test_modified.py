"""R18's modifications in the offline coach's words: the reply and each modified day's coach_note name
them in the user's language (the engine's own note is English)."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline import coach_turn
from fitcoach.agent.offline.answering import load_catalog
from fitcoach.agent.providers.base import TurnInput
from fitcoach.contract.models import ProposalType, WeeklyPlan
from fitcoach.library import get_library

from .replay import LogToolRunner

MONDAY = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)

ONBOARDINGS = {
    "en": "Only a pull-up bar at home, no other equipment. Beginner, 2 days a week, 30 minutes. "
    "My wrists hurt on push-ups since an old fracture.",
    "fr": "Je n'ai qu'une barre de traction et le poids du corps. Débutant, deux séances de 30 minutes "
    "par semaine. J'ai des douleurs chroniques aux poignets.",
    "pt": "Só tenho uma barra fixa em casa, mais nada. Iniciante, 2 treinos por semana de 30 minutos. "
    "Tenho dor crônica no punho.",
    "ru": "Дома только турник, больше ничего. Новичок, 2 тренировки в неделю по 30 минут. "
    "Хронически болят запястья.",
    "zh-Hant": "家裡只有單槓，其他都是徒手。新手，每週兩次，每次 30 分鐘。手腕有舊傷，常常會痛。",
}


@pytest.mark.parametrize("lang", sorted(ONBOARDINGS))
def test_onboarding_names_the_modifications_in_the_users_language(lang: str) -> None:
    reply = coach_turn(
        TurnInput(ONBOARDINGS[lang], MONDAY, "coach", None, [], None, library=get_library()),
        LogToolRunner([], MONDAY),
    )
    assert reply.proposal.type is ProposalType.UPDATE_WEEK
    week = reply.proposal.data
    assert isinstance(week, WeeklyPlan)
    words = load_catalog(lang).words
    used = {p.modification for day in week.days.values() for p in day.exercises()} - {None}
    assert "wrist-neutral-push-up" in used
    for modification in used:
        assert words[f"mod_{modification}"] in reply.message
    for weekday in week.training_days():
        note = week.days[weekday].coach_note or ""
        mods = {p.modification for p in week.days[weekday].exercises()} - {None}
        assert all(words[f"mod_{m}"] in note for m in mods) or lang == "en"
