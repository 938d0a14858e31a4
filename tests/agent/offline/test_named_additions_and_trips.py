"""A named exercise the user asks to add goes into the day, a lift named by a nickname the models tag
is swapped, and a trip whose sessions cannot move home keeps them as bodyweight sessions. The
messages are written for this test; none is a corpus item or an eval case."""

from __future__ import annotations

from typing import Any

import pytest

from fitcoach.agent.offline.acting.swaps import nicknamed, swap
from fitcoach.agent.offline.acting.turn import Turn
from fitcoach.agent.offline.understanding import understand
from fitcoach.contract.models import DayPlan, ProposalType, Tier, Weekday, WeeklyPlan
from fitcoach.library import get_library
from fitcoach.library.gear import Gear, Inventory
from tests.agent.offline.replay import DATA, LogToolRunner, chat_case, send, tagged_reading, turn_input

HOME = "Home gym with dumbbells up to 50 lbs and adjustable bench."
BODY = Inventory(gear=frozenset({Gear.BODYWEIGHT}))
GYM = "Commercial gym: barbells, racks, benches, dumbbells, cables, leg press, leg extension, pull-up bar."


def _case(message: str, lang: str, **extra: Any) -> dict[str, Any]:
    """On a Tuesday, with the gym's equipment on record (fields of FORMAT.md may be overridden)."""
    return chat_case(message, lang, **{"equipment": GYM, "now": "2026-09-15T09:00:00Z", **extra})


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "add face pulls on friday"),
        ("fr", "ajoute des face pulls vendredi"),
        ("pt", "adiciona face pull na sexta"),
        ("ru", "добавь тягу к лицу в пятницу"),
        ("zh-Hant", "週五加入臉拉"),
    ],
)
def test_a_named_exercise_asked_for_is_added_to_that_day(lang: str, message: str) -> None:
    reply = send(_case(message, lang))
    assert reply.proposal.type is ProposalType.UPDATE_DAY, reply.message
    assert reply.proposal.target_day is Weekday.FRIDAY
    day = reply.proposal.data
    assert isinstance(day, DayPlan) and "face-pull" in day.slugs()
    assert not reply.memory_mutations


def test_a_lift_named_by_a_nickname_the_models_tag_is_the_one_swapped() -> None:
    """ "The bulgarians" is no alias of any exercise; tagged as the lift to replace, it names the
    day's Bulgarian split squat, and the swap replaces that lift."""
    message = "what can I do instead of the bulgarians rn"
    where = {"active_tab": "today", "selected_day": "tuesday"}
    case = _case(message, "en", equipment=HOME, plan="home_db_4day", **where)
    turn, logs = turn_input(case, DATA / "cases")
    u = understand(message, now=turn.now, has_plan=True, library=get_library(), language="en")
    assert not u.exercises
    reading = tagged_reading(message, ("swap_exercise",), [("bulgarians", "exercise_replace")])
    context = Turn(turn, u, turn.library, LogToolRunner(logs, turn.now), reading=reading)
    assert turn.plan is not None
    tuesday = turn.plan.days[Weekday.TUESDAY].slugs()
    assert nicknamed(context, tuesday) == ["bulgarian-split-squat"]
    reply = swap(context)
    assert reply.proposal.type is ProposalType.UPDATE_DAY
    day = reply.proposal.data
    assert isinstance(day, DayPlan) and "bulgarian-split-squat" not in day.slugs()
    # a word shared with no lift of the day names none
    assert nicknamed(context, ["flat-db-bench-press", "chest-supported-db-row"]) == []


def test_a_lift_asked_for_instead_is_swapped_in_not_added() -> None:
    reply = send(_case("can I do pull-ups instead of lat pulldowns today?", "en", now="2026-09-14T09:00:00Z"))
    day = reply.proposal.data
    assert isinstance(day, DayPlan), reply.message
    assert "lat-pulldown" not in day.slugs()


def test_two_named_exercises_are_both_added() -> None:
    reply = send(_case("add face pulls and incline curls on friday", "en"))
    day = reply.proposal.data
    assert isinstance(day, DayPlan), reply.message
    assert {"face-pull", "incline-db-curl"} <= set(day.slugs()), day.slugs()


def test_a_trip_with_too_few_days_at_home_keeps_its_sessions_as_bodyweight_work() -> None:
    """Away Tuesday to Sunday with nothing there: Wednesday's and Friday's sessions cannot move to
    the one day at home, so they stay, with body weight only (R17); the trip is remembered (R25)."""
    reply = send(_case("trip from tuesday to sunday, there is no gym and no equipment there", "en"))
    assert reply.proposal.type is ProposalType.UPDATE_WEEK, reply.message
    week = reply.proposal.data
    assert isinstance(week, WeeklyPlan)
    library = get_library()
    for weekday in (Weekday.WEDNESDAY, Weekday.FRIDAY):
        slugs = week.days[weekday].slugs()
        assert slugs and all(BODY.allows(library.require(s).gear) for s in slugs), slugs
    assert turn_plan_monday() == week.days[Weekday.MONDAY].slugs()  # the day at home is untouched
    assert [m for m in reply.memory_mutations if m.target_tier is Tier.SITUATIONAL]


def turn_plan_monday() -> list[str]:
    turn, _ = turn_input(_case("", "en"), DATA / "cases")
    assert turn.plan is not None
    return turn.plan.days[Weekday.MONDAY].slugs()


def test_a_trip_into_next_week_leaves_this_weeks_days_at_home_alone() -> None:
    """Sent on Monday, "from Thursday to next Tuesday" is away Thursday to Sunday of this week: today
    stays a gym session (the trip does not wrap onto this Monday)."""
    reply = send(
        _case(
            "business trip from thursday to next tuesday, no equipment there",
            "en",
            now="2026-09-14T09:00:00Z",
        )
    )
    week = reply.proposal.data
    assert isinstance(week, WeeklyPlan), reply.message
    library = get_library()
    monday = week.days[Weekday.MONDAY].slugs()
    assert monday and not all(BODY.allows(library.require(s).gear) for s in monday), monday
    assert not {Weekday.THURSDAY, Weekday.FRIDAY, Weekday.SATURDAY, Weekday.SUNDAY} & set(
        week.training_days()
    )
