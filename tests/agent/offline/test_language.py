"""Language identification: script first, then scored lexicon hits; mixed text takes the majority."""

from __future__ import annotations

import pytest

from fitcoach.agent.offline.understanding.language import identify
from fitcoach.languages.text import fold


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("can you shorten tomorrow's session?", "en"),
        ("my knee hurts a bit today", "en"),
        ("est-ce que je peux remplacer les pompes ?", "fr"),
        ("j'ai mal au dos depuis hier", "fr"),
        ("je veux m'entrainer trois jours par semaine", "fr"),
        ("posso trocar o exercício de hoje?", "pt"),
        ("meu joelho está doendo", "pt"),
        ("quero treinar quatro dias por semana", "pt"),
        ("можно заменить упражнение?", "ru"),
        ("у меня болит колено", "ru"),
        ("今天的訓練可以換嗎？", "zh-Hant"),
        ("這個動作會不會太重", "zh-Hant"),
        ("这个动作会不会太重", "zh-Hans"),
        ("我们今天练什么", "zh-Hans"),
        ("The bench is taken. Что можно сделать вместо этого упражнения?", "ru"),
        ("Le banc est pris, je fais quoi maintenant avec mes haltères ?", "fr"),
        ("ok so the cable is busy, o que eu faço agora?", "pt"),
        ("Hey! 我今年 32 歲，在家訓練，每週可以訓練 4 天。", "zh-Hant"),
    ],
)
def test_identify(text: str, lang: str) -> None:
    assert identify(text, fold(text)).lang == lang


def test_mixed_message_reports_both_languages() -> None:
    text = "Le banc est pris. What can I do instead right now?"
    present = identify(text, fold(text)).present(2.5)
    assert {"fr", "en"} <= set(present)
