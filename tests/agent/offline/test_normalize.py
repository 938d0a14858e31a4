"""Folding, tokens and inflection-tolerant equality are the base every lexicon match stands on."""

from __future__ import annotations

import pytest

from fitcoach.languages.text import fold, stem_equal, tokens


@pytest.mark.parametrize(
    ("raw", "folded"),
    [
        ("Développé Incliné", "developpe incline"),
        ("Жим лёжа", "жим лежа"),
        ("Сегодня у меня болит", "сегодня у меня болит"),
        ("Segunda-Feira", "segunda-feira"),
        ("ÉPAULE", "epaule"),
        ("上斜啞鈴臥推", "上斜啞鈴臥推"),
        ("It’s fine", "it's fine"),
    ],
)
def test_fold(raw: str, folded: str) -> None:
    assert fold(raw) == folded


def test_tokens_keep_han_runs_together() -> None:
    assert tokens(fold("Hey! 我今年 32 歲")) == ["hey", "我今年", "32", "歲"]


@pytest.mark.parametrize(
    ("a", "b", "equal"),
    [
        ("row", "rows", True),
        ("press", "presses", True),
        ("тяга", "тягу", True),
        ("гантели", "гантелеи", True),
        ("плечо", "плече", True),
        ("жим", "жима", True),
        ("for", "form", False),
        ("bench", "bent", False),
        ("pull", "pulse", False),
        ("squat", "squat", True),
        ("ab", "abs", False),
    ],
)
def test_stem_equal(a: str, b: str, equal: bool) -> None:
    assert stem_equal(a, b) is equal
    assert stem_equal(b, a) is equal
