"""The day a pain report or a day edit changes comes from the tagged roles (issue 14 item 3: "my
chest is wrecked from Friday" spares today, not Friday), and a sore muscle named with a request for
a lighter day is remembered. The messages are written for this test; none is a corpus item or an
eval case."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.acting import arbiter
from fitcoach.agent.offline.understanding import Intent, understand
from fitcoach.contract.models import ProposalType, Tier, Weekday
from fitcoach.library import get_library
from fitcoach.nlu import Reading
from tests.agent.offline.replay import chat_case, send, tagged_reading

GYM = "Commercial gym: barbells, racks, benches, dumbbells, cables, leg press, leg extension, pull-up bar."
THURSDAY = dt.datetime(2026, 9, 17, 9, tzinfo=dt.UTC)


def _reading(message: str, act: str, spans: list[tuple[str, str]]) -> Reading:
    return tagged_reading(message, (act,), spans)


@pytest.mark.parametrize(
    ("lang", "message", "spans", "target"),
    [
        (
            "fr",
            "courbatures aux pecs depuis le bench de lundi, "
            "vendredi y a encore du développé incliné, tu adaptes ?",
            [("lundi", "day_source"), ("vendredi", "day_target")],
            Weekday.FRIDAY,
        ),
        ("en", "my quads are so sore from monday", [("monday", "day_source")], Weekday.THURSDAY),
    ],
)
def test_a_pain_report_changes_the_tagged_target_day_never_the_source(
    lang: str, message: str, spans: list[tuple[str, str]], target: Weekday
) -> None:
    u = understand(message, now=THURSDAY, has_plan=True, library=get_library(), language=lang)
    assert u.intent is Intent.ACUTE_PAIN
    assert u.target_day is not target  # the rules alone read the source day
    found = _reading(message, "report_soreness", spans)
    assert arbiter.with_target_day(u, found, message, Weekday.THURSDAY).target_day is target


def test_an_unsure_tag_leaves_the_rules_day() -> None:
    message = "my quads are so sore from monday"
    u = understand(message, now=THURSDAY, has_plan=True, library=get_library(), language="en")
    unsure = tagged_reading(message, ("report_soreness",), [("monday", "day_source")], span_confidence=0.3)
    assert arbiter.with_target_day(u, unsure, message, Weekday.THURSDAY).target_day is u.target_day


def test_sore_muscles_named_with_a_lighter_day_are_remembered() -> None:
    reply = send(chat_case("my chest is still really sore, make friday lighter please", "en", equipment=GYM))
    assert reply.proposal.type is ProposalType.UPDATE_DAY and reply.proposal.target_day is Weekday.FRIDAY
    notes = [m for m in reply.memory_mutations if m.target_tier is Tier.PHYSIOLOGICAL]
    assert notes, reply.message
