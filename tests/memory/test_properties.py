"""Properties of mutation planning that must hold for every sequence of agent mutations."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from fitcoach.contract.models import MemoryMutation, Tier, Tier1Entry, Tier2Entry
from fitcoach.memory.apply import plan_mutations
from fitcoach.memory.dedup import body_part_of, single_valued_slot
from fitcoach.memory.events import Actor, EventKind, expiry_events
from fitcoach.memory.model import MemoryItem
from fitcoach.memory.plan import MergeOutcome
from tests.memory.factories import NOW, create, delete, id_source, spec_profile

BODY_PARTS = [
    "right shoulder",
    "épaule droite",
    "плечо",
    "ombro",
    "右肩",
    "left knee",
    "genou",
    "колено",
    "calf",
]
CONDITIONS = ["soreness", "fatigue", "minor_strain"]

tier2_creates = st.builds(
    lambda part, condition, fact: create(Tier.PHYSIOLOGICAL, body_part=part, condition=condition, fact=fact),
    st.sampled_from(BODY_PARTS),
    st.sampled_from(CONDITIONS),
    st.sampled_from(["sore", "tweak", "tired", "dolor"]),
)
tier1_creates = st.builds(
    lambda category, fact: create(Tier.STAPLES, category=category, fact=fact),
    st.sampled_from(["equipment", "goal", "preference", "chronic_condition"]),
    st.sampled_from(["Dumbbells to 50 lb", "Hypertrophy", "Short answers", "Barbell and rack"]),
)
deletes = st.builds(
    lambda tier, memory_id: delete(tier, memory_id),
    st.sampled_from(list(Tier)),
    st.sampled_from(["mem_01", "mem_02", "mem_03", "mem_10", "mem_11", "nobody"]),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(tier2_creates, tier1_creates, deletes), max_size=12))
def test_memory_never_holds_duplicates(mutations: list[MemoryMutation]) -> None:
    active = spec_profile()
    result = plan_mutations(active, mutations, now=NOW, new_id=id_source(), owned_ids={i.id for i in active})
    after = result.resulting(active)

    assert len({memory.id for memory in after}) == len(after)
    slots = [single_valued_slot(m.entry) for m in after if isinstance(m.entry, Tier1Entry)]
    assert len([s for s in slots if s]) == len({s for s in slots if s})
    states = [m.entry for m in after if isinstance(m.entry, Tier2Entry)]
    for first, second in itertools.combinations(states, 2):
        a, b = body_part_of(first), body_part_of(second)
        assert a is not None and b is not None and not a.same_area(b)
    # Every mutation is accounted for exactly once: applied, absorbed as a no-op, or rejected.
    no_ops = [m for m in result.merged if m.outcome in (MergeOutcome.DUPLICATE, MergeOutcome.UNCHANGED)]
    assert len(result.applied) + len(no_ops) + len(result.rejected) == len(mutations)
    assert len(result.operations) == len(result.applied)


def test_expiry_events_are_dated_at_expiry_and_recorded_once() -> None:
    sore = spec_profile()[2]
    staple = spec_profile()[0]
    assert expiry_events([sore, staple], recorded=set(), now=NOW) == []
    later = sore.expires_at
    assert later is not None
    (event,) = expiry_events([sore, staple], recorded=set(), now=later)
    assert (event.item_id, event.kind, event.actor, event.at) == (
        "mem_03",
        EventKind.EXPIRED,
        Actor.SYSTEM,
        later,
    )
    assert expiry_events([sore], recorded={"mem_03"}, now=later) == []


def test_resulting_applies_creates_updates_and_deletes() -> None:
    active: list[MemoryItem] = spec_profile()
    mutations = [delete(Tier.PHYSIOLOGICAL, "mem_03"), create(Tier.STAPLES, category="goal", fact="Strength")]
    result = plan_mutations(
        active, mutations, now=NOW, new_id=id_source(), owned_ids={"mem_01", "mem_02", "mem_03"}
    )
    after = result.resulting(active)
    assert [m.id for m in after] == ["mem_01", "mem_02"]
    assert after[1].entry == Tier1Entry(category="goal", fact="Strength")
