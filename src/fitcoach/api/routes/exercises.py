"""The exercise library over HTTP (R20-R22): read-only, filterable by gear, muscle, group and text."""

from __future__ import annotations

from fastapi import APIRouter, Query

from fitcoach.api.deps import LibraryDep, UserDep
from fitcoach.api.errors import AUTHED, error_responses
from fitcoach.api.schemas.exercises import ExerciseList
from fitcoach.errors import BadInput, NotFound
from fitcoach.library import Exercise, Gear, IndexGroup, Inventory, MuscleGroup
from fitcoach.library.models import Muscle

router = APIRouter(prefix="/api/exercises", tags=["exercises"])


def _matches_text(exercise: Exercise, needle: str) -> bool:
    haystack = [exercise.slug, exercise.name, *(a for aliases in exercise.names.values() for a in aliases)]
    return any(needle in candidate.casefold() for candidate in haystack)


def _parse_gear(values: list[str]) -> frozenset[Gear]:
    known = {g.value.casefold(): g for g in Gear}
    unknown = [v for v in values if v.casefold() not in known]
    if unknown:
        raise BadInput("unknown gear", details={"unknown": unknown, "valid_values": [g.value for g in Gear]})
    return frozenset(known[v.casefold()] for v in values)


def _muscle_filter(value: str) -> set[Muscle] | MuscleGroup:
    for group in MuscleGroup:
        if group.value.casefold() == value.casefold():
            return group
    for muscle in Muscle:
        if muscle.value == value.casefold():
            return {muscle}
    raise BadInput(
        "unknown muscle",
        details={"valid_values": [g.value for g in MuscleGroup] + [m.value for m in Muscle]},
    )


@router.get("", responses=error_responses(*AUTHED, 422))
def list_exercises(
    _user: UserDep,
    library: LibraryDep,
    gear: list[str] = Query(default=[], description="Gear you have; only exercises it allows are listed."),
    muscle: str | None = Query(default=None, description="A muscle group (Chest) or muscle (front_delts)."),
    group: IndexGroup | None = None,
    text: str | None = Query(default=None, max_length=80, description="Slug, name or alias in any language."),
) -> ExerciseList:
    items = list(library)
    if gear:
        inventory = Inventory(gear=_parse_gear(gear))
        items = [e for e in items if inventory.allows(e.gear)]
    if muscle:
        wanted = _muscle_filter(muscle)
        if isinstance(wanted, MuscleGroup):
            items = [e for e in items if wanted in e.primary_groups or wanted in e.secondary_groups]
        else:
            items = [e for e in items if wanted & {*e.primary_muscles, *e.secondary_muscles}]
    if group is not None:
        items = [e for e in items if e.group == group]
    if text:
        needle = text.casefold().strip()
        items = [e for e in items if _matches_text(e, needle)]
    # The library's own frozen entries go out as they are: no copy, no second validation.
    return ExerciseList(items=items, count=len(items))


@router.get("/{slug}", responses=error_responses(*AUTHED, 404, 422))
def get_exercise(slug: str, _user: UserDep, library: LibraryDep) -> Exercise:
    exercise = library.get(slug)
    if exercise is None:
        raise NotFound("no such exercise", details={"slug": slug})
    return exercise
