"""Days a schedule change rules out ("I won't train Friday or Saturday, rebuild it", "sauf le
dimanche", "кроме пятницы", "menos sexta", "除了週五") rest; the usual days stay on the others."""

from __future__ import annotations

import pytest

from fitcoach.contract.models import Weekday, WeeklyPlan

from .test_acting import HOME_PLAN, turn


def _training(message: str) -> set[str]:
    week = turn(message).proposal.data
    assert isinstance(week, WeeklyPlan)
    return {d.value for d in week.training_days()}


@pytest.mark.parametrize(
    "message",
    [
        "I won't train Friday or Saturday this week, rebuild it",
        "Rebuild my week: I can't train on Friday or Saturday",
        "Redo my schedule, every day except Friday and Saturday works",
        "Refais ma semaine, je ne peux pas le vendredi ni le samedi",
        "Refais mon planning : tous les jours sauf vendredi et samedi",
        "Перестрой неделю: в пятницу и субботу не смогу",
        "Переделай расписание, могу в любой день кроме пятницы и субботы",
        "Refaz a semana, não posso na sexta nem no sábado",
        "Refaz o meu plano: qualquer dia menos sexta e sábado",
        "重新安排這週，週五和週六不能練",
        "幫我重排課表，除了週五和週六都可以",
    ],
)
def test_ruled_out_days_rest_and_the_week_keeps_its_size(message: str) -> None:
    days = _training(message)
    assert not days & {"friday", "saturday"}
    assert len(days) == len(HOME_PLAN.training_days())
    kept = {d.value for d in HOME_PLAN.training_days() if d not in {Weekday.FRIDAY, Weekday.SATURDAY}}
    assert kept <= days


@pytest.mark.parametrize(
    "message",
    [
        "I can train Friday and Saturday",
        "Je peux m'entraîner vendredi et samedi",
        "Могу тренироваться в пятницу и субботу",
        "Posso treinar sexta e sábado",
        "我週五和週六可以訓練",
    ],
)
def test_days_the_user_can_train_are_chosen(message: str) -> None:
    assert _training(message) == {"friday", "saturday"}


@pytest.mark.parametrize(
    "message",
    [
        "No time during the week, I can only do Friday and Saturday, rebuild the plan",
        "En semaine pas le temps, seulement vendredi et samedi, refais le plan",
        "На неделе нет времени, могу только в пятницу и субботу, перестрой план",
        "Sem tempo durante a semana, só sexta e sábado, refaz o plano",
        "平日沒時間，只有週五和週六可以，重新安排",
    ],
)
def test_only_days_after_no_time_are_the_new_days(message: str) -> None:
    assert _training(message) == {"friday", "saturday"}
