"""The team's eval corpus is well-formed: the FORMAT.md case shape, real slugs, gear and fixtures,
and a spread over the five languages and eight request types."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from fitcoach.contract.models import WEEKDAYS, Tier
from fitcoach.library import get_library
from fitcoach.library.gear import Gear
from fitcoach.library.models import IndexGroup

CASES = Path(__file__).parents[2] / "data" / "cases" / "team.jsonl"
EXPECT_KEYS = {
    "proposal_type",
    "target_day",
    "no_memory",
    "memory",
    "excludes",
    "excludes_gear",
    "requires_any",
    "training_days",
    "training_day_count",
    "rest_days_include",
    "day_excludes",
    "day_groups",
    "max_minutes",
    "max_sentences",
    "reply_lang",
    "tools_called",
}
MUTATION_KEYS = {
    "operation",
    "target_tier",
    "category",
    "condition",
    "body_part_any",
    "memory_id",
    "expires_between",
    "expires_in_days",
}
DAYS = {day.value for day in WEEKDAYS}


def _cases() -> list[dict[str, Any]]:
    return [json.loads(line) for line in CASES.read_text("utf-8").splitlines() if line.strip()]


def test_corpus_size_and_spread() -> None:
    cases = _cases()
    assert len(cases) >= 150
    assert len({case["id"] for case in cases}) == len(cases)
    by_lang = Counter(case["lang"] for case in cases)
    assert set(by_lang) == {"en", "fr", "pt", "ru", "zh-Hant"}
    assert min(by_lang.values()) >= 30
    by_pair = Counter((case["lang"], case["intent"]) for case in cases)
    assert all(by_pair[(lang, intent)] >= 3 for lang in by_lang for intent in range(1, 9))
    assert any(case["plan"] == "gym_fullbody_3day" for case in cases)


def _slugs(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [slug for item in value for slug in _slugs(item)]
    if isinstance(value, dict):
        return [slug for item in value.values() for slug in _slugs(item)]
    return []


@pytest.mark.parametrize("case", _cases(), ids=lambda case: case["id"])
def test_case_shape(case: dict[str, Any]) -> None:
    assert {
        "id",
        "lang",
        "intent",
        "now",
        "active_tab",
        "selected_day",
        "memory",
        "plan",
        "logs",
        "message",
        "expect",
    } <= set(case)
    assert case["active_tab"] in {"coach", "today", "week"}
    assert case["selected_day"] is None or case["selected_day"] in DAYS
    for name in (case["plan"], case["logs"]):
        if isinstance(name, str):
            assert (CASES.parent / "fixtures" / f"{name}.json").is_file()
    for item in case["memory"]:
        Tier(item["tier"])
    expect = case["expect"]
    assert set(expect) <= EXPECT_KEYS
    library = get_library()
    for key in ("excludes", "requires_any", "day_excludes"):
        assert all(slug in library for slug in _slugs(expect.get(key, [])))
    for gear in expect.get("excludes_gear", []):
        Gear(gear)
    for day, groups in expect.get("day_groups", {}).items():
        assert day in DAYS
        assert all(IndexGroup(group) for group in groups)
    for day in [
        *expect.get("training_days", []),
        *expect.get("rest_days_include", []),
        *expect.get("day_excludes", {}),
    ]:
        assert day in DAYS
    for mutation in expect.get("memory", []):
        assert set(mutation) <= MUTATION_KEYS
        Tier(mutation["target_tier"])
