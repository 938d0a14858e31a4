"""A gym told with its own list and dumbbell cap is that list; a denial carries over "nor"; a trip
whose destination has no gear keeps no dumbbell work on the days away."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.understanding import understand
from fitcoach.contract.models import ProposalType, Weekday, WeeklyPlan
from fitcoach.facts.reader import read_change
from fitcoach.library import get_library
from fitcoach.library.gear import Gear
from tests.agent.offline.replay import chat_case, send

MONDAY = dt.datetime(2026, 9, 14, 9, tzinfo=dt.UTC)
CONDO_GYM = (
    "treino na academia do condomínio: tem halteres até 20kg, um banco reto e uma polia com corda. "
    "não tem barra olímpica nem máquina de perna."
)


def test_a_gym_with_a_dumbbell_cap_and_its_own_list_is_that_list() -> None:
    u = understand(CONDO_GYM, now=MONDAY, has_plan=False, library=get_library())
    assert {Gear.DUMBBELLS, Gear.BENCH, Gear.CABLE_MACHINE} <= u.gear
    assert not u.gear & {Gear.BARBELL, Gear.SQUAT_RACK, Gear.LEG_PRESS_MACHINE, Gear.HAMSTRING_MACHINE}
    change = read_change(CONDO_GYM)
    assert not change.full_gym
    assert {Gear.BARBELL, Gear.LEG_PRESS_MACHINE, Gear.HAMSTRING_MACHINE} <= change.removed


@pytest.mark.parametrize(
    "message",
    [
        "I train at a commercial gym: barbells, racks, cables, machines, the works",
        "commercial gym, dumbbells go up to 50 kg",  # one item and a cap: still a whole gym
    ],
)
def test_a_gym_without_its_own_capped_list_stands_for_everything(message: str) -> None:
    assert read_change(message).full_gym
    u = understand(message, now=MONDAY, has_plan=False, library=get_library())
    assert {Gear.BARBELL, Gear.SQUAT_RACK, Gear.CABLE_MACHINE} <= u.gear


def test_nor_carries_a_denial_to_the_next_gear() -> None:
    u = understand(
        "não tem barra olímpica nem máquina de perna", now=MONDAY, has_plan=True, library=get_library()
    )
    assert {Gear.BARBELL, Gear.LEG_PRESS_MACHINE, Gear.HAMSTRING_MACHINE} <= u.negated_gear


@pytest.mark.parametrize(
    ("message", "lang"),
    [
        ("со среды по субботу командировка в Новосиб, зала не будет. гантели с собой не потащу", "ru"),
        ("這週四晚上出發去花蓮玩三天，週日晚上才回來，那邊什麼器材都沒有", "zh-Hant"),
    ],
)
def test_a_trip_without_gear_keeps_no_dumbbell_work_while_away(message: str, lang: str) -> None:
    answer = send(chat_case(message, lang, plan="home_db_4day", equipment="Dumbbells up to 50 lb, a bench."))
    assert answer.proposal is not None and answer.proposal.type is ProposalType.UPDATE_WEEK
    week = answer.proposal.data
    assert isinstance(week, WeeklyPlan)
    library = get_library()
    away = [Weekday.THURSDAY, Weekday.FRIDAY]
    for day in away:
        for slug in week.days[day].slugs():
            assert library.require(slug).gear.all_of in ([], [[Gear.BODYWEIGHT]]), (day, slug)
    assert any(m.target_tier.value == "tier_3_situational" for m in answer.memory_mutations)
