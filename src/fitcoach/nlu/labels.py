"""The label sets of the corpus (languages/corpus/SCHEMA.md): acts, knowledge topics, slot roles."""

from __future__ import annotations

ACTS: tuple[str, ...] = (
    "onboarding",
    "plan_week",
    "edit_day",
    "swap_exercise",
    "report_pain",
    "report_soreness",
    "life_event",
    "update_equipment",
    "set_goal",
    "set_preference",
    "resolve",
    "progress_question",
    "technique_question",
    "knowledge_question",
    "plan_question",
    "confirm",
    "decline",
    "forget_memory",
    "log_report",
    "smalltalk",
)

ACTION_ACTS: frozenset[str] = frozenset(ACTS[:11])
"""Acts that stage a plan or write memory; every other act is answered and changes nothing.
`forget_memory` is not among them: the coach only asks the user to confirm it."""

TOPICS: tuple[str, ...] = (
    "weekly_volume",
    "failure",
    "rest_periods",
    "soreness",
    "protein",
    "sleep",
    "warmup",
    "cardio",
    "rep_range",
    "frequency",
    "progression",
    "deload",
    "fat_loss",
    "supplements",
    "mobility",
    "other",
)

ROLES: tuple[str, ...] = (
    "day_train",
    "day_avoid",
    "day_target",
    "day_source",
    "day_event",
    "duration",
    "minutes",
    "days_per_week",
    "body_part_self",
    "body_part_other",
    "muscle_more",
    "muscle_less",
    "gear_owned",
    "gear_not_owned",
    "gear_bought",
    "gear_sold",
    "gear_only",
    "gear_busy",
    "gear_away",
    "exercise_replace",
    "exercise_add",
    "exercise_ref",
    "load",
    "event",
    "goal",
)
