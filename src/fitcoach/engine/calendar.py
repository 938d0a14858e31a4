"""What a week's calendar asks of the generator: tier-3 events to taper for (R27), sparse-gear weeks."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import date

from fitcoach.contract.models import WEEKDAYS, Weekday
from fitcoach.engine.bodyparts import BodyArea, loads_area
from fitcoach.engine.profile import Profile
from fitcoach.engine.rules.base import is_heavy_compound
from fitcoach.engine.rules.recovery import TAPER_DAYS
from fitcoach.library.models import Exercise

SPARSE_POOL = 3
"""With no equipment on record and fewer non-core moves than this (push-ups), plan a short week."""

SPARSE_DAYS = 3
"""With one or two movements, three spaced sessions reach the dose (3 x 4 sets >= 10, science.md §1)."""

SPARSE_MINUTES = 30
"""Two movements and core with warm-up and rests take about 25–30 min (science.md §8 formula)."""


@dataclass(frozen=True)
class Taper:
    event: str
    areas: tuple[BodyArea, ...]


@dataclass(frozen=True)
class WeekEvents:
    """Event days (rest) and the days in the 48 h before them (nothing heavy for protected areas)."""

    rest: dict[Weekday, str] = field(default_factory=dict)
    taper: dict[Weekday, tuple[Taper, ...]] = field(default_factory=dict)

    def excludes(self, weekday: Weekday, exercise: Exercise) -> bool:
        """The same test as the validator's `event_taper` warning, so a generated week raises none."""
        return any(
            is_heavy_compound(exercise) or any(loads_area(exercise, area) for area in taper.areas)
            for taper in self.taper.get(weekday, ())
        )


def week_events(profile: Profile, week_start: date) -> WeekEvents:
    """Active tier-3 events falling in (or just after) the week starting `week_start`."""
    rest: dict[Weekday, str] = {}
    taper: dict[Weekday, tuple[Taper, ...]] = {}
    for event in profile.events:
        if event.event_date is None:
            continue
        offset = (event.event_date - week_start).days
        if 0 <= offset < 7:
            rest[WEEKDAYS[offset]] = event.name
        for back in range(1, TAPER_DAYS + 1):
            if 0 <= offset - back < 7:
                weekday = WEEKDAYS[offset - back]
                taper[weekday] = (*taper.get(weekday, ()), Taper(event.name, event.protected_areas))
    return WeekEvents(rest, taper)


def spaced(days: Sequence[Weekday], count: int, keep: Collection[Weekday] = ()) -> tuple[Weekday, ...]:
    """Up to `count` of `days`, `keep` first, a rest day between them where the request allows (§4)."""
    chosen = [day for day in days if day in keep][:count]

    def apart(day: Weekday) -> bool:
        return all(abs(day.position - other.position) >= 2 for other in chosen)

    for day in days:
        if len(chosen) < count and day not in chosen and apart(day):
            chosen.append(day)
    for day in days:
        if len(chosen) < count and day not in chosen:
            chosen.append(day)
    return tuple(sorted(chosen, key=lambda d: d.position))
