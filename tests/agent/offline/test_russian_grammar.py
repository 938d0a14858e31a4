"""Counted nouns agree with their count (1 подход, 2 подхода, 5 подходов; "1 set", "2 sets") and Russian
templates put no nominative slot after a preposition ("на спина и ноги")."""

from __future__ import annotations

import re

import pytest

from fitcoach.agent.offline.answering.catalog import load_catalog
from fitcoach.agent.offline.answering.plurals import fill, plural

from .test_acting import turn

SETS = ["подход", "подхода", "подходов"]


@pytest.mark.parametrize(
    ("count", "form"),
    [
        (1, "подход"),
        (2, "подхода"),
        (4, "подхода"),
        (5, "подходов"),
        (11, "подходов"),
        (12, "подходов"),
        (14, "подходов"),
        (21, "подход"),
        (22, "подхода"),
        (25, "подходов"),
        (101, "подход"),
        (0, "подходов"),
    ],
)
def test_russian_plural_has_three_forms(count: int, form: str) -> None:
    assert plural("ru", count, SETS) == form


@pytest.mark.parametrize(
    ("lang", "count", "form"),
    [
        ("en", 1, "set"),
        ("en", 2, "sets"),
        ("en", 0, "sets"),
        ("fr", 1, "série"),
        ("fr", 0, "série"),
        ("fr", 3, "séries"),
        ("pt", 1, "série"),
        ("pt", 0, "séries"),
    ],
)
def test_other_languages_have_one_and_other(lang: str, count: int, form: str) -> None:
    forms = {"en": ["set", "sets"], "fr": ["série", "séries"], "pt": ["série", "séries"]}[lang]
    assert plural(lang, count, forms) == form


@pytest.mark.parametrize(
    ("lang", "count", "text"),
    [
        ("ru", 1, "+1 подход"),
        ("ru", 2, "+2 подхода"),
        ("ru", 5, "+5 подходов"),
        ("ru", 21, "+21 подход"),
        ("en", 1, "1 more set"),
        ("en", 3, "3 more sets"),
        ("fr", 1, "1 série de plus"),
        ("pt", 2, "2 séries a mais"),
    ],
)
def test_more_sets_agrees_with_its_count(lang: str, count: int, text: str) -> None:
    assert fill(lang, load_catalog(lang).word("more_sets"), {"n": count}) == text


def test_a_count_given_as_text_or_missing_still_fills() -> None:
    template = "{n} {n:тренировка|тренировки|тренировок}"
    assert fill("ru", template, {"n": "5"}) == "5 тренировок"
    assert fill("ru", template, {"n": 3}) == "3 тренировки"
    assert fill("ru", template, {}) == " "


WRONG_AGREEMENT = re.compile(
    # "до 2 минут", "около 5 минут", "до 12 повторений" are genitives, which the check leaves alone
    r"(?<!до )(?<!около )(?<!короче )(?<!\d)(?:[2-4]|[2-9][2-4]) "
    r"(?:подходов|тренировок|дней|упражнений|повторений|недель|минут\b)"
    r"|(?<!\d)(?:[5-9]|1\d|[2-9][05-9]) (?:подхода|тренировки|дня|упражнения|недели|минуты)\b"
    r"|(?<!\d)(?:1|[2-9]1) (?:подходов|подхода|тренировок|тренировки|дней|дня|упражнений)\b"
)


def _filled_russian_texts(count: int) -> list[str]:
    catalog = load_catalog("ru")
    slots = {
        name: count for name in ("days_count", "minutes", "ttl_days", "reps", "weeks", "sets", "count", "n")
    }
    texts = [
        fill("ru", t, slots) for tones in catalog.situations.values() for ts in tones.values() for t in ts
    ]
    texts += [fill("ru", t, slots) for t in catalog.diffs.values()]
    texts += [fill("ru", catalog.word("more_sets"), slots)]
    return texts


@pytest.mark.parametrize("count", [1, 2, 3, 5, 12, 21, 22, 25])
def test_russian_counts_agree_in_every_template(count: int) -> None:
    bad = [text for text in _filled_russian_texts(count) if WRONG_AGREEMENT.search(text)]
    assert bad == []


NOMINATIVE_SLOTS = (
    "chosen",
    "areas",
    "groups",
    "days",
    "day",
    "event_day",
    "end_day",
    "old",
    "new",
    "other",
    "event",
)
AFTER_PREPOSITION = re.compile(
    r"(?<![а-яё])(?:на|для|без|с|со|от|к|по|в|во|до|из|о|об|у|за|при|про|под|над|перед|через|после"
    r"|между|вместо) \{(" + "|".join(NOMINATIVE_SLOTS) + r")[}:]",
    re.IGNORECASE,
)


def test_no_russian_template_puts_a_nominative_slot_after_a_preposition() -> None:
    catalog = load_catalog("ru")
    templates = [t for tones in catalog.situations.values() for ts in tones.values() for t in ts]
    templates += list(catalog.diffs.values())
    assert [t for t in templates if AFTER_PREPOSITION.search(t)] == []


@pytest.mark.parametrize(
    "message",
    [
        "в субботу трейл, побереги спину и ноги",
        "на выходных серфинг, береги плечи и спину",
        "в воскресенье марафон, ноги должны быть свежими",
    ],
)
def test_a_russian_event_reply_keeps_the_areas_out_of_a_preposition(message: str) -> None:
    text = turn(message).message
    assert not re.search(r"(?<![а-яё])на (?:спина|ноги|плечо|плечи)\b", text), text
    assert "под защитой" in text


@pytest.mark.parametrize(
    "message", ["Сделай четверг потяжелее", "давай усложним четверг", "сделай четверг посложнее"]
)
def test_a_harder_russian_day_counts_its_sets(message: str) -> None:
    answer = turn(message)
    summary = answer.proposal.summary_diff or ""
    match = re.search(r"\+(\d+) (подход\w*)", summary)
    assert match is not None, summary
    assert match.group(2) == plural("ru", int(match.group(1)), SETS)
