"""The languages part: the registry, detection (with the stored language as the prior, and the two
Chinese scripts told apart), and the span parsers the understanding models will call."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.languages import fallback_chain, get_language, supported, understood
from fitcoach.languages.dates import parse_day, parse_days
from fitcoach.languages.detect import chinese_script, detect_language
from fitcoach.languages.numbers import parse_load, parse_minutes, parse_number, stated_unit
from fitcoach.languages.registry import plural_form
from fitcoach.languages.ui import ui_text, unit_name

TUESDAY = dt.date(2026, 12, 1)


def test_the_registry_lists_the_supported_languages_from_their_data_folders() -> None:
    assert set(supported()) == {"en", "fr", "pt", "ru", "zh-Hant", "zh-Hans"}
    assert set(understood()) == {"en", "fr", "pt", "ru", "zh-Hant"}
    assert fallback_chain("zh-Hans") == ["zh-Hans", "zh-Hant", "en"]
    assert fallback_chain("es") == ["en"]
    language = get_language("ru")
    assert language is not None and language.plural_rule == "east_slavic"


@pytest.mark.parametrize(
    ("lang", "count", "form"),
    [("ru", 1, "подход"), ("ru", 3, "подхода"), ("ru", 11, "подходов"), ("ru", 21, "подход")],
)
def test_plural_rules_come_from_the_registry(lang: str, count: int, form: str) -> None:
    assert plural_form(lang, count, ["подход", "подхода", "подходов"]) == form


def test_french_counts_zero_as_one() -> None:
    assert plural_form("fr", 0, ["série", "séries"]) == "série"
    assert plural_form("en", 0, ["set", "sets"]) == "sets"


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("I sold my barbell last week", "en"),
        ("J'ai mal au dos depuis hier, on adapte la séance ?", "fr"),
        ("Tenho halteres até 20 kg e um banco", "pt"),
        ("У меня гантели до 22 кг", "ru"),
        ("какой у меня PR в incline DB press?", "ru"),
        ("我的訓練椅被佔了，怎麼辦？", "zh-Hant"),
        ("我的训练椅被占了，怎么办？", "zh-Hans"),
        ("bench 被佔了", "zh-Hant"),
    ],
)
def test_detection(text: str, lang: str) -> None:
    assert detect_language(text) == lang


def test_the_stored_language_decides_a_short_ambiguous_message() -> None:
    # lingua leans Portuguese for "pas de banc" by a hair; a French user's prior settles it
    assert detect_language("pas de banc", prior="fr") == "fr"
    assert detect_language("ok", prior="pt") == "pt"
    # the prior never overrides a clear message
    assert detect_language("I only have dumbbells and a pull-up bar at home", prior="ru") == "en"


def test_chinese_scripts_by_their_own_characters() -> None:
    assert chinese_script("啞鈴") == "zh-Hant"
    assert chinese_script("哑铃") == "zh-Hans"
    # shared characters are no evidence: the prior, else Traditional
    assert chinese_script("今天", prior="zh-Hans") == "zh-Hans"
    assert chinese_script("今天") == "zh-Hant"


@pytest.mark.parametrize(
    ("span", "expected"),
    [
        ("tomorrow", [dt.date(2026, 12, 2)]),
        ("demain", [dt.date(2026, 12, 2)]),
        ("завтра", [dt.date(2026, 12, 2)]),
        ("明天", [dt.date(2026, 12, 2)]),
        ("amanhã", [dt.date(2026, 12, 2)]),
        ("next Monday", [dt.date(2026, 12, 7)]),
        ("vendredi", [dt.date(2026, 12, 4)]),
        ("週五", [dt.date(2026, 12, 4)]),
        ("the weekend", [dt.date(2026, 12, 5), dt.date(2026, 12, 6)]),
    ],
)
def test_day_spans_resolve_against_today(span: str, expected: list[dt.date]) -> None:
    assert parse_days(span, TUESDAY) == expected
    assert parse_day(span, TUESDAY) == expected[0]


def test_number_and_load_spans() -> None:
    assert parse_number("12") == 12 and parse_number("forty-five") == 45 and parse_number("十二") == 12
    assert parse_number("twenty two") == 22 and parse_number("двадцать два") == 22
    assert parse_number("bench") is None
    load = parse_load("22 кг")
    assert load is not None and (load.value, load.unit) == (22, "kg")
    load = parse_load("50 lbs")
    assert load is not None and load.pounds == 50
    assert parse_minutes("45 min") == 45 and parse_minutes("une heure") == 60
    assert stated_unit("гантели до 22 кг") == "kg" and stated_unit("22 kg / 50 lb") is None


def test_ui_strings_follow_the_fallbacks() -> None:
    assert unit_name("zh-Hant", "kg") == "公斤" and unit_name("fr", "kg") == "kg"
    assert ui_text("es", "cannot_change_safely") == ui_text("en", "cannot_change_safely")
