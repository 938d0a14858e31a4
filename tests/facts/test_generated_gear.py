"""Property: whatever the structured inventory, written in whichever language, the generator never
programs an exercise whose gear that inventory lacks (R17): the text is rendered from the structure,
read back by the one reader, and planned with."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from fitcoach.contract.models import Tier, Tier1Entry
from fitcoach.engine.generator import ScheduleRequest, generate_week
from fitcoach.engine.profile import build_profile
from fitcoach.facts.model import InventoryFacts
from fitcoach.facts.reader import read_inventory
from fitcoach.facts.render import render_inventory
from fitcoach.library import get_library
from fitcoach.library.gear import Gear
from fitcoach.memory.model import MemoryItem

NOW = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)
OWNABLE = [gear for gear in Gear if gear not in (Gear.BODYWEIGHT, Gear.MACHINE, Gear.ROPE, Gear.FLAT_BENCH)]
LANGUAGES = ["en", "fr", "pt", "ru", "zh-Hant", "zh-Hans"]
IMPLIED = frozenset({Gear.FLAT_BENCH, Gear.ROPE, Gear.MACHINE})

inventories = st.builds(
    lambda owned, missing, cap, unit: InventoryFacts(
        owned=frozenset(owned),
        not_owned=frozenset(missing) - frozenset(owned),
        dumbbell_max_lb=cap if Gear.DUMBBELLS in owned else None,
        load_unit=unit if Gear.DUMBBELLS in owned else None,
    ),
    st.sets(st.sampled_from(OWNABLE), max_size=6),
    st.sets(st.sampled_from(OWNABLE), max_size=3),
    st.sampled_from([None, 20.0, 44.1, 50.0, 90.0]),
    st.sampled_from(["kg", "lb"]),
)


@settings(max_examples=60, deadline=None)
@given(inventory=inventories, lang=st.sampled_from(LANGUAGES), days=st.integers(min_value=2, max_value=5))
def test_the_generator_never_programs_gear_the_inventory_lacks(
    inventory: InventoryFacts, lang: str, days: int
) -> None:
    text = render_inventory(inventory, lang)
    read = read_inventory(text).inventory()
    stored = inventory.inventory()
    # read back: everything stored, and nothing but what naming it implies (a bench is a flat bench,
    # a cable machine comes with its rope)
    assert stored.gear <= read.gear <= stored.gear | IMPLIED, text
    # the cap is written in the user's unit, rounded to a half: within a pound of the stored one
    expected_cap = stored.dumbbell_max_lb
    assert (read.dumbbell_max_lb is None) == (expected_cap is None), text
    if expected_cap is not None and read.dumbbell_max_lb is not None:
        assert abs(read.dumbbell_max_lb - expected_cap) <= 1.2, text
    item = MemoryItem(
        id="mem_01",
        tier=Tier.STAPLES,
        entry=Tier1Entry(category="equipment", fact=text),
        created_at=NOW,
        updated_at=NOW,
    )
    allowed = read
    library = get_library()
    week = generate_week(
        build_profile([item], NOW),
        ScheduleRequest(days_per_week=days, minutes=60),
        library=library,
        week_start=NOW.date(),
        now=NOW,
    ).plan
    for day in week.days.values():
        for slug in day.slugs():
            assert allowed.allows(library.require(slug).gear), (slug, text)
