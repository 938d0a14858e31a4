"""One sentence definition for the coach's limit and the eval's judge (R8 brevity)."""

from __future__ import annotations

import pytest

from fitcoach.contract.sentences import count_sentences, limit_sentences


@pytest.mark.parametrize(
    ("message", "count"),
    [
        ("Add 2.5 kg next time.", 1),
        ("Done! Rest 90 s. Next set?", 3),
        ("- Squat 3x8\n- Row 3x10\n\nGo.", 3),
        ("今天休息。明天練腿！", 2),
        ("Сегодня отдых. Завтра ноги!", 2),
        ("", 0),
    ],
)
def test_sentences_end_at_terminal_punctuation_not_inside_numbers(message: str, count: int) -> None:
    assert count_sentences(message) == count


def test_limiting_keeps_whole_sentences_and_numbers_intact() -> None:
    assert limit_sentences("Add 2.5 kg. Keep 2 RIR. Rest 2 min.", 2) == "Add 2.5 kg. Keep 2 RIR."
    assert limit_sentences("今天休息。明天練腿！後天上肢。", 2) == "今天休息。明天練腿！"
    assert limit_sentences("Short one.", 2) == "Short one."
