"""The checks of an eval case: the universal rules and every `expect` key of FORMAT.md."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from pydantic import ValidationError

from fitcoach.clock import parse_instant
from fitcoach.contract.models import CoachReply
from fitcoach.contract.sentences import count_sentences
from fitcoach.languages.detect import detect_language
from fitcoach.library import Gear, Inventory
from fitcoach.library.loader import ExerciseLibrary

REQUIRED_EXERCISE_FIELDS = ("exercise_id", "name", "target_sets", "target_reps", "rest_seconds")
REQUIRED_DAY_FIELDS = (
    "date",
    "day_of_week",
    "is_rest_day",
    "status",
    "completed_log_id",
    "completed_at",
    "title",
    "blocks",
)
_BENCHES = {Gear.BENCH, Gear.FLAT_BENCH, Gear.INCLINE_BENCH}


@dataclass(frozen=True)
class Observed:
    """What one replayed turn showed."""

    now: datetime
    reply: dict[str, Any]
    tools_called: list[dict[str, Any]]
    plan_changed: bool
    inventory: Inventory
    """The user's owned gear: memory before the turn plus what the turn created."""


@dataclass(frozen=True)
class CheckResult:
    name: str
    passed: bool
    detail: str = ""


def proposal_days(reply: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The proposed day objects by weekday (one for UPDATE_DAY, all for UPDATE_WEEK)."""
    proposal = reply.get("proposal") or {}
    data = proposal.get("data")
    if not isinstance(data, dict):
        return {}
    if proposal.get("type") == "UPDATE_DAY":
        return {str(proposal.get("target_day")): data}
    days = data.get("days")
    return {str(day): value for day, value in days.items()} if isinstance(days, dict) else {}


def proposed_slugs(reply: dict[str, Any]) -> list[str]:
    return [slug for day in proposal_days(reply).values() for slug in _day_slugs(day)]


def _day_slugs(day: dict[str, Any]) -> Iterator[str]:
    for block in day.get("blocks") or []:
        for exercise in block.get("exercises") or []:
            yield str(exercise.get("exercise_id"))


def needed_gear(requirement_clauses: list[list[Gear]]) -> set[Gear]:
    """Gear an exercise cannot do without: a clause whose every option is that gear (benches count
    as one family, so "Bench" covers "Flat Bench" and "Incline Bench")."""
    needed: set[Gear] = set()
    for clause in requirement_clauses:
        if len(set(clause)) == 1:
            needed.add(clause[0])
        elif set(clause) <= _BENCHES:
            needed.add(Gear.BENCH)
    if needed & _BENCHES:
        needed.add(Gear.BENCH)
    return needed


def universal(observed: Observed, library: ExerciseLibrary) -> list[CheckResult]:
    reply = observed.reply
    results = [CheckResult("plan_unchanged", not observed.plan_changed, "the stored plan changed")]
    try:
        CoachReply.model_validate(reply)
        results.append(CheckResult("contract", True))
    except ValidationError as exc:
        results.append(CheckResult("contract", False, str(exc.errors()[:3])))
    missing = []
    for weekday, day in proposal_days(reply).items():
        missing += [f"{weekday}.{key}" for key in REQUIRED_DAY_FIELDS if key not in day]
        if day.get("status") not in ("scheduled", "completed"):
            missing.append(f"{weekday}.status={day.get('status')!r}")
        for block in day.get("blocks") or []:
            for exercise in block.get("exercises") or []:
                missing += [
                    f"{weekday}.{exercise.get('exercise_id')}.{key}"
                    for key in REQUIRED_EXERCISE_FIELDS
                    if exercise.get(key) is None
                ]
    results.append(CheckResult("day_fields", not missing, ", ".join(missing[:6])))
    unknown = sorted({slug for slug in proposed_slugs(reply) if slug not in library})
    results.append(CheckResult("slugs_in_library", not unknown, ", ".join(unknown)))
    owned = observed.inventory
    beyond = sorted(
        {
            slug
            for slug in proposed_slugs(reply)
            if slug in library and not owned.allows(library.require(slug).gear)
        }
    )
    results.append(CheckResult("equipment", not beyond, ", ".join(beyond)))
    return results


def expected(case_expect: dict[str, Any], observed: Observed, library: ExerciseLibrary) -> list[CheckResult]:
    results = []
    for key, value in case_expect.items():
        check = _EXPECT.get(key)
        if check is None:
            results.append(CheckResult(key, False, "unknown expect key"))
            continue
        passed, detail = check(value, observed, library)
        results.append(CheckResult(key, passed, detail))
    return results


Check = Callable[[Any, Observed, ExerciseLibrary], tuple[bool, str]]


def _proposal(observed: Observed) -> dict[str, Any]:
    proposal = observed.reply.get("proposal")
    return proposal if isinstance(proposal, dict) else {}


def _equals(field: str) -> Check:
    def check(value: Any, observed: Observed, _library: ExerciseLibrary) -> tuple[bool, str]:
        actual = _proposal(observed).get(field)
        return actual == value, f"got {actual!r}"

    return check


def _no_memory(value: Any, observed: Observed, _library: ExerciseLibrary) -> tuple[bool, str]:
    mutations = observed.reply.get("memory_mutations") or []
    return (not mutations) == bool(value), f"{len(mutations)} mutation(s)"


def _memory(value: Any, observed: Observed, _library: ExerciseLibrary) -> tuple[bool, str]:
    actual = list(observed.reply.get("memory_mutations") or [])
    matches = [
        [i for i, m in enumerate(actual) if _mutation_matches(spec, m, observed.now)] for spec in value
    ]
    ok = _assign(matches, set())
    summary = [
        f"{m.get('operation')} {m.get('target_tier')} {(m.get('entry') or {}).get('category', '')}"
        for m in actual
    ]
    return ok, "actual: " + "; ".join(summary)


def _assign(options: list[list[int]], used: set[int]) -> bool:
    """Each expected mutation matched by a different actual one (tiny bipartite search)."""
    if not options:
        return True
    first, rest = options[0], options[1:]
    return any(_assign(rest, used | {choice}) for choice in first if choice not in used)


def _one_of(expected_value: Any, actual: Any) -> bool:
    return actual in expected_value if isinstance(expected_value, list) else actual == expected_value


def _mutation_matches(spec: dict[str, Any], mutation: dict[str, Any], now: datetime) -> bool:
    entry = mutation.get("entry") or {}
    if mutation.get("operation") != spec["operation"] or mutation.get("target_tier") != spec["target_tier"]:
        return False
    for key in ("category", "condition"):
        if key in spec and not _one_of(spec[key], entry.get(key)):
            return False
    if "memory_id" in spec and mutation.get("memory_id") != spec["memory_id"]:
        return False
    if "body_part_any" in spec:
        text = f"{entry.get('body_part', '')} {entry.get('fact', '')}".casefold()
        if not any(word.casefold() in text for word in spec["body_part_any"]):
            return False
    expires = entry.get("expires_at")
    if "expires_between" in spec or "expires_in_days" in spec:
        if not isinstance(expires, str):
            return False
        at = parse_instant(expires)
        if "expires_between" in spec:
            low, high = (parse_instant(bound) for bound in spec["expires_between"])
            if not low <= at <= high:
                return False
        if "expires_in_days" in spec:
            low_days, high_days = spec["expires_in_days"]
            if not now + timedelta(days=low_days) <= at <= now + timedelta(days=high_days):
                return False
    return True


def _excludes(value: Any, observed: Observed, _library: ExerciseLibrary) -> tuple[bool, str]:
    found = sorted(set(proposed_slugs(observed.reply)) & set(value))
    return not found, f"found {', '.join(found)}"


def _requires_any(value: Any, observed: Observed, _library: ExerciseLibrary) -> tuple[bool, str]:
    return bool(
        set(proposed_slugs(observed.reply)) & set(value)
    ), f"proposed {proposed_slugs(observed.reply)}"


def _excludes_gear(value: Any, observed: Observed, library: ExerciseLibrary) -> tuple[bool, str]:
    banned = {Gear(word) for word in value}
    if Gear.BENCH in banned:
        banned |= _BENCHES
    offenders = sorted(
        {
            slug
            for slug in proposed_slugs(observed.reply)
            if slug in library and needed_gear(library.require(slug).gear.all_of) & banned
        }
    )
    return not offenders, f"needs banned gear: {', '.join(offenders)}"


def _training_days(observed: Observed) -> list[str]:
    return [day for day, plan in proposal_days(observed.reply).items() if plan.get("is_rest_day") is False]


def _training_days_exactly(value: Any, observed: Observed, _library: ExerciseLibrary) -> tuple[bool, str]:
    actual = _training_days(observed)
    return sorted(actual) == sorted(value), f"got {actual}"


def _training_day_count(value: Any, observed: Observed, _library: ExerciseLibrary) -> tuple[bool, str]:
    actual = _training_days(observed)
    return len(actual) == value, f"got {len(actual)}: {actual}"


def _rest_days_include(value: Any, observed: Observed, _library: ExerciseLibrary) -> tuple[bool, str]:
    days = proposal_days(observed.reply)
    missing = [day for day in value if days.get(day, {}).get("is_rest_day") is not True]
    return not missing, f"not rest: {missing}"


def _day_excludes(value: Any, observed: Observed, _library: ExerciseLibrary) -> tuple[bool, str]:
    days = proposal_days(observed.reply)
    found = {day: sorted(set(_day_slugs(days.get(day, {}))) & set(slugs)) for day, slugs in value.items()}
    found = {day: slugs for day, slugs in found.items() if slugs}
    return not found, f"found {found}"


def _day_groups(value: Any, observed: Observed, library: ExerciseLibrary) -> tuple[bool, str]:
    days = proposal_days(observed.reply)
    wrong: dict[str, list[str]] = {}
    for day, groups in value.items():
        if day not in days or days[day].get("is_rest_day") is not False:
            wrong[day] = ["(not a training day)"]
            continue
        for slug in _day_slugs(days[day]):
            exercise = library.get(slug)
            if exercise is not None and exercise.group.value != "core" and exercise.group.value not in groups:
                wrong.setdefault(day, []).append(slug)
    return not wrong, f"off-group: {wrong}"


def _max_minutes(value: Any, observed: Observed, _library: ExerciseLibrary) -> tuple[bool, str]:
    long = {
        day: plan.get("duration_minutes")
        for day, plan in proposal_days(observed.reply).items()
        if plan.get("is_rest_day") is False and (plan.get("duration_minutes") or 0) > value
    }
    has_days = bool(proposal_days(observed.reply))
    return has_days and not long, f"over: {long}" if has_days else "no proposed days"


def _max_sentences(value: Any, observed: Observed, _library: ExerciseLibrary) -> tuple[bool, str]:
    count = count_sentences(str(observed.reply.get("message", "")))
    return count <= value, f"{count} sentences"


def _reply_lang(value: Any, observed: Observed, _library: ExerciseLibrary) -> tuple[bool, str]:
    detected = detect_language(str(observed.reply.get("message", "")))
    return _one_of(value, detected), f"detected {detected}"


def _tools_called(value: Any, observed: Observed, _library: ExerciseLibrary) -> tuple[bool, str]:
    names = {call.get("name") for call in observed.tools_called}
    missing = [name for name in value if name not in names]
    return not missing, f"called {sorted(n for n in names if n)}"


_EXPECT: dict[str, Check] = {
    "proposal_type": _equals("type"),
    "target_day": _equals("target_day"),
    "no_memory": _no_memory,
    "memory": _memory,
    "excludes": _excludes,
    "excludes_gear": _excludes_gear,
    "requires_any": _requires_any,
    "training_days": _training_days_exactly,
    "training_day_count": _training_day_count,
    "rest_days_include": _rest_days_include,
    "day_excludes": _day_excludes,
    "day_groups": _day_groups,
    "max_minutes": _max_minutes,
    "max_sentences": _max_sentences,
    "reply_lang": _reply_lang,
    "tools_called": _tools_called,
}
