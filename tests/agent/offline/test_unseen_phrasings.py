"""Whole turns on phrasings that appear in no case file (typos, no accents, colloquial, mixed
languages): the proposal type and day a correct coach gives, on the seed home plan (Monday)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from fitcoach.agent.offline import coach_turn
from fitcoach.agent.providers.base import TurnInput
from fitcoach.contract.models import ActiveTab, ProposalType, Tier, Tier1Entry, Weekday, WeeklyPlan
from fitcoach.library import get_library
from fitcoach.memory.model import MemoryItem

from .replay import LogToolRunner

FIXTURES = Path(__file__).parents[2] / "data" / "fixtures"
PLAN = WeeklyPlan.model_validate(json.loads((FIXTURES / "home_db_4day.json").read_text("utf-8")))
LOGS = json.loads((FIXTURES / "logs_home_3weeks.json").read_text("utf-8"))
NOW = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)
EQUIPMENT = MemoryItem(
    id="mem_01",
    tier=Tier.STAPLES,
    entry=Tier1Entry(category="equipment", fact="Home gym with dumbbells up to 50 lbs and adjustable bench."),
    created_at=NOW,
    updated_at=NOW,
)
UPDATE_DAY, UPDATE_WEEK, NONE = ProposalType.UPDATE_DAY, ProposalType.UPDATE_WEEK, ProposalType.NONE

CASES: list[tuple[str, ActiveTab, str | None, ProposalType, str | None]] = [
    (
        "le banc est pris, je fais quoi a la place du developpe incline ?",
        "today",
        "monday",
        UPDATE_DAY,
        "monday",
    ),
    ("jai mal a lepaule droite aujourdhui", "today", "monday", UPDATE_DAY, "monday"),
    ("demain j'ai que 20 min", "coach", None, UPDATE_DAY, "tuesday"),
    (
        "je veux m'entrainer lundi mercredi vendredi et faire du vendredi une journee jambes",
        "week",
        None,
        UPDATE_WEEK,
        None,
    ),
    ("course de 10 km dimanche, garde mes jambes fraiches", "coach", None, UPDATE_WEEK, None),
    ("je peux monter en charge au developpe incline ?", "coach", None, NONE, None),
    ("o banco ta ocupado, oq eu faço no lugar do supino inclinado?", "today", "monday", UPDATE_DAY, "monday"),
    ("meu ombro direito ta doendo hj", "today", "monday", UPDATE_DAY, "monday"),
    ("segunda so tenho 30 min", "coach", None, UPDATE_DAY, "monday"),
    ("quero treinar seg, qua e sex", "week", None, UPDATE_WEEK, None),
    ("nao sinto as costas na remada", "coach", None, NONE, None),
    ("скамья занята что делать вместо наклонного жима", "today", "monday", UPDATE_DAY, "monday"),
    ("болит правое плечо сегодня", "today", "monday", UPDATE_DAY, "monday"),
    ("в понедельник только 25 минут", "coach", None, UPDATE_DAY, "monday"),
    ("хочу тренироваться пн ср пт", "week", None, UPDATE_WEEK, None),
    ("в воскресенье марафон", "coach", None, UPDATE_WEEK, None),
    ("椅子被佔用了，上斜臥推要換什麼", "today", "monday", UPDATE_DAY, "monday"),
    ("右肩今天痛", "today", "monday", UPDATE_DAY, "monday"),
    ("星期一只有二十分鐘", "coach", None, UPDATE_DAY, "monday"),
    ("上斜臥推可以加重了嗎", "coach", None, NONE, None),
    ("Sholder hurts today when i press overhed", "today", "monday", UPDATE_DAY, "monday"),
    ("benchs taken, what insted of incline db press", "today", "monday", UPDATE_DAY, "monday"),
    ("can u make thursdy 40 min", "coach", None, UPDATE_DAY, "thursday"),
    ("Bench taken. Alternative?", "today", "monday", UPDATE_DAY, "monday"),
    ("move thursday to saturday", "week", None, UPDATE_WEEK, None),
    ("Viajo a trabalho na quinta e sexta", "coach", None, UPDATE_WEEK, None),
    ("I'm so tired today, can we do something lighter?", "today", "monday", UPDATE_DAY, "monday"),
    ("thx! see u tmrw", "coach", None, NONE, None),
    ("长椅有人坐了，上斜哑铃卧推换成什么？", "today", "monday", UPDATE_DAY, "monday"),
    ("我的右肩今天很痛", "today", "monday", UPDATE_DAY, "monday"),
]


def test_simplified_chinese_is_answered_in_simplified_chinese() -> None:
    inputs = TurnInput(
        "长椅有人坐了，上斜哑铃卧推换成什么？",
        NOW,
        "today",
        Weekday.MONDAY,
        [EQUIPMENT],
        PLAN,
        library=get_library(),
    )
    message = coach_turn(inputs, LogToolRunner(LOGS, NOW)).message
    assert "哑铃" in message
    assert "啞鈴" not in message


@pytest.mark.parametrize(("message", "tab", "selected", "kind", "day"), CASES)
def test_unseen_phrasing(
    message: str, tab: ActiveTab, selected: str | None, kind: ProposalType, day: str | None
) -> None:
    inputs = TurnInput(
        message, NOW, tab, Weekday(selected) if selected else None, [EQUIPMENT], PLAN, library=get_library()
    )
    answer = coach_turn(inputs, LogToolRunner(LOGS, NOW))
    assert answer.proposal.type is kind, answer.message
    assert (answer.proposal.target_day.value if answer.proposal.target_day else None) == day
