"""Sports trips and outdoor weekends (surf, ski, climbing, bike tours, hikes) are dated tier-3 events
in every language: the weekend is read as their dates and the days before spare what they load."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.understanding import Intent, understand
from fitcoach.contract.models import ProposalType, Weekday, WeeklyPlan
from fitcoach.library import get_library

from .test_acting import MONDAY, turn
from .test_week_operations import LEG_SLUGS, _trip

UPPER_PULLS = {"single-arm-db-row", "chest-supported-db-row", "seated-db-shoulder-press"}


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ("going surfing this weekend, two days", "surf"),
        ("surf trip Saturday and Sunday with friends", "surf"),
        ("Ce week-end je pars faire du surf à Biarritz", "surf"),
        ("Fim de semana vou surfar em Ubatuba", "surf"),
        ("bora pegar onda no sábado", "surf"),
        ("На выходных еду на серфинг", "surf"),
        ("這個週末要去衝浪", "surf"),
        ("ski weekend coming up on Saturday", "ski"),
        ("ce week-end je vais au ski", "ski"),
        ("в субботу еду кататься на лыжах", "ski"),
        ("sábado vou esquiar", "ski"),
        ("週末去滑雪兩天", "ski"),
        ("climbing trip on Saturday", "climb"),
        ("samedi sortie escalade en falaise", "climb"),
        ("no sábado vou fazer escalada", "climb"),
        ("в субботу едем на скалы", "climb"),
        ("週六要去攀岩", "climb"),
        ("bike tour this weekend, 150 km", "cycling"),
        ("ce week-end randonnée à vélo de deux jours", "cycling"),
        ("fim de semana tenho uma cicloviagem", "cycling"),
        ("на выходных велопоход", "cycling"),
        ("週末要去單車環島", "cycling"),
        ("週末要去爬山", "hike"),
        ("hiking trip this weekend", "hike"),
        ("на выходных идём в поход", "hike"),
        ("sábado tem trilha", "hike"),
        ("samedi rando en montagne", "hike"),
    ],
)
def test_a_sports_weekend_is_a_dated_event(message: str, kind: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert u.intent is Intent.EVENT
    assert u.event is not None
    assert u.event.kind == kind
    assert u.event.date is not None
    assert Weekday.of(u.event.date) in (Weekday.SATURDAY, Weekday.SUNDAY)


@pytest.mark.parametrize(
    "message",
    [
        "surfing this weekend, keep my shoulders and back fresh",
        "Ce week-end surf deux jours, garde mes épaules et mon dos frais",
        "Fim de semana vou surfar dois dias, quero ombros e costas descansados",
        "На выходных два дня серфинга, побереги плечи и спину",
        "這個週末要去衝浪兩天（六日），希望肩膀跟背是新鮮的",
        "surf trip this weekend",
        "週末去衝浪",
    ],
)
def test_a_surf_weekend_spares_the_upper_back_on_friday(message: str) -> None:
    answer = turn(message)
    assert answer.proposal.type is ProposalType.UPDATE_WEEK, answer.message
    entry = _trip(list(answer.memory_mutations))
    assert entry.expires_at is not None
    assert (
        dt.datetime(2026, 9, 20, 12, tzinfo=dt.UTC)
        <= entry.expires_at
        <= dt.datetime(2026, 9, 21, 12, tzinfo=dt.UTC)
    )
    week = answer.proposal.data
    assert isinstance(week, WeeklyPlan)
    assert not set(week.days[Weekday.FRIDAY].slugs()) & UPPER_PULLS


@pytest.mark.parametrize(
    "message",
    [
        "ski weekend Saturday and Sunday",
        "ce week-end, séjour au ski",
        "на выходных велопоход",
        "fim de semana tenho uma cicloviagem",
        "週末要去單車環島",
    ],
)
def test_a_leg_sport_weekend_spares_the_legs_on_friday(message: str) -> None:
    answer = turn(message)
    week = answer.proposal.data
    assert isinstance(week, WeeklyPlan), answer.message
    assert not set(week.days[Weekday.FRIDAY].slugs()) & LEG_SLUGS


@pytest.mark.parametrize(
    "message",
    [
        "what surface is best for box jumps?",
        "I did mountain climbers yesterday",
        "O supino é para escalar a carga aos poucos?",
        "la grimpe de la charge sur le squat, c'est normal ?",
        "велотренажер сломался",
        "我在滑手機",
        "should I ride the exercise bike after legs?",
    ],
)
def test_no_sports_event_without_its_words(message: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert u.event is None or u.event.kind not in {"surf", "climb", "cycling", "ski"}


@pytest.mark.parametrize(
    ("message", "days"),
    [
        ("這個週末要去墾丁衝浪兩天（六日）", 2),
        ("週六日要去滑雪", None),
        ("下週出差六日", 6),
    ],
)
def test_a_chinese_saturday_sunday_pair_is_no_six_day_stay(message: str, days: int | None) -> None:
    assert understand(message, now=MONDAY, has_plan=True, library=get_library()).away_days == days
