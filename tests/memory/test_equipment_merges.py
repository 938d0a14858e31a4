"""Memory merges, never loses (issue 13): sequences of equipment messages, each written the way a model
writes memory (a reworded fact, often partial), end in the expected inventory; nothing the user has
disappears without a message that removes it; a taken bench is a tier-3 note that expires; a request
to forget everything writes nothing."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from fitcoach.contract.models import MemoryMutation, Operation, Tier, Tier1Entry
from fitcoach.engine.profile import build_profile
from fitcoach.facts.model import InventoryFacts
from fitcoach.library.gear import Gear
from fitcoach.memory.apply import memory_after, plan_mutations
from fitcoach.memory.facts import inventory_of
from fitcoach.memory.model import MemoryItem
from fitcoach.memory.plan import RejectReason

from .factories import NOW, create, item, update

HOME = item(
    "mem_01",
    Tier1Entry(category="equipment", fact="Home gym with dumbbells up to 50 lbs and adjustable bench."),
)
ADJUSTABLE = {Gear.BENCH, Gear.FLAT_BENCH, Gear.INCLINE_BENCH}


def equipment(memory: list[MemoryItem]) -> InventoryFacts:
    found = [i for i in memory if isinstance(i.entry, Tier1Entry) and i.entry.category == "equipment"]
    assert len(found) == 1, found
    return inventory_of(found[0])


def turn(memory: list[MemoryItem], message: str, *mutations: MemoryMutation) -> list[MemoryItem]:
    """One chat turn's writes, decided by the one planner (with the user's message)."""
    return memory_after(memory, list(mutations), now=NOW, message=message)


def says(fact: str) -> MemoryMutation:
    """A model's equipment CREATE, worded its own way."""
    return create(Tier.STAPLES, category="equipment", fact=fact)


def rewrites(fact: str) -> MemoryMutation:
    """A model's UPDATE of the equipment on record, worded its own way."""
    return update(Tier.STAPLES, "mem_01", category="equipment", fact=fact)


def test_a_purchase_adds_and_keeps_everything_else() -> None:
    # the report: "just picked up a pull-up bar" replaced the dumbbells and bench
    after = turn(
        [HOME],
        "just picked up a pull-up bar",
        says("Home gym, pull-up bar."),
    )
    inventory = equipment(after)
    assert inventory.owned == {Gear.DUMBBELLS, Gear.PULL_UP_BAR, *ADJUSTABLE}
    assert inventory.dumbbell_max_lb == 50


def test_a_sale_removes_only_what_was_sold() -> None:
    after = turn(
        [HOME],
        "I sold my bench",
        rewrites("Dumbbells up to 50 lbs."),
    )
    inventory = equipment(after)
    assert Gear.DUMBBELLS in inventory.owned and not inventory.owned & ADJUSTABLE
    assert build_profile(after, NOW).inventory.gear == {Gear.DUMBBELLS}


def test_only_replaces_the_owned_gear() -> None:
    after = turn([HOME], "only dumbbells now", rewrites("Dumbbells."))
    assert equipment(after).owned == {Gear.DUMBBELLS}


def test_a_model_rewording_cannot_drop_gear_the_message_did_not_remove() -> None:
    after = turn([HOME], "I also have a pull-up bar", rewrites("Only a pull-up bar at home."))
    assert {Gear.DUMBBELLS, Gear.PULL_UP_BAR, *ADJUSTABLE} <= equipment(after).owned


def test_a_taken_bench_is_a_tier_three_note_that_expires() -> None:
    after = turn(
        [HOME], "The bench is taken, what can I do instead?", rewrites("Dumbbells to 50 lbs, no bench.")
    )
    assert equipment(after).owned >= ADJUSTABLE  # tier 1 keeps the bench
    notes = [i for i in after if i.tier is Tier.SITUATIONAL]
    assert len(notes) == 1 and notes[0].facts is not None and Gear.BENCH in notes[0].facts.unavailable
    assert notes[0].expires_at is not None and notes[0].expires_at <= NOW + dt.timedelta(days=1)
    assert Gear.BENCH not in build_profile(after, NOW).inventory.expanded()
    tomorrow = NOW + dt.timedelta(days=1)
    assert Gear.BENCH in build_profile(after, tomorrow).inventory.expanded()


def test_a_sequence_ends_in_the_expected_inventory() -> None:
    memory = [HOME]
    steps = [
        ("Comprei uma barra fixa", says("Barra fixa.")),
        (
            "J'ai vendu mon banc",
            rewrites("Haltères, barre de traction."),
        ),
        (
            "Купил штангу и силовую раму",
            says("Штанга и силовая рама."),
        ),
        ("啞鈴換成最重30公斤的", rewrites("啞鈴最重30公斤")),
        (
            "the rack is taken right now",
            rewrites("No rack."),
        ),
    ]
    for message, mutation in steps:
        memory = turn(memory, message, mutation)
    inventory = equipment(memory)
    assert inventory.owned == {Gear.DUMBBELLS, Gear.PULL_UP_BAR, Gear.BARBELL, Gear.SQUAT_RACK}
    assert inventory.dumbbell_max_lb == 66.1 and inventory.load_unit == "kg"


PURCHASES = [
    ("I bought a barbell", "Barbell."),
    ("Just got a squat rack", "Squat rack."),
    ("J'ai acheté une barre de traction", "Barre de traction."),
    ("Comprei uma roda abdominal", "Roda abdominal."),
    ("Купил турник", "Турник."),
    ("買了深蹲架", "深蹲架。"),
]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(PURCHASES), min_size=1, max_size=5))
def test_no_item_disappears_without_a_message_that_removes_it(purchases: list[tuple[str, str]]) -> None:
    memory = [HOME]
    owned = (
        equipment(
            turn(
                memory,
                "",
            )
        ).owned
        if False
        else {Gear.DUMBBELLS, *ADJUSTABLE}
    )
    for message, fact in purchases:
        memory = turn(memory, message, create(Tier.STAPLES, category="equipment", fact=fact))
        now_owned = equipment(memory).owned
        assert owned <= now_owned, (message, owned - now_owned)
        owned = set(now_owned)


def test_forget_everything_writes_nothing_until_confirmed() -> None:
    goal = item("mem_02", Tier1Entry(category="goal", fact="Hypertrophy, 4 days."))
    mutations = [
        rewrites("Full commercial gym."),
        MemoryMutation(
            operation=Operation.DELETE, target_tier=Tier.STAPLES, memory_id="mem_02", reason="forget"
        ),
    ]
    for message in (
        "Forget everything you know about me",
        "Oublie tout",
        "Esqueça tudo",
        "Забудь всё",
        "忘記一切",
    ):
        plan = plan_mutations(
            [HOME, goal],
            mutations,
            now=NOW,
            new_id=lambda: "mem_x",
            owned_ids={"mem_01", "mem_02"},
            message=message,
        )
        assert plan.operations == [] and plan.applied == []
        assert {r.reason for r in plan.rejected} == {RejectReason.NEEDS_CONFIRMATION}
