"""What memory hands the engine: expired states constrain nothing, and a turn's result is plannable."""

from __future__ import annotations

import datetime as dt

from fitcoach.contract.models import Tier
from fitcoach.engine.bodyparts import BodyArea
from fitcoach.engine.profile import build_profile
from fitcoach.library.gear import Gear
from fitcoach.memory.apply import plan_mutations
from tests.memory.factories import NOW, at, create, id_source, spec_profile


def test_expired_soreness_leaves_the_constraints_exactly_at_expiry() -> None:
    items = spec_profile()
    before = build_profile(items, at("2026-09-15T23:59:59Z"))
    at_expiry = build_profile(items, at("2026-09-16T00:00:00Z"))
    assert [c.area for c in before.acute] == [BodyArea.HAMSTRINGS]
    assert at_expiry.acute == ()


def test_a_turns_result_feeds_the_engine() -> None:
    mutations = [
        create(Tier.PHYSIOLOGICAL, body_part="épaule droite", condition="minor_strain", fact="Pincement"),
        create(Tier.STAPLES, category="equipment", fact="Bought a pull-up bar"),
    ]
    active = spec_profile()
    result = plan_mutations(active, mutations, now=NOW, new_id=id_source(), owned_ids={i.id for i in active})
    after = result.resulting(active)
    profile = build_profile(after, NOW)
    assert {c.area for c in profile.acute} == {BodyArea.HAMSTRINGS, BodyArea.SHOULDER}
    assert Gear.PULL_UP_BAR in profile.inventory.gear and Gear.DUMBBELLS in profile.inventory.gear
    five_days = build_profile(after, NOW + dt.timedelta(days=5))
    assert five_days.acute == ()
