"""The coach's tappable choices when it is unsure (issue 14 item 4, R34): every kind of choice, in
every language, is a message the coach acts on as the choice promises when it is tapped (sent back
as the next message), and an unsure turn offers at most three of them and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fitcoach.agent.offline.answering.catalog import load_catalog, render
from fitcoach.agent.offline.provider import coach_turn
from fitcoach.contract.models import MAX_CHOICES, CoachReply, DayPlan, ProposalType, Tier
from fitcoach.library import get_library
from tests.agent.offline.replay import DATA, LogToolRunner, turn_input

LANGS = ("en", "fr", "pt", "ru", "zh-Hant")
BASE = DATA / "cases"


def _case(message: str, lang: str, **extra: Any) -> dict[str, Any]:
    return {
        "id": "choice",
        "lang": lang,
        "now": "2026-09-14T09:00:00Z",  # a Monday of the fixture's week
        "active_tab": "coach",
        "selected_day": None,
        "memory": [
            {
                "id": "mem_01",
                "tier": "tier_1_staples",
                "entry": {
                    "category": "equipment",
                    "fact": "Home gym with dumbbells up to 50 lbs and adjustable bench.",
                },
            }
        ],
        "plan": "home_db_4day",
        "logs": "logs_home_3weeks",
        "message": message,
        **extra,
    }


def _send(message: str, lang: str, **extra: Any) -> tuple[CoachReply, LogToolRunner]:
    turn, logs = turn_input(_case(message, lang, **extra), BASE)
    tools = LogToolRunner(logs, turn.now)
    return coach_turn(turn, tools), tools


def _word(lang: str, key: str) -> str:
    return load_catalog(lang).word(key)


def _exercise(lang: str, slug: str) -> str:
    entry = get_library().require(slug)
    return entry.localized_name(lang)


def _day(reply: CoachReply) -> DayPlan:
    assert reply.proposal.type is ProposalType.UPDATE_DAY, reply.message
    assert isinstance(reply.proposal.data, DayPlan)
    return reply.proposal.data


@pytest.mark.parametrize("lang", LANGS)
def test_a_shorter_day_choice_shortens_that_day(lang: str) -> None:
    text = render(lang, "choice_shorter", day=_word(lang, "thursday"), minutes=30)
    reply, _ = _send(text, lang)
    day = _day(reply)
    assert reply.proposal.target_day == "thursday"
    assert day.duration_minutes <= 30


@pytest.mark.parametrize("lang", LANGS)
def test_a_rest_day_choice_frees_that_day(lang: str) -> None:
    text = render(lang, "choice_rest_day", day=_word(lang, "thursday"))
    reply, _ = _send(text, lang)
    if reply.proposal.type is ProposalType.UPDATE_DAY:
        assert reply.proposal.target_day == "thursday"
        assert _day(reply).is_rest_day
    else:
        assert reply.proposal.type is ProposalType.UPDATE_WEEK, reply.message
        data = reply.proposal.data
        assert data is not None and not isinstance(data, DayPlan)
        assert data.days["thursday"].is_rest_day


@pytest.mark.parametrize("lang", LANGS)
def test_a_swap_choice_replaces_the_exercise(lang: str) -> None:
    text = render(
        lang, "choice_swap", exercise=_exercise(lang, "chest-supported-db-row"), day=_word(lang, "thursday")
    )
    reply, _ = _send(text, lang)
    day = _day(reply)
    assert "chest-supported-db-row" not in day.slugs()
    assert reply.proposal.target_day == "thursday"


ADD_WORK = {
    "en": "can u throw some extra bicep work on thursday?",
    "fr": "un peu plus de pecs jeudi ?",
    "pt": "coloca um abdominal na quinta?",
    "ru": "хм, четверг, побольше рук бы",
    "zh-Hant": "週四多一點手臂？",
}


@pytest.mark.parametrize("lang", LANGS)
def test_more_work_for_a_muscle_on_a_day_is_offered_or_done(lang: str) -> None:
    """Unsure or not, a wish for more of a muscle on a named day ends in that day with more work: at
    once, or by the plan chips' own "add" edit offered as a choice."""
    reply, _ = _send(ADD_WORK[lang], lang)
    if reply.proposal.type is ProposalType.NONE:
        offered = [c for c in reply.suggested_edits if _word(lang, "thursday") in c]
        assert offered, reply.suggested_edits
        reply, _ = _send(offered[0], lang)
    day = _day(reply)
    assert reply.proposal.target_day == "thursday"
    turn, _ = turn_input(_case("", lang), BASE)
    assert turn.plan is not None
    before = turn.plan.days["thursday"]
    added = set(day.slugs()) - set(before.slugs())
    more_sets = sum(p.target_sets for p in day.exercises()) > sum(p.target_sets for p in before.exercises())
    assert added or more_sets, day.slugs()


@pytest.mark.parametrize("lang", LANGS)
def test_a_pain_choice_is_remembered(lang: str) -> None:
    text = render(lang, "choice_pain", area=_word(lang, "knee"))
    reply, _ = _send(text, lang)
    created = [m for m in reply.memory_mutations if m.target_tier is Tier.PHYSIOLOGICAL]
    assert created, reply.message


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_week_choice_stages_a_week(lang: str) -> None:
    reply, _ = _send(render(lang, "choice_new_week", count=4, minutes=45), lang)
    assert reply.proposal.type is ProposalType.UPDATE_WEEK, reply.message


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("situation", "slots"),
    [
        ("choice_technique", {"exercise": "goblet-squat"}),
        ("choice_progress_exercise", {"exercise": "incline-db-bench-press"}),
        ("choice_progress", {}),
        ("choice_today", {}),
    ],
)
def test_a_question_choice_is_answered_and_changes_nothing(
    lang: str, situation: str, slots: dict[str, str]
) -> None:
    filled = {key: _exercise(lang, slug) for key, slug in slots.items()}
    reply, tools = _send(render(lang, situation, **filled), lang)
    assert reply.proposal.type is ProposalType.NONE
    assert not reply.memory_mutations
    assert not reply.suggested_edits, "a clear question is answered, not asked back"
    if situation == "choice_progress_exercise":
        assert "get_historical_exercise_logs" in [c["name"] for c in tools.calls]


UNSURE = {
    "en": "uh, thursday",
    "fr": "bof jeudi",
    "pt": "hmm quinta",
    "ru": "хм четверг",
    "zh-Hant": "嗯 週四",
}


@pytest.mark.parametrize("lang", LANGS)
def test_an_unsure_turn_offers_a_few_choices_in_the_users_language_and_changes_nothing(lang: str) -> None:
    reply, _ = _send(UNSURE[lang], lang)
    assert reply.proposal.type is ProposalType.NONE
    assert not reply.memory_mutations
    assert 1 <= len(reply.suggested_edits) <= MAX_CHOICES
    # the day the message named is in the choices, in the user's language
    assert any(_word(lang, "thursday") in choice for choice in reply.suggested_edits), reply.suggested_edits
    for choice in reply.suggested_edits:
        again, _ = _send(choice, lang)
        # a tap settles it: an action or an answer, never the same question again
        assert not again.suggested_edits, (choice, again.message)


def test_a_models_extra_choices_are_trimmed_not_refused() -> None:
    raw = {
        "message": "Which one?",
        "proposal": {"type": "NONE"},
        "memory_mutations": [],
        "suggested_edits": ["a", " a ", "b", "", 3, "c", "d", "x" * 500],
    }
    reply = CoachReply.model_validate(json.loads(json.dumps(raw)))
    assert reply.suggested_edits == ["a", "b", "c"]


def test_choices_name_what_the_message_names() -> None:
    """A message naming an exercise of the plan offers that exercise's swap first."""
    reply, _ = _send("goblet squat...", "en")
    assert reply.proposal.type is ProposalType.NONE
    assert any("Goblet" in choice for choice in reply.suggested_edits), reply.suggested_edits


def test_no_choice_changes_a_day_already_over() -> None:
    """On Wednesday, "more arm work on Monday" cannot change Monday: the choices are about today
    or the next session, and tapping one does not ask again."""
    reply, _ = _send("hmm more arm work on monday?", "en", now="2026-09-16T09:00:00Z")
    assert reply.proposal.type is ProposalType.NONE or reply.proposal.target_day != "monday"
    assert not any("Monday" in choice for choice in reply.suggested_edits), reply.suggested_edits


def test_a_message_the_models_read_as_an_event_without_one_asks_instead_of_failing() -> None:
    reply, _ = _send("I'll be away", "en")
    assert reply.proposal.type is ProposalType.NONE
    assert not reply.memory_mutations


def test_a_models_single_choice_string_is_kept_not_refused() -> None:
    reply = CoachReply.model_validate(
        {"message": "Which?", "proposal": {"type": "NONE"}, "suggested_edits": "Move Thursday to Friday"}
    )
    assert reply.suggested_edits == ["Move Thursday to Friday"]
