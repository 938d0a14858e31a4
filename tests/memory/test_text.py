"""Text normalisation and the multilingual body-part canonicaliser."""

from __future__ import annotations

import pytest

from fitcoach.memory.text import BodyPart, canonical_body_part, normalize_text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Épaule  droite!", "epaule droite"),
        ("Lower-back   SENSITIVITY.", "lower back sensitivity"),
        ("ПЛЕЧО, правое", "плечо правое"),
        ("右肩 疼痛", "右肩 疼痛"),
        ("Straße", "strasse"),
    ],
)
def test_normalize_text(text: str, expected: str) -> None:
    assert normalize_text(text) == expected


@pytest.mark.parametrize(
    "text", ["right shoulder", "épaule droite", "плечо", "правое плечо", "ombro direito", "右肩", "Shoulders"]
)
def test_shoulder_in_five_languages(text: str) -> None:
    part = canonical_body_part(text)
    assert part.area == "shoulder"
    assert part.same_area(canonical_body_part("right shoulder"))


@pytest.mark.parametrize(
    ("text", "area", "side"),
    [
        ("lower back", "lower_back", None),
        ("bas du dos", "lower_back", None),
        ("поясница", "lower_back", None),
        ("back", "back", None),
        ("left knee", "knee", "left"),
        ("genou gauche", "knee", "left"),
        ("левое колено", "knee", "left"),
        ("joelho esquerdo", "knee", "left"),
        ("左膝", "knee", "left"),
        ("hamstrings", "hamstrings", None),
        ("ischio-jambiers", "hamstrings", None),
        ("腿後肌", "hamstrings", None),
        ("бицепс бедра", "hamstrings", None),
        ("бицепс", "biceps", None),
        ("手肘", "elbow", None),
        ("Lower-back", "lower_back", None),
        ("Épaule gauche", "shoulder", "left"),
    ],
)
def test_canonical_areas(text: str, area: str, side: str | None) -> None:
    part = canonical_body_part(text)
    assert (part.area, part.side, part.known) == (area, side, True)


def test_sides_keep_areas_apart() -> None:
    left, right, unsided = BodyPart("knee", "left"), BodyPart("knee", "right"), BodyPart("knee")
    assert not left.same_area(right)
    assert left.same_area(unsided) and right.same_area(unsided)
    assert not left.same_area(BodyPart("elbow", "left"))


def test_explicit_side_wins_over_text() -> None:
    assert canonical_body_part("left knee", side="right").side == "right"


def test_unknown_part_falls_back_to_its_text() -> None:
    part = canonical_body_part("Pinky Toe!")
    assert (part.area, part.known) == ("pinky toe", False)
