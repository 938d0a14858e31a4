"""Capabilities found missing by the blind5 examiner set: weekday abbreviations in lists, a new
dumbbell cap "instead of" the old one, days ruled out around an event, groups removed in a keep-only day."""

from __future__ import annotations

import pytest

from fitcoach.agent.offline.understanding import understand
from fitcoach.contract.models import Operation, WeeklyPlan
from fitcoach.library import get_library

from .test_acting import EQUIPMENT, MONDAY, turn


def _days(message: str) -> list[str]:
    days = understand(message, now=MONDAY, has_plan=True, library=get_library()).days
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
    assert all(
        d.relative is not None
        for d in understand(message, now=MONDAY, has_plan=True, library=get_library()).days
    )


def test_a_word_abbreviation_after_a_non_list_word_stays_a_word() -> None:
    assert _days("Train on Tuesday in the sun") == ["tuesday"]


@pytest.mark.parametrize(
    "message",
    [
        "Докупил гантели, теперь они до 30 кг вместо 22 кг",
        "Прикупил разборные гантели до 32 кг вместо старых 20 кг",
        "I upgraded to 70 lb dumbbells instead of 50 lb ones",
        "Just got new dumbbells: up to 80 lb instead of 50 lb",
        "J'ai acheté des haltères jusqu'à 30 kg au lieu de 22 kg",
        "Comprei halteres novos que vão até 32 kg em vez de 22 kg",
        "我買了新啞鈴，可以調到30公斤，而不是20公斤",
    ],
)
def test_new_gear_with_a_new_cap_updates_the_equipment(message: str) -> None:
    reply = turn(message)
    assert (
        "instead"
        not in understand(message, now=MONDAY, memory=[EQUIPMENT], has_plan=True, library=get_library()).cues
    )
    assert [(m.operation, m.memory_id) for m in reply.memory_mutations] == [(Operation.UPDATE, "mem_01")]


@pytest.mark.parametrize(
    "message",
    [
        "Can I do rows instead of 50 lb curls today?",
        "Хочу жим гантелей вместо жима штанги",
        "Je peux faire des pompes au lieu du développé couché ?",
        "Posso fazer remada em vez de 20 kg de rosca?",
    ],
)
def test_instead_before_an_exercise_is_still_a_swap(message: str) -> None:
    assert (
        "instead"
        in understand(message, now=MONDAY, memory=[EQUIPMENT], has_plan=True, library=get_library()).cues
    )


def _rest_days(message: str) -> set[str]:
    week = turn(message).proposal.data
    assert isinstance(week, WeeklyPlan)
    return {d.value for d, day in week.days.items() if day.is_rest_day}


@pytest.mark.parametrize(
    "message",
    [
        "Wedding on Saturday and the stag do Friday night, so no training Friday or Saturday.",
        "Big wedding Saturday, rehearsal dinner Friday: I won't train Friday or Saturday.",
        "Mariage samedi, enterrement de vie de garçon vendredi : pas de sport vendredi ni samedi.",
        "Свадьба в субботу, в пятницу мальчишник — в пятницу и субботу заниматься не буду.",
        "Casamento no sábado e despedida na sexta, então não treino sexta nem sábado.",
        "週六婚禮，週五單身派對，週五週六不練",
    ],
)
def test_every_day_ruled_out_around_an_event_rests(message: str) -> None:
    assert {"friday", "saturday"} <= _rest_days(message)


def test_an_event_without_ruled_out_days_keeps_the_day_before() -> None:
    assert "friday" not in _rest_days("Wedding on Saturday, go easy on Friday please")


def _friday(message: str) -> list[str]:
    reply = turn(message, tab="today", day="friday")
    assert reply.proposal.data is not None and hasattr(reply.proposal.data, "slugs")
    return list(reply.proposal.data.slugs())


LEG_GROUPS = {"legs_quad", "legs_posterior", "calves", "glutes"}


@pytest.mark.parametrize(
    "message",
    [
        "Friday: legs only, drop everything else (chest, back, shoulders)",
        "Friday just legs, get rid of the chest and back work, 40 min",
        "Vendredi seulement les jambes, enlève le reste : pecs, dos, épaules. 45 min ça va.",
        "В пятницу только ноги, убери всё остальное: грудь, спину и плечи",
        "Na sexta só pernas, tira o resto (peito, costas, ombros)",
        "週五只練腿，其他去掉（胸、背、肩）",
    ],
)
def test_groups_removed_in_a_keep_only_message_are_not_kept(message: str) -> None:
    library = get_library()
    groups = {library.require(s).group.value for s in _friday(message)}
    assert groups and groups <= LEG_GROUPS


@pytest.mark.parametrize(
    ("message", "kept"),
    [
        ("Friday only legs and chest please", "chest"),
        ("Vendredi seulement jambes et dos", "back"),
    ],
)
def test_groups_kept_without_a_remove_word_stay(message: str, kept: str) -> None:
    assert (
        kept
        in understand(
            message, now=MONDAY, memory=[EQUIPMENT], has_plan=True, library=get_library()
        ).focus_areas
    )
    assert (
        kept
        not in understand(
            message, now=MONDAY, memory=[EQUIPMENT], has_plan=True, library=get_library()
        ).replaced_areas
    )
