"""The client's pure modules (diff, training maths, session, i18n, markdown), run in real Chromium."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

WEEK = json.loads((Path(__file__).parents[1] / "data" / "fixtures" / "home_db_4day.json").read_text())


def run(page: Page, static_url: str, module: str, body: str, arg: Any = None) -> Any:
    """Import /static/js/<module> as `m` in the page and return what `body` returns."""
    if not page.url.startswith(static_url):
        page.goto(f"{static_url}/static/icon.svg")
    script = f"async (arg) => {{ const m = await import('/static/js/{module}'); {body} }}"
    return page.evaluate(script, arg)


def test_day_diff_lists_added_removed_and_changed_exercises(page: Page, static_url: str) -> None:
    before = WEEK["days"]["monday"]
    after = copy.deepcopy(before)
    after["blocks"][0]["exercises"][0] = {
        "exercise_id": "push-up",
        "name": "Push-Up",
        "target_sets": 3,
        "target_reps": "10",
        "rest_seconds": 60,
    }
    after["blocks"][1]["exercises"][0].update(target_sets=4, target_reps="8")
    pair = {"before": before, "after": after}
    diff = run(page, static_url, "diff.js", "return m.diffDay(arg.before, arg.after);", pair)
    assert diff["added"] == [{"exercise_id": "push-up", "name": "Push-Up", "to": "3×10"}]
    assert diff["removed"] == [
        {"exercise_id": "incline-db-bench-press", "name": "Incline DB Bench Press", "from": "4×8-10"}
    ]
    assert [(c["exercise_id"], c["from"], c["to"]) for c in diff["changed"]] == [
        ("flat-db-bench-press", "3×10-12", "4×8")
    ]
    assert diff["empty"] is False


def test_day_diff_against_nothing_adds_everything_and_to_rest_removes_everything(
    page: Page, static_url: str
) -> None:
    day = WEEK["days"]["monday"]
    rest = WEEK["days"]["wednesday"]
    result = run(
        page,
        static_url,
        "diff.js",
        "return [m.diffDay(null, arg.day), m.diffDay(arg.day, arg.rest), m.diffDay(arg.day, arg.day)];",
        {"day": day, "rest": rest},
    )
    fresh, to_rest, same = result
    assert [a["exercise_id"] for a in fresh["added"]] == [
        "incline-db-bench-press",
        "flat-db-bench-press",
        "db-lateral-raise",
        "overhead-db-tricep-extension",
    ]
    assert to_rest["restAfter"] is True and to_rest["restBefore"] is False and len(to_rest["removed"]) == 4
    assert same["empty"] is True


def test_week_diff_flags_only_the_days_that_change(page: Page, static_url: str) -> None:
    after = copy.deepcopy(WEEK)
    after["days"]["wednesday"] = copy.deepcopy(WEEK["days"]["monday"])
    after["days"]["wednesday"]["title"] = "Arms"
    after["days"]["friday"]["title"] = "Renamed"
    pair = {"before": WEEK, "after": after}
    rows = run(page, static_url, "diff.js", "return m.diffWeek(arg.before, arg.after);", pair)
    assert [row["day"] for row in rows if row["changed"]] == ["wednesday", "friday"]
    fresh = run(page, static_url, "diff.js", "return m.diffWeek(null, arg);", WEEK)
    assert all(row["isNew"] and row["changed"] for row in fresh)


@pytest.mark.parametrize(
    ("weight", "reps", "expected"),
    [(100, 1, 100), (100, 10, 133.333), (60, 5, 70), (0, 5, 0), (50, 0, 0)],
)
def test_epley(page: Page, static_url: str, weight: float, reps: int, expected: float) -> None:
    value = run(page, static_url, "training.js", "return m.epley(arg[0], arg[1]);", [weight, reps])
    assert value == pytest.approx(expected, abs=0.001)


def test_session_e1rm_skips_warmups_and_converts_units(page: Page, static_url: str) -> None:
    sets = [
        {"weight": 20, "unit": "kg", "reps": 10},
        {"weight": 100, "unit": "lb", "reps": 5, "is_warmup": True},
        {"weight": 40, "unit": "lb", "reps": 8},
    ]
    value = run(page, static_url, "training.js", "return m.sessionE1rm(arg, 'lb');", sets)
    assert value == pytest.approx(20 * 2.20462 * (1 + 10 / 30), abs=0.001)


LOCALE_UNITS = {
    "en-US": "lb",
    "en": "lb",  # no region: its likeliest, the United States
    "es-US": "lb",
    "en-LR": "lb",
    "my": "lb",  # Burmese: Myanmar
    "en-GB": "kg",
    "en-CA": "kg",
    "fr-FR": "kg",
    "pt-BR": "kg",
    "ru": "kg",
    "zh-TW": "kg",
    "not a tag!": "kg",
}


def test_a_user_of_unknown_units_gets_their_locales_usual_unit(page: Page, static_url: str) -> None:
    script = "return arg.map((tag) => m.localeUnits(tag));"
    found = run(page, static_url, "training.js", script, list(LOCALE_UNITS))
    assert dict(zip(LOCALE_UNITS, found, strict=True)) == LOCALE_UNITS


def test_a_logged_weight_is_shown_in_the_current_unit_rounded_to_a_plate_step(
    page: Page, static_url: str
) -> None:
    cases = [
        ((20, "kg", "lb"), 44),  # 44.09
        ((45, "lb", "kg"), 20.5),  # 20.41 → quarter kilos
        ((100, "lb", "kg"), 45.25),  # 45.36
        ((21.3, "kg", "lb"), 47),  # 46.96
        ((102.5, "lb", "lb"), 102.5),  # the unit it was logged in: as logged
        ((21.3, "kg", "kg"), 21.3),
        ((0, "kg", "lb"), 0),  # bodyweight
    ]
    script = "return arg.map((c) => m.shownWeight(...c));"
    found = run(page, static_url, "training.js", script, [c for c, _ in cases])
    assert found == [expected for _, expected in cases]
    kilos = run(page, static_url, "training.js", "return m.convert(1, 'lb', 'kg');")
    assert kilos == 0.45359237


@pytest.mark.parametrize(
    ("tag", "lang"),
    [
        ("fr-FR", "fr"),
        ("pt-BR", "pt"),
        ("ru", "ru"),
        ("zh-TW", "zh-Hant"),
        ("zh-Hant-HK", "zh-Hant"),
        ("de-DE", "en"),
    ],
)
def test_browser_language_maps_onto_a_supported_one(page: Page, static_url: str, tag: str, lang: str) -> None:
    assert run(page, static_url, "i18n.js", "return m.matchLanguage(arg);", tag) == lang


def test_session_log_body_keeps_logged_sets_and_one_key(page: Page, static_url: str) -> None:
    body = """
      const now = new Date('2026-09-14T18:00:00Z');
      const s = m.startSession({ weekday: 'monday', day: arg, userId: 'usr_1', now });
      const key = s.id;
      s.exercises[0].sets.push({ weight: 16, unit: 'kg', reps: 10, rpe: 8 });
      s.exercises[2].sets.push({ weight: 6, unit: 'kg', reps: 15, rpe: null });
      const swapped = structuredClone(arg);
      swapped.blocks[2].exercises[0] = { exercise_id: 'cable-lateral-raise', name: 'Cable Lateral Raise',
                                         target_sets: 3, target_reps: '15', rest_seconds: 30 };
      const after = m.applyDay(s, swapped);
      return { key, sameKey: after.id === key, supersets: s.exercises.map((e) => e.superset),
               ids: after.exercises.map((e) => e.exercise_id),
               body: m.toLogBody(after, new Date('2026-09-14T19:00:00.123Z')) };
    """
    result = run(page, static_url, "session.js", body, WEEK["days"]["monday"])
    assert result["sameKey"] is True and len(result["key"]) >= 32
    assert result["supersets"] == [0, 0, 1, 2]
    # The swapped-out lateral raise had a logged set: it stays in the session, last.
    assert result["ids"] == [
        "incline-db-bench-press",
        "flat-db-bench-press",
        "cable-lateral-raise",
        "overhead-db-tricep-extension",
        "db-lateral-raise",
    ]
    assert result["body"] == {
        "plan_day": "monday",
        "completed_at": "2026-09-14T19:00:00Z",
        "exercises_logged": [
            {
                "exercise_id": "incline-db-bench-press",
                "sets": [{"weight": 16, "unit": "kg", "reps": 10, "rpe": 8}],
            },
            {"exercise_id": "db-lateral-raise", "sets": [{"weight": 6, "unit": "kg", "reps": 15}]},
        ],
    }


def test_markdown_renders_text_never_markup(page: Page, static_url: str) -> None:
    body = """
      const el = m.markdown(arg);
      return { html: el.innerHTML, imgs: el.querySelectorAll('img').length,
               strong: el.querySelector('strong')?.textContent,
               items: [...el.querySelectorAll('li')].map((li) => li.textContent) };
    """
    text = "Tap **Accept Plan**.\n- one\n- two\n<img src=x onerror=alert(1)>"
    result = run(page, static_url, "dom.js", body, text)
    assert result["imgs"] == 0
    assert "&lt;img" in result["html"]
    assert result["strong"] == "Accept Plan"
    assert result["items"] == ["one", "two"]


def test_a_prescription_shows_an_added_load_with_a_plus_and_the_tempo_last(
    page: Page, static_url: str
) -> None:
    pull_up = {"target_sets": 4, "target_reps": "8-12", "target_load": {"value": 10, "unit": "lb"}}
    press = {"target_sets": 3, "target_reps": "8-10", "target_load": {"value": 20, "unit": "kg"}}
    body = """return [
      m.prescription(arg.pull_up, undefined, { bodyweight: true }),
      m.prescription(arg.pull_up),
      m.prescription(arg.press, "lb", { tempo: "tempo 3-1-1" }),
      m.prescription({ ...arg.press, target_load: null }, "kg", { bodyweight: true, tempo: "tempo 3-1-1" }),
    ];"""
    shown = run(page, static_url, "training.js", body, {"pull_up": pull_up, "press": press})
    assert shown == [
        "4×8-12 · +10 lb",
        "4×8-12 · 10 lb",
        "3×8-10 · 44 lb · tempo 3-1-1",
        "3×8-10 · tempo 3-1-1",
    ]
