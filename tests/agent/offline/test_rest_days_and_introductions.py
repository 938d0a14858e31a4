"""Days given as rest in a schedule rest; an introduction's own trouble is a condition, not a focus;
a quotation does not set the reply's language; a weekly-volume question is answered with the user's
own logged sets beside the book."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.acting import arbiter
from fitcoach.agent.offline.understanding import Intent, understand
from fitcoach.agent.offline.understanding.language import identify
from fitcoach.contract.models import ProposalType, Weekday, WeeklyPlan
from fitcoach.languages.text import fold
from fitcoach.library import get_library
from tests.agent.offline.replay import chat_case, send, tagged_reading

MONDAY = dt.datetime(2026, 9, 14, 9, tzinfo=dt.UTC)


def _avoided(message: str) -> set[Weekday]:
    return set(understand(message, now=MONDAY, has_plan=True, library=get_library()).avoided)


@pytest.mark.parametrize(
    ("message", "rested"),
    [
        ("quero trocar pra PPL, de segunda a sábado, 1h cada, domingo descanso", {Weekday.SUNDAY}),
        (
            "хочу тренироваться 5 раз в неделю, выходные — среда и воскресенье",
            {Weekday.WEDNESDAY, Weekday.SUNDAY},
        ),
        ("jours de repos : mercredi et dimanche, 5 séances", {Weekday.WEDNESDAY, Weekday.SUNDAY}),
        ("4 days a week please, Tuesday and Saturday off", {Weekday.TUESDAY, Weekday.SATURDAY}),
        ("週三和週日休息，其他天都可以練", {Weekday.WEDNESDAY, Weekday.SUNDAY}),
        (
            "quero treinar de terça a sexta e deixar segunda e o fim de semana livres",
            {Weekday.MONDAY, Weekday.SATURDAY, Weekday.SUNDAY},
        ),
    ],
)
def test_days_beside_a_rest_word_are_rest_days(message: str, rested: set[Weekday]) -> None:
    assert _avoided(message) == rested


@pytest.mark.parametrize(
    "message",
    [
        "I'm free Monday and Thursday",  # free *before* its day is a day to train
        "back off Monday please, it was brutal",
        "Mon Wed Fri, and the rest of the week I walk",
        "de segunda a sábado, domingo eu vejo",  # a comma ends the reach of a rest word
    ],
)
def test_days_without_a_rest_word_beside_them_are_not_rest(message: str) -> None:
    assert _avoided(message) == set()


@pytest.mark.parametrize(
    ("message", "lang", "count", "rest"),
    [
        ("quero trocar pra PPL, de segunda a sábado, 1h cada, domingo descanso", "pt", 6, {"sunday"}),
        (
            "хочу тренироваться 5 раз в неделю, выходные — среда и воскресенье",
            "ru",
            5,
            {"wednesday", "sunday"},
        ),
    ],
)
def test_a_new_schedule_leaves_its_rest_days_free(
    message: str, lang: str, count: int, rest: set[str]
) -> None:
    answer = send(chat_case(message, lang, equipment="Commercial gym: barbells, racks, dumbbells, cables."))
    assert answer.proposal is not None and answer.proposal.type is ProposalType.UPDATE_WEEK
    week = answer.proposal.data
    assert isinstance(week, WeeklyPlan)
    assert len(week.training_days()) == count
    assert rest <= {day.value for day in Weekday if week.days[day].is_rest_day}


def test_a_joint_named_with_its_side_in_an_introduction_is_a_condition_not_a_focus() -> None:
    message = (
        "hi, 38, lifting for years at a full commercial gym. goal: stronger squat and bench. "
        "3 days, mon wed fri, an hour. right knee has been cranky on deep lunges for a couple of years"
    )
    answer = send(chat_case(message, "en", plan=None))
    entries = [
        m.entry if isinstance(m.entry, dict) else m.entry.model_dump() for m in answer.memory_mutations
    ]
    chronic = [entry for entry in entries if entry.get("category") == "chronic_condition"]
    assert [entry["body_part"] for entry in chronic] == ["knee"]
    goals = [entry["fact"] for entry in entries if entry.get("category") == "goal"]
    assert goals and "knee" not in goals[0].lower()
    assert "knee" not in answer.message.split("built around")[-1].split(".")[0]


def test_a_body_part_the_models_tag_as_the_users_own_in_an_introduction_is_a_condition() -> None:
    message = "мне 58, дома гантели до 10 кг, три раза в неделю. у меня остеохондроз поясничного отдела"
    u = understand(message, now=MONDAY, has_plan=False, library=get_library())
    assert u.intent is Intent.ONBOARDING
    found = tagged_reading(message, ("onboarding",), [("поясничного отдела", "body_part_self")])
    own = arbiter.with_own_conditions(u, found)
    assert own.own_areas == ["lower_back"]
    assert "lower_back" not in own.focus_areas
    unsure = tagged_reading(
        message, ("onboarding",), [("поясничного отдела", "body_part_self")], span_confidence=0.3
    )
    assert arbiter.with_own_conditions(u, unsure).own_areas == []


def test_muscles_to_grow_tagged_as_the_users_own_body_are_no_condition() -> None:
    message = "хочу нарастить мышцы, особенно грудные и дельтовидные, 4 дня в неделю, дома гантели до 22 кг"
    u = understand(message, now=MONDAY, has_plan=False, library=get_library())
    found = tagged_reading(
        message, ("onboarding",), [("грудные", "body_part_self"), ("дельтовидные", "body_part_self")]
    )
    assert arbiter.with_own_conditions(u, found).own_areas == []


def test_a_quotation_in_another_language_does_not_set_the_reply_language() -> None:
    message = (
        "Arnold disait « the last three or four reps is what makes the muscle grow ». C'est vrai ou pas ?"
    )
    assert identify(message, fold(message)).lang == "fr"
    quoted_only = "« the last three or four reps is what makes the muscle grow »"
    assert identify(quoted_only, fold(quoted_only)).lang == "en"


def test_a_weekly_volume_question_brings_the_users_logged_sets() -> None:
    case = chat_case(
        "J'ai l'impression de faire trop peu pour les pecs. "
        "Combien de séries par semaine je fais en ce moment ?",
        "fr",
        plan="home_db_4day",
        logs="logs_home_3weeks",
    )
    answer = send(case)
    assert answer.proposal is None or answer.proposal.type is ProposalType.NONE
    assert not answer.memory_mutations
    assert "séries" in answer.message and any(ch.isdigit() for ch in answer.message.split(".")[0])


def test_an_introduction_with_the_weekend_off_trains_on_weekdays() -> None:
    message = (
        "家裡有一組可調式啞鈴（最重 24 公斤）和一張可調式椅子。目標是減脂同時保留肌肉。"
        "平日五天都可以練，每次四十分鐘左右，週末不練。"
    )
    answer = send(chat_case(message, "zh-Hant", plan=None, now="2026-09-13T09:00:00Z"))
    assert answer.proposal is not None and answer.proposal.type is ProposalType.UPDATE_WEEK
    week = answer.proposal.data
    assert isinstance(week, WeeklyPlan)
    assert week.training_days() == [
        Weekday.MONDAY,
        Weekday.TUESDAY,
        Weekday.WEDNESDAY,
        Weekday.THURSDAY,
        Weekday.FRIDAY,
    ]
