"""Swaps on the gym floor when gear or a station is taken (SPEC §9 type 4, R21): the right gear
noun in every language (barbell vs pull-up bar), gear words inside an exercise's name, busy
stations named by the exercise, and replacements that never need the busy gear."""

from __future__ import annotations

import pytest

from fitcoach.agent.offline import coach_turn
from fitcoach.agent.offline.answering import count_sentences
from fitcoach.agent.offline.understanding import Intent, understand
from fitcoach.agent.providers.base import TurnInput
from fitcoach.contract.models import DayPlan, ProposalType, Weekday
from fitcoach.library import get_library
from fitcoach.library.gear import Gear, Inventory

from .replay import LogToolRunner
from .test_acting import MONDAY
from .test_blind_gaps import FULL_GYM, GYM_PLAN


def swap(message: str, day: str) -> list[str]:
    """The gym plan's `day` on the today tab; the staged day's slugs (R8: under two sentences)."""
    inputs = TurnInput(message, MONDAY, "today", Weekday(day), [FULL_GYM], GYM_PLAN, library=get_library())
    answer = coach_turn(inputs, LogToolRunner([], MONDAY))
    assert answer.proposal.type is ProposalType.UPDATE_DAY, answer.message
    assert answer.proposal.target_day is Weekday(day)
    assert isinstance(answer.proposal.data, DayPlan)
    assert count_sentences(answer.message) <= 2
    return answer.proposal.data.slugs()


def needs(slug: str, gear: Gear) -> bool:
    """Whether the exercise cannot be done without `gear` (R21: "A, B" both, "A / B" either)."""
    without = Inventory(gear=frozenset(set(Gear) - {gear, Gear.MACHINE}))
    return not without.allows(get_library().require(slug).gear)


@pytest.mark.parametrize(
    ("message", "busy"),
    [
        ("all the bars are taken right now", Gear.BARBELL),
        ("Les barres sont toutes prises", Gear.BARBELL),
        ("As barras estão todas ocupadas", Gear.BARBELL),
        ("Все штанги заняты", Gear.BARBELL),
        ("槓鈴都被佔用了", Gear.BARBELL),
        ("the pull-up bar is busy", Gear.PULL_UP_BAR),
        ("La barre fixe est prise", Gear.PULL_UP_BAR),
        ("A barra fixa tá ocupada", Gear.PULL_UP_BAR),
        ("Турник занят", Gear.PULL_UP_BAR),
        ("單槓有人在用", Gear.PULL_UP_BAR),
        ("the leg curl machine is broken", Gear.HAMSTRING_MACHINE),
        ("La machine à leg curl est en panne", Gear.HAMSTRING_MACHINE),
        ("A mesa flexora tá ocupada", Gear.HAMSTRING_MACHINE),
        ("Тренажёр для сгибания ног сломан", Gear.HAMSTRING_MACHINE),
        ("腿彎舉機壞了", Gear.HAMSTRING_MACHINE),
        ("bench 被佔了", Gear.BENCH),
        ("o rack tá ocupado", Gear.SQUAT_RACK),
    ],
)
def test_busy_gear_nouns_name_the_right_gear(message: str, busy: Gear) -> None:
    u = understand(
        message,
        now=MONDAY,
        active_tab="today",
        selected_day=Weekday.MONDAY,
        has_plan=True,
        library=get_library(),
    )
    assert u.unavailable_gear == {busy}
    assert u.intent is Intent.LIVE_SWAP


@pytest.mark.parametrize(
    "message",
    [
        "the bench is taken, what instead of barbell bench press?",
        "Le banc est pris, je remplace le développé couché à la barre par quoi ?",
        "O banco tá ocupado, o que faço no lugar do supino com barra?",
        "Скамью заняли, чем заменить жим штанги лёжа?",
        "長椅被佔用了，槓鈴臥推要換什麼？",
    ],
)
def test_a_gear_word_inside_an_exercise_name_is_not_busy_gear(message: str) -> None:
    u = understand(
        message,
        now=MONDAY,
        active_tab="today",
        selected_day=Weekday.MONDAY,
        has_plan=True,
        library=get_library(),
    )
    assert u.unavailable_gear == {Gear.BENCH}
    assert "flat-bb-bench-press" in u.exercises


@pytest.mark.parametrize(
    "message",
    [
        "someone took the bench, what do I do instead of bench press?",
        "Le banc est pris, je fais quoi à la place du développé couché ?",
        "O banco tá ocupado, troco o supino pelo quê?",
        "Скамейку заняли, на что заменить жим лёжа?",
        "長椅被佔用了，臥推要換成什麼？",
    ],
)
def test_a_busy_bench_swaps_every_bench_exercise_for_one_without_a_bench(message: str) -> None:
    slugs = swap(message, "monday")
    assert "flat-bb-bench-press" not in slugs
    assert "barbell-back-squat" in slugs  # the barbell is free
    assert not [slug for slug in slugs if needs(slug, Gear.BENCH)]


@pytest.mark.parametrize(
    "message",
    [
        "all the bars are taken, what can I do instead of deadlifts?",
        "Toutes les barres sont prises, je fais quoi à la place du soulevé de terre ?",
        "As barras tão todas ocupadas, o que faço no lugar do peso morto?",
        "Все штанги заняты, чем заменить становую?",
        "槓鈴都被佔用了，硬舉可以換什麼？",
    ],
)
def test_busy_barbells_swap_every_barbell_lift_and_keep_the_pull_up_bar(message: str) -> None:
    slugs = swap(message, "wednesday")
    assert "conventional-deadlift" not in slugs
    assert "pull-up" in slugs  # the pull-up bar is no barbell
    assert not [slug for slug in slugs if needs(slug, Gear.BARBELL)]


@pytest.mark.parametrize(
    "message",
    [
        "the pull-up bar is busy, what instead?",
        "La barre de traction est prise, je remplace les tractions par quoi ?",
        "A barra fixa tá ocupada, o que faço no lugar?",
        "Турник занят, что делать вместо подтягиваний?",
        "單槓有人在用，引體向上換什麼？",
    ],
)
def test_a_busy_pull_up_bar_keeps_the_barbell_lifts(message: str) -> None:
    slugs = swap(message, "wednesday")
    assert "pull-up" not in slugs
    assert "conventional-deadlift" in slugs


@pytest.mark.parametrize(
    "message",
    [
        "someone is on the lat pulldown, what else can I do?",
        "Quelqu'un est sur le tirage vertical, une alternative ?",
        "O puxador tá ocupado, faço o quê?",
        "Верхний блок занят, что делать?",
        "高位下拉有人在用，換什麼？",
    ],
)
def test_a_busy_station_named_by_its_exercise_is_swapped(message: str) -> None:
    slugs = swap(message, "monday")
    assert "lat-pulldown" not in slugs
    assert len(slugs) == len(GYM_PLAN.days[Weekday.MONDAY].slugs())
    assert "flat-bb-bench-press" in slugs


@pytest.mark.parametrize(
    "message",
    [
        "the leg curl machine is taken, what now?",
        "La machine à leg curl est prise, je fais quoi ?",
        "A mesa flexora tá ocupada, troco por quê?",
        "Тренажёр на сгибание ног занят, на что поменять?",
        "腿彎舉機有人在用，可以換什麼？",
    ],
)
def test_a_busy_machine_swaps_its_exercise_for_one_without_it(message: str) -> None:
    slugs = swap(message, "friday")
    assert "lying-hamstring-curl" not in slugs
    assert not [slug for slug in slugs if needs(slug, Gear.HAMSTRING_MACHINE)]
    assert "leg-extension" in slugs


@pytest.mark.parametrize(
    "message",
    [
        "swap the leg curl, I don't like it",
        "Remplace le curl ischios, s'il te plaît",
        "Troca a flexora por outra coisa",
        "Замени сгибание ног на что-нибудь другое",
        "腿彎舉可以換成別的嗎",
    ],
)
def test_a_partial_name_means_the_days_only_exercise_of_that_movement(message: str) -> None:
    slugs = swap(message, "friday")
    assert "lying-hamstring-curl" not in slugs


@pytest.mark.parametrize(
    "message",
    [
        "I'm busy on Wednesday, can you move my squats to Thursday?",
        "Je suis occupé mercredi, tu peux déplacer le squat à jeudi ?",
        "Tô ocupado na quarta, dá pra passar o agachamento pra quinta?",
        "Я занят в среду, перенеси присед на четверг",
        "我週三有事被占用，深蹲可以移到週四嗎？",
    ],
)
def test_a_busy_person_is_no_busy_station(message: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert u.intent is not Intent.LIVE_SWAP
    assert not u.unavailable_gear
