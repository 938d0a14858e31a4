"""A new user's first week, played through the UI in Chromium at phone size (390×844) and desktop
size (1280×800), in each of the five languages: sign in → tell the coach equipment, goal and schedule
→ the week is proposed with its exercises → accept → Today → Week (the numbers add up) → a live
workout with sets, the rest timer and a swap → the summary → Progress → a chip sends its message →
Me: what the coach wrote is in the user's language, forget an item, undo a plan version.

Assertions are on what a person sees: the newest reply ends inside the viewport, and no English is
left on the screens of a non-English journey (exercise names excepted: most have no translation).
Each step's screenshot is kept (FITCOACH_SCREENSHOT_DIR=docs/screenshots makes the README's)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.english_words import english_left

from .flows import CASES, WEEKDAYS, accept_via_api, day_exercises, first_training_day, sign_in
from .live import LiveServer

pytestmark = pytest.mark.browser

JOURNEYS = {
    "en": ("en-US", "en-1"),
    "fr": ("fr-FR", "fr-1"),
    "pt": ("pt-BR", "pt-1"),
    "ru": ("ru-RU", "ru-1"),
    "zh-Hant": ("zh-TW", "zh-Hant-1"),
}

# Text the server may still write in English: nothing (memory facts and day notes are written in the
# user's language; `Journey.written_in_language` checks them with the server's own English words).
SERVER_ENGLISH: list[str] = []
# A turn that makes the coach write a free-text memory fact (an acute state) and stage a day.
PAIN = {
    "en": "My left shoulder hurts today.",
    "fr": "J'ai mal à l'épaule gauche aujourd'hui.",
    "pt": "Meu ombro esquerdo está doendo hoje.",
    "ru": "Сегодня болит левое плечо.",
    "zh-Hant": "今天左肩會痛。",
}
# The user's own words.
NOT_JUDGED = [".bubble.user"]

# The engine's plan vocabulary, shown translated by the client.
ENGINE_WORDS = [
    "Full Body",
    "Upper Body",
    "Lower Body",
    "Rest & Recovery",
    "Primary Compound Block",
    "Compound Block",
    "Accessory Block",
    "Glutes",
    "Quads",
    "Hamstrings",
    "Shoulders",
    "Chest",
    "Calves",
]

SCREEN_TEXT = """(skip) => {
    const hidden = [];
    for (const el of document.querySelectorAll(skip)) {
        hidden.push([el, el.style.display]);
        el.style.display = "none";
    }
    const text = document.getElementById("app").innerText;
    for (const [el, display] of hidden) el.style.display = display;
    return text;
}"""

UI_STRINGS = """async (lang) => {
    const en = (await import("/static/js/locales/en.js")).default;
    const mine = (await import(`/static/js/locales/${lang}.js`)).default;
    return [en, mine];
}"""


def _values(value: Any) -> list[str]:
    return [str(v) for v in value.values()] if isinstance(value, dict) else [str(value)]


def english_fragments(page: Page, lang: str) -> set[str]:
    """Pieces of the English UI strings (between placeholders) that this language says otherwise."""
    en, mine = page.evaluate(UI_STRINGS, lang)
    fragments: set[str] = set(ENGINE_WORDS)
    for key, value in en.items():
        theirs = " ".join(_values(mine.get(key, "")))
        for text in _values(value):
            for piece in re.split(r"\{\w+\}", text):
                piece = piece.strip(" .,:;·!?()…'\"")
                if len(piece) >= 5 and re.search(r"[A-Za-z]{3}", piece) and piece not in theirs:
                    fragments.add(piece)
    return fragments


class Journey:
    """One language's run: the page, the server, where screenshots go and what counts as English."""

    def __init__(self, page: Page, server: LiveServer, lang: str, shots: Path) -> None:
        self.page, self.server, self.lang, self.shots = page, server, lang, shots
        self.step = 0
        self.fragments: set[str] | None = None
        self.exercise_names: set[str] = set()

    def shot(self, name: str) -> None:
        self.step += 1
        self.page.screenshot(path=self.shots / f"{self.step:02d}-{name}.png")

    def no_english(self, where: str) -> None:
        if self.lang == "en":
            return
        if self.fragments is None:
            self.fragments = english_fragments(self.page, self.lang)
        text = self.page.evaluate(SCREEN_TEXT, ", ".join(SERVER_ENGLISH + NOT_JUDGED))
        for name in sorted(self.exercise_names, key=len, reverse=True):
            text = text.replace(name, " ")
        left = sorted(
            f for f in self.fragments if re.search(rf"(?<![A-Za-z]){re.escape(f)}(?![A-Za-z])", text)
        )
        context = [text[max(0, text.find(f) - 60) : text.find(f) + len(f) + 60] for f in left]
        assert left == [], f"{self.lang}, {where}: English left on screen: {left} in {context}"

    def written_in_language(self, selector: str, where: str) -> None:
        """What the server wrote (memory facts, day notes) holds no English word the server writes."""
        texts = self.page.locator(selector).all_inner_texts()
        assert texts, (where, selector)
        if self.lang == "en":
            return
        left = {text: english_left(self.lang, text) for text in texts}
        assert {t: w for t, w in left.items() if w} == {}, f"{self.lang}, {where}: English written"


def band(page: Page) -> tuple[float, float]:
    top = page.locator(".topbar").bounding_box()
    composer = page.locator(".composer-wrap").bounding_box()
    assert top is not None and composer is not None
    return top["y"] + top["height"], composer["y"]


def ends_in_view(page: Page, selector: str) -> None:
    box = page.locator(selector).last.bounding_box()
    assert box is not None, selector
    low, high = band(page)
    assert box["y"] + box["height"] <= high + 1 and box["y"] + box["height"] >= low, (
        selector,
        box,
        low,
        high,
    )


def exercise_ids(plan: dict[str, Any], day: str) -> list[str]:
    return [e["exercise_id"] for e in day_exercises(plan, day)]


def numbers(text: str) -> list[int]:
    """The whole numbers in a localised text ("6 512", "6,512", "6.512" are one number)."""
    return [int(re.sub(r"\D", "", n)) for n in re.findall(r"\d(?:[\d\s\u202f\u00a0.,]*\d)?", text)]


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("lang", list(JOURNEYS))
def test_a_new_users_first_week(
    lang: str,
    size: str,
    shared_server: LiveServer,
    phone: Callable[[str], Page],
    desktop: Callable[[str], Page],
    screenshots: Path,
) -> None:
    locale, case = JOURNEYS[lang]
    shots = screenshots / ("journeys" if size == "phone" else "journeys-desktop") / lang
    shots.mkdir(parents=True, exist_ok=True)
    user = shared_server.create_user(f"Journey {lang} {size}")
    api = shared_server.api(user["token"])
    page = (phone if size == "phone" else desktop)(locale)
    journey = Journey(page, shared_server, lang, shots)
    listed = api.get("/api/exercises").json()
    library = {e["slug"]: e for e in (listed["items"] if isinstance(listed, dict) else listed)}
    journey.exercise_names = {e["name"] for e in library.values()}

    def shown(exercise: dict[str, Any]) -> str:
        """An exercise's name as this reader sees it: the library's name in their language."""
        names = library[exercise["exercise_id"]]["names"].get(lang) or []
        if lang == "en" or not names:
            return str(exercise["name"])
        return str(names[0][:1].upper() + names[0][1:])

    # Sign in.
    page.goto(f"{shared_server.url}/")
    expect(page.locator(".signin-page")).to_be_visible()
    journey.no_english("sign-in")
    journey.shot("sign-in")
    sign_in(page, shared_server, user["token"])

    # Tell the coach: equipment, goal, schedule. The week comes back with its exercises.
    page.locator(".composer-input").fill(CASES[case]["message"])
    page.locator("button.send").click()
    card = page.locator(".proposal")
    expect(card.locator(".day-row")).to_have_count(7)
    ends_in_view(page, ".proposal button.accept")
    staged = api.get("/api/coach/proposals", params={"status": "staged"}).json()["items"][0]["data"]
    first = first_training_day(staged)
    card.locator(f".day-row[data-day={first}] summary").click()
    expect(card.locator(f".day-row[data-day={first}] .day-exercise .ex-name")).to_have_text(
        [shown(e) for e in day_exercises(staged, first)]
    )
    journey.no_english("the week proposed")
    journey.shot("week-proposed")

    # Accept, then Today.
    card.locator("button.accept").click()
    expect(card).to_have_class(re.compile("is-accepted"))
    plan = api.get("/api/plan").json()["plan"]
    page.locator("a[data-tab=today]").click()
    expect(page.locator(".day-page")).to_be_visible()
    journey.no_english("Today")
    journey.written_in_language(".coach-note", "Today's note")
    journey.shot("today")

    # Week: the header is the sum of the days.
    page.locator("a[data-tab=week]").click()
    header = page.locator(".week > .day-header .meta")
    expect(header).not_to_have_text("")
    training = [plan["days"][d] for d in WEEKDAYS if not plan["days"][d]["is_rest_day"]]
    units = api.get("/api/me").json()["settings"]["units"] or ("lb" if lang == "en" else "kg")
    volume_lb = sum(d["estimated_volume_lbs"] for d in training)
    volume = round(volume_lb if units == "lb" else volume_lb * 0.45359237)
    sessions, minutes, shown_volume = numbers(header.inner_text())[:3]
    assert (sessions, minutes) == (len(training), sum(d["duration_minutes"] for d in training))
    assert abs(shown_volume - volume) <= 1, (shown_volume, volume)
    expect(page.locator(".day-card")).to_have_count(7)
    journey.no_english("Week")
    journey.shot("week")

    # A live workout: two sets, the rest timer, a swap for this session only, finish.
    page.locator(f".day-card[data-day={first}]").click()
    page.locator("a.start").click()
    expect(page.locator(".current-exercise")).to_be_visible()
    for logged, reps in enumerate(("10", "8"), start=1):
        page.locator("input.weight").fill("20")
        page.locator("input.reps").fill(reps)
        page.locator("button.log-set").click()
        # each set is on the page before the next one is typed (a loaded machine typed ahead)
        expect(page.locator(".current-exercise table.sets tr")).to_have_count(logged)
    expect(page.locator(".rest-timer")).to_be_visible()
    journey.no_english("the live workout")
    journey.shot("workout")
    page.locator(".exercise-steps li").nth(1).locator("button").click()
    swapped = day_exercises(plan, first)[1]
    page.locator("button.swap").click()
    swap_card = page.locator(".swap-slot .proposal")
    expect(swap_card).to_have_attribute("data-target-day", first)
    expect(swap_card.locator(".changes li.removed")).to_contain_text(shown(swapped))
    swap_card.locator("button.session-only").scroll_into_view_if_needed()
    journey.no_english("the swap")
    journey.shot("swap")
    swap_card.locator("button.session-only").click()
    expect(page.locator(".current-exercise")).not_to_have_attribute("data-exercise", swapped["exercise_id"])
    page.locator("button.finish").click()
    summary = page.locator(".workout-summary")
    expect(summary.locator("dd.sets")).to_have_text("2")
    expect(summary.locator("dd.volume")).to_contain_text(units)
    assert numbers(summary.locator("dd.volume").inner_text()) == [20 * 18]
    expect(page.locator(".sync-state.ok")).to_be_visible()
    journey.no_english("the summary")
    journey.shot("summary")

    # Progress.
    page.locator("a[data-tab=progress]").click()
    expect(page.locator(".e1rm-chart canvas")).to_have_count(1)
    expect(page.locator(".prs dd").first).to_be_visible()
    journey.no_english("Progress")
    journey.shot("progress")

    # A chip sends its message; the answer ends above the composer.
    page.locator("a[data-tab=week]").click()
    chip = page.locator(".week a.chip").first
    text = chip.inner_text()
    chip.click()
    expect(page.locator(".bubble.user").last).to_have_text(text)
    expect(page.locator(".typing")).to_have_count(0)
    ends_in_view(page, ".thread > *")
    journey.no_english("a chip's answer")
    journey.shot("chip")
    newest = page.locator(".proposal").last
    if newest.locator("button.accept").count():
        newest.locator("button.accept").click()
        expect(newest).to_have_class(re.compile("is-accepted"))
    else:  # the chip's answer was a question: another device makes the second version
        accept_via_api(api, "Shorten to 20 minutes", first)

    # A pain report from another device: the coach writes an acute state (a free-text fact).
    pain = api.post(
        "/api/coach/chat", json={"message": PAIN[lang], "active_tab": "coach", "selected_day": None}
    )
    assert pain.status_code == 200 and pain.json()["memory_mutations"], pain.text

    # Me: what the coach wrote is in the user's language; forget an item, undo the last plan change.
    page.locator("a[data-tab=me]").click()
    items = page.locator(".memory-item")
    expect(items.first).to_be_visible()
    expect(items).to_have_count(sum(len(tier) for tier in api.get("/api/memory").json().values()))
    journey.written_in_language(".memory-item", "Me")
    before = items.count()
    assert before >= 1
    items.first.locator("button.forget").click()
    expect(items).to_have_count(before - 1)
    versions = api.get("/api/plan/versions").json()["items"]
    assert len(versions) == 2
    page.locator("button.undo").click()
    expect(page.locator(".version.is-active")).to_have_attribute("data-version", "3")
    undone = api.get("/api/plan").json()["plan"]
    assert {d: exercise_ids(undone, d) for d in WEEKDAYS} == {d: exercise_ids(plan, d) for d in WEEKDAYS}
    journey.no_english("Me")
    page.locator(".versions").scroll_into_view_if_needed()
    journey.shot("me")
