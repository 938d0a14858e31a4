"""Worked examples of the eight request types (SPEC §9) for the static prompt prefix.

Each answer is a complete contract object (names, statuses and dates filled, seven-day weeks), built
from small helpers so that every slug and name comes from the library. The seeds' two answers are
examples 1 and 2 (example 1's week is completed to seven days, as R33 decides).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from fitcoach.contract.models import WEEKDAYS
from fitcoach.library import ExerciseLibrary

WEEK = date(2026, 9, 14)
"""The seeds' example week (Monday 2026-09-14); fixed so the prefix is byte-identical."""

HOME_MEMORY = """- Tier 1 Staples:
  • [id: mem_01] [equipment] Home gym with dumbbells up to 50 lbs and adjustable bench.
  • [id: mem_02] [goal] Hypertrophy focus with priority on chest and delts; 4 days/week, 45 min.
  • [id: mem_03] [chronic_condition] Lower back pain on heavy deadlifts.
- Tier 2 Physiological:
  • (None active)
- Tier 3 Situational:
  • (None active)"""


@dataclass(frozen=True)
class Example:
    title: str
    context: str
    message: str
    answer: dict[str, Any]
    tool_trace: str | None = None


Ex = tuple[str, int, str, int]
"""(slug, target_sets, target_reps, rest_seconds)."""


class ExampleBuilder:
    def __init__(self, library: ExerciseLibrary) -> None:
        self.library = library

    def block(self, label: str, *exercises: Ex) -> dict[str, Any]:
        return {
            "label": label,
            "exercises": [
                {
                    "exercise_id": slug,
                    "name": self.library.require(slug).name,
                    "target_sets": sets,
                    "target_reps": reps,
                    "rest_seconds": rest,
                }
                for slug, sets, reps, rest in exercises
            ],
        }

    @staticmethod
    def day(
        index: int,
        title: str,
        focus: str,
        minutes: int,
        volume: int,
        note: str,
        muscles: dict[str, int],
        edits: list[str],
        blocks: list[dict[str, Any]],
    ) -> dict[str, Any]:
        weekday = WEEKDAYS[index]
        return {
            "date": (WEEK + timedelta(days=index)).isoformat(),
            "day_of_week": weekday.display,
            "is_rest_day": False,
            "status": "scheduled",
            "completed_log_id": None,
            "completed_at": None,
            "title": title,
            "focus_tag": focus,
            "duration_minutes": minutes,
            "estimated_volume_lbs": volume,
            "coach_note": note,
            "muscle_focus": [{"muscle": m, "intensity": i} for m, i in muscles.items()],
            "suggested_edits": edits,
            "blocks": blocks,
        }

    @staticmethod
    def rest(index: int, note: str = "Walk, stretch, sleep well.") -> dict[str, Any]:
        weekday = WEEKDAYS[index]
        return {
            "date": (WEEK + timedelta(days=index)).isoformat(),
            "day_of_week": weekday.display,
            "is_rest_day": True,
            "status": "scheduled",
            "completed_log_id": None,
            "completed_at": None,
            "title": "Rest & Recovery",
            "focus_tag": None,
            "duration_minutes": 0,
            "estimated_volume_lbs": 0,
            "coach_note": note,
            "muscle_focus": [],
            "suggested_edits": [],
            "blocks": [],
        }

    @staticmethod
    def week(theme: str, days: dict[int, dict[str, Any]], edits: list[str]) -> dict[str, Any]:
        full = {WEEKDAYS[i].value: days.get(i) or ExampleBuilder.rest(i) for i in range(7)}
        training = [d for d in full.values() if not d["is_rest_day"]]
        return {
            "week_start_date": WEEK.isoformat(),
            "theme": theme,
            "summary": {
                "total_time_minutes": sum(d["duration_minutes"] for d in training),
                "total_volume_lbs": sum(d["estimated_volume_lbs"] for d in training),
                "frequency": len(training),
            },
            "suggested_edits": edits,
            "days": full,
        }

    # --- the home dumbbell user's days -----------------------------------------------------------

    def push_monday(self) -> dict[str, Any]:
        return self.day(
            0, "Upper Body Push & Delt Focus", "Chest & Shoulders", 45, 10500,
            "Keep your shoulder blades retracted on incline presses. Control the 3-second eccentric.",
            {"Chest": 85, "Shoulders": 90, "Triceps": 65},
            ["Swap flat flyes for push-ups", "Reduce to 35 minutes"],
            [
                self.block("Primary Compound Block", ("incline-db-bench-press", 4, "8-10", 90)),
                self.block(
                    "Accessory Superset",
                    ("db-lateral-raise", 3, "12-15", 30),
                    ("overhead-db-tricep-extension", 3, "10-12", 60),
                ),
            ],
        )  # fmt: skip

    def lower(self, index: int) -> dict[str, Any]:
        return self.day(
            index, "Lower Body (Spine-Friendly)", "Quads & Glutes", 45, 9000,
            "No hinging today: your lower back stays neutral and unloaded.",
            {"Quads": 90, "Glutes": 75, "Back": 60},
            ["Swap split squats for walking lunges"],
            [
                self.block("Primary Compound Block", ("goblet-squat", 4, "10-12", 90)),
                self.block("Unilateral Strength", ("bulgarian-split-squat", 4, "8-10", 75)),
                self.block("Upper Back", ("chest-supported-db-row", 3, "10-12", 75)),
                self.block("Core Finisher", ("plank", 3, "45s", 45)),
            ],
        )  # fmt: skip

    def pull(self, index: int) -> dict[str, Any]:
        return self.day(
            index, "Upper Body Pull & Arms", "Back & Arms", 45, 8200,
            "Chest on the bench for every row: the pad protects your lower back.",
            {"Back": 90, "Biceps": 70, "Triceps": 60, "Shoulders": 50},
            ["Add a set of rear-delt flyes"],
            [
                self.block("Primary Compound Block", ("chest-supported-db-row", 4, "8-10", 90)),
                self.block("Secondary Pull", ("single-arm-db-row", 3, "10-12", 75)),
                self.block(
                    "Arm Superset",
                    ("incline-db-curl", 3, "10-12", 30),
                    ("skull-crusher", 3, "10-12", 60),
                ),
                self.block("Rear Delts", ("rear-delt-db-flye", 3, "15", 45)),
            ],
        )  # fmt: skip

    def chest_delts(self, index: int) -> dict[str, Any]:
        return self.day(
            index, "Chest & Delt Volume", "Chest & Shoulders", 45, 9800,
            "Flat press first while you are fresh; the flyes are for the stretch, not the load.",
            {"Chest": 90, "Shoulders": 80, "Triceps": 55},
            ["Swap flat flyes for push-ups"],
            [
                self.block("Primary Compound Block", ("flat-db-bench-press", 4, "8-10", 90)),
                self.block("Secondary Press", ("seated-db-shoulder-press", 3, "8-10", 90)),
                self.block("Chest Isolation", ("db-chest-flye", 3, "12-15", 60)),
                self.block("Core Finisher", ("plank", 3, "45s", 45)),
            ],
        )  # fmt: skip

    def arms_shoulders(self, index: int) -> dict[str, Any]:
        return self.day(
            index, "Arms & Shoulders", "Shoulders & Arms", 45, 6400,
            "Strict reps on the curls: no swinging, full stretch at the bottom.",
            {"Shoulders": 85, "Biceps": 85, "Triceps": 85},
            ["Swap skull crushers for overhead extensions"],
            [
                self.block("Primary Compound Block", ("seated-db-shoulder-press", 3, "8-10", 90)),
                self.block(
                    "Arm Superset A",
                    ("standing-db-bicep-curl", 3, "10-12", 30),
                    ("skull-crusher", 3, "10-12", 60),
                ),
                self.block(
                    "Arm Superset B",
                    ("incline-db-curl", 3, "12", 30),
                    ("overhead-db-tricep-extension", 3, "12", 60),
                ),
                self.block("Side Delts", ("db-lateral-raise", 3, "15", 45)),
            ],
        )  # fmt: skip


def context(day: str, tab: str, selected: str, memory: str = HOME_MEMORY, plan: str = "") -> str:
    index = [w.display for w in WEEKDAYS].index(day)
    when = WEEK + timedelta(days=index)
    lines = [
        f"CURRENT DATE: {day}, {when.isoformat()}",
        f"ACTIVE TAB: {tab}",
        f"SELECTED DAY IN ROUTE: {selected}",
        "ACTIVE USER MEMORY PROFILE (Unexpired Only):",
        memory,
    ]
    if plan:
        lines.append(f"ACTIVE WEEKLY TRAINING PLAN: {plan}")
    return "\n".join(lines)


def first_examples(b: ExampleBuilder) -> list[Example]:
    """Examples 1 and 2: the seeds' two answers."""
    onboarding = Example(
        title="1. Onboarding (new user, coach tab) ➔ UPDATE_WEEK + tier-1 CREATEs",
        context=context("Monday", "coach", "null", memory="(empty: new user)", plan="null"),
        message=(
            "I'm 32, training at home with adjustable dumbbells up to 22 kg (50 lb) and an adjustable "
            "bench. I want hypertrophy, mostly chest and delts. My lower back hurts on heavy deadlifts. "
            "I can train 4 days a week, 45 minutes."
        ),
        answer={
            "message": (
                "Welcome aboard! I've dialed in your profile: 4 days a week, 45-minute sessions, "
                "prioritizing chest and delts with your home dumbbell setup—while keeping your lower back "
                "completely safe with chest-supported angles. I've built your custom Week 1 schedule here. "
                "Tap **Accept Plan** to lock it into your training calendar."
            ),
            "proposal": {
                "id": "prop_onboard_w1",
                "type": "UPDATE_WEEK",
                "target_day": None,
                "summary_diff": (
                    "Generated Inaugural 4-Day Home DB Split (Mon/Tue/Thu/Fri) • Upper/Lower Focus"
                ),
                "data": b.week(
                    "Hypertrophy Foundation • Chest & Delts Priority",
                    {0: b.push_monday(), 1: b.lower(1), 3: b.pull(3), 4: b.chest_delts(4)},
                    ["Shift Friday workout to Saturday", "Add an extra arm finisher on Thursday"],
                ),
            },
            "memory_mutations": [
                create(
                    "tier_1_staples",
                    {
                        "category": "equipment",
                        "fact": "Home gym with dumbbells up to 50 lbs and adjustable bench.",
                        "source": "conversational_onboarding",
                    },
                    "Captured initial user gear availability.",
                ),
                create(
                    "tier_1_staples",
                    {
                        "category": "goal",
                        "fact": "Hypertrophy focus with priority on chest and delts; 4 days/week, 45 min.",
                        "source": "conversational_onboarding",
                    },
                    "Established primary training objective and schedule.",
                ),
                create(
                    "tier_1_staples",
                    {
                        "category": "chronic_condition",
                        "fact": "Lower back pain on heavy deadlifts.",
                        "source": "conversational_onboarding",
                    },
                    "Avoid unsupported spinal loading in every plan.",
                ),
            ],
        },
    )
    monday = b.push_monday()
    monday.update(
        title="Upper Body Push (Express 30m)",
        duration_minutes=30,
        estimated_volume_lbs=7200,
        coach_note="Keep rest to 60s on the incline press. Attack the superset with intensity.",
        muscle_focus=[{"muscle": "Chest", "intensity": 90}, {"muscle": "Shoulders", "intensity": 85}],
        suggested_edits=["Restore to 45m version"],
        blocks=[
            b.block("Primary Compound Anchor", ("incline-db-bench-press", 3, "8-10", 60)),
            b.block(
                "Express Superset Block",
                ("db-lateral-raise", 3, "12", 15),
                ("overhead-db-tricep-extension", 3, "12", 45),
            ),
        ],
    )
    one_day = Example(
        title="2. Change one day ➔ UPDATE_DAY",
        context=context("Monday", "today", "monday", plan="{…the 4-day plan of example 1…}"),
        message="I only have 30 minutes on Monday instead of 45. Keep the chest focus, cut the rest.",
        answer={
            "message": (
                "Done. Trimmed Monday to a high-intensity 30-minute session. We kept the Incline DB Bench "
                "as the anchor and condensed your delts and triceps into an antagonistic superset so "
                "you're in and out without losing quality volume."
            ),
            "proposal": {
                "id": "prop_mod_mon_30m",
                "type": "UPDATE_DAY",
                "target_day": "monday",
                "summary_diff": "Compressed Monday from 45m ➔ 30m • Consolidated accessory superset",
                "data": monday,
            },
            "memory_mutations": [],
        },
    )
    return [onboarding, one_day]


def create(tier: str, entry: dict[str, Any], reason: str) -> dict[str, Any]:
    return {"operation": "CREATE", "target_tier": tier, "memory_id": None, "entry": entry, "reason": reason}


def _staple(category: str, fact: str, reason: str) -> dict[str, Any]:
    entry = {"category": category, "fact": fact, "source": "conversational_onboarding"}
    return create("tier_1_staples", entry, reason)
