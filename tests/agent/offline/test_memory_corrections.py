"""Memory that corrections, recoveries and day talk must not damage (R23-R26): a correction edits
only the corrected detail of a fact, recovery closes the matching state, a day edit or an event's
day count never rewrites the goal, surgery is a chronic condition, a past reference is no duration,
and hours of sleep or of a shift are no session length."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline import coach_turn
from fitcoach.agent.offline.acting.facts import merged_goal_fact
from fitcoach.agent.offline.understanding import understand
from fitcoach.agent.providers.base import TurnInput
from fitcoach.contract.models import (
    ActiveTab,
    CoachReply,
    MemoryMutation,
    Operation,
    Tier,
    Tier1Entry,
    Tier2Entry,
    Weekday,
)
from fitcoach.facts.model import InventoryFacts
from fitcoach.library import get_library
from fitcoach.library.gear import Gear
from fitcoach.memory.apply import memory_after
from fitcoach.memory.model import MemoryItem

from .replay import LogToolRunner
from .test_acting import HOME_PLAN, MONDAY, item

KG_GYM = item(
    "mem_01",
    Tier.STAPLES,
    Tier1Entry(
        category="equipment",
        fact="Home gym: adjustable dumbbells up to 24 kg, adjustable bench, pull-up bar.",
    ),
)
GOAL = item(
    "mem_02",
    Tier.STAPLES,
    Tier1Entry(category="goal", fact="Hypertrophy with chest/shoulder emphasis; 4 days/week, 45 min."),
)


def ask(
    message: str,
    memory: list[MemoryItem] | None = None,
    *,
    tab: ActiveTab = "coach",
    plan: bool = True,
    now: dt.datetime = MONDAY,
) -> CoachReply:
    selected = Weekday.of(now.date()) if tab == "today" else None
    stored = memory if memory is not None else [KG_GYM, GOAL]
    inputs = TurnInput(
        message, now, tab, selected, stored, HOME_PLAN if plan else None, library=get_library()
    )
    return coach_turn(inputs, LogToolRunner([], now))


def update_of(answer: CoachReply, memory_id: str) -> Tier1Entry:
    found = [m for m in answer.memory_mutations if m.memory_id == memory_id]
    assert len(found) == 1 and found[0].operation is Operation.UPDATE, answer.memory_mutations
    entry = found[0].typed_entry()
    assert isinstance(entry, Tier1Entry)
    return entry


# --- the equipment fact: only the corrected detail changes -----------------------------------------


def stored_inventory(message: str, answer: CoachReply) -> InventoryFacts:
    """The equipment as the memory rules store it after this turn (the one implementation)."""
    after = memory_after([KG_GYM, GOAL], answer.memory_mutations, now=MONDAY, message=message)
    (equipment,) = [i for i in after if isinstance(i.entry, Tier1Entry) and i.entry.category == "equipment"]
    assert equipment.facts is not None and equipment.facts.inventory is not None
    return equipment.facts.inventory


@pytest.mark.parametrize(
    ("message", "cap"),
    [
        ("Actually my dumbbells max out at 20 kg, sorry", "20 kg"),
        ("correction: the heaviest dumbbells I have are 22 kg", "22 kg"),
        ("En fait mes haltères vont jusqu'à 18 kg, pas 24", "18 kg"),
        ("je me suis trompé, mes haltères c'est 20 kg max", "20 kg"),
        ("Поправка: гантели у меня только до 20 кг", "20 кг"),
        ("на самом деле гантели до 16 кг, не 24", "16 кг"),
        ("Na verdade meus halteres vão só até 20 kg", "20 kg"),
        ("me enganei, os halteres são de no máximo 18 kg", "18 kg"),
        ("更正：我的啞鈴最重是二十公斤", "20 kg"),
        ("其實啞鈴只到18公斤，不是24", "18 kg"),
    ],
)
def test_a_cap_correction_updates_the_cap_and_keeps_bench_and_bar(message: str, cap: str) -> None:
    answer = ask(message)
    update_of(answer, "mem_01")
    inventory = stored_inventory(message, answer)
    kilos = float(cap.split()[0])
    assert inventory.dumbbell_max_lb == pytest.approx(kilos * 2.20462, abs=0.1), inventory
    assert {Gear.DUMBBELLS, Gear.BENCH, Gear.INCLINE_BENCH, Gear.PULL_UP_BAR} <= inventory.owned


@pytest.mark.parametrize(
    "message",
    [
        "correction: I sold the pull-up bar",
        "actually I don't have the pull-up bar anymore, sold it",
        "en fait j'ai vendu la barre de traction",
        "поправка: турника у меня больше нет, продал",
        "na verdade vendi a barra fixa",
        "更正：單槓已經賣掉了",
    ],
)
def test_a_sold_item_leaves_and_the_others_stay(message: str) -> None:
    answer = ask(message)
    update_of(answer, "mem_01")
    inventory = stored_inventory(message, answer)
    assert Gear.PULL_UP_BAR not in inventory.owned, inventory
    assert {Gear.DUMBBELLS, Gear.BENCH} <= inventory.owned


@pytest.mark.parametrize(
    "message",
    [
        "actually, what should I do instead of the incline press?",
        "en fait, je peux faire 3x10 à 20 kg au développé incliné ?",
        "на самом деле я сделал жим гантелей 20 кг на 8",
        "na verdade, quanto devo pôr no supino com halteres?",
        "其實我想問今天練什麼",
    ],
)
def test_correction_words_about_a_lift_or_a_question_leave_equipment_alone(message: str) -> None:
    answer = ask(message)
    assert not [m for m in answer.memory_mutations if m.memory_id == "mem_01"]


# --- the goal: a correction changes its type, nothing else overwrites it --------------------------


def test_merged_goal_fact_replaces_only_the_goal_type() -> None:
    stored = "Hypertrophy with chest/shoulder emphasis; 4 days/week, 45 min."
    assert (
        merged_goal_fact(stored, "fat loss") == "Fat loss with chest/shoulder emphasis; 4 days/week, 45 min."
    )


@pytest.mark.parametrize(
    ("message", "goal"),
    [
        ("actually my goal now is fat loss, not hypertrophy", "fat_loss"),
        ("correction: I want to get stronger, not bigger", "strength"),
        ("je me suis trompé : mon objectif maintenant c'est perdre du poids", "fat_loss"),
        ("поправка: цель теперь похудеть", "fat_loss"),
        ("corrigindo: meu objetivo agora é emagrecer, não mais hipertrofia", "fat_loss"),
        ("更正：目標改成減脂", "fat_loss"),
    ],
)
def test_a_goal_correction_updates_the_type_and_keeps_the_schedule(message: str, goal: str) -> None:
    entry = update_of(ask(message), "mem_02")
    assert entry.goal_type == goal
    assert "4 days/week, 45 min" in entry.fact, entry.fact


@pytest.mark.parametrize(
    "message",
    [
        "make wednesday a leg day",
        "fais du mercredi une journée jambes",
        "сделай среду днём ног",
        "quero que quarta seja dia de perna",
        "週三改成練腿日",
    ],
)
def test_a_day_edit_without_a_plan_keeps_the_goal(message: str) -> None:
    answer = ask(message, plan=False)
    assert not [m for m in answer.memory_mutations if m.memory_id == "mem_02"], answer.memory_mutations


@pytest.mark.parametrize(
    "message",
    [
        "going surfing two days this weekend, want my shoulders fresh",
        "ce week-end je fais du ski deux jours",
        "на выходных два дня в походе",
        "neste fim de semana vou fazer trilha dois dias",
        "這個週末要去爬山兩天（六日）",
    ],
)
def test_an_event_day_count_is_no_schedule(message: str) -> None:
    u = understand(message, now=MONDAY, memory=[KG_GYM, GOAL], has_plan=True, library=get_library())
    assert u.days_per_week is None
    answer = ask(message)
    assert not [m for m in answer.memory_mutations if m.memory_id == "mem_02"]


def test_a_schedule_with_a_weekend_still_counts() -> None:
    assert (
        understand(
            "I can train 4 days a week, weekends included", now=MONDAY, library=get_library()
        ).days_per_week
        == 4
    )


# --- recovery closes the matching state -----------------------------------------------------------

SORE = item(
    "mem_04",
    Tier.PHYSIOLOGICAL,
    Tier2Entry(
        body_part="hamstrings",
        condition="soreness",
        fact="Hamstring soreness",
        effective_date=MONDAY.date(),
        expires_at=MONDAY + dt.timedelta(days=2),
    ),
    MONDAY + dt.timedelta(days=2),
)


@pytest.mark.parametrize(
    "message",
    [
        "hamstrings feel much better, no more soreness",
        "mes ischios vont bien mieux",
        "plus aucune courbature aux ischios",
        "задняя поверхность бедра уже не болит",
        "posterior de coxa já passou, bem melhor",
        "腿後側好多了，不痠了",
    ],
)
def test_recovery_deletes_the_sore_item(message: str) -> None:
    answer = ask(message, [KG_GYM, GOAL, SORE])
    deletes = [m for m in answer.memory_mutations if m.operation is Operation.DELETE]
    assert [m.memory_id for m in deletes] == ["mem_04"], answer.memory_mutations


@pytest.mark.parametrize(
    "message",
    [
        "my hamstrings are still sore, go easy today",
        "ischios encore pleins de courbatures",
        "бицепс бедра всё ещё болит",
    ],
)
def test_still_sore_is_no_recovery(message: str) -> None:
    answer = ask(message, [KG_GYM, GOAL, SORE], tab="today")
    assert not [m for m in answer.memory_mutations if m.operation is Operation.DELETE]


# --- surgery, past references, hours of sleep ----------------------------------------------------


@pytest.mark.parametrize(
    ("message", "area"),
    [
        ("I train at a commercial gym 3 days a week, had knee surgery two years ago", "knee"),
        ("salle de sport 3 jours par semaine, j'ai été opéré du genou l'an dernier", "knee"),
        ("зал 3 дня в неделю, прооперировал плечо в прошлом году", "shoulder"),
        ("academia 3 dias por semana, operei o joelho ano passado", "knee"),
        ("健身房每週三天，膝蓋開過刀", "knee"),
    ],
)
def test_surgery_at_onboarding_is_a_chronic_condition(message: str, area: str) -> None:
    answer = ask(message, [], plan=False)
    chronic = [m.typed_entry() for m in answer.memory_mutations if m.operation is Operation.CREATE]
    assert any(
        isinstance(e, Tier1Entry) and e.category == "chronic_condition" and e.body_part == area
        for e in chronic
    ), answer.memory_mutations


@pytest.mark.parametrize(
    "message",
    [
        "shoulder pinching again on incline press, like two weeks ago",
        "l'épaule pince de nouveau, comme il y a deux semaines",
        "плечо снова защемило, как две недели назад",
        "o ombro voltou a pinçar, como há duas semanas",
        "肩膀又卡卡的，跟兩週前一樣",
    ],
)
def test_a_past_reference_is_no_duration(message: str) -> None:
    assert understand(message, now=MONDAY, library=get_library()).span_days is None


def test_a_duration_still_counts() -> None:
    assert (
        understand(
            "the physio said to rest the shoulder for two weeks", now=MONDAY, library=get_library()
        ).span_days
        == 14
    )


def _fatigue(mutations: list[MemoryMutation]) -> bool:
    entries = [m.typed_entry() for m in mutations if m.operation is Operation.CREATE]
    return any(isinstance(e, Tier2Entry) and e.condition == "fatigue" for e in entries)


@pytest.mark.parametrize(
    "message",
    [
        "slept like 3 hrs, feel wrecked, go lighter today?",
        "only slept 4 hours after a night shift, lighter today please",
        "nuit blanche, dormi 3 h, séance plus légère aujourd'hui ?",
        "спал всего 4 часа, сегодня полегче?",
        "to morto de cansado, plantão de 24h, treino de hoje mais leve",
        "昨晚只睡3小時，今天輕一點",
    ],
)
def test_sleep_or_shift_hours_are_fatigue_not_session_length(message: str) -> None:
    u = understand(
        message,
        now=MONDAY,
        active_tab="today",
        selected_day=Weekday.MONDAY,
        has_plan=True,
        library=get_library(),
    )
    assert u.minutes is None
    answer = ask(message, tab="today")
    assert _fatigue(answer.memory_mutations), answer.memory_mutations
    for day in [answer.proposal.data] if answer.proposal.data is not None else []:
        assert getattr(day, "duration_minutes", 0) <= 60


def test_hours_of_training_still_count() -> None:
    assert (
        understand("I only have 1 hour today", now=MONDAY, active_tab="today", library=get_library()).minutes
        == 60
    )
