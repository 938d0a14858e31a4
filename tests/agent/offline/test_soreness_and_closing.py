"""Soreness reports that change today's session, and memory items the user closes: slang for sore
muscles ("wrecked", "moído", "убиты", "廢了"), several sore areas in one report, a weekday that only
says when it started, and "it's healed" / "it's cancelled" as a DELETE of the matching item (R26)."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline import coach_turn
from fitcoach.agent.offline.understanding import Intent, understand
from fitcoach.agent.providers.base import TurnInput
from fitcoach.contract.models import (
    ActiveTab,
    CoachReply,
    DayPlan,
    Operation,
    ProposalType,
    Tier,
    Tier1Entry,
    Tier2Entry,
    Tier3Entry,
    Weekday,
)
from fitcoach.library import get_library
from fitcoach.memory.model import MemoryItem

from .replay import LogToolRunner
from .test_acting import EQUIPMENT, HOME_PLAN, MONDAY, item


def ask(message: str, memory: list[MemoryItem] | None = None, tab: ActiveTab = "today") -> CoachReply:
    selected = Weekday.MONDAY if tab == "today" else None
    inputs = TurnInput(
        message, MONDAY, tab, selected, [EQUIPMENT, *(memory or [])], HOME_PLAN, library=get_library()
    )
    return coach_turn(inputs, LogToolRunner([], MONDAY))


def created_parts(answer: CoachReply) -> set[str]:
    parts = set()
    for mutation in answer.memory_mutations:
        entry = mutation.typed_entry()
        if mutation.operation is Operation.CREATE and isinstance(entry, Tier2Entry):
            parts.add(entry.body_part)
    return parts


@pytest.mark.parametrize(
    ("message", "area"),
    [
        ("my hamstrings are wrecked from yesterday's run", "hamstrings"),
        ("calves totally smoked after the hike", "calves"),
        ("Glutes are toast, can't sit down", "glutes"),
        ("j'ai les cuisses en compote", "quads"),
        ("mes mollets sont explosés depuis le trail", "calves"),
        ("tô com a coxa moída", "quads"),
        ("minhas panturrilhas estão destruídas", "calves"),
        ("ноги убиты после вчерашнего", "legs"),
        ("икры в хлам", "calves"),
        ("昨天練完，今天小腿爆了", "calves"),
        ("我大腿前側鐵腿了", "quads"),
    ],
)
def test_worn_out_slang_about_a_body_part_is_soreness(message: str, area: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert u.intent is Intent.ACUTE_PAIN
    assert u.conditions[0] == "soreness"
    assert area in u.hurt_areas


@pytest.mark.parametrize(
    "message",
    [
        "I'm completely wrecked today",
        "je suis complètement détruit",
        "tô morto hoje",
        "я сегодня убитый",
        "我今天整個人廢了",
    ],
)
def test_worn_out_slang_on_its_own_is_fatigue(message: str) -> None:
    assert understand(message, now=MONDAY, has_plan=True, library=get_library()).conditions == ["fatigue"]


@pytest.mark.parametrize(
    "message",
    [
        "Big race Saturday, make sure my legs aren't wrecked",
        "je veux pas avoir les jambes détruites pour le marathon de dimanche",
        "o banco está quebrado, o que faço no lugar do supino?",
        "к забегу в субботу ноги не должны быть убиты",
        "週六比賽，腿不要廢了",
        "Thanks coach, I'm wrecked but happy",
    ],
)
def test_negated_worn_words_gear_and_thanks_are_no_soreness_report(message: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert "soreness" not in u.conditions
    assert u.intent is not Intent.ACUTE_PAIN


@pytest.mark.parametrize(
    ("message", "parts"),
    [
        ("chest and shoulders are wrecked from yesterday", {"chest", "shoulder"}),
        ("grosses courbatures aux pecs et aux épaules", {"chest", "shoulder"}),
        ("peito e ombros moídos do treino de ontem", {"chest", "shoulder"}),
        ("забиты икры и ягодицы", {"calves", "glutes"}),
        ("胸和肩膀好痠", {"chest", "shoulder"}),
    ],
)
def test_every_sore_area_of_one_report_is_recorded(message: str, parts: set[str]) -> None:
    assert created_parts(ask(message, tab="coach")) == parts


def test_an_area_outside_the_sore_clause_is_not_recorded() -> None:
    answer = ask("knee feels off this morning, it hurts on the stairs, should I change today's legs?")
    assert created_parts(answer) == {"knee"}


@pytest.mark.parametrize(
    "message",
    [
        "Sore hamstrings from yesterday's run, what do I do tonight?",
        "courbatures aux ischios, je fais quoi pour la séance de ce soir ?",
        "posterior de coxa todo moído, e o treino de hoje?",
        "бицепс бедра забит, что делать с тренировкой сегодня?",
        "腿後肌很痠，今天怎麼練？",
    ],
)
def test_asking_about_today_with_a_sore_area_it_does_not_load_gets_a_lighter_day(message: str) -> None:
    # Monday pushes: nothing loads the hamstrings, the day still changes because the user asks
    answer = ask(message)
    assert answer.proposal.type is ProposalType.UPDATE_DAY
    assert answer.proposal.target_day is Weekday.MONDAY
    assert isinstance(answer.proposal.data, DayPlan)
    monday = HOME_PLAN.days[Weekday.MONDAY]
    assert answer.proposal.data.duration_minutes < monday.duration_minutes
    assert created_parts(answer) == {"hamstrings"}


@pytest.mark.parametrize(
    "message",
    ["my hamstrings are a bit sore", "j'ai des courbatures aux ischios", "бицепс бедра забит"],
)
def test_a_plain_report_only_notes_the_area(message: str) -> None:
    answer = ask(message)
    assert answer.proposal.type is ProposalType.NONE
    assert created_parts(answer) == {"hamstrings"}


@pytest.mark.parametrize(
    "message",
    [
        "Played football on Saturday and my chest is wrecked, what about today?",
        "Foot samedi, j'ai les pecs détruits, on fait quoi aujourd'hui ?",
        "Joguei bola no sábado e tô com o peito moído, e hoje?",
        "В субботу играл в футбол, грудь забита, что делаем сегодня?",
        "週六打球，今天胸超痠，今天怎麼練？",
    ],
)
def test_the_day_it_started_is_not_the_day_to_change(message: str) -> None:
    answer = ask(message)
    assert answer.proposal.type is ProposalType.UPDATE_DAY
    assert answer.proposal.target_day is Weekday.MONDAY
    assert created_parts(answer) == {"chest"}


LATER = MONDAY + dt.timedelta(days=6)
SHOULDER = item(
    "mem_05",
    Tier.STAPLES,
    Tier1Entry(category="chronic_condition", fact="Right shoulder tendinitis: avoid overhead pressing."),
)
KNEE = item(
    "mem_06",
    Tier.PHYSIOLOGICAL,
    Tier2Entry(body_part="left knee", condition="minor_strain", fact="Left knee tweak."),
    LATER,
)


def trip(item_id: str, event: str) -> MemoryItem:
    entry = Tier3Entry(event=event, fact=f"{event}, Sep 17-19.", expires_at=LATER)
    return MemoryItem(
        id=item_id, tier=Tier.SITUATIONAL, entry=entry, created_at=MONDAY, updated_at=MONDAY, expires_at=LATER
    )


TRIP = trip("mem_07", "Business trip to Lisbon")
GOLF = trip("mem_08", "Golf tournament")


def deleted(answer: CoachReply) -> list[tuple[str | None, Tier]]:
    return [(m.memory_id, m.target_tier) for m in answer.memory_mutations if m.operation is Operation.DELETE]


@pytest.mark.parametrize(
    "message",
    [
        "my shoulder is fully healed, the physio cleared me",
        "mon épaule est complètement rétablie",
        "o ombro sarou, o fisio me liberou",
        "плечо зажило, врач всё разрешил",
        "肩膀完全康復了",
    ],
)
def test_a_healed_chronic_condition_is_deleted(message: str) -> None:
    answer = ask(message, [SHOULDER, KNEE], tab="coach")
    assert deleted(answer) == [("mem_05", Tier.STAPLES)]
    assert answer.proposal.type is ProposalType.NONE


@pytest.mark.parametrize(
    "message",
    [
        "knee is back to 100 percent, squats feel great",
        "le genou est guéri, plus aucune douleur",
        "o joelho já sarou, não sinto mais nada",
        "колено прошло, больше не беспокоит",
        "膝蓋已經不痛了",
    ],
)
def test_a_healed_tweak_is_deleted_not_extended(message: str) -> None:
    answer = ask(message, [SHOULDER, KNEE], tab="coach")
    assert deleted(answer) == [("mem_06", Tier.PHYSIOLOGICAL)]
    assert not [m for m in answer.memory_mutations if m.operation is not Operation.DELETE]


@pytest.mark.parametrize(
    "message",
    [
        "the golf tournament got called off",
        "le tournoi de golf est annulé",
        "cancelaram o torneio de golfe",
        "турнир по гольфу отменили",
        "高爾夫錦標賽取消了",
    ],
)
def test_a_cancelled_event_is_deleted_by_its_kind(message: str) -> None:
    answer = ask(message, [TRIP, GOLF], tab="coach")
    assert deleted(answer) == [("mem_08", Tier.SITUATIONAL)]


@pytest.mark.parametrize(
    "message", ["it got cancelled", "c'est annulé finalement", "desmarcaram", "всё отменилось", "取消了"]
)
def test_a_bare_cancellation_closes_the_only_event(message: str) -> None:
    assert deleted(ask(message, [TRIP], tab="coach")) == [("mem_07", Tier.SITUATIONAL)]


@pytest.mark.parametrize(
    ("message", "memory"),
    [
        ("cancel the squats on Tuesday", [TRIP]),
        ("取消週二的深蹲", [TRIP]),
        ("annule les fentes de vendredi", [TRIP]),
        ("the trip is cancelled", [KNEE]),
        ("my knee is fine now", [TRIP]),
        ("o joelho sarou", [SHOULDER]),
        ("поездку отменили", [GOLF]),
        ("my shoulder is 100 percent", [KNEE]),
    ],
)
def test_nothing_unrelated_is_deleted(message: str, memory: list[MemoryItem]) -> None:
    assert deleted(ask(message, memory, tab="coach")) == []
