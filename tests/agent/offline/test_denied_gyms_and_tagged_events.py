"""A gym the user says is not there (or no longer theirs) gives no gear, and an event the models tag
but no lexicon names is still an event: dated by the rules' days, tapered or travelled around.
The messages are written for this test; none is a corpus item or an eval case."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.acting import arbiter
from fitcoach.agent.offline.understanding import Intent, Understanding, understand
from fitcoach.contract.models import Weekday
from fitcoach.facts.model import EquipmentChange, InventoryFacts
from fitcoach.facts.reader import apply_change
from fitcoach.library import get_library
from fitcoach.library.gear import Gear
from fitcoach.nlu import Reading
from tests.agent.offline.replay import tagged_reading

NOW = dt.datetime(2026, 9, 14, 9, tzinfo=dt.UTC)  # a Monday


def _gear(message: str, lang: str) -> frozenset[Gear]:
    return understand(message, now=NOW, has_plan=True, library=get_library(), language=lang).gear


@pytest.mark.parametrize(
    ("lang", "message", "kept"),
    [
        (
            "fr",
            "j'ai résilié la salle de sport, il me reste deux haltères de 12 kg",
            {Gear.DUMBBELLS},
        ),
        ("pt", "no hotel não tem academia, vou treinar no quarto", set()),
        ("ru", "в отеле зала не будет, только коврик", set()),
        ("ru", "абонемент в тренажерный зал истек, дома турник", {Gear.PULL_UP_BAR}),
        ("zh-Hant", "健身房會員到期了，家裡只有啞鈴", {Gear.DUMBBELLS}),
    ],
)
def test_a_gym_denied_or_given_up_gives_no_gym_gear(lang: str, message: str, kept: set[Gear]) -> None:
    gear = _gear(message, lang)
    assert Gear.BARBELL not in gear and Gear.LEG_PRESS_MACHINE not in gear
    assert kept <= gear


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("zh-Hant", "健身房沒有深蹲架，改什麼？"),
        ("pt", "academia completa, só não tem leg press"),
        ("zh-Hant", "健身房的課程取消了，我想一週練四天"),  # a class was cancelled, not the gym
    ],
)
def test_a_denial_that_names_other_gear_keeps_the_gym(lang: str, message: str) -> None:
    """ "The gym has no squat rack": the denial is about the rack, the gym's other gear stays."""
    assert Gear.BARBELL in _gear(message, lang)


def test_a_chinese_digit_starting_a_word_is_no_weekday() -> None:
    """ "週六一早" is early Saturday, not Saturday and Monday."""
    u = understand("週六一早要出門去比賽", now=NOW, has_plan=True, library=get_library(), language="zh-Hant")
    assert [d.weekday for d in u.days] == [Weekday.SATURDAY]


def _reading(message: str, acts: tuple[str, ...], spans: list[tuple[str, str]]) -> Reading:
    return tagged_reading(message, acts, spans)


def _decide(message: str, found: Reading, lang: str = "en") -> Understanding:
    u = understand(message, now=NOW, has_plan=True, library=get_library(), language=lang)
    assert u.event is None  # no lexicon names this event: only the models' reading can
    return arbiter.decide(u, found, has_plan=True, message=message, today=Weekday.MONDAY)


def test_a_tagged_one_day_event_is_an_event_on_its_day_named_in_the_users_words() -> None:
    message = "obstacle run on Saturday, please rework my week"
    found = _reading(
        message, ("life_event", "plan_week"), [("obstacle run", "event"), ("Saturday", "day_event")]
    )
    u = _decide(message, found)
    assert u.intent is Intent.EVENT
    assert u.event is not None and u.event.date == dt.date(2026, 9, 19)
    assert (u.event.kind, u.event.label) == (arbiter.GENERIC_EVENT, "obstacle run")


def test_a_tagged_event_over_several_days_is_a_trip() -> None:
    message = "à la plage de jeudi à dimanche, rien là-bas"
    found = _reading(message, ("life_event",), [("plage", "event"), ("jeudi à dimanche", "day_event")])
    u = _decide(message, found, "fr")
    assert u.event is not None and u.event.kind == "trip" and u.event.date == dt.date(2026, 9, 17)


@pytest.mark.parametrize(
    "spans",
    [
        [("Friday", "day_target")],  # an event read without anything that happens: no event
        [("recital", "event")],  # an event without a date: the rules' reading stands
    ],
)
def test_an_event_needs_what_and_when_from_the_models(spans: list[tuple[str, str]]) -> None:
    message = "my daughter's recital, maybe Friday or Sunday, not sure yet, keep Friday short"
    found = _reading(message, ("life_event",), spans)
    u = understand(message, now=NOW, has_plan=True, library=get_library(), language="en")
    assert arbiter.decide(u, found, has_plan=True, message=message, today=Weekday.MONDAY).intent is u.intent


def test_a_cap_restated_without_its_unit_keeps_the_unit_it_was_written_in() -> None:
    before = InventoryFacts(owned=frozenset({Gear.DUMBBELLS}), dumbbell_max_lb=48.5, load_unit="kg")
    change = EquipmentChange(added=frozenset({Gear.PULL_UP_BAR}), dumbbell_max_lb=48.5)
    assert apply_change(before, change).load_unit == "kg"
