"""Worked examples 3-8 of the static prefix: overhaul, live swap, acute pain, life event, the tool path
and technique Q&A. Several are in the seeds' other languages to show that the answer follows the
user's language while plan data keeps canonical English names (R9)."""

from __future__ import annotations

import json
from typing import Any

from fitcoach.agent.prompt_examples import HOME_MEMORY, Example, ExampleBuilder, context, create
from fitcoach.languages.registry import data_file

PLAN_REF = "{…the accepted 4-day plan of example 1…}"


def example_text(lang: str, example: str, part: str) -> str:
    """A worked example's message or reply in `lang` (`languages/data/<lang>/prompt_examples.json`)."""
    raw = json.loads(data_file(lang, "prompt_examples.json").read_text("utf-8"))
    return str(raw[example][part])


def _none(message: str, mutations: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "message": message,
        "proposal": {"id": None, "type": "NONE", "target_day": None, "summary_diff": None, "data": None},
        "memory_mutations": mutations or [],
    }


def later_examples(b: ExampleBuilder) -> list[Example]:
    overhaul = Example(
        title="3. Weekly overhaul ➔ UPDATE_WEEK + tier-1 UPDATE of the goal's schedule",
        context=context("Monday", "week", "null", plan=PLAN_REF),
        message="Can we move training to Mon/Wed/Fri/Sat? And make Saturday arms + shoulders.",
        answer={
            "message": (
                "New rhythm locked in: push Monday, lower body Wednesday, pull Friday and a dedicated "
                "arms-and-shoulders Saturday. Every heavy press still gets 48 hours before the next one. "
                "Tap **Accept Plan** to switch."
            ),
            "proposal": {
                "id": "prop_split_mwfs",
                "type": "UPDATE_WEEK",
                "target_day": None,
                "summary_diff": "Moved split to Mon/Wed/Fri/Sat • Saturday = Arms & Shoulders",
                "data": b.week(
                    "Hypertrophy • Mon/Wed/Fri/Sat Split",
                    {0: b.push_monday(), 2: b.lower(2), 4: b.pull(4), 5: b.arms_shoulders(5)},
                    ["Swap Wednesday and Friday"],
                ),
            },
            "memory_mutations": [
                {
                    "operation": "UPDATE",
                    "target_tier": "tier_1_staples",
                    "memory_id": "mem_02",
                    "entry": {
                        "category": "goal",
                        "fact": "Hypertrophy, chest and delts priority; trains Mon/Wed/Fri/Sat, 45 min.",
                        "source": "chat",
                    },
                    "reason": "Training days changed to Mon/Wed/Fri/Sat.",
                }
            ],
        },
    )

    swap_day = b.push_monday()
    swap_day["blocks"] = [
        b.block("Primary Compound Block", ("push-up", 4, "12-15", 75)),
        *swap_day["blocks"][1:],
    ]
    swap_day["coach_note"] = "Bench taken: deficit push-ups on two dumbbells keep the chest stretch."
    live_swap = Example(
        title="4. Live swap in the gym ➔ UPDATE_DAY for today, under two sentences (French user)",
        context=context("Monday", "workout", "monday", plan=PLAN_REF),
        message=example_text("fr", "live_swap", "message"),
        answer={
            "message": example_text("fr", "live_swap", "reply"),
            "proposal": {
                "id": "prop_swap_mon_pushup",
                "type": "UPDATE_DAY",
                "target_day": "monday",
                "summary_diff": "Swapped Incline DB Bench Press ➔ Push-Up (4x12-15)",
                "data": swap_day,
            },
            "memory_mutations": [],
        },
    )

    shoulder_day = b.chest_delts(4)
    shoulder_day.update(
        title="Chest (Shoulder-Safe)",
        focus_tag="Chest",
        estimated_volume_lbs=7000,
        coach_note="Neutral grip, elbows at 45°, stop any set that pinches.",
        muscle_focus=[{"muscle": "Chest", "intensity": 80}, {"muscle": "Back", "intensity": 60}],
        suggested_edits=["Restore the original Friday once the shoulder is calm"],
        blocks=[
            b.block("Primary Compound Block", ("flat-db-bench-press", 3, "10-12", 90)),
            b.block("Upper Back", ("chest-supported-db-row", 3, "10-12", 75)),
            b.block("Chest Isolation", ("push-up", 3, "10-12", 60)),
            b.block("Core Finisher", ("plank", 3, "45s", 45)),
        ],
    )
    acute = Example(
        title="5. Acute pain ➔ UPDATE_DAY + tier-2 CREATE expiring now + 5 days (Portuguese user)",
        context=context("Friday", "today", "friday", plan=PLAN_REF),
        message=example_text("pt", "acute_pain", "message"),
        answer={
            "message": example_text("pt", "acute_pain", "reply"),
            "proposal": {
                "id": "prop_fri_shoulder_safe",
                "type": "UPDATE_DAY",
                "target_day": "friday",
                "summary_diff": "Removed Seated DB Shoulder Press & lateral raises • Flat press at 3x10-12",
                "data": shoulder_day,
            },
            "memory_mutations": [
                create(
                    "tier_2_physiological",
                    {
                        "body_part": "right shoulder",
                        "condition": "minor_strain",
                        "fact": "Right shoulder pinching; avoid overhead and heavy incline pressing.",
                        "effective_date": "2026-09-18",
                        "expires_at": "2026-09-23T10:00:00Z",
                        "side": "right",
                    },
                    "Minor joint tweak: default 5-day TTL from now.",
                )
            ],
        },
    )

    golf_thursday = b.lower(3)
    golf_thursday["coach_note"] = (
        "Legs only, light: nothing that taxes grip, back or shoulders before Saturday."
    )
    golf_thursday["blocks"] = [
        b.block("Primary Compound Block", ("goblet-squat", 3, "10-12", 90)),
        b.block("Unilateral Strength", ("bulgarian-split-squat", 3, "10", 75)),
        b.block("Core Finisher", ("plank", 3, "30s", 45)),
    ]
    golf_thursday["muscle_focus"] = [
        {"muscle": "Quads", "intensity": 70},
        {"muscle": "Glutes", "intensity": 60},
    ]
    event = Example(
        title="6. Life event ➔ UPDATE_WEEK + tier-3 CREATE expiring after the event",
        context=context("Monday", "week", "null", plan=PLAN_REF),
        message=(
            "I have a 36-hole golf tournament this Saturday. Keep my back, forearms and shoulders fresh."
        ),
        answer={
            "message": (
                "Good luck on Saturday! I kept Monday and Tuesday as planned, made Thursday a light legs "
                "day with no grip or pulling, and cleared Friday and the weekend so you tee off fresh."
            ),
            "proposal": {
                "id": "prop_golf_week",
                "type": "UPDATE_WEEK",
                "target_day": None,
                "summary_diff": "Tournament week: Thu light legs only • Fri–Sun rest",
                "data": b.week(
                    "Tournament Week • Stay Fresh",
                    {0: b.push_monday(), 1: b.lower(1), 3: golf_thursday},
                    ["Add a mobility session on Friday"],
                ),
            },
            "memory_mutations": [
                create(
                    "tier_3_situational",
                    {
                        "event": "36-hole golf tournament",
                        "fact": "Golf tournament Saturday 2026-09-19; keep back, forearms, shoulders fresh.",
                        "week_start_date": "2026-09-14",
                        "event_date": "2026-09-19",
                        "expires_at": "2026-09-20T00:00:00Z",
                        "protected_areas": ["back", "forearms", "shoulders"],
                    },
                    "Upcoming competition shapes this week's plan.",
                )
            ],
        },
    )

    review = Example(
        title="7. Progression / plateau review ➔ tool path ➔ NONE with advice",
        context=context("Thursday", "coach", "null", plan=PLAN_REF),
        message="Should I add weight on incline DB press? And how was my chest volume over the last 3 weeks?",
        tool_trace=(
            "call get_historical_exercise_logs "
            '{"exercise_slug": "incline-db-bench-press", "limit_sessions": 3}\n'
            '→ {"sessions": [{"completed_at": "2026-09-14T18:02:00Z", "sets": [{"weight": 45, "unit": "lb", '
            '"reps": 10, "rpe": 7.5}, {"weight": 45, "unit": "lb", "reps": 10, "rpe": 8}, {"weight": 45, '
            '"unit": "lb", "reps": 10, "rpe": 8.5}]}, "…two older sessions at 45 lb × 9-10…"]}\n'
            'call get_volume_trends {"muscle_group": "Chest", "weeks_back": 3}\n'
            '→ {"weeks": [{"week_start": "2026-08-31", "tonnage_lbs": 9800, "hard_sets": 11}, '
            '{"week_start": "2026-09-07", "tonnage_lbs": 10400, "hard_sets": 12}, '
            '{"week_start": "2026-09-14", "tonnage_lbs": 5300, "hard_sets": 7}]}'
        ),
        answer=_none(
            "Yes: you hit 10 reps on every set at RPE 8 or below, so go to 50 lb next session and build "
            "back from 8 reps. Chest volume is steady at 11–12 hard sets a week, right in the 10–20 range."
        ),
    )

    technique = Example(
        title="8. Technique Q&A ➔ NONE, educational (Traditional Chinese user)",
        context=context("Thursday", "coach", "null", plan=PLAN_REF),
        message=example_text("zh-Hant", "technique", "message"),
        answer=_none(example_text("zh-Hant", "technique", "reply")),
    )
    return [overhaul, live_swap, acute, event, review, technique]


__all__ = ["HOME_MEMORY", "later_examples"]
