"""Tables and properties for the progressions beyond plain double progression (issue 18 item 2): timed
holds by seconds, and dumbbell pairs as the user owns them (gaps included)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fitcoach.contract.models import Load, PlannedExercise, Tier1Entry
from fitcoach.engine.program import DoneExercise, DoneSet
from fitcoach.engine.program.holds import HOLD_CAP
from fitcoach.engine.program.loads import MAX_SETS_AT_CAP, Outcome, rep_range
from fitcoach.engine.program.progress import progress
from fitcoach.engine.program.words import Words
from fitcoach.facts.reader import read_inventory
from fitcoach.facts.render import render_inventory
from fitcoach.languages.registry import understood
from fitcoach.library import get_library
from fitcoach.library.gear import Gear, Inventory
from fitcoach.memory.facts import structured

LIBRARY = get_library()
NOTHING = Inventory(gear=frozenset())


def hold(seconds: str = "45s", sets: int = 3) -> PlannedExercise:
    return PlannedExercise(exercise_id="plank", target_sets=sets, target_reps=seconds, rest_seconds=60)


def held(times: list[int | None]) -> DoneExercise:
    return DoneExercise("plank", tuple(DoneSet(0, 1, "lb", None, False, t) for t in times))


@pytest.mark.parametrize(
    ("target", "sets", "times", "outcome", "reps", "new_sets"),
    [
        ("45s", 3, [45, 45, 46], Outcome.HIT, "50s", 3),  # every set held: +5 s
        ("60s", 3, [60, 61, 60], Outcome.HIT, "70s", 3),  # from a minute: +10 s
        ("85s", 3, [85, 85, 85], Outcome.HIT, f"{HOLD_CAP}s", 3),  # never past the cap
        (f"{HOLD_CAP}s", 3, [HOLD_CAP] * 3, Outcome.HIT, f"{HOLD_CAP}s", 4),  # at the cap: a set
        ("45s", 3, [45, 45], Outcome.IN_RANGE, "45s", 3),  # a set short: hold it
        ("45s", 3, [45, 44, 42], Outcome.IN_RANGE, "45s", 3),  # close: hold it
        ("45s", 3, [45, 30, 25], Outcome.FAILED, "40s", 3),  # well short: a step back
        ("45s", 3, [None, None, None], Outcome.IN_RANGE, "45s", 3),  # no durations: nothing to judge
    ],
)
def test_holds_progress_by_seconds_then_sets(
    target: str, sets: int, times: list[int | None], outcome: Outcome, reps: str, new_sets: int
) -> None:
    entry = LIBRARY.require("plank")
    result = progress(
        hold(target, sets), entry, held(times), last_load=None, inventory=NOTHING, words=Words()
    )
    assert result.outcome is outcome
    assert result.exercise.target_reps == reps and result.exercise.target_sets == new_sets
    assert result.exercise.target_load is None
    assert (result.change is None) == (reps == target and new_sets == sets)


def test_a_hold_not_trained_is_left_as_it_was() -> None:
    result = progress(
        hold(), LIBRARY.require("plank"), None, last_load=None, inventory=NOTHING, words=Words()
    )
    assert result.outcome is Outcome.MISSED and result.exercise == hold() and result.change is None


def test_at_the_cap_with_every_set_the_hold_stays() -> None:
    full = hold(f"{HOLD_CAP}s", MAX_SETS_AT_CAP)
    result = progress(
        full,
        LIBRARY.require("plank"),
        held([HOLD_CAP] * MAX_SETS_AT_CAP),
        last_load=None,
        inventory=NOTHING,
        words=Words(),
    )
    assert result.exercise == full and result.change is None


@pytest.mark.parametrize("lang", sorted(understood()))
def test_hold_changes_are_said_in_every_language(lang: str) -> None:
    entry = LIBRARY.require("plank")
    up = progress(hold(), entry, held([45, 45, 45]), last_load=None, inventory=NOTHING, words=Words(lang))
    down = progress(hold(), entry, held([45, 20, 20]), last_load=None, inventory=NOTHING, words=Words(lang))
    capped = progress(
        hold(f"{HOLD_CAP}s"),
        entry,
        held([HOLD_CAP] * 3),
        last_load=None,
        inventory=NOTHING,
        words=Words(lang),
    )
    name = entry.localized_name(lang)
    for result, number in ((up, "50"), (down, "40"), (capped, str(HOLD_CAP))):
        assert result.change is not None
        assert name in result.change.text and number in result.change.text
    if lang != "en":
        english = progress(
            hold(), entry, held([45, 45, 45]), last_load=None, inventory=NOTHING, words=Words()
        )
        assert english.change is not None and up.change is not None
        assert up.change.text != english.change.text


# --- dumbbell pairs as the user owns them ------------------------------------------------------------

GAPPY = Inventory(
    gear=frozenset({Gear.DUMBBELLS, Gear.BENCH, Gear.INCLINE_BENCH}), dumbbell_pairs_lb=(10, 15, 25, 40)
)


def pressed(weight: float, reps: list[int], unit: str = "lb") -> DoneExercise:
    return DoneExercise(
        "incline-db-bench-press",
        tuple(DoneSet(weight, r, unit, 8.0) for r in reps),  # type: ignore[arg-type]
    )


def press(load: float | None = None, unit: str = "lb", sets: int = 3) -> PlannedExercise:
    return PlannedExercise(
        exercise_id="incline-db-bench-press",
        target_sets=sets,
        target_reps="8-10",
        rest_seconds=90,
        target_rir=2,
        target_load=Load(value=load, unit=unit) if load else None,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("weight", "reps", "outcome", "expected", "sets"),
    [
        (15, [10, 10, 10], Outcome.HIT, 25, 3),  # the next pair owned, over the gap
        (10, [12, 12, 12], Outcome.HIT, 15, 3),  # well over: still one pair at a time
        (25, [10, 10, 10], Outcome.HIT, 40, 3),
        (40, [10, 10, 10], Outcome.HIT, 40, 4),  # the heaviest pair: a set
        (25, [9, 7, 6], Outcome.FAILED, 15, 3),  # the next lighter pair
        (10, [9, 7, 6], Outcome.FAILED, 10, 3),  # nothing lighter owned
        (20, [10, 9, 8], Outcome.IN_RANGE, 15, 3),  # a load not owned: the pair at or below it
    ],
)
def test_dumbbell_loads_move_along_the_pairs_owned(
    weight: float, reps: list[int], outcome: Outcome, expected: float, sets: int
) -> None:
    entry = LIBRARY.require("incline-db-bench-press")
    result = progress(press(), entry, pressed(weight, reps), last_load=None, inventory=GAPPY, words=Words())
    assert result.outcome is outcome
    assert result.exercise.target_load == Load(value=expected, unit="lb")
    assert result.exercise.target_sets == sets


def test_a_missed_week_steps_down_to_the_next_lighter_pair_and_kg_pairs_read_as_kg() -> None:
    entry = LIBRARY.require("incline-db-bench-press")
    missed = progress(
        press(25), entry, None, last_load=Load(value=25, unit="lb"), inventory=GAPPY, words=Words()
    )
    assert missed.exercise.target_load == Load(value=15, unit="lb")
    kg = Inventory(gear=GAPPY.gear, dumbbell_pairs_lb=tuple(round(v * 2.2046226, 1) for v in (8, 12, 20)))
    up = progress(
        press(), entry, pressed(12, [10, 10, 10], "kg"), last_load=None, inventory=kg, words=Words()
    )
    assert up.exercise.target_load == Load(value=20, unit="kg")


def test_listed_pairs_set_the_cap_the_validator_holds() -> None:
    assert GAPPY.dumbbell_max_lb == 40
    assert Inventory(dumbbell_pairs_lb=(40, 10, 10)).dumbbell_pairs_lb == (10, 40)


@pytest.mark.parametrize(
    ("text", "pairs"),
    [
        ("Home gym: dumbbells 10, 15, 25 and 40 lb and a bench.", (10, 15, 25, 40)),
        ("I have dumbbells 10 lb, 15 lb and 25 lb.", (10, 15, 25)),
        ("Haltères de 4, 8 et 12 kg, un banc.", (8.8, 17.6, 26.5)),
        ("Halteres de 4, 8 e 12 kg e um banco.", (8.8, 17.6, 26.5)),
        ("Гантели 8, 12 и 16 кг, скамья.", (17.6, 26.5, 35.3)),
        ("啞鈴 5、10 和 15 公斤。", (11.0, 22.0, 33.1)),
        # a cap or a range is every step up to it, not a list
        ("Dumbbells up to 50 lb, bench.", ()),
        ("Dumbbells from 5 to 50 lb.", ()),
        ("Dumbbells 10-40 lb.", ()),
        ("Гантели до 24 кг.", ()),
        # a number after the list's last load is something else
        ("Dumbbells 10 and 40 lb, 3 days a week.", (10, 40)),
    ],
)
def test_pairs_are_read_from_an_equipment_fact_in_five_languages(text: str, pairs: tuple[float, ...]) -> None:
    facts = read_inventory(text)
    assert facts.dumbbell_pairs_lb == pairs
    assert facts.inventory().dumbbell_pairs_lb == pairs
    if pairs:
        assert facts.dumbbell_max_lb == pairs[-1]


@pytest.mark.parametrize("lang", sorted(understood()))
def test_rendered_pairs_read_back_the_same(lang: str) -> None:
    facts = read_inventory("Home gym: dumbbells 10, 15, 25 and 40 lb and a bench.")
    assert read_inventory(render_inventory(facts, lang)).dumbbell_pairs_lb == facts.dumbbell_pairs_lb


def test_pairs_sent_as_structured_input_are_kept() -> None:
    entry = Tier1Entry(
        category="equipment",
        fact="Home dumbbells and a bench.",
        inventory=Inventory(gear=frozenset({Gear.DUMBBELLS, Gear.BENCH}), dumbbell_pairs_lb=(10, 15, 25, 40)),
    )
    facts = structured(entry)
    assert facts.inventory is not None
    assert facts.inventory.inventory().dumbbell_pairs_lb == (10, 15, 25, 40)
    assert facts.inventory.inventory().dumbbell_max_lb == 40


# --- properties: whatever the lifter does ------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    pairs=st.lists(st.integers(2, 30).map(lambda n: n * 2.5), min_size=1, max_size=8, unique=True),
    start=st.integers(0, 7),
    outcomes=st.lists(
        st.sampled_from(["hit", "exceed", "in_range", "fail", "miss"]), min_size=1, max_size=12
    ),
    unit=st.sampled_from(["lb", "kg"]),
)
def test_loads_stay_on_the_pairs_owned_a_hit_progresses_and_a_miss_never_does(
    pairs: list[float], start: int, outcomes: list[str], unit: str
) -> None:
    owned_lb = tuple(round(p * 2.2046226, 1) if unit == "kg" else p for p in pairs)
    inventory = Inventory(gear=GAPPY.gear, dumbbell_pairs_lb=owned_lb)
    shown = {round(p, 2) for p in sorted(pairs)}
    entry = LIBRARY.require("incline-db-bench-press")
    current = press(sorted(pairs)[min(start, len(pairs) - 1)], unit)
    for outcome in outcomes:
        assert current.target_load is not None
        old = current.target_load.value
        low, high = rep_range(current.target_reps) or (8, 10)
        reps = {"hit": high, "exceed": high + 2, "in_range": low, "fail": low - 2}.get(outcome)
        done = None if reps is None else pressed(old, [reps] * current.target_sets, unit)
        result = progress(
            current, entry, done, last_load=current.target_load, inventory=inventory, words=Words()
        )
        new = result.exercise.target_load
        assert new is not None and new.value in shown  # an owned pair, never above the heaviest
        if outcome in ("hit", "exceed"):
            heavier = new.value > old
            assert (
                heavier
                or result.exercise.target_sets > current.target_sets
                or (result.exercise.target_reps != current.target_reps)
            )
            if heavier:  # the next pair owned, none skipped
                assert not [p for p in shown if old < p < new.value]
        else:
            assert new.value <= old and result.exercise.target_sets <= current.target_sets
        current = result.exercise


@settings(max_examples=60, deadline=None)
@given(
    start=st.integers(2, 18).map(lambda n: n * 5),
    outcomes=st.lists(st.sampled_from(["hit", "short", "fail", "miss"]), min_size=1, max_size=15),
)
def test_holds_progress_by_time_on_a_hit_and_never_on_a_miss(start: int, outcomes: list[str]) -> None:
    entry = LIBRARY.require("plank")
    current = hold(f"{start}s")
    for outcome in outcomes:
        seconds = int(current.target_reps.rstrip("s"))
        held_for = {"hit": seconds, "short": seconds - 2, "fail": max(1, seconds - 15)}.get(outcome)
        done = None if held_for is None else held([held_for] * current.target_sets)
        result = progress(current, entry, done, last_load=None, inventory=NOTHING, words=Words())
        new = int(result.exercise.target_reps.rstrip("s"))
        assert 10 <= new <= max(HOLD_CAP, start) and result.exercise.target_load is None
        if outcome == "hit":
            full = seconds >= HOLD_CAP and current.target_sets >= MAX_SETS_AT_CAP
            assert new > seconds or result.exercise.target_sets > current.target_sets or full
        else:
            assert new <= seconds and result.exercise.target_sets == current.target_sets
        current = result.exercise
