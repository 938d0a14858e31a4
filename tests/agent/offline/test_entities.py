"""Entity extraction from messages in five languages, resolved against a fixed clock."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.understanding import understand
from fitcoach.contract.models import Weekday
from fitcoach.library import get_library
from fitcoach.library.gear import Gear

MONDAY = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)  # a Monday
THURSDAY = dt.datetime(2026, 9, 17, 10, tzinfo=dt.UTC)


def days_of(message: str, now: dt.datetime = MONDAY) -> list[dt.date]:
    return [d.date for d in understand(message, now=now, library=get_library()).days]


@pytest.mark.parametrize(
    ("message", "now", "dates"),
    [
        ("golf this Saturday", MONDAY, ["2026-09-19"]),
        ("ce samedi j'ai un tournoi", MONDAY, ["2026-09-19"]),
        ("в понедельник", THURSDAY, ["2026-09-21"]),
        ("na segunda-feira", THURSDAY, ["2026-09-21"]),
        ("週一", MONDAY, ["2026-09-14"]),
        ("禮拜三", MONDAY, ["2026-09-16"]),
        ("tomorrow", MONDAY, ["2026-09-15"]),
        ("demain", THURSDAY, ["2026-09-18"]),
        ("завтра", MONDAY, ["2026-09-15"]),
        ("amanhã", MONDAY, ["2026-09-15"]),
        ("明天", MONDAY, ["2026-09-15"]),
        ("this weekend", THURSDAY, ["2026-09-19", "2026-09-20"]),
        ("next Monday", MONDAY, ["2026-09-21"]),
        ("下週日", MONDAY, ["2026-09-27"]),
        ("marathon on the 20th", MONDAY, ["2026-09-20"]),
        ("le 2 octobre", MONDAY, ["2026-10-02"]),
        ("9/17到9/19出差", MONDAY, ["2026-09-17", "2026-09-19"]),
        ("du 23 au 30 septembre", MONDAY, ["2026-09-23", "2026-09-30"]),
        ("vou viajar de 23 de setembro até 30 de setembro", MONDAY, ["2026-09-23", "2026-09-30"]),
        ("в отпуске с 23 сентября", MONDAY, ["2026-09-23"]),
        ("trip on sept 23", MONDAY, ["2026-09-23"]),
        # loads and sets are no dates
        ("20/25 lbs dumbbells, 22.5 кг, 3x10", MONDAY, []),
    ],
)
def test_days_resolve_against_now(message: str, now: dt.datetime, dates: list[str]) -> None:
    assert days_of(message, now) == [dt.date.fromisoformat(d) for d in dates]


@pytest.mark.parametrize(
    ("message", "weekdays"),
    [
        ("Mon/Wed/Fri", ["monday", "wednesday", "friday"]),
        ("lundi, mercredi et vendredi", ["monday", "wednesday", "friday"]),
        ("segunda, quarta, sexta e sábado", ["monday", "wednesday", "friday", "saturday"]),
        ("понедельник, среду и пятницу", ["monday", "wednesday", "friday"]),
        ("週一、週三、週五", ["monday", "wednesday", "friday"]),
        ("tuesday and thursday", ["tuesday", "thursday"]),
        ("每週一三五可以練", ["monday", "wednesday", "friday"]),
        ("週二、四、六", ["tuesday", "thursday", "saturday"]),
        ("away Wed-Fri", ["wednesday", "thursday", "friday"]),
        ("de lun à ven", ["monday", "tuesday", "wednesday", "thursday", "friday"]),
        ("пн-ср", ["monday", "tuesday", "wednesday"]),
        # a weekday after "since"/"after" dates the start of something, it is no day to act on
        ("sore since Tuesday", []),
        ("плечи болят после понедельника", []),
    ],
)
def test_day_lists(message: str, weekdays: list[str]) -> None:
    found = sorted(
        {d.weekday for d in understand(message, now=MONDAY, library=get_library()).days},
        key=lambda w: w.position,
    )
    assert found == [Weekday(w) for w in weekdays]


@pytest.mark.parametrize(
    ("message", "count"),
    [
        ("I can train 4 days a week", 4),
        ("quatre jours par semaine", 4),
        ("четыре дня в неделю", 4),
        ("3 vezes por semana", 3),
        ("每週四天", 4),
        ("每週可以訓練 5 天", 5),
        ("five days per week", 5),
        ("3x por semana, 40 min", 3),
        ("3x par semaine", 3),
        ("3х в неделю", 3),
        ("每週三天", 3),
    ],
)
def test_days_per_week(message: str, count: int) -> None:
    assert understand(message, now=MONDAY, library=get_library()).days_per_week == count


@pytest.mark.parametrize(
    ("message", "minutes"),
    [
        ("30 min", 30),
        ("about 45 minutes each", 45),
        ("полчаса", 30),
        ("半小時", 30),
        ("une demi-heure", 30),
        ("meia hora", 30),
        ("1 hour", 60),
        ("an hour and a half", 90),
        ("сорок пять минут", 45),
        ("每次約 45 分鐘", 45),
    ],
)
def test_durations(message: str, minutes: int) -> None:
    assert understand(message, now=MONDAY, library=get_library()).minutes == minutes


@pytest.mark.parametrize(
    ("message", "gear", "cap"),
    [
        (
            "dumbbells up to 50 lbs and an adjustable bench",
            {Gear.DUMBBELLS, Gear.BENCH, Gear.INCLINE_BENCH},
            50.0,
        ),
        ("haltères jusqu'à 22 kg", {Gear.DUMBBELLS}, 48.5),
        ("гантели до 22 кг", {Gear.DUMBBELLS}, 48.5),
        ("啞鈴 (最重 50 磅)", {Gear.DUMBBELLS}, 50.0),
        ("halteres de até 20 kg e um banco reto", {Gear.DUMBBELLS, Gear.BENCH}, 44.1),
        ("just a pull-up bar", {Gear.PULL_UP_BAR}, None),
    ],
)
def test_equipment_and_loads(message: str, gear: set[Gear], cap: float | None) -> None:
    u = understand(message, now=MONDAY, library=get_library())
    assert set(u.gear) == gear
    assert u.dumbbell_max_lb == cap


@pytest.mark.parametrize(
    ("message", "owned", "denied"),
    [
        ("two 20 kg dumbbells, no bench", {Gear.DUMBBELLS}, {Gear.BENCH}),
        ("deux haltères, pas de banc", {Gear.DUMBBELLS}, {Gear.BENCH}),
        ("гантели есть, скамьи нет", {Gear.DUMBBELLS}, {Gear.BENCH}),
        ("halteres sem banco", {Gear.DUMBBELLS}, {Gear.BENCH}),
        ("有啞鈴，沒有訓練椅", {Gear.DUMBBELLS}, {Gear.BENCH}),
    ],
)
def test_negated_gear_is_not_owned(message: str, owned: set[Gear], denied: set[Gear]) -> None:
    u = understand(message, now=MONDAY, library=get_library())
    assert set(u.gear) == owned
    assert denied <= u.negated_gear


def test_full_gym_means_everything() -> None:
    assert set(understand("I train in a full gym", now=MONDAY, library=get_library()).gear) == set(Gear)


@pytest.mark.parametrize(
    ("message", "gear"),
    [
        ("bench is taken", Gear.BENCH),
        ("banc pris", Gear.BENCH),
        ("скамья занята", Gear.BENCH),
        ("長椅有人坐了", Gear.BENCH),
        ("o banco está ocupado", Gear.BENCH),
        ("the cable machine is broken", Gear.CABLE_MACHINE),
        ("турник занят", Gear.PULL_UP_BAR),
    ],
)
def test_taken_or_broken_gear(message: str, gear: Gear) -> None:
    u = understand(message, now=MONDAY, library=get_library())
    assert gear in u.unavailable_gear
    assert gear not in u.gear


def test_owned_gear_in_another_sentence_stays_available() -> None:
    u = understand(
        "I have dumbbells and a bench. The bench is taken right now.", now=MONDAY, library=get_library()
    )
    assert Gear.BENCH in u.unavailable_gear


@pytest.mark.parametrize(
    ("message", "area", "side", "condition"),
    [
        ("my right shoulder feels pinchy", "shoulder", "right", "pain"),
        ("mon genou gauche me fait mal", "knee", "left", "pain"),
        ("правое плечо болит", "shoulder", "right", "pain"),
        ("meu ombro direito está dolorido", "shoulder", "right", "pain"),
        ("我的右肩很痛", "shoulder", "right", "pain"),
        ("hamstrings are sore", "hamstrings", None, "soreness"),
        ("lower back is cranky", "lower_back", None, "pain"),
        ("腰很痠", "lower_back", None, "soreness"),
    ],
)
def test_body_parts_sides_conditions(message: str, area: str, side: str | None, condition: str) -> None:
    u = understand(message, now=MONDAY, library=get_library())
    assert area in u.areas
    assert u.side == side
    assert condition in u.conditions


@pytest.mark.parametrize(
    ("message", "kind", "date"),
    [
        ("36-hole golf tournament this Saturday", "tournament", "2026-09-19"),
        ("marathon on the 20th", "race", "2026-09-20"),
        ("trip next week", "trip", "2026-09-21"),
        ("tournoi de golf samedi", "tournament", "2026-09-19"),
        ("в субботу турнир по гольфу", "tournament", "2026-09-19"),
        ("我這週六要參加錦標賽", "tournament", "2026-09-19"),
    ],
)
def test_events_with_dates(message: str, kind: str, date: str) -> None:
    event = understand(message, now=MONDAY, library=get_library()).event
    assert event is not None
    assert event.kind == kind
    assert event.date == dt.date.fromisoformat(date)


@pytest.mark.parametrize(
    ("message", "tone"),
    [
        ("be tough on me", "tough_love"),
        ("sois doux", "gentle"),
        ("объясняй научно", "deep_science"),
        ("seja duro comigo", "tough_love"),
        ("請對我嚴格一點", "tough_love"),
    ],
)
def test_tone_preferences(message: str, tone: str) -> None:
    assert understand(message, now=MONDAY, library=get_library()).tone == tone


@pytest.mark.parametrize(
    ("message", "owned", "denied"),
    [
        ("Дома только турник, гантелей и скамьи нет", {Gear.PULL_UP_BAR}, {Gear.DUMBBELLS, Gear.BENCH}),
    ],
)
def test_a_trailing_negation_denies_the_whole_list(message: str, owned: set[Gear], denied: set[Gear]) -> None:
    u = understand(message, now=MONDAY, library=get_library())
    assert owned <= u.gear
    assert denied <= u.negated_gear
    assert not denied & u.gear


@pytest.mark.parametrize(
    ("message", "slug"),
    [
        ("troca a single-arm row por outra coisa", "single-arm-db-row"),
        ("胸部支撐划船可以換什麼", "chest-supported-db-row"),
        ("swap the standing bicep curl", "standing-db-bicep-curl"),
    ],
)
def test_a_name_without_its_implement_word_still_names_the_exercise(message: str, slug: str) -> None:
    assert understand(message, now=MONDAY, library=get_library()).exercises == [slug]


@pytest.mark.parametrize(
    "message",
    ["done 3x8 @ 60kg, felt easy", "сделал 3х10 с 45 lbs, легко", "3 séries de 10 à 18 kg", "剛做完 3組12下"],
)
def test_a_logged_set_is_no_onboarding(message: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert "has:set_log" in u.features
    assert u.intent.value != "onboarding"
