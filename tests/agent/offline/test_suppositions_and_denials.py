"""A question about a supposition is answered, not acted on; a pain denied with "doesn't" or
"zero" is no report; a sure life event with days to train tagged is a schedule, not an event."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.acting import arbiter, restraint
from fitcoach.agent.offline.understanding import understand
from fitcoach.contract.models import ProposalType, Weekday
from fitcoach.library import get_library
from tests.agent.offline.replay import chat_case, send, tagged_reading

NOW = dt.datetime(2026, 9, 17, 9, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    "message",
    [
        "Si demain j'ai plus mal au genou, je peux refaire les fentes ou pas ?",
        "question théorique : si un jour je passais à 6 jours/semaine, ce serait du PPL x2 ?",
        "se eu viajar em dezembro, como a gente faria com os treinos?",
        "if my knee hurts tomorrow, should I skip lunges?",
        "如果下週膝蓋還是痛，要怎麼練？",
    ],
)
def test_a_question_about_a_supposition_is_read_as_one(message: str) -> None:
    u = understand(message, now=NOW, has_plan=True, library=get_library())
    assert u.has_cue("supposed")
    assert "pain" not in u.conditions  # a pain supposed is no pain reported


@pytest.mark.parametrize(
    "message",
    [
        "if you can, make tomorrow lighter",  # no question: a request with a courtesy
        "can you make tomorrow lighter? if not, shorter",  # the "if" opens a later clause of a request
        "my knee hurts, what if I skip lunges?",
        "if you can, make tomorrow lighter?",  # an "if" of courtesy
        "si possible, tu peux décaler vendredi à samedi ?",
        "如果可以，週五改短一點？",
    ],
)
def test_a_request_with_an_if_in_it_is_no_supposition(message: str) -> None:
    assert not understand(message, now=NOW, has_plan=True, library=get_library()).has_cue("supposed")


def test_an_unsure_reading_of_a_supposition_changes_nothing() -> None:
    case = chat_case(
        "Si demain j'ai plus mal au genou, je peux refaire les fentes ou pas ?",
        "fr",
        plan="home_db_4day",
        now="2026-09-17T09:00:00Z",
    )
    case["memory"] = [
        {
            "id": "mem_04",
            "tier": "tier_2_physiological",
            "entry": {
                "body_part": "knee",
                "condition": "minor_strain",
                "fact": "Left knee strain",
                "effective_date": "2026-09-15",
                "expires_at": "2026-09-21T00:00:00Z",
            },
        }
    ]
    answer = send(case)
    assert answer.proposal is None or answer.proposal.type is ProposalType.NONE
    assert not answer.memory_mutations  # neither healed nor a new report


def test_a_sure_supposition_read_as_a_request_still_acts() -> None:
    message = "if I can't make Friday, move it to Saturday?"
    u = understand(message, now=NOW, has_plan=True, library=get_library())
    found = tagged_reading(message, ("plan_week",), confidence=0.95, threshold=0.88)
    assert u.has_cue("supposed")
    assert not restraint.holds_back(found, u)


@pytest.mark.parametrize(
    ("message", "lang"),
    [
        ("my knee doesn't hurt or anything, just asking about split squats", "en"),
        ("joelho tá tranquilo, zero dor. bora pro treino de perna!", "pt"),
        ("aucune douleur au genou, je me demandais juste pour les fentes", "fr"),
    ],
)
def test_a_denied_pain_is_no_report(message: str, lang: str) -> None:
    u = understand(message, now=NOW, has_plan=True, library=get_library(), language=lang)
    assert "pain" not in u.conditions


def test_a_sure_event_reading_with_days_to_train_tagged_is_a_schedule() -> None:
    message = "下週開始我想改成推／拉／腿，一週練六天（週一到週六），每次 40 分鐘就好"
    u = understand(
        message, now=dt.datetime(2026, 9, 13, 9, tzinfo=dt.UTC), has_plan=True, library=get_library()
    )
    schedule = tagged_reading(
        message, ("life_event",), [("下週", "day_event"), ("週一到週六", "day_train")], confidence=0.89
    )
    assert arbiter.event_of_roles(u, schedule, message) is None
    trip = "je cours un semi dimanche (le 20) !! faut que j'aie les jambes fraîches"
    u_trip = understand(
        trip, now=dt.datetime(2026, 9, 14, 9, tzinfo=dt.UTC), has_plan=True, library=get_library()
    )
    race = tagged_reading(
        trip, ("life_event",), [("dimanche", "day_target")], confidence=0.94, threshold=0.88
    )
    event = arbiter.event_of_roles(u_trip, race, trip)
    assert event is not None and event.date.weekday() == Weekday.SUNDAY.position
