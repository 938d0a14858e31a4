"""The offline coach's behaviours beyond the case files: memory lifecycle, tone, questions, small talk."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from fitcoach.agent.offline import OfflineProvider, coach_turn
from fitcoach.agent.offline.answering import count_sentences
from fitcoach.agent.providers.base import ProviderRequest, TurnInput
from fitcoach.agent.providers.registry import make_provider
from fitcoach.config import Settings
from fitcoach.contract.models import (
    CoachReply,
    Operation,
    ProposalType,
    Tier,
    Tier1Entry,
    Tier2Entry,
    Weekday,
    WeeklyPlan,
)
from fitcoach.library import get_library
from fitcoach.memory.model import MemoryItem

from .replay import LogToolRunner

MONDAY = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)
FIXTURES = Path(__file__).parents[2] / "data" / "fixtures"
HOME_PLAN = WeeklyPlan.model_validate(json.loads((FIXTURES / "home_db_4day.json").read_text("utf-8")))


def item(
    item_id: str, tier: Tier, entry: Tier1Entry | Tier2Entry, expires: dt.datetime | None = None
) -> MemoryItem:
    return MemoryItem(
        id=item_id, tier=tier, entry=entry, created_at=MONDAY, updated_at=MONDAY, expires_at=expires
    )


EQUIPMENT = item(
    "mem_01",
    Tier.STAPLES,
    Tier1Entry(category="equipment", fact="Home gym with dumbbells up to 50 lbs and adjustable bench."),
)


def turn(
    message: str, *, memory: list[MemoryItem] | None = None, tab: Any = "coach", day: str | None = None
) -> CoachReply:
    selected = Weekday(day) if day else None
    inputs = TurnInput(
        message,
        MONDAY,
        tab,
        selected,
        memory if memory is not None else [EQUIPMENT],
        HOME_PLAN,
        library=get_library(),
    )
    return coach_turn(inputs, LogToolRunner([], MONDAY))


def test_the_factory_builds_the_offline_coach_by_default() -> None:
    assert isinstance(make_provider(Settings()), OfflineProvider)


def test_provider_answers_with_contract_json() -> None:
    inputs = TurnInput("hi!", MONDAY, "coach", None, [EQUIPMENT], HOME_PLAN, library=get_library())
    response = OfflineProvider().respond(ProviderRequest("", "", inputs), LogToolRunner([], MONDAY))
    answer = CoachReply.model_validate(json.loads(response.text))
    assert answer.proposal.type is ProposalType.NONE
    assert response.model == "offline-coach-1"


@pytest.mark.parametrize("message", ["thanks!", "merci beaucoup", "спасибо", "valeu", "謝謝"])
def test_thanks_is_brief_and_changes_nothing(message: str) -> None:
    answer = turn(message)
    assert answer.proposal.type is ProposalType.NONE
    assert answer.memory_mutations == []
    assert count_sentences(answer.message) <= 3


def test_stored_tone_visibly_changes_the_wording() -> None:
    message = "The bench is taken, what instead of incline DB bench press?"
    wordings = set()
    for tone in ("tough_love", "gentle", "deep_science"):
        pref = item("mem_09", Tier.STAPLES, Tier1Entry(category="preference", fact=tone, tone=tone))  # type: ignore[arg-type]
        wordings.add(turn(message, memory=[EQUIPMENT, pref], tab="today", day="monday").message)
    assert len(wordings) == 3


def test_tone_request_creates_then_updates_the_preference() -> None:
    first = turn("be tough on me from now on")
    assert [(m.operation, m.target_tier) for m in first.memory_mutations] == [
        (Operation.CREATE, Tier.STAPLES)
    ]
    assert first.memory_mutations[0].entry == {
        "category": "preference",
        "fact": "Prefers tough-love coaching: direct, demanding, no sugar-coating.",
        "source": "chat",
        "tone": "tough_love",
    }
    stored = item("mem_05", Tier.STAPLES, Tier1Entry(category="preference", fact="gentle", tone="gentle"))
    second = turn("объясняй научно", memory=[EQUIPMENT, stored])
    assert [(m.operation, m.memory_id) for m in second.memory_mutations] == [(Operation.UPDATE, "mem_05")]


def test_resolution_deletes_the_tier2_item() -> None:
    tweak = item(
        "mem_07",
        Tier.PHYSIOLOGICAL,
        Tier2Entry(body_part="shoulder", condition="minor_strain", fact="Right shoulder tweak"),
        MONDAY + dt.timedelta(days=3),
    )
    answer = turn("my shoulder is 100% fine now", memory=[EQUIPMENT, tweak])
    assert [(m.operation, m.memory_id) for m in answer.memory_mutations] == [(Operation.DELETE, "mem_07")]


def test_pain_in_an_area_already_noted_extends_it() -> None:
    sore = item(
        "mem_03",
        Tier.PHYSIOLOGICAL,
        Tier2Entry(body_part="shoulder", condition="soreness", fact="Shoulder soreness"),
        MONDAY + dt.timedelta(days=1),
    )
    answer = turn("my right shoulder hurts today", memory=[EQUIPMENT, sore], tab="today", day="monday")
    assert [(m.operation, m.memory_id) for m in answer.memory_mutations] == [(Operation.UPDATE, "mem_03")]
    assert answer.proposal.type is ProposalType.UPDATE_DAY


def test_onboarding_without_days_asks_one_question_and_keeps_the_facts() -> None:
    inputs = TurnInput(
        "I train at home with dumbbells up to 20 kg, I want to get stronger",
        MONDAY,
        "coach",
        None,
        [],
        None,
        library=get_library(),
    )
    answer = coach_turn(inputs, LogToolRunner([], MONDAY))
    assert answer.proposal.type is ProposalType.NONE
    assert count_sentences(answer.message) == 1
    assert {m.entry["category"] for m in answer.memory_mutations if m.entry} == {"equipment", "goal"}


def test_swap_of_an_exercise_not_in_today_asks_which() -> None:
    answer = turn("what can I do instead of the leg press?", tab="today", day="monday")
    assert answer.proposal.type is ProposalType.NONE
    assert "Incline DB Bench Press" in answer.message


def test_bare_swap_this_on_the_today_tab_asks_which_exercise() -> None:
    answer = turn("swap this", tab="today", day="monday")
    assert answer.proposal.type is ProposalType.NONE
    assert count_sentences(answer.message) == 1


@pytest.mark.parametrize(
    ("message", "fragment"),
    [
        ("what's today?", "Incline DB Bench Press"),
        ("что у меня сегодня?", "жим гантелей на наклонной скамье"),
    ],
)
def test_whats_today_lists_the_session(message: str, fragment: str) -> None:
    assert fragment in turn(message, tab="today", day="monday").message


def test_no_plan_no_memory_gets_the_welcome_question() -> None:
    inputs = TurnInput("hmm", MONDAY, "coach", None, [], None, library=get_library())
    answer = coach_turn(inputs, LogToolRunner([], MONDAY))
    assert answer.proposal.type is ProposalType.NONE
    assert "equipment" in answer.message


def test_event_outside_the_plan_week_is_remembered_without_a_proposal() -> None:
    answer = turn("I have a marathon on the 4th of October", memory=[EQUIPMENT])
    assert answer.proposal.type is ProposalType.NONE
    assert [m.target_tier for m in answer.memory_mutations] == [Tier.SITUATIONAL]


def test_tired_day_becomes_lighter() -> None:
    answer = turn("I'm so tired today, can we do something lighter?", tab="today", day="monday")
    assert answer.proposal.type is ProposalType.UPDATE_DAY
    day = answer.proposal.data
    assert day is not None and not isinstance(day, WeeklyPlan)
    assert day.duration_minutes < HOME_PLAN.days[Weekday.MONDAY].duration_minutes


def test_why_this_exercise_explains_the_choice() -> None:
    answer = turn("why did you give me bulgarian split squats?")
    assert answer.proposal.type is ProposalType.NONE
    assert answer.message.startswith("Bulgarian Split Squat is in your plan because")


def test_event_without_named_areas_still_tapers() -> None:
    answer = turn("wedding on saturday, want to look good")
    week = answer.proposal.data
    assert isinstance(week, WeeklyPlan)
    assert week.days[Weekday.SATURDAY].is_rest_day
    assert "your the" not in answer.message


def test_a_trip_moves_the_sessions_off_the_travel_days() -> None:
    answer = turn("Viajo a trabalho na quinta e sexta")
    week = answer.proposal.data
    assert isinstance(week, WeeklyPlan)
    assert week.days[Weekday.THURSDAY].is_rest_day and week.days[Weekday.FRIDAY].is_rest_day
    assert len(week.training_days()) == len(HOME_PLAN.training_days())
    assert [m.target_tier for m in answer.memory_mutations] == [Tier.SITUATIONAL]


@pytest.mark.parametrize(
    ("message", "fragment"),
    [
        ("comment ne pas tirer avec les biceps au rowing ?", "rowing"),
        ("Как держать локти при жиме гантелей?", "жим гантелей"),
        ("how do I stop my rows turning into bicep curls?", "Row"),
    ],
)
def test_a_movement_family_resolves_to_the_planned_exercise(message: str, fragment: str) -> None:
    assert fragment in turn(message).message


def test_a_goal_phrase_is_not_a_taken_gear_cue() -> None:
    inputs = TurnInput(
        "je suis débutant, salle de sport, 3 séances de 45 min par semaine, objectif prise de masse",
        MONDAY,
        "coach",
        None,
        [],
        None,
        library=get_library(),
    )
    answer = coach_turn(inputs, LogToolRunner([], MONDAY))
    assert answer.proposal.type is ProposalType.UPDATE_WEEK
    assert {m.entry["category"] for m in answer.memory_mutations if m.entry} == {"equipment", "goal"}


@pytest.mark.parametrize(
    ("message", "day"),
    [
        ("move leg day to friday pls", Weekday.FRIDAY),
        ("腿部訓練日改到週五", Weekday.FRIDAY),
        ("déplace la séance jambes au samedi", Weekday.SATURDAY),
    ],
)
def test_a_session_named_by_its_muscles_moves_to_the_named_day(message: str, day: Weekday) -> None:
    answer = turn(message, tab="week")
    week = answer.proposal.data
    assert isinstance(week, WeeklyPlan)
    groups = {get_library().require(s).group.value for s in week.days[day].slugs()}
    assert groups and groups <= {"legs_quad", "legs_posterior", "core"}
    assert len(week.training_days()) == len(HOME_PLAN.training_days())
