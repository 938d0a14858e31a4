"""Blind4 gaps on the gym floor and in mixed-language messages: English gym words written without a
space inside Chinese, Chinese "taken" words, every busy station of a list swapped, the reply and the
summary saying exactly what the staged day changes, English jargon (PR, 1RM) inside other
languages, and "full equipment" as a full gym."""

from __future__ import annotations

import pytest

from fitcoach.agent.offline import coach_turn
from fitcoach.agent.offline.understanding import Intent, Understanding, understand
from fitcoach.agent.providers.base import TurnInput
from fitcoach.contract.models import DayPlan, ProposalType, Weekday
from fitcoach.library import get_library
from fitcoach.library.gear import COMMERCIAL_GYM, Gear

from .replay import LogToolRunner
from .test_acting import MONDAY
from .test_analytics_questions import tools_called
from .test_blind_gaps import FULL_GYM, GYM_PLAN
from .test_busy_gear import needs, swap


def _understand(message: str) -> Understanding:
    return understand(
        message,
        now=MONDAY,
        active_tab="today",
        selected_day=Weekday.MONDAY,
        has_plan=True,
        library=get_library(),
    )


@pytest.mark.parametrize(
    ("message", "slugs"),
    [
        ("lat pulldown跟pushdown都不能做", ["lat-pulldown", "cable-rope-tricep-pushdown"]),
        ("今天想做goblet squat和deadlift", ["goblet-squat", "conventional-deadlift"]),
        ("我的bench press卡住了", ["flat-bb-bench-press"]),
        ("可以用face pull代替嗎", ["face-pull"]),
    ],
)
def test_english_names_glued_to_chinese_are_found(message: str, slugs: list[str]) -> None:
    assert _understand(message).exercises == slugs


@pytest.mark.parametrize(
    ("message", "busy"),
    [
        ("cable全部被占了", Gear.CABLE_MACHINE),
        ("椅子被我弟拿去用了", Gear.BENCH),
        ("深蹲架要排隊，怎麼辦", Gear.SQUAT_RACK),
        ("槓鈴都有人在用", Gear.BARBELL),
        ("啞鈴區沒位子了", Gear.DUMBBELLS),
        ("rack被別人霸佔了", Gear.SQUAT_RACK),
        ("哑铃都被借走了", Gear.DUMBBELLS),
    ],
)
def test_chinese_taken_words_make_the_gear_busy(message: str, busy: Gear) -> None:
    u = _understand(message)
    assert busy in u.unavailable_gear
    assert u.intent is Intent.LIVE_SWAP


@pytest.mark.parametrize(
    "message",
    [
        "我現在用20公斤的啞鈴，可以加重嗎",
        "我正在用啞鈴練肩，動作要怎麼做",
        "我在家用啞鈴練",
    ],
)
def test_using_gear_yourself_is_not_busy_gear(message: str) -> None:
    u = _understand(message)
    assert not u.unavailable_gear
    assert u.intent is not Intent.LIVE_SWAP


def test_taken_words_cover_simplified_and_traditional() -> None:
    for message in ("长椅被占了", "長椅被佔了", "长椅有人在用", "長椅有人在用"):
        assert Gear.BENCH in _understand(message).unavailable_gear, message


@pytest.mark.parametrize(
    "message",
    [
        "cable全部被占了 lat pulldown跟pushdown都不能做 換什麼",
        "滑輪都有人在用，滑輪下拉和三頭下壓要換什麼",
        "the cables are all taken, what instead of pulldowns and pushdowns?",
        "Les poulies sont toutes prises, je remplace le tirage vertical et les extensions poulie par quoi ?",
        "Os cabos tão todos ocupados, troco puxada e tríceps corda por quê?",
        "Все блоки заняты, чем заменить тягу верхнего блока и разгибание рук на блоке?",
    ],
)
def test_two_named_lifts_on_busy_cables_are_both_swapped(message: str) -> None:
    slugs = swap(message, "monday")
    assert "lat-pulldown" not in slugs
    assert "cable-rope-tricep-pushdown" not in slugs
    assert not [slug for slug in slugs if needs(slug, Gear.CABLE_MACHINE)]


@pytest.mark.parametrize(
    "message",
    [
        "todas as máquinas de perna ocupadas (leg press, extensora, flexora). o que eu faço?",
        "leg press, leg extension and leg curl are all taken, what now?",
        "all the leg machines are busy",
        "La presse à cuisses, le leg extension et le leg curl sont pris, je fais quoi ?",
        "Жим ногами, разгибание ног и сгибание ног заняты, что делать?",
        "練腿的機器都有人在用，怎麼辦",
    ],
)
def test_every_busy_leg_station_is_swapped_for_one_without_a_machine(message: str) -> None:
    slugs = swap(message, "friday")
    for slug in ("leg-press", "leg-extension", "lying-hamstring-curl", "seated-hamstring-curl"):
        assert slug not in slugs
    for gear in (Gear.LEG_PRESS_MACHINE, Gear.LEG_EXTENSION_MACHINE, Gear.HAMSTRING_MACHINE):
        assert not [slug for slug in slugs if needs(slug, gear)]


def test_a_lift_offered_instead_is_not_a_busy_station() -> None:
    u = _understand("the leg press is taken, can I do leg extensions instead?")
    assert u.busy_exercises == ["leg-press"]


@pytest.mark.parametrize(
    ("message", "day"),
    [
        (
            "Toutes les barres sont prises. Je remplace le deadlift et le military press par quoi ?",
            "wednesday",
        ),
        ("all the barbells are taken, what instead of deadlifts?", "wednesday"),
        ("As barras tão todas ocupadas, o que faço no lugar do terra?", "wednesday"),
        ("Все штанги заняты, чем заменить становую?", "wednesday"),
        ("長椅被佔了，臥推怎麼辦", "monday"),
        ("cable全部被占了 換什麼", "monday"),
    ],
)
def test_the_reply_and_summary_name_every_change_the_day_makes(message: str, day: str) -> None:
    inputs = TurnInput(message, MONDAY, "today", Weekday(day), [FULL_GYM], GYM_PLAN, library=get_library())
    answer = coach_turn(inputs, LogToolRunner([], MONDAY))
    assert answer.proposal.type is ProposalType.UPDATE_DAY
    assert isinstance(answer.proposal.data, DayPlan)
    before = GYM_PLAN.days[Weekday(day)].slugs()
    after = answer.proposal.data.slugs()
    library = get_library()
    lang = understand(message, now=MONDAY, library=get_library()).lang
    summary = answer.proposal.summary_diff or ""
    for slug in [s for s in before if s not in after]:
        name = library.require(slug).localized_name("zh-Hant" if lang.startswith("zh") else lang)
        assert name in summary, (slug, summary)
        assert name in answer.message, (slug, answer.message)
    for slug in [s for s in after if s not in before]:
        assert library.require(slug).localized_name("zh-Hant" if lang.startswith("zh") else lang) in summary


@pytest.mark.parametrize(
    ("message", "slug"),
    [
        ("какой у меня PR в incline DB press?", "incline-db-bench-press"),
        ("Какой мой 1RM в гоблет-приседе?", "goblet-squat"),
        ("какой мой personal best на наклонном жиме", "incline-db-bench-press"),
        ("qual meu personal best no goblet?", "goblet-squat"),
        ("C'est quoi mon PB au goblet squat ?", "goblet-squat"),
        ("我incline DB press的PR是多少", "incline-db-bench-press"),
    ],
)
def test_english_record_jargon_reads_the_records_in_every_language(message: str, slug: str) -> None:
    assert understand(message, now=MONDAY, has_plan=True, library=get_library()).intent is Intent.PROGRESSION
    called, _ = tools_called(message)
    assert "get_pr_records" in called


@pytest.mark.parametrize(
    "message",
    [
        "Какой прогресс в приседе за месяц?",
        "Préparer un programme pour le printemps",
        "我想練 press 的動作",
    ],
)
def test_words_that_only_look_like_jargon_are_no_record_question(message: str) -> None:
    assert not understand(message, now=MONDAY, has_plan=True, library=get_library()).has_cue("record")


@pytest.mark.parametrize(
    "message",
    [
        "剛加入gym 器材full equipment都有 一週4天",
        "我去的健身房設備齊全，一週三天",
        "I train at a fully equipped place, 3 days a week",
        "Je m'entraîne dans une salle entièrement équipée, 3 jours",
        "treino num ginásio equipado, 3x por semana",
        "в зале есть всё оборудование, 4 раза в неделю",
    ],
)
def test_full_equipment_means_a_full_gym(message: str) -> None:
    assert understand(message, now=MONDAY, library=get_library()).gear == COMMERCIAL_GYM
