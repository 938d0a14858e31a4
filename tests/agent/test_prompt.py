"""The static prefix: stable bytes, big enough to cache, complete examples that pass the contract."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from fitcoach.agent.prompt import (
    MIN_CACHE_TOKENS,
    build_prefix,
    estimate_tokens,
    prefix_hash,
    render_json,
    static_prefix,
    worked_examples,
)
from fitcoach.agent.tools import TOOL_DECLARATIONS, canonical_tool_args, openai_tools
from fitcoach.contract.models import CoachReply, DayPlan, MemoryMutation, ProposalType, WeeklyPlan
from fitcoach.contract.normalize import missing_server_fields
from fitcoach.engine.profile import Profile, build_profile
from fitcoach.engine.validator import validate_day, validate_week
from fitcoach.library import Gear, Inventory, get_library
from fitcoach.memory.model import MemoryItem

EXAMPLES = worked_examples(get_library())


def test_prefix_is_byte_identical_across_processes() -> None:
    """A fresh interpreter (other hash seed, other time) renders the same bytes."""
    code = (
        "import sys; from fitcoach.agent.prompt import static_prefix;"
        " from fitcoach.library import get_library; sys.stdout.write(static_prefix(get_library()))"
    )
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, check=True, env={"PYTHONHASHSEED": "123"}
    ).stdout.decode()
    assert other == static_prefix(get_library()) == build_prefix(get_library())


def test_prefix_reaches_the_cache_minimum() -> None:
    assert estimate_tokens(static_prefix(get_library())) >= MIN_CACHE_TOKENS


@pytest.mark.parametrize(("text", "tokens"), [("", 0), ("abcd", 1), ("abcde", 2), ("x" * 400, 100)])
def test_token_estimate_is_chars_over_four(text: str, tokens: int) -> None:
    assert estimate_tokens(text) == tokens


def test_prefix_carries_every_section_and_the_whole_index() -> None:
    prefix = static_prefix(get_library())
    for slug in get_library().slugs:
        assert f"`{slug}`" in prefix
    for heading in (
        "PERSONA",
        "PROGRAMMING",
        "ENCYCLOPEDIA",
        "MEMORY",
        "ROUTING",
        "TOOLS",
        "OUTPUT",
        "EXAMPLES",
    ):
        assert heading in prefix
    assert "language the user wrote in" in prefix


def test_eight_examples_cover_every_outcome_and_tier() -> None:
    assert len(EXAMPLES) == 8
    replies = [CoachReply.model_validate(example.answer) for example in EXAMPLES]
    assert {r.proposal.type for r in replies} == set(ProposalType)
    tiers = {m.target_tier.value for r in replies for m in r.memory_mutations}
    assert tiers == {"tier_1_staples", "tier_2_physiological", "tier_3_situational"}
    operations = {m.operation.value for r in replies for m in r.memory_mutations}
    assert {"CREATE", "UPDATE"} <= operations
    assert sum(example.tool_trace is not None for example in EXAMPLES) == 1


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.title.split(" ")[0])
def test_each_example_is_a_complete_contract_answer(example: object) -> None:
    answer = example.answer  # type: ignore[attr-defined]
    reply = CoachReply.model_validate(answer)
    for mutation in reply.memory_mutations:
        if mutation.entry is not None:
            mutation.typed_entry()
    library = get_library()
    args = {"library": library, "week_start": date(2026, 9, 14), "plan": None}
    assert missing_server_fields(reply, **args) == []  # type: ignore[arg-type]
    data = reply.proposal.data
    days = (
        list(data.days.values())
        if isinstance(data, WeeklyPlan)
        else [data]
        if isinstance(data, DayPlan)
        else []
    )
    for day in days:
        assert all(slug in library for slug in day.slugs())
        assert day.is_rest_day == (not day.blocks)
    if isinstance(data, WeeklyPlan):
        assert len(data.days) == 7
        assert data.summary.frequency == len(data.training_days())
    assert render_json(answer) in static_prefix(get_library())


def test_prefix_hash_moves_with_each_input() -> None:
    base = prefix_hash("gemini-3-flash", "prefix", TOOL_DECLARATIONS)
    assert base == prefix_hash("gemini-3-flash", "prefix", json.loads(json.dumps(TOOL_DECLARATIONS)))
    assert base != prefix_hash("gemini-3-pro", "prefix", TOOL_DECLARATIONS)
    assert base != prefix_hash("gemini-3-flash", "prefix ", TOOL_DECLARATIONS)
    assert base != prefix_hash("gemini-3-flash", "prefix", TOOL_DECLARATIONS[:2])


def test_tool_declarations_are_spelled_as_the_seeds_spell_them(data_dir: Path) -> None:
    assert json.loads((data_dir / "seeds/tool_declarations.json").read_text()) == TOOL_DECLARATIONS


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ({"exercise_slug": "push-up", "limit": 3}, {"exercise_slug": "push-up", "limit_sessions": 3}),
        (
            {"exercise_slug": "push-up", "limit": 9, "limit_sessions": 2},
            {"exercise_slug": "push-up", "limit_sessions": 2},
        ),
    ],
)
def test_limit_is_an_alias_of_limit_sessions(args: dict[str, object], expected: dict[str, object]) -> None:
    assert canonical_tool_args("get_historical_exercise_logs", args) == expected
    assert canonical_tool_args("get_pr_records", {"limit": 1}) == {"limit": 1}


def test_openai_tools_are_strict() -> None:
    tools = openai_tools(TOOL_DECLARATIONS)
    logs = tools[0]["function"]
    assert logs["strict"] is True
    assert logs["parameters"]["required"] == ["exercise_slug", "limit_sessions"]
    assert logs["parameters"]["properties"]["limit_sessions"]["type"] == ["integer", "null"]
    assert logs["parameters"]["additionalProperties"] is False


HOME_GEAR = Inventory(gear=frozenset({Gear.DUMBBELLS, Gear.BENCH, Gear.INCLINE_BENCH, Gear.FLAT_BENCH}))


def _days(example: object) -> list[DayPlan]:
    data = CoachReply.model_validate(example.answer).proposal.data  # type: ignore[attr-defined]
    if isinstance(data, WeeklyPlan):
        return [day for day in data.days.values() if not day.is_rest_day]
    return [data] if isinstance(data, DayPlan) else []


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.title.split(" ")[0])
def test_examples_respect_gear_order_and_session_caps(example: object) -> None:
    """A light check of R10, R12 and R17 on the examples (the engine's validator owns the full rules):
    home dumbbell gear only, blocks in priority order, at most 8 direct sets per muscle group."""
    library = get_library()
    bench_taken = "banc est pris" in example.message  # type: ignore[attr-defined]
    gear = HOME_GEAR.model_copy(update={"unavailable": frozenset({Gear.BENCH})}) if bench_taken else HOME_GEAR
    for day in _days(example):
        entries = [library.require(slug) for slug in day.slugs()]
        assert all(gear.allows(entry.gear) for entry in entries), day.title
        firsts = [library.require(block.exercises[0].exercise_id).priority_tier for block in day.blocks]
        assert firsts == sorted(firsts), day.title
        sets: Counter[str] = Counter()
        for planned in day.exercises():
            for group in library.require(planned.exercise_id).primary_groups:
                sets[group.value] += planned.target_sets
        assert max(sets.values()) <= 8, (day.title, sets)


NOW = datetime(2026, 9, 14, 10, tzinfo=UTC)


def _profile_for(example: object) -> Profile:
    """The home user's staples (example 1's CREATEs) plus what this example itself creates."""
    mutations = [*EXAMPLES[0].answer["memory_mutations"]]
    if example is not EXAMPLES[0]:
        mutations += [m for m in example.answer["memory_mutations"] if m["operation"] == "CREATE"]  # type: ignore[attr-defined]
    items = []
    for number, raw in enumerate(mutations, start=1):
        mutation = MemoryMutation.model_validate(raw)
        entry = mutation.typed_entry()
        assert entry is not None
        items.append(
            MemoryItem(
                id=f"mem_{number:02}", tier=mutation.target_tier, entry=entry, created_at=NOW, updated_at=NOW
            )  # type: ignore[arg-type]
        )
    return build_profile(items, NOW)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.title.split(" ")[0])
def test_examples_pass_the_engine_validator(example: object) -> None:
    """What the prefix teaches must itself pass every programming rule (R10-R19) for its user."""
    reply = CoachReply.model_validate(example.answer)  # type: ignore[attr-defined]
    profile = _profile_for(example)
    data = reply.proposal.data
    if isinstance(data, WeeklyPlan):
        report = validate_week(data, profile, minutes=45, library=get_library())
    elif isinstance(data, DayPlan):
        assert reply.proposal.target_day is not None
        report = validate_day(data, reply.proposal.target_day, profile, minutes=45, library=get_library())
    else:
        return
    assert report.errors == []


def test_the_prefix_is_built_once_per_library_and_equal_for_an_equal_copy() -> None:
    """Built per turn it cost ~5 ms of a ~5 ms pipeline; an equal library still gives the same bytes."""
    packaged = get_library()
    assert static_prefix(packaged) is static_prefix(packaged) is static_prefix(get_library())
    copy = packaged.with_entries([])
    assert copy is not packaged
    assert static_prefix(copy) == static_prefix(packaged)
