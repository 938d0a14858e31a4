"""R18's "modify" path: registered changes that let a chronic condition keep an exercise it would exclude.

R18 says conditions "exclude or modify" the exercises loading the affected area. Exclusion stays the
default (`Profile.contraindication`); a modification is the fallback when exclusion leaves a muscle
group with nothing to train it (bodyweight + a pull-up bar + a sore wrist), and it is what swaps and
repairs reach for when no unmodified alternative exists.

Policy (decided here, see docs/ARCHITECTURE.md):
- Only chronic conditions (tier 1) that are not worded as severe (`bodyparts.is_severe`) can be
  trained around. Acute states (tier 2 soreness, fatigue, minor strain) and severe pain exclude: the
  sore muscle or strained joint rests until the state expires (R24).
- A modification names the areas it answers and the exercises it applies to; an exercise blocked by
  any area the modification does not answer stays excluded.
- The prescription changes in two ways the validator checks: the exercise carries the modification's
  id in `PlannedExercise.modification`, and `target_rir` is at least the modification's floor (3, the
  top of R13's 1–3 range: the easiest effort that still counts as a hard set, science.md §3). The cue
  itself (how to do the variant) goes into the day's `coach_note`; the offline coach translates it.

Evidence (tags as in science.md: [S] secondary/abstract-level, [J] judgment):
- Exercising into tolerable pain is no worse than pain-free exercise for chronic musculoskeletal pain
  and slightly better short-term (Smith et al. 2017, Br J Sports Med 51:1679) [S]; pain-monitored
  loading is the usual model (Silbernagel et al. 2007, Am J Sports Med 35:897) [S].
- Push-ups load about 64% of body mass; hands raised on a bench cut it to about 41–55% (Ebben et al.
  2011, JSCR 25:2891; Suprak et al. 2011, JSCR 25:497) [S]. Fists, push-up handles or dumbbell
  handles keep the wrist neutral instead of near-full extension [J, standard practice].
- Patellofemoral stress rises with knee flexion depth, so a squat to a box above parallel loads the
  knee less (Escamilla 2001, Med Sci Sports Exerc 33:127) [S]; strengthening is first-line care for
  knee OA and patellofemoral pain (Collins et al. 2018, Br J Sports Med 52:1170) [S].
- Raising in the scapular plane with the thumb up ("full can") keeps the subacromial space open
  (Thigpen et al. 2006, J Shoulder Elbow Surg 15:159; Reinold et al. 2004, JOSPT 34:385) [S].
- Straps move the hold from the fingers to the wrap, cutting grip and wrist demand [J].
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from fitcoach.contract.models import PlannedExercise
from fitcoach.engine.bodyparts import BodyArea, loads_area
from fitcoach.engine.profile import Constraint, ConstraintKind, Profile
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise, MuscleGroup

A = BodyArea

RIR_FLOOR = 3
"""A modified exercise stops at least 3 reps short of failure: the top of R13's 1–3 range
(rules.structure.MAX_RIR), the easiest effort that still counts as a hard set (science.md §3)."""


@dataclass(frozen=True)
class Modification:
    """One way to keep an exercise despite a condition: what it answers, where it applies, the cue."""

    id: str
    areas: frozenset[BodyArea]
    slugs: frozenset[str]
    cue: str
    """How to do the variant, in English, after the exercise's name ("Push-Up: on your fists…") in the
    day's coach_note; the offline coach's catalogues translate it by `id`."""
    min_rir: int = RIR_FLOOR

    def applies(self, exercise: Exercise, areas: Iterable[BodyArea]) -> bool:
        return exercise.slug in self.slugs and set(areas) <= self.areas


def _mod(id: str, areas: Iterable[BodyArea], slugs: Iterable[str], cue: str) -> Modification:
    return Modification(id, frozenset(areas), frozenset(slugs), cue)


MODIFICATIONS: tuple[Modification, ...] = (
    _mod(
        "wrist-neutral-push-up",
        [A.WRIST],
        ["push-up"],
        "on your fists or on dumbbell/push-up handles (or hands raised on a bench) so the wrist stays "
        "straight",
    ),
    _mod("forearm-plank", [A.WRIST], ["plank"], "on your forearms so the wrists carry nothing"),
    _mod(
        "strapped-grip",
        [A.WRIST, A.FOREARMS, A.ELBOW],
        ["pull-up", "single-arm-db-row", "db-romanian-deadlift", "db-walking-lunge", "bulgarian-split-squat"],
        "with lifting straps so the hands hook instead of squeeze, at a grip width that keeps the wrists "
        "straight",
    ),
    _mod(
        "strapped-hang",
        [A.WRIST, A.FOREARMS, A.ELBOW],
        ["hanging-leg-raise"],
        "from straps or ab slings, knees bent, so the wrists are not holding you",
    ),
    _mod(
        "box-squat-depth",
        [A.KNEE],
        ["goblet-squat"],
        "to a box or bench at or above parallel, shins near vertical, in a pain-free range",
    ),
    _mod(
        "scapular-plane-raise",
        [A.SHOULDER],
        ["db-lateral-raise", "cable-lateral-raise"],
        "in the scapular plane (arms 30° forward), thumbs up, stopping at shoulder height",
    ),
    _mod(
        "pain-free-rear-delt",
        [A.SHOULDER],
        ["rear-delt-db-flye", "face-pull"],
        "kept light, elbows below shoulder height, in a pain-free range",
    ),
    _mod(
        "supported-row",
        [A.BACK],
        ["chest-supported-db-row", "seated-cable-row", "lat-pulldown"],
        "with the torso supported, kept light, in a pain-free range",
    ),
)
"""The registry, as data: adding a modification needs no code (as with bodyparts.CONTRAINDICATIONS)."""

BY_ID: dict[str, Modification] = {m.id: m for m in MODIFICATIONS}


def trainable_around(constraint: Constraint) -> bool:
    """Whether a condition may be trained around with a modification rather than only excluded."""
    return constraint.kind is ConstraintKind.CHRONIC and not constraint.severe


def blockers(exercise: Exercise, profile: Profile, on: date | None = None) -> list[Constraint]:
    """Every constraint (active on `on`, if given) whose area the exercise loads."""
    return [
        c for c in profile.constraints if (on is None or c.active_on(on)) and loads_area(exercise, c.area)
    ]


def modification_for(exercise: Exercise, profile: Profile, on: date | None = None) -> Modification | None:
    """The modification that answers every constraint excluding the exercise, or None (none excludes it,
    one of them may not be trained around, or the registry has nothing for it)."""
    found = blockers(exercise, profile, on)
    if not found or not all(trainable_around(c) for c in found):
        return None
    areas = {c.area for c in found}
    return next((m for m in MODIFICATIONS if m.applies(exercise, areas)), None)


def carries(planned: PlannedExercise, modification: Modification) -> bool:
    """The plan really does the modification: its id on the exercise and effort at the RIR floor."""
    return (
        planned.modification == modification.id
        and planned.target_rir is not None
        and planned.target_rir >= modification.min_rir
    )


def unmet(
    planned: PlannedExercise, exercise: Exercise, profile: Profile, on: date | None = None
) -> Constraint | None:
    """R18 for one planned exercise: the constraint it breaks, or None when it is fine as planned."""
    constraint = profile.contraindication(exercise, on)
    if constraint is None:
        return None
    modification = modification_for(exercise, profile, on)
    return None if modification is not None and carries(planned, modification) else constraint


def adapt(
    planned: PlannedExercise, exercise: Exercise, profile: Profile, on: date | None = None
) -> PlannedExercise:
    """The planned exercise with the modification the profile calls for applied, or a stale one removed.

    An exercise nothing excludes carries no modification; one that cannot be modified is returned as
    is (exclusion is the caller's business).
    """
    modification = modification_for(exercise, profile, on) if profile.contraindication(exercise, on) else None
    update: dict[str, object] = {}
    wanted = modification.id if modification is not None else None
    if planned.modification != wanted:
        update["modification"] = wanted
    if modification is not None and (planned.target_rir or 0) < modification.min_rir:
        update["target_rir"] = modification.min_rir
    return planned.model_copy(update=update) if update else planned


def fallback_exercises(
    profile: Profile, library: ExerciseLibrary, pool: Iterable[Exercise], on: date | None = None
) -> list[Exercise]:
    """Modifiable exercises the gear allows for the muscle groups `pool` leaves with nothing (R18)."""
    if not any(trainable_around(c) for c in profile.constraints):
        return []
    covered: set[MuscleGroup] = set()
    slugs: set[str] = set()
    for exercise in pool:
        covered |= exercise.primary_groups
        slugs.add(exercise.slug)
    gear = profile.inventory.expanded()
    return [
        e
        for e in library
        if e.slug not in slugs
        and e.primary_groups - covered
        and e.gear.satisfied_by(gear)
        and modification_for(e, profile, on) is not None
    ]


def adapt_blocks(
    blocks: list[list[PlannedExercise]], profile: Profile, library: ExerciseLibrary, on: date | None = None
) -> list[list[PlannedExercise]]:
    """`adapt` over a session's blocks (unchanged, and fast, when no condition can be trained around)."""
    if not any(trainable_around(c) for c in profile.constraints):
        return blocks
    return [[adapt(p, library.require(p.exercise_id), profile, on) for p in block] for block in blocks]


def modified_in(planned: Iterable[PlannedExercise]) -> list[tuple[PlannedExercise, Modification]]:
    """The planned exercises that carry a registered modification, with it, once per exercise."""
    found: dict[str, tuple[PlannedExercise, Modification]] = {}
    for p in planned:
        modification = BY_ID.get(p.modification or "")
        if modification is not None and p.exercise_id not in found:
            found[p.exercise_id] = (p, modification)
    return list(found.values())


def registry_text() -> str:
    """The registry as prompt lines (agent/prompt_prefix.md): id | areas | exercises | cue."""
    lines = []
    for m in MODIFICATIONS:
        areas = ", ".join(sorted(a.value for a in m.areas))
        lines.append(f"    - {m.id} | {areas} | {', '.join(sorted(m.slugs))} | {m.cue}")
    return "\n".join(lines)
