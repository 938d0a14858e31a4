"""Chronic knee and elbow conditions told at onboarding shape the first week (R18), and the stored
fact names as a trigger only an exercise the message ties to that area (never one named for another
reason)."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline import coach_turn
from fitcoach.agent.providers.base import TurnInput
from fitcoach.contract.models import ProposalType, WeeklyPlan
from fitcoach.engine.bodyparts import BodyArea, loads_area
from fitcoach.library import get_library

from .replay import LogToolRunner

SUNDAY = dt.datetime(2026, 9, 13, 10, tzinfo=dt.UTC)

KNEE = {
    "en": "Full commercial gym, 3 days a week, 60 min. Patellofemoral pain in my left knee for years.",
    "fr": "Salle complète, 3 séances par semaine de 60 min. Chondromalacie au genou droit depuis longtemps.",
    "pt": "Treino em academia completa, 3x por semana, 60 minutos. Tenho condromalácia no joelho há anos.",
    "ru": "Полноценный зал, 3 раза в неделю по 60 минут. Хондромаляция колена, уже несколько лет.",
    "zh-Hant": "在設備齊全的健身房訓練，每週 3 次，每次 60 分鐘。我的膝蓋有髕骨軟化症好幾年了。",
}

ELBOW = {
    "en": "Full gym, 4 days a week, 45 minutes. Chronic tennis elbow on my right arm.",
    "fr": "Salle complète, 4 jours par semaine, 45 minutes. Tendinite chronique au coude droit.",
    "pt": "Academia completa, 4 dias por semana, 45 minutos. Tenho tendinite crônica no cotovelo.",
    "ru": "Полный зал, 4 дня в неделю по 45 минут. Хронический тендинит локтя.",
    "zh-Hant": "完整的健身房，每週 4 天，每次 45 分鐘。右手手肘有慢性肌腱炎。",
}


def _onboard(message: str) -> tuple[WeeklyPlan, list[str]]:
    reply = coach_turn(
        TurnInput(message, SUNDAY, "coach", None, [], None, library=get_library()), LogToolRunner([], SUNDAY)
    )
    assert reply.proposal is not None and reply.proposal.type is ProposalType.UPDATE_WEEK
    week = reply.proposal.data
    assert isinstance(week, WeeklyPlan)
    facts = [
        str(m.entry["fact"])
        for m in reply.memory_mutations
        if isinstance(m.entry, dict) and m.entry.get("category") == "chronic_condition"
    ]
    return week, facts


def _slugs(week: WeeklyPlan) -> set[str]:
    return {p.exercise_id for day in week.days.values() for p in day.exercises()}


@pytest.mark.parametrize("lang", sorted(KNEE))
def test_a_sensitive_knee_gets_no_leg_extension_lunge_or_free_squat(lang: str) -> None:
    week, facts = _onboard(KNEE[lang])
    slugs = _slugs(week)
    assert facts and slugs
    assert not slugs & {"leg-extension", "db-walking-lunge", "bulgarian-split-squat", "barbell-back-squat"}
    assert "leg-press" in slugs  # the quads still train, closed-chain with the depth set by the seat


@pytest.mark.parametrize("lang", sorted(ELBOW))
def test_elbow_tendinitis_drops_curls_extensions_and_heavy_grip_pulls(lang: str) -> None:
    week, facts = _onboard(ELBOW[lang])
    slugs = _slugs(week)
    assert facts and slugs
    library = get_library()
    assert not [s for s in slugs if loads_area(library.require(s), BodyArea.ELBOW)]
    assert "pull-up" not in slugs
    assert slugs & {"lat-pulldown", "seated-cable-row", "chest-supported-db-row"}  # the back still trains


@pytest.mark.parametrize(
    ("message", "trigger"),
    [
        (
            "Home gym with dumbbells and a bench, 3 days, 45 min. I love the bench press but my knee aches "
            "after lunges.",
            "Lunge",
        ),
        (
            "Salle complète, 3 jours, 1 h. J'adore le développé couché ; genou fragile depuis des années.",
            None,
        ),
        ("Academia completa, 3 dias, 60 min. Faço supino toda semana; tenho dor crônica no joelho.", None),
    ],
)
def test_the_stored_trigger_is_only_an_exercise_that_loads_the_area(
    message: str, trigger: str | None
) -> None:
    _, facts = _onboard(message)
    assert facts
    text = " ".join(facts)
    if trigger is None:
        assert "aggravated by" not in text
    else:
        assert trigger in text and "Bench" not in text
