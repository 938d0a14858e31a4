"""The program over weeks (issue 18): next week from this week's logs, with loads by double
progression, blocks that build volume and end in a deload, and a gradual return after an injury or a
layoff. Pure: callers pass the logs, the memory profile, the injury history and the instant."""

from fitcoach.engine.program.model import (
    DoneExercise,
    DoneSession,
    DoneSet,
    InjuryEpisode,
    ProgramHistory,
)
from fitcoach.engine.program.roll import NextWeek, propose_next_week
from fitcoach.engine.program.timing import roll_due, rolled_forward, target_week_start

__all__ = [
    "DoneExercise",
    "DoneSession",
    "DoneSet",
    "InjuryEpisode",
    "NextWeek",
    "ProgramHistory",
    "propose_next_week",
    "roll_due",
    "rolled_forward",
    "target_week_start",
]
