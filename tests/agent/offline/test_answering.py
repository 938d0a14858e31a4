"""Message catalogues: complete in every language, deterministic, tone-aware, and brief."""

from __future__ import annotations

import pytest

from fitcoach.agent.offline.answering import count_sentences, limit_sentences, load_catalog, render
from fitcoach.agent.offline.answering.catalog import REPLY_LANGUAGES, placeholders
from fitcoach.agent.offline.answering.plurals import fill

ENGLISH = load_catalog("en")
SLOTS = {
    "days_count": 4,
    "minutes": 45,
    "focus": "chest",
    "constraint_note": "",
    "day": "Monday",
    "days": "Mon",
    "special": "x",
    "groups": "arms",
    "old": "Incline DB Bench Press",
    "new": "Push-Up",
    "options": "A, B",
    "area": "shoulder",
    "ttl_days": 5,
    "event": "golf",
    "areas": "back",
    "event_day": "Saturday",
    "reps": 10,
    "load": "40 lb",
    "next_load": "45 lb",
    "next_reps": 12,
    "exercise": "Arnold Press",
    "volume_line": "",
    "group": "Chest",
    "trend": "up",
    "weeks": 3,
    "sets": 12,
    "cues": "Brace.",
    "title": "Upper",
    "exercises": "A",
}


@pytest.mark.parametrize("lang", REPLY_LANGUAGES)
def test_every_language_covers_every_situation_with_the_same_slots(lang: str) -> None:
    catalog = load_catalog(lang)
    assert set(catalog.situations) == set(ENGLISH.situations)
    assert set(catalog.diffs) == set(ENGLISH.diffs)
    assert set(catalog.words) == set(ENGLISH.words)
    for situation, tones in ENGLISH.situations.items():
        english_slots = {name for text in tones["balanced"] for name in placeholders(text)}
        for tone, texts in catalog.situations[situation].items():
            for text in texts:
                assert placeholders(text) <= english_slots | {"constraint_note"}, (
                    lang,
                    situation,
                    tone,
                    text,
                )


@pytest.mark.parametrize("lang", REPLY_LANGUAGES)
def test_standard_answers_are_brief(lang: str) -> None:
    catalog = load_catalog(lang)
    for situation, tones in catalog.situations.items():
        limit = 2 if situation in {"swap_done", "swap_which", "ask_days", "ask_equipment"} else 3
        for texts in tones.values():
            for text in texts:
                filled = fill(lang, text, {name: SLOTS.get(name, "x") for name in placeholders(text)})
                assert count_sentences(filled) <= limit, (lang, situation, filled)


def test_choice_is_deterministic_and_varies_with_the_message() -> None:
    first = render("en", "greeting", seed="hello")
    assert render("en", "greeting", seed="hello") == first
    seen = {render("en", "swap_done", seed=f"message {n}", old="A", new="B") for n in range(20)}
    assert len(seen) > 1


@pytest.mark.parametrize("lang", REPLY_LANGUAGES)
def test_tone_changes_the_wording(lang: str) -> None:
    slots = {"old": "Incline DB Bench Press", "new": "Push-Up"}
    wordings = {
        tone: render(lang, "swap_done", tone=tone, seed="s", **slots)
        for tone in ("tough_love", "gentle", "deep_science")
    }
    assert len(set(wordings.values())) == 3


def test_unknown_languages_fall_back() -> None:
    assert load_catalog("es").lang == "en"
    assert load_catalog("zh-Hans").lang == "zh-Hans"
    assert load_catalog("zh-Hant").lang == "zh-Hant"


@pytest.mark.parametrize(
    ("message", "count"),
    [
        ("One. Two! Three?", 3),
        ("上斜推換成伏地挺身。組數不變！", 2),
        ("- first point\n- second point", 2),
        ("Weight: 40.5 lb", 1),  # a decimal point ends nothing (the old coach-side counter said 2)
        ("", 0),
    ],
)
def test_sentence_counting_matches_the_eval(message: str, count: int) -> None:
    assert count_sentences(message) == count


def test_limit_sentences() -> None:
    assert limit_sentences("One. Two. Three.", 2) == "One. Two."
    assert limit_sentences("一。二。三。", 1) == "一。"
    assert limit_sentences("Short.", 3) == "Short."
