"""Questions about the user's own numbers go to the read-only tools (SPEC §9 type 7, R35-R37):
best ever / PR questions read the records, sets-per-week questions the volume trend, "time to
add weight?" the exercise's history; exercise names may be loan words or transliterations."""

from __future__ import annotations

import json

import pytest

from fitcoach.agent.offline import coach_turn
from fitcoach.agent.offline.understanding import Intent, understand
from fitcoach.agent.providers.base import TurnInput
from fitcoach.contract.models import CoachReply, ProposalType
from fitcoach.library import get_library

from .replay import LogToolRunner
from .test_acting import EQUIPMENT, FIXTURES, HOME_PLAN, MONDAY

LOGS = json.loads((FIXTURES / "logs_home_3weeks.json").read_text("utf-8"))


def ask(message: str) -> tuple[CoachReply, LogToolRunner]:
    """The coach's answer to `message` on the home plan, and the tool calls it made."""
    runner = LogToolRunner(LOGS, MONDAY)
    answer = coach_turn(
        TurnInput(message, MONDAY, "coach", None, [EQUIPMENT], HOME_PLAN, library=get_library()), runner
    )
    assert answer.proposal.type is ProposalType.NONE
    assert not answer.memory_mutations
    return answer, runner


def tools_called(message: str) -> tuple[list[str], dict[str, object]]:
    """The tools the coach called for `message`, and the first call's arguments."""
    _, runner = ask(message)
    return [call["name"] for call in runner.calls], runner.calls[0]["args"] if runner.calls else {}


@pytest.mark.parametrize(
    ("message", "slug"),
    [
        ("what's the heaviest I've ever done on goblet squats?", "goblet-squat"),
        ("what's my all-time best on incline press?", "incline-db-bench-press"),
        ("C'est quoi mon max au développé incliné ?", "incline-db-bench-press"),
        ("Quelle est ma meilleure perf au squat goblet ?", "goblet-squat"),
        ("Qual minha maior carga no supino inclinado?", "incline-db-bench-press"),
        ("qual é meu recorde no agachamento goblet?", "goblet-squat"),
        ("Какой у меня лучший результат в гоблет-приседе?", "goblet-squat"),
        ("Какой мой максимальный вес в жиме на наклонной скамье?", "incline-db-bench-press"),
        ("我上斜臥推最重做到多少？", "incline-db-bench-press"),
        ("高腳杯深蹲的最好成績是多少？", "goblet-squat"),
    ],
)
def test_best_ever_questions_read_the_records(message: str, slug: str) -> None:
    assert understand(message, now=MONDAY, has_plan=True, library=get_library()).intent is Intent.PROGRESSION
    called, args = tools_called(message)
    assert "get_pr_records" in called
    assert args["exercise_slug"] == slug


@pytest.mark.parametrize(
    "message",
    [
        "how many sets a week have I been doing for shoulders lately?",
        "what's my weekly volume for chest?",
        "Combien de séries d'épaules par semaine je fais en ce moment ?",
        "c'est quoi mon volume hebdo pour les pecs ?",
        "Quantas séries de peito por semana eu fiz esse mês?",
        "como está meu volume semanal de ombro?",
        "Сколько подходов на грудь в неделю я делаю?",
        "Какой у меня недельный объём на плечи?",
        "我這個月胸每週幾組？",
        "肩膀的總組數是多少？",
    ],
)
def test_sets_per_week_questions_read_the_volume_trend(message: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert u.intent is Intent.PROGRESSION
    answer, runner = ask(message)
    assert "get_volume_trends" in [call["name"] for call in runner.calls]
    # the sets asked for, not load advice on some exercise nobody asked about
    library = get_library()
    planned = {slug for day in HOME_PLAN.days.values() for slug in day.slugs()}
    lang = u.lang if u.lang in ("en", "fr", "pt", "ru") else "zh-Hant"
    assert not [s for s in planned if library.require(s).localized_name(lang) in answer.message]


@pytest.mark.parametrize(
    ("message", "slug"),
    [
        ("should I go heavier on goblet squats?", "goblet-squat"),
        ("is it time to add weight to my incline press?", "incline-db-bench-press"),
        ("je peux monter la charge au squat goblet ?", "goblet-squat"),
        ("Est-ce que je peux rajouter du poids au développé incliné ?", "incline-db-bench-press"),
        ("já dá pra subir o peso no agachamento goblet?", "goblet-squat"),
        ("posso colocar mais peso no supino inclinado?", "incline-db-bench-press"),
        ("Можно уже прибавить вес в жиме на наклонной скамье?", "incline-db-bench-press"),
        ("Стоит повысить вес в гоблете?", "goblet-squat"),
        ("高腳杯深蹲可以加重了嗎？", "goblet-squat"),
        ("上斜臥推要不要增加重量？", "incline-db-bench-press"),
    ],
)
def test_time_to_add_weight_reads_the_exercise_history(message: str, slug: str) -> None:
    assert understand(message, now=MONDAY, has_plan=True, library=get_library()).intent is Intent.PROGRESSION
    called, args = tools_called(message)
    assert called[0] == "get_historical_exercise_logs"
    assert args["exercise_slug"] == slug


@pytest.mark.parametrize(
    ("message", "slug"),
    [
        ("Пора ли утяжелять гоблет-присед?", "goblet-squat"),
        ("Мой рекорд в становухе?", "conventional-deadlift"),
        ("meu recorde no peso morto?", "conventional-deadlift"),
        ("mon record au DC haltères ?", "flat-db-bench-press"),
        ("平板臥推的個人紀錄是多少？", "flat-bb-bench-press"),
        ("my best ever on flat db bench?", "flat-db-bench-press"),
    ],
)
def test_loan_and_gym_names_find_the_exercise(message: str, slug: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert u.intent is Intent.PROGRESSION
    assert u.exercises == [slug]


@pytest.mark.parametrize(
    "message",
    [
        "Monday is my heaviest day, can you make it lighter?",
        "深蹲最重要的是什麼？",
        "Combien de jours par semaine je devrais m'entraîner ?",
        "Quantos dias por semana devo treinar?",
        "Сколько дней в неделю мне тренироваться?",
        "Can you redo my week with 4 days a week?",
    ],
)
def test_schedule_and_form_talk_is_no_numbers_question(message: str) -> None:
    assert (
        understand(message, now=MONDAY, has_plan=True, library=get_library()).intent is not Intent.PROGRESSION
    )
