"""Intent routing over many phrasings and languages, with route context deciding "today" and "this"."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.understanding import Intent, understand
from fitcoach.contract.models import ActiveTab, Tier, Tier2Entry, Weekday
from fitcoach.library import get_library
from fitcoach.memory.model import MemoryItem

MONDAY = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)

CASES: list[tuple[str, Intent, ActiveTab, str | None]] = [
    (
        "Both benches are occupied, give me an alternative to the incline press",
        Intent.LIVE_SWAP,
        "today",
        "monday",
    ),
    ("swap this", Intent.LIVE_SWAP, "today", "monday"),
    (
        "les haltères sont pris, je remplace les élévations latérales par quoi ?",
        Intent.LIVE_SWAP,
        "today",
        "monday",
    ),
    ("скамья занята, чем заменить жим гантелей?", Intent.LIVE_SWAP, "today", "monday"),
    ("o banco tá ocupado, troca o supino inclinado", Intent.LIVE_SWAP, "today", "monday"),
    ("啞鈴被佔用了，側平舉可以換成什麼？", Intent.LIVE_SWAP, "today", "monday"),
    ("tweaked my neck this morning, it's stiff and painful", Intent.ACUTE_PAIN, "coach", None),
    ("je me suis fait mal au poignet gauche hier", Intent.ACUTE_PAIN, "coach", None),
    ("потянул заднюю поверхность бедра, болит", Intent.ACUTE_PAIN, "today", "monday"),
    ("我今天左手腕很痛", Intent.ACUTE_PAIN, "coach", None),
    ("how do I stop my elbows flaring on bench?", Intent.TECHNIQUE, "coach", None),
    ("comment bien faire le squat goblet ?", Intent.TECHNIQUE, "coach", None),
    ("как правильно делать румынскую тягу?", Intent.TECHNIQUE, "coach", None),
    ("como faço a remada curvada direito?", Intent.TECHNIQUE, "coach", None),
    ("I've plateaued on goblet squats, what should I do", Intent.PROGRESSION, "coach", None),
    ("je stagne au développé militaire depuis 3 semaines", Intent.PROGRESSION, "coach", None),
    ("mardi je n'ai que 35 minutes", Intent.DAY_EDIT, "coach", None),
    ("na quinta só tenho 30 minutos", Intent.DAY_EDIT, "coach", None),
    (
        "can you change my split to push pull legs on mon tue thu fri sat sun",
        Intent.WEEK_OVERHAUL,
        "week",
        None,
    ),
    ("перенеси тренировки на вторник и четверг", Intent.WEEK_OVERHAUL, "week", None),
    ("I have a wedding on Saturday and want to look pumped but not sore", Intent.EVENT, "coach", None),
    ("tenho uma corrida de 10 km no sábado", Intent.EVENT, "coach", None),
    ("下週六要跑馬拉松", Intent.EVENT, "coach", None),
    ("what's today?", Intent.WHATS_TODAY, "today", "monday"),
    ("что у меня сегодня?", Intent.WHATS_TODAY, "today", "monday"),
    ("今天練什麼？", Intent.WHATS_TODAY, "today", "monday"),
    ("hello!", Intent.GREETING, "coach", None),
    ("bonjour coach", Intent.GREETING, "coach", None),
    ("thanks coach", Intent.THANKS, "coach", None),
    ("valeu!", Intent.THANKS, "coach", None),
    ("I have zero motivation today", Intent.MOTIVATION, "coach", None),
    ("be tough on me, no excuses", Intent.TONE, "coach", None),
    ("sois doux avec moi s'il te plaît", Intent.TONE, "coach", None),
    ("объясняй научно, пожалуйста", Intent.TONE, "coach", None),
    ("請對我嚴格一點", Intent.TONE, "coach", None),
    ("thx! see u tmrw", Intent.THANKS, "coach", None),
    ("no dumbbells free rn, what about lateral raises?", Intent.LIVE_SWAP, "today", "monday"),
    ("lower back feels tight after yesterday, go easy", Intent.ACUTE_PAIN, "coach", None),
    ("how are my bicep curls going? should I increase?", Intent.PROGRESSION, "coach", None),
    ("hiking trip this sunday with lots of climbing", Intent.EVENT, "coach", None),
    ("下週日要跑全馬", Intent.EVENT, "coach", None),
    ("В пятницу у меня только 30 минут", Intent.DAY_EDIT, "coach", None),
    (
        "Ombro esquerdo doendo, tira os exercícios acima da cabeça hoje",
        Intent.ACUTE_PAIN,
        "today",
        "thursday",
    ),
]


@pytest.mark.parametrize(("message", "intent", "tab", "selected"), CASES)
def test_routing(message: str, intent: Intent, tab: ActiveTab, selected: str | None) -> None:
    day = Weekday(selected) if selected else None
    u = understand(
        message, now=MONDAY, active_tab=tab, selected_day=day, has_plan=True, library=get_library()
    )
    assert u.intent is intent, u.scores


def test_onboarding_needs_no_plan_context() -> None:
    message = "I train at home with dumbbells up to 30 kg, want to build muscle, 3 days a week, 40 minutes"
    assert understand(message, now=MONDAY, library=get_library()).intent is Intent.ONBOARDING


@pytest.mark.parametrize(
    ("message", "tab", "selected", "target"),
    [
        ("swap this", "today", "wednesday", Weekday.WEDNESDAY),
        ("the bench is taken, what now?", "coach", None, Weekday.MONDAY),
        ("only 20 minutes tomorrow", "coach", None, Weekday.TUESDAY),
        ("only 20 minutes on Friday", "today", "monday", Weekday.FRIDAY),
    ],
)
def test_route_context_resolves_the_day(
    message: str, tab: ActiveTab, selected: str | None, target: Weekday
) -> None:
    day = Weekday(selected) if selected else None
    u = understand(
        message, now=MONDAY, active_tab=tab, selected_day=day, has_plan=True, library=get_library()
    )
    assert u.target_day is target


def _tier2(item_id: str, body_part: str) -> MemoryItem:
    entry = Tier2Entry(body_part=body_part, condition="minor_strain", fact=f"{body_part} tweak")
    expires = MONDAY + dt.timedelta(days=3)
    return MemoryItem(
        id=item_id,
        tier=Tier.PHYSIOLOGICAL,
        entry=entry,
        created_at=MONDAY,
        updated_at=MONDAY,
        expires_at=expires,
    )


@pytest.mark.parametrize(
    "message",
    [
        "shoulder is 100% fine now",
        "mon épaule est guérie",
        "плечо больше не болит, всё в порядке",
        "meu ombro já melhorou, não dói mais",
        "肩膀已經好了，不痛了",
    ],
)
def test_resolution_targets_the_matching_tier2_item(message: str) -> None:
    memory = [_tier2("mem_07", "shoulder"), _tier2("mem_08", "knee")]
    u = understand(message, now=MONDAY, memory=memory, has_plan=True, library=get_library())
    assert u.intent is Intent.RESOLUTION
    assert u.resolved_memory_ids == ["mem_07"]


def test_resolution_without_a_matching_item_is_not_a_deletion() -> None:
    u = understand(
        "my shoulder is fine now",
        now=MONDAY,
        memory=[_tier2("mem_08", "knee")],
        has_plan=True,
        library=get_library(),
    )
    assert u.resolved_memory_ids == []


def test_expired_items_are_never_resolved() -> None:
    item = _tier2("mem_07", "shoulder")
    later = MONDAY + dt.timedelta(days=10)
    u = understand(
        "shoulder is 100% fine now", now=later, memory=[item], has_plan=True, library=get_library()
    )
    assert u.resolved_memory_ids == []
