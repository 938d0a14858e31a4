"""The exercise library as the API lists it: the library's own `Exercise` entries, filtered."""

from __future__ import annotations

from fitcoach.api.schemas.base import PublicModel
from fitcoach.library import Exercise


class ExerciseList(PublicModel):
    items: list[Exercise]
    count: int
