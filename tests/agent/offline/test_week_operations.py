"""Blind4 week operations in every language: a deload week, moving named sessions, a time limit on
some days, trips with a length or gear where the user stays, and events on rest days or weekends."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.understanding import Intent, understand
from fitcoach.contract.models import Operation, ProposalType, Tier, Tier3Entry, Weekday, WeeklyPlan
from fitcoach.engine.deload import deload_sets, deload_week
from fitcoach.engine.profile import build_profile
from fitcoach.engine.validator import validate_week
from fitcoach.library import get_library
from fitcoach.library.gear import Gear, Inventory

from .test_acting import EQUIPMENT, HOME_PLAN, MONDAY, turn

TRAINING = [Weekday.MONDAY, Weekday.TUESDAY, Weekday.THURSDAY, Weekday.FRIDAY]
LEG_SLUGS = {"goblet-squat", "bulgarian-split-squat", "db-walking-lunge", "db-romanian-deadlift"}


def _week(message: str) -> WeeklyPlan:
    answer = turn(message, tab="week")
    assert answer.proposal.type is ProposalType.UPDATE_WEEK, answer.message
    assert isinstance(answer.proposal.data, WeeklyPlan)
    return answer.proposal.data


def _sets(week: WeeklyPlan) -> int:
    return sum(p.target_sets for day in week.days.values() for p in day.exercises())


@pytest.mark.parametrize(
    "message",
    [
        "I've been grinding for weeks, can we do a deload week?",
        "time for a recovery week, same days just lighter",
        "Je suis cramé, fais-moi une semaine de décharge",
        "On peut faire une semaine allégée cette semaine ?",
        "Сделай мне разгрузочную неделю, пожалуйста",
        "давай лёгкую неделю, устал",
        "Bora fazer uma semana de descarga?",
        "preciso de uma semana mais leve, tô moído",
        "這週幫我排減量週",
        "想要一個恢復週，最近很累",
    ],
)
def test_a_deload_keeps_the_days_and_exercises_with_about_half_the_sets(message: str) -> None:
    week = _week(message)
    assert week.training_days() == TRAINING
    for day in TRAINING:
        assert week.days[day].slugs() == HOME_PLAN.days[day].slugs()
        assert week.days[day].duration_minutes <= HOME_PLAN.days[day].duration_minutes
    kept = _sets(week) / _sets(HOME_PLAN)
    assert 0.5 <= kept <= 0.6


@pytest.mark.parametrize(
    "message",
    [
        "make today a deload day",
        "Aujourd'hui, séance deload s'il te plaît",
        "сегодня разгрузка, сделай полегче",
        "hoje quero um treino de deload",
        "今天想做減量",
    ],
)
def test_a_deload_for_one_day_lightens_that_day(message: str) -> None:
    answer = turn(message, tab="today")
    assert answer.proposal.type is ProposalType.UPDATE_DAY
    assert answer.proposal.target_day is Weekday.MONDAY


@pytest.mark.parametrize(
    "message",
    [
        "How much weight should I add to my incline press?",
        "Il me faut une semaine de plus pour finir mon projet",
        "На этой неделе хочу больше спины",
        "Essa semana quero focar em peito",
    ],
)
def test_other_week_talk_is_no_deload(message: str) -> None:
    assert not understand(message, now=MONDAY, has_plan=True, library=get_library()).has_cue("deload")


def test_the_engine_deload_cuts_sets_keeps_rules_and_raises_effort_margin() -> None:
    assert deload_sets([4, 3, 3, 3]) == [2, 2, 2, 1]
    assert deload_sets([1, 2]) == [1, 1]
    profile = build_profile([EQUIPMENT], MONDAY)
    week = deload_week(HOME_PLAN, profile, library=get_library()).data
    assert isinstance(week, WeeklyPlan)
    assert validate_week(week, profile, library=get_library()).ok
    assert all(
        p.target_rir is not None and p.target_rir >= 2 for d in week.days.values() for p in d.exercises()
    )


@pytest.mark.parametrize(
    "message",
    [
        "move Thursday to Sunday and Friday to Saturday",
        "décale jeudi à dimanche et vendredi à samedi",
        "перенеси четверг на воскресенье, а пятницу на субботу",
        "passa quinta pra domingo e sexta pra sábado",
        "週四改到週日，週五改到週六",
        "bump thursday and friday to saturday and sunday",
    ],
)
def test_moving_named_sessions_moves_only_those(message: str) -> None:
    week = _week(message)
    assert week.training_days() == [Weekday.MONDAY, Weekday.TUESDAY, Weekday.SATURDAY, Weekday.SUNDAY]
    assert week.days[Weekday.MONDAY].slugs() == HOME_PLAN.days[Weekday.MONDAY].slugs()
    assert week.days[Weekday.TUESDAY].slugs() == HOME_PLAN.days[Weekday.TUESDAY].slugs()


@pytest.mark.parametrize(
    "message",
    [
        "move Thursday to Sunday",
        "décale jeudi à dimanche",
        "перенеси четверг на воскресенье",
        "joga o treino de quinta pro domingo",
        "週四改到週日",
    ],
)
def test_one_moved_session_keeps_its_exercises(message: str) -> None:
    week = _week(message)
    assert week.training_days() == [Weekday.MONDAY, Weekday.TUESDAY, Weekday.FRIDAY, Weekday.SUNDAY]
    assert week.days[Weekday.SUNDAY].slugs() == HOME_PLAN.days[Weekday.THURSDAY].slugs()


@pytest.mark.parametrize(
    "message",
    [
        "Wednesday to Friday I only have 30 minutes each day",
        "du mercredi au vendredi je n'ai que 30 minutes par jour",
        "со среды по пятницу у меня только 30 минут",
        "de quarta a sexta só tenho 30 minutos por dia",
        "週三到週五每天只有30分鐘",
    ],
)
def test_a_time_limit_on_some_days_shortens_them_and_keeps_the_schedule(message: str) -> None:
    week = _week(message)
    assert week.training_days() == TRAINING
    assert week.days[Weekday.THURSDAY].duration_minutes <= 30
    assert week.days[Weekday.FRIDAY].duration_minutes <= 30
    assert week.days[Weekday.MONDAY].slugs() == HOME_PLAN.days[Weekday.MONDAY].slugs()


@pytest.mark.parametrize(
    "message",
    [
        "I can only train Wednesday to Friday, 30 minutes",
        "train Monday, Wednesday and Friday, 40 minutes each",
    ],
)
def test_days_chosen_with_a_length_stay_a_schedule(message: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert not u.minutes_only


def _trip(answer_memory: list[object]) -> Tier3Entry:
    [mutation] = [m for m in answer_memory if getattr(m, "target_tier", None) is Tier.SITUATIONAL]
    assert mutation.operation is Operation.CREATE  # type: ignore[attr-defined]
    entry = mutation.typed_entry()  # type: ignore[attr-defined]
    assert isinstance(entry, Tier3Entry)
    return entry


@pytest.mark.parametrize(
    ("message", "days"),
    [
        ("I'm abroad for two weeks from next Monday", 14),
        ("travelling for 10 days starting next Monday", 10),
        ("Je pars à l'étranger deux semaines à partir de lundi prochain", 14),
        ("С следующего понедельника уезжаю за границу на две недели", 14),
        ("vou viajar por duas semanas a partir da próxima segunda", 14),
        ("下週一開始出國兩個星期", 14),
    ],
)
def test_a_trip_length_sets_its_expiry(message: str, days: int) -> None:
    answer = turn(message)
    entry = _trip(list(answer.memory_mutations))
    assert entry.expires_at is not None
    start = dt.date(2026, 9, 21)
    assert entry.expires_at.date() == start + dt.timedelta(days=days)


def test_a_delay_is_no_trip_length() -> None:
    u = understand("trip in two weeks, on Monday the 28th", now=MONDAY, has_plan=True, library=get_library())
    assert u.away_days is None


@pytest.mark.parametrize(
    "message",
    [
        "flying out Wednesday morning, back Sunday night; the hotel gym has dumbbells up to 20kg and a bench",
        "Voyage de mercredi à dimanche, l'hôtel a des haltères jusqu'à 20 kg et un banc",
        "Командировка со среды по воскресенье, в отеле гантели до 20 кг и скамья",
        "Viagem de quarta a domingo, o hotel tem halteres até 20 kg e banco",
        "週三到週日出差，飯店有20公斤以內的啞鈴和板凳",
    ],
)
def test_a_trip_with_hotel_gear_keeps_the_days_and_adapts_the_away_ones(message: str) -> None:
    answer = turn(message)
    week = answer.proposal.data
    assert answer.proposal.type is ProposalType.UPDATE_WEEK
    assert isinstance(week, WeeklyPlan)
    assert week.training_days() == TRAINING
    assert week.days[Weekday.MONDAY].slugs() == HOME_PLAN.days[Weekday.MONDAY].slugs()
    library = get_library()
    hotel = Inventory(gear=frozenset({Gear.DUMBBELLS, Gear.BENCH, Gear.BODYWEIGHT}))
    for day in (Weekday.THURSDAY, Weekday.FRIDAY):
        for slug in week.days[day].slugs():
            assert hotel.allows(library.require(slug).gear), slug
    entry = _trip(list(answer.memory_mutations))
    assert entry.event_date == dt.date(2026, 9, 20)


def test_back_before_a_day_is_a_return_not_the_body_part() -> None:
    assert (
        "back" not in understand("flying out Wed, back Sunday night", now=MONDAY, library=get_library()).areas
    )
    assert "back" not in understand("I'm back on Monday", now=MONDAY, library=get_library()).areas
    assert "back" in understand("I hurt my back Sunday", now=MONDAY, library=get_library()).areas
    assert "back" in understand("back day on Monday", now=MONDAY, library=get_library()).areas


@pytest.mark.parametrize(
    "message",
    [
        "This weekend I'm running a trail race on Saturday, keep my legs fresh",
        "Ce week-end je cours un trail samedi, il me faut des jambes fraîches",
        "В субботу трейл 30 км, ноги нужны свежие",
        "Sábado tenho um trail de 25 km, quero as pernas descansadas",
        "週六要跑越野賽，腿要保持新鮮",
        "this weekend is yard work and digging, go easy on my back and legs",
        "ce week-end jardinage, ménage mes jambes et mon dos vendredi",
        "на выходных еду на дачу копать грядки, в пятницу не нагружай ноги",
        "fim de semana vou capinar no sítio, pega leve nas pernas na sexta",
        "週末要回老家種菜挖地，週五腿和背不要練太重",
    ],
)
def test_a_weekend_event_on_rest_days_is_stored_and_spares_friday(message: str) -> None:
    answer = turn(message)
    entry = _trip(list(answer.memory_mutations))
    assert entry.expires_at is not None
    assert (
        dt.datetime(2026, 9, 19, 12, tzinfo=dt.UTC)
        <= entry.expires_at
        <= dt.datetime(2026, 9, 21, tzinfo=dt.UTC)
    )
    week = answer.proposal.data
    assert isinstance(week, WeeklyPlan)
    assert not set(week.days[Weekday.FRIDAY].slugs()) & LEG_SLUGS


@pytest.mark.parametrize(
    "message",
    [
        "I'm moving next month and sold my bench",
        "Mon dos me fait mal depuis le jardin hier",
        "Я продал скамью, переезжаю",
        "Troquei a mudança de exercício",
    ],
)
def test_no_physical_work_event_without_its_words(message: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert u.event is None or u.event.kind != "yard_work"
    assert u.intent is not Intent.EVENT or u.event is not None
