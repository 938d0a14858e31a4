"""Lexicon data files are complete and consistent across languages."""

from __future__ import annotations

import pytest

from fitcoach.agent.offline.understanding.intent import routes
from fitcoach.contract.models import WEEKDAYS
from fitcoach.languages.lexicon import SUPPORTED_LANGUAGES, load_lexicon
from fitcoach.library.gear import Gear

ENGLISH = load_lexicon("en")


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_tables_share_keys_with_english(lang: str) -> None:
    lex = load_lexicon(lang)
    assert set(lex.weekdays) == {day.value for day in WEEKDAYS}
    assert set(lex.areas) == set(ENGLISH.areas)
    assert set(lex.tones) == set(ENGLISH.tones)
    assert set(lex.events) == set(ENGLISH.events)
    assert set(ENGLISH.cues) <= set(lex.cues)
    assert set(lex.problems) == set(ENGLISH.problems)
    assert set(lex.units) >= {"kg", "lb"}


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_gear_keys_name_real_gear(lang: str) -> None:
    for key in load_lexicon(lang).gear:
        if key != "*":
            for name in key.split("+"):
                Gear(name)


def test_routing_only_uses_known_features() -> None:
    cue_names = {f"cue:{name}" for name in ENGLISH.cues} | {"cue:question"}
    for route in routes().values():
        for feature in [*route.weights, *route.requires_any, *route.requires_all]:
            assert feature.startswith(("has:", "ctx:")) or feature in cue_names, feature
