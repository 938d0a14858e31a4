"""Blind3 gaps: days away given as a range, events dated by a month name, a goal change, a day
added to the week, minute ranges and diminutives, in every language."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline import coach_turn
from fitcoach.agent.offline.understanding import Intent, understand
from fitcoach.agent.providers.base import TurnInput
from fitcoach.contract.models import (
    DayPlan,
    Operation,
    ProposalType,
    Tier,
    Tier1Entry,
    Tier3Entry,
    Weekday,
    WeeklyPlan,
)
from fitcoach.library import get_library
from fitcoach.library.gear import Gear

from .replay import LogToolRunner
from .test_acting import EQUIPMENT, HOME_PLAN, MONDAY, item, turn
from .test_blind_gaps import FULL_GYM, GYM_PLAN

GOAL_FACT = "Hypertrophy, chest priority; 4 days/week, 45 min."
GOAL = item("mem_02", Tier.STAPLES, Tier1Entry(category="goal", fact=GOAL_FACT))
AWAY = (Weekday.WEDNESDAY, Weekday.THURSDAY, Weekday.FRIDAY)


@pytest.mark.parametrize(
    ("message", "no_gear"),
    [
        ("Work trip Wednesday to Friday, no equipment there. Can you rearrange my week?", "no equipment"),
        (
            "Je suis en déplacement du mercredi au vendredi, pas de matos. Tu peux réorganiser ma semaine ?",
            "sans matériel",
        ),
        (
            "Viagem de trabalho de quarta a sexta, sem equipamento. Reorganiza minha semana?",
            "sem equipamento",
        ),
        ("Командировка со среды по пятницу, без инвентаря. Перестрой неделю?", "без инвентаря"),
        ("週三到週五出差，沒有器材，可以幫我重排這週嗎？", "沒有器材"),
    ],
)
def test_a_range_of_days_away_is_a_trip_the_week_avoids(message: str, no_gear: str) -> None:
    answer = turn(message)
    assert answer.proposal.type is ProposalType.UPDATE_WEEK
    week = answer.proposal.data
    assert isinstance(week, WeeklyPlan)
    for day in AWAY:
        assert week.days[day].is_rest_day, day
    assert len(week.training_days()) == len(HOME_PLAN.training_days())
    [mutation] = answer.memory_mutations
    assert (mutation.operation, mutation.target_tier) == (Operation.CREATE, Tier.SITUATIONAL)
    entry = mutation.typed_entry()
    assert isinstance(entry, Tier3Entry) and entry.expires_at is not None
    assert entry.expires_at.date() == dt.date(2026, 9, 19)
    # a concise fact, not the user's message
    assert "2026-09-16" in entry.fact and "2026-09-18" in entry.fact
    # written in the user's language (issue 15)
    assert no_gear in entry.fact
    assert message not in entry.fact


@pytest.mark.parametrize(
    ("message", "month"),
    [
        ("My wedding is in December, just so you know", "in December 2026"),
        ("Mon mariage est en décembre, pour info", "en décembre 2026"),
        ("O meu casamento é em dezembro", "em dezembro de 2026"),
        ("У меня свадьба в декабре", "в декабре 2026"),
        ("我十二月要結婚", "2026年12月"),
    ],
)
def test_a_month_dates_the_event(message: str, month: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert u.event is not None and u.event.month_only
    assert u.event.date == dt.date(2026, 12, 31)
    answer = turn(message)
    assert answer.proposal.type is ProposalType.NONE
    [mutation] = answer.memory_mutations
    entry = mutation.typed_entry()
    assert isinstance(entry, Tier3Entry) and entry.expires_at is not None
    assert entry.expires_at.date() == dt.date(2027, 1, 1)
    assert month in entry.fact


def test_a_month_already_past_is_next_year() -> None:
    u = understand("Marathon in March!", now=MONDAY, has_plan=True, library=get_library())
    assert u.event is not None and u.event.date == dt.date(2027, 3, 31)


@pytest.mark.parametrize(
    ("message", "goal"),
    [
        ("Changed my mind, I want to focus on building muscle now", "hypertrophy"),
        ("J'ai changé d'avis : je veux me concentrer sur la perte de poids", "fat_loss"),
        ("Agora quero focar em ficar mais forte", "strength"),
        ("Передумал, теперь хочу похудеть", "fat_loss"),
        ("改變主意了，現在想專心增肌", "hypertrophy"),
    ],
)
def test_a_goal_change_updates_the_goal_and_keeps_the_schedule(message: str, goal: str) -> None:
    answer = turn(message, memory=[EQUIPMENT, GOAL])
    [mutation] = [m for m in answer.memory_mutations if m.memory_id == "mem_02"]
    assert mutation.operation is Operation.UPDATE
    entry = mutation.typed_entry()
    assert isinstance(entry, Tier1Entry) and entry.goal_type == goal
    assert entry.schedule is not None and (entry.schedule.days_per_week, entry.schedule.minutes) == (4, 45)


@pytest.mark.parametrize(
    "message",
    [
        "I want to get stronger at bench, can I add weight?",
        "Est-ce qu'on peut perdre du gras et prendre du muscle en même temps ?",
        "Dá pra emagrecer treinando só 3 vezes?",
        "Можно ли похудеть только на силовых?",
        "只做重訓可以減脂嗎？",
    ],
)
def test_talking_about_a_goal_does_not_change_it(message: str) -> None:
    answer = turn(message, memory=[EQUIPMENT, GOAL])
    assert not [m for m in answer.memory_mutations if m.memory_id == "mem_02"]


@pytest.mark.parametrize(
    "message",
    [
        "I want to lose weight and tone up",
        "Je veux maigrir un peu",
        "Quero perder peso",
        "Хочу сбросить вес",
        "我想瘦身",
    ],
)
def test_weight_loss_words_are_the_fat_loss_goal(message: str) -> None:
    assert understand(message, now=MONDAY, library=get_library()).goal_type == "fat_loss"


@pytest.mark.parametrize(
    "message",
    [
        "Add a Saturday session for arms and shoulders",
        "Ajoute une séance bras et épaules le samedi",
        "Adiciona um treino de braços e ombros no sábado",
        "Добавь день на руки и плечи в субботу",
        "週六加一天練手臂和肩膀",
    ],
)
def test_adding_a_day_keeps_the_week_and_adds_it(message: str) -> None:
    inputs = TurnInput(message, MONDAY, "week", None, [FULL_GYM], GYM_PLAN, library=get_library())
    answer = coach_turn(inputs, LogToolRunner([], MONDAY))
    assert answer.proposal.type is ProposalType.UPDATE_WEEK
    week = answer.proposal.data
    assert isinstance(week, WeeklyPlan)
    assert week.training_days() == sorted(
        [*GYM_PLAN.training_days(), Weekday.SATURDAY], key=lambda day: day.position
    )


@pytest.mark.parametrize(
    ("message", "minutes"),
    [
        ("I can do 40-50 min per session", 50),
        ("40 à 50 minutes par séance", 50),
        ("Consigo 40 a 50 min por treino", 50),
        ("Могу заниматься минут 40-50", 50),
        ("Тренировка 40–50 минут", 50),
        ("每次40到50分鐘", 50),
        ("Hoje só tenho 20 minutinhos", 20),
        ("Сегодня всего 20 минуток", 20),
        ("Aujourd'hui j'ai juste 20 petites minutes", 20),
    ],
)
def test_minute_ranges_and_diminutives(message: str, minutes: int) -> None:
    assert understand(message, now=MONDAY, has_plan=True, library=get_library()).minutes == minutes


@pytest.mark.parametrize(
    "message",
    [
        "Tomorrow I only have 20 minutes, can you shorten it?",
        "Demain je n'ai que 20 petites minutes, tu peux raccourcir ?",
        "Amanhã só tenho uns 20 minutinhos, encurta o treino?",
        "Завтра у меня всего минут 20, сократи тренировку",
        "明天只有20分鐘，可以縮短嗎？",
    ],
)
def test_only_minutes_tomorrow_shortens_tomorrow(message: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert u.intent is Intent.DAY_EDIT
    answer = turn(message)
    assert answer.proposal.type is ProposalType.UPDATE_DAY
    assert answer.proposal.target_day is Weekday.TUESDAY
    day = answer.proposal.data
    assert isinstance(day, DayPlan) and day.duration_minutes <= 20


@pytest.mark.parametrize(
    "message",
    [
        "My gym has everything, 3 days a week, 45 min. I have a herniated disc.",
        "Ma salle a tout ce qu'il faut, 3 jours par semaine, 45 min. J'ai une hernie discale.",
        "Treino num ginásio completo, 3 vezes por semana, 45 minutos. Tenho hérnia discal.",
        "В моём зале есть всё, 3 дня в неделю по 45 минут. У меня грыжа диска.",
        "我去的健身房器材齊全，每週3天，每次45分鐘，有椎間盤突出。",
    ],
)
def test_a_full_gym_onboarding_builds_the_week_and_records_the_disc(message: str) -> None:
    inputs = TurnInput(message, MONDAY, "coach", None, [], None, library=get_library())
    answer = coach_turn(inputs, LogToolRunner([], MONDAY))
    assert answer.proposal.type is ProposalType.UPDATE_WEEK
    entries = [m.typed_entry() for m in answer.memory_mutations]
    categories = {e.category for e in entries if isinstance(e, Tier1Entry)}
    assert categories == {"equipment", "goal", "chronic_condition"}
    [equipment] = [e for e in entries if isinstance(e, Tier1Entry) and e.category == "equipment"]
    assert equipment.inventory is not None and Gear.BARBELL in equipment.inventory.gear
    [chronic] = [e for e in entries if isinstance(e, Tier1Entry) and e.category == "chronic_condition"]
    assert chronic.body_part == "lower_back"
