"""Pain in a workout note, in the five languages (issue 18: pain during a return ramp steps back)."""

from __future__ import annotations

import pytest

from fitcoach.facts.pain import reports_pain


@pytest.mark.parametrize(
    ("text", "pain"),
    [
        ("Left shoulder hurt on the last set", True),
        ("painful elbow today", True),
        ("no pain at all, felt strong", False),
        ("pain-free session", False),
        ("Ça fait mal à l'épaule sur la dernière série", True),
        ("Séance sans douleur", False),
        ("Senti dor no ombro", True),
        ("Treino sem dor", False),
        ("Болит плечо после жима", True),
        ("Плечо не болит", False),
        ("Без боли, всё хорошо", False),
        ("肩膀推的時候有點痛", True),
        ("完全不痛", False),
        ("Great session, new PR", False),
        ("", False),
    ],
)
def test_pain_is_read_in_every_language(text: str, pain: bool) -> None:
    assert reports_pain(text) is pain
