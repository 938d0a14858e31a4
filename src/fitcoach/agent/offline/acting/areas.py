"""How the understanding layer's area words map onto the engine's body areas and muscle groups."""

from __future__ import annotations

from fitcoach.engine.bodyparts import BodyArea
from fitcoach.library.models import IndexGroup, MuscleGroup

AREA_TO_BODY: dict[str, tuple[BodyArea, ...]] = {
    **{area.value: (area,) for area in BodyArea},
    "lats": (BodyArea.BACK,),
    "arms": (BodyArea.BICEPS, BodyArea.TRICEPS, BodyArea.FOREARMS),
    "legs": (BodyArea.QUADS, BodyArea.HAMSTRINGS, BodyArea.GLUTES, BodyArea.CALVES),
    "upper_body": (BodyArea.CHEST, BodyArea.BACK, BodyArea.SHOULDER, BodyArea.BICEPS, BodyArea.TRICEPS),
    "lower_body": (BodyArea.QUADS, BodyArea.HAMSTRINGS, BodyArea.GLUTES, BodyArea.CALVES),
}
"""Lexicon area keys are the engine's BodyArea values plus three everyday umbrella words."""

AREA_TO_INDEX: dict[str, tuple[IndexGroup, ...]] = {
    "chest": (IndexGroup.CHEST,),
    "back": (IndexGroup.BACK,),
    "lats": (IndexGroup.BACK,),
    "shoulder": (IndexGroup.SHOULDERS,),
    "arms": (IndexGroup.ARMS,),
    "biceps": (IndexGroup.ARMS,),
    "triceps": (IndexGroup.ARMS,),
    "forearms": (IndexGroup.ARMS,),
    "legs": (IndexGroup.LEGS_QUAD, IndexGroup.LEGS_POSTERIOR),
    "quads": (IndexGroup.LEGS_QUAD,),
    "hamstrings": (IndexGroup.LEGS_POSTERIOR,),
    "glutes": (IndexGroup.LEGS_POSTERIOR,),
    "calves": (IndexGroup.LEGS_POSTERIOR,),
    "core": (IndexGroup.CORE,),
    "upper_body": (IndexGroup.CHEST, IndexGroup.BACK, IndexGroup.SHOULDERS, IndexGroup.ARMS),
    "lower_body": (IndexGroup.LEGS_QUAD, IndexGroup.LEGS_POSTERIOR),
}
"""A dedicated day ("make Saturday arms and shoulders") as the index groups the generator fills."""

AREA_TO_MUSCLE: dict[str, tuple[MuscleGroup, ...]] = {
    "chest": (MuscleGroup.CHEST,),
    "back": (MuscleGroup.BACK,),
    "lats": (MuscleGroup.BACK,),
    "shoulder": (MuscleGroup.SHOULDERS,),
    "arms": (MuscleGroup.BICEPS, MuscleGroup.TRICEPS),
    "biceps": (MuscleGroup.BICEPS,),
    "triceps": (MuscleGroup.TRICEPS,),
    "forearms": (MuscleGroup.FOREARMS,),
    "legs": (MuscleGroup.QUADS, MuscleGroup.HAMSTRINGS, MuscleGroup.GLUTES),
    "quads": (MuscleGroup.QUADS,),
    "hamstrings": (MuscleGroup.HAMSTRINGS,),
    "glutes": (MuscleGroup.GLUTES,),
    "calves": (MuscleGroup.CALVES,),
    "core": (MuscleGroup.CORE,),
    "upper_body": (MuscleGroup.CHEST, MuscleGroup.BACK, MuscleGroup.SHOULDERS),
    "lower_body": (MuscleGroup.QUADS, MuscleGroup.HAMSTRINGS, MuscleGroup.GLUTES),
}
"""Goal priorities and "keep the chest focus" as the muscle groups volume is counted in."""

EVENT_DEFAULT_AREAS: dict[str, tuple[str, ...]] = {
    "race": ("legs",),
    "hike": ("legs",),
    "competition": ("legs",),
    "yard_work": ("lower_back", "legs"),
    "ski": ("legs",),
    "surf": ("shoulder", "back"),
    "climb": ("back", "forearms", "shoulder"),
    "cycling": ("legs",),
}
"""When the user names no area, what an event of that kind needs fresh: runs, hikes, ski and bike
tours and field games are carried by the legs; digging, chopping wood and garden work load the lower
back and legs; surfing paddles with the shoulders and back; climbing pulls with the back, forearms and
shoulders. Golf, trips and weddings need nothing beyond the taper itself."""


def body_areas(keys: list[str]) -> list[BodyArea]:
    return list(dict.fromkeys(area for key in keys for area in AREA_TO_BODY.get(key, ())))


def index_groups(keys: list[str]) -> list[IndexGroup]:
    return list(dict.fromkeys(group for key in keys for group in AREA_TO_INDEX.get(key, ())))


def muscle_groups(keys: list[str]) -> list[MuscleGroup]:
    return list(dict.fromkeys(group for key in keys for group in AREA_TO_MUSCLE.get(key, ())))
