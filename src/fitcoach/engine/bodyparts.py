"""Body-part vocabulary: canonical areas, a multilingual lexicon, and the contraindication table (R18).

The table is data: each area names which exercises load it (by pattern, slug, muscle or load level),
so adding an area or a word never needs a code branch. Thresholds follow science.md §9 (spine and
fatigue columns) and the spec's R18 examples.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from fitcoach.library.models import Exercise, Level, Muscle, MuscleGroup


class BodyArea(StrEnum):
    SHOULDER = "shoulder"
    LOWER_BACK = "lower_back"
    BACK = "back"
    KNEE = "knee"
    ELBOW = "elbow"
    WRIST = "wrist"
    HIP = "hip"
    NECK = "neck"
    ANKLE = "ankle"
    HAMSTRINGS = "hamstrings"
    QUADS = "quads"
    CHEST = "chest"
    BICEPS = "biceps"
    TRICEPS = "triceps"
    CALVES = "calves"
    GLUTES = "glutes"
    FOREARMS = "forearms"
    CORE = "core"


# Words (lower case) per area in en, fr, pt, ru and zh-Hant. Latin and Cyrillic entries match at a
# word start and may carry suffixes (plurals, cases); Han entries match anywhere.
LEXICON: dict[BodyArea, tuple[str, ...]] = {
    BodyArea.LOWER_BACK: (
        "lower back",
        "low back",
        "lumbar",
        "bas du dos",
        "lombaire",
        "lombar",
        "parte inferior das costas",
        "поясниц",
        "нижняя часть спины",
        "низ спины",
        "下背",
        "腰",
    ),
    BodyArea.HAMSTRINGS: (
        "hamstring",
        "ischio",
        "posterior de coxa",
        "posteriores da coxa",
        "isquiotibia",
        "бицепс бедра",
        "задняя поверхность бедра",
        "задней поверхности бедра",
        "大腿後側",
        "腿後肌",
        "膕繩肌",
    ),
    BodyArea.SHOULDER: (
        "shoulder",
        "delt",
        "rotator cuff",
        "impingement",
        "épaule",
        "epaule",
        "deltoïde",
        "ombro",
        "deltoide",
        "плеч",
        "дельт",
        "肩",
    ),
    BodyArea.BACK: ("back", "dos", "costas", "спин", "背"),
    BodyArea.KNEE: ("knee", "genou", "joelho", "колен", "膝"),
    BodyArea.ELBOW: ("elbow", "coude", "cotovelo", "локот", "локт", "手肘", "肘"),
    BodyArea.WRIST: ("wrist", "poignet", "pulso", "punho", "запяст", "手腕", "腕"),
    BodyArea.HIP: ("hip", "hanche", "quadril", "тазобедрен", "бедро", "髖"),
    BodyArea.NECK: ("neck", "cou", "nuque", "pescoço", "шея", "шеи", "шею", "脖子", "頸"),
    BodyArea.ANKLE: ("ankle", "cheville", "tornozelo", "лодыжк", "голеностоп", "腳踝", "踝"),
    BodyArea.QUADS: ("quad", "quadríceps", "квадрицепс", "股四頭肌", "大腿前側"),
    BodyArea.CHEST: ("chest", "pec", "poitrine", "pectora", "peito", "peitora", "груд", "胸"),
    BodyArea.BICEPS: ("bicep", "bíceps", "бицепс", "二頭肌"),
    BodyArea.TRICEPS: ("tricep", "tríceps", "трицепс", "三頭肌"),
    BodyArea.CALVES: ("calf", "calves", "mollet", "panturrilha", "икр", "小腿"),
    BodyArea.GLUTES: ("glute", "fessier", "glúteo", "ягодиц", "臀"),
    BodyArea.FOREARMS: ("forearm", "grip", "avant-bras", "antebraço", "предплеч", "前臂"),
    BodyArea.CORE: ("core", "abs", "abdo", "abdômen", "abdominal", "пресс", "живот", "核心", "腹"),
}

_WORD_START = r"(?<![a-zà-ÿа-яё])"


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[re.Pattern[str], BodyArea]]:
    # Longest words first so "lower back" wins over "back" and "бицепс бедра" over "бицепс".
    pairs = [(word, area) for area, words in LEXICON.items() for word in words]
    pairs.sort(key=lambda pair: -len(pair[0]))
    compiled: list[tuple[re.Pattern[str], BodyArea]] = []
    for word, area in pairs:
        is_han = all("\u4e00" <= char <= "\u9fff" for char in word)
        compiled.append((re.compile(re.escape(word) if is_han else _WORD_START + re.escape(word)), area))
    return compiled


@lru_cache(maxsize=2048)
def areas_in(text: str) -> frozenset[BodyArea]:
    """The canonical areas a free-text body part or fact names, in any supported language.

    Cached: the same remembered facts are read on every chat turn, and the lexicon is a few hundred
    patterns (the result is frozen, so a caller cannot alter what the next one gets)."""
    remaining = text.lower()
    found: set[BodyArea] = set()
    for pattern, area in _patterns():
        if pattern.search(remaining):
            found.add(area)
            remaining = pattern.sub(" ", remaining)
    return frozenset(found)


def parse_area(text: str) -> BodyArea | None:
    """One area from a word: the canonical value itself or the first lexicon hit."""
    try:
        return BodyArea(text.strip().lower().replace(" ", "_"))
    except ValueError:
        found = areas_in(text)
        return sorted(found)[0] if found else None


@dataclass(frozen=True)
class ExerciseMatch:
    """Which exercises load an area: any listed criterion is enough."""

    patterns: frozenset[str] = frozenset()
    slugs: frozenset[str] = frozenset()
    primary_muscles: frozenset[Muscle] = frozenset()
    spinal_loading: frozenset[Level] = frozenset()
    grip_demand: frozenset[Level] = frozenset()
    overhead: bool = False

    def matches(self, exercise: Exercise) -> bool:
        return (
            exercise.movement_pattern in self.patterns
            or exercise.slug in self.slugs
            or bool(self.primary_muscles.intersection(exercise.primary_muscles))
            or exercise.spinal_loading in self.spinal_loading
            or exercise.grip_demand in self.grip_demand
            or (self.overhead and exercise.overhead)
        )


_HINGE = frozenset({"hip_hinge"})
_DELTS = frozenset({Muscle.FRONT_DELTS, Muscle.SIDE_DELTS, Muscle.REAR_DELTS})

CONTRAINDICATIONS: dict[BodyArea, ExerciseMatch] = {
    # R18's own example: lower-back sensitivity means no unsupported spinal loading and no heavy hinges.
    BodyArea.LOWER_BACK: ExerciseMatch(
        patterns=_HINGE, spinal_loading=frozenset({"high"}), slugs=frozenset({"standing-overhead-press"})
    ),
    BodyArea.BACK: ExerciseMatch(
        patterns=_HINGE,
        spinal_loading=frozenset({"high"}),
        primary_muscles=frozenset({Muscle.LATS, Muscle.UPPER_BACK, Muscle.LOWER_BACK}),
    ),
    # Impingement: nothing overhead and no heavy incline pressing.
    BodyArea.SHOULDER: ExerciseMatch(
        overhead=True, primary_muscles=_DELTS, slugs=frozenset({"incline-db-bench-press"})
    ),
    BodyArea.HAMSTRINGS: ExerciseMatch(
        patterns=_HINGE | {"knee_flexion"}, primary_muscles=frozenset({Muscle.HAMSTRINGS})
    ),
    # Patellofemoral pain, chondromalacia, a sensitive knee: deep loaded knee flexion (lunges, split
    # squats, free squats) and the open-chain leg extension, whose patellofemoral stress peaks as the
    # knee straightens under load (Steinkamp et al. 1993, Am J Sports Med 21:438; Escamilla 1998,
    # Med Sci Sports Exerc 30:556) [S]. The leg press stays: its depth is set by the seat.
    BodyArea.KNEE: ExerciseMatch(patterns=frozenset({"lunge", "squat", "knee_extension"})),
    # Elbow tendinitis or epicondylitis: loaded elbow flexion and extension, and the heavy-grip pulls and
    # holds (pull-ups, rows and hinges held in the hands): gripping is what provokes lateral and medial
    # elbow tendinopathy (Coombes et al. 2015, Br J Sports Med 49:1097) [S]. Cable and supported rows stay.
    BodyArea.ELBOW: ExerciseMatch(
        patterns=frozenset({"elbow_extension", "elbow_flexion"}), grip_demand=frozenset({"high"})
    ),
    BodyArea.WRIST: ExerciseMatch(grip_demand=frozenset({"high"}), slugs=frozenset({"push-up", "plank"})),
    BodyArea.HIP: ExerciseMatch(patterns=_HINGE | {"lunge"}),
    BodyArea.NECK: ExerciseMatch(
        primary_muscles=frozenset({Muscle.TRAPS}), spinal_loading=frozenset({"high"}), overhead=True
    ),
    BodyArea.ANKLE: ExerciseMatch(patterns=frozenset({"lunge", "ankle_plantarflexion"})),
    BodyArea.QUADS: ExerciseMatch(primary_muscles=frozenset({Muscle.QUADS})),
    BodyArea.CHEST: ExerciseMatch(primary_muscles=frozenset({Muscle.CHEST})),
    BodyArea.BICEPS: ExerciseMatch(primary_muscles=frozenset({Muscle.BICEPS})),
    BodyArea.TRICEPS: ExerciseMatch(primary_muscles=frozenset({Muscle.TRICEPS})),
    BodyArea.CALVES: ExerciseMatch(primary_muscles=frozenset({Muscle.CALVES})),
    BodyArea.GLUTES: ExerciseMatch(primary_muscles=frozenset({Muscle.GLUTES})),
    BodyArea.FOREARMS: ExerciseMatch(
        grip_demand=frozenset({"high"}), primary_muscles=frozenset({Muscle.FOREARMS})
    ),
    BodyArea.CORE: ExerciseMatch(primary_muscles=frozenset({Muscle.ABS, Muscle.OBLIQUES})),
}

# The muscle group a training priority such as "chest and delts" names.
AREA_GROUP: dict[BodyArea, MuscleGroup] = {
    BodyArea.SHOULDER: MuscleGroup.SHOULDERS,
    BodyArea.BACK: MuscleGroup.BACK,
    BodyArea.HAMSTRINGS: MuscleGroup.HAMSTRINGS,
    BodyArea.QUADS: MuscleGroup.QUADS,
    BodyArea.CHEST: MuscleGroup.CHEST,
    BodyArea.BICEPS: MuscleGroup.BICEPS,
    BodyArea.TRICEPS: MuscleGroup.TRICEPS,
    BodyArea.CALVES: MuscleGroup.CALVES,
    BodyArea.GLUTES: MuscleGroup.GLUTES,
    BodyArea.FOREARMS: MuscleGroup.FOREARMS,
    BodyArea.CORE: MuscleGroup.CORE,
}


# Words that make a chronic condition too serious to train around with a modification (R18: "exclude or
# modify"): a recent operation, a tear, sharp or severe pain, an inability to bear load. Matched like
# LEXICON entries; a past fracture ("years ago") is not on the list: it is what modifications are for.
SEVERE_WORDS: tuple[str, ...] = (
    "severe",
    "sharp",
    "surgery",
    "operat",
    "torn",
    "tear",
    "rupture",
    "can't bear",
    "cannot bear",
    "unable",
    "sévère",
    "aiguë",
    "aigue",
    "chirurgie",
    "opéré",
    "déchir",
    "grave",
    "forte douleur",
    "fortes douleurs",
    "cirurgia",
    "operad",
    "rompi",
    "ruptura",
    "dor forte",
    "dor aguda",
    "сильная боль",
    "сильные бол",
    "сильно бол",
    "остр",
    "операци",
    "разрыв",
    "надрыв",
    "劇痛",
    "劇烈",
    "嚴重",
    "手術",
    "撕裂",
    "斷裂",
)


@lru_cache(maxsize=1)
def _severe_pattern() -> re.Pattern[str]:
    latin = sorted({w for w in SEVERE_WORDS if not all("\u4e00" <= c <= "\u9fff" for c in w)}, key=len)
    han = sorted({w for w in SEVERE_WORDS if all("\u4e00" <= c <= "\u9fff" for c in w)}, key=len)
    alternatives = [_WORD_START + re.escape(w) for w in reversed(latin)] + [re.escape(w) for w in han]
    return re.compile("|".join(alternatives))


def is_severe(text: str) -> bool:
    """Whether a condition's wording says it is too serious to train around (see SEVERE_WORDS)."""
    return bool(_severe_pattern().search(text.lower()))


def loads_area(exercise: Exercise, area: BodyArea) -> bool:
    """True when the exercise loads the area enough to be excluded while it is injured."""
    match = CONTRAINDICATIONS.get(area)
    return match is not None and match.matches(exercise)
