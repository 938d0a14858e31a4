"""Week-level readings: a session moved to tomorrow, one length for every session, an event the
models tag among the acts, a day edit with a week's details, a goal change inside a question."""

from __future__ import annotations

import datetime as dt

from fitcoach.agent.offline.acting import arbiter, restraint
from fitcoach.agent.offline.understanding import Intent, understand
from fitcoach.contract.models import ProposalType, Weekday, WeeklyPlan
from fitcoach.library import get_library
from fitcoach.library.models import MUSCLE_TO_GROUP, MuscleGroup
from fitcoach.nlu import Reading
from tests.agent.offline.replay import chat_case, send, tagged_reading

TUESDAY = "2026-09-15T10:00:00Z"
HOME = "Dumbbells up to 50 lb, an adjustable bench."


def _week(answer: object) -> WeeklyPlan:
    proposal = getattr(answer, "proposal", None)
    assert proposal is not None and proposal.type is ProposalType.UPDATE_WEEK, answer
    assert isinstance(proposal.data, WeeklyPlan)
    return proposal.data


def test_a_session_moved_to_tomorrow_moves_in_the_week() -> None:
    # home_db_4day trains Mon, Tue, Thu, Fri; on Tuesday "tomorrow" is the free Wednesday
    message = "thursday im slammed w work. can u just move thursdays workout to tomorrow?"
    week = _week(send(chat_case(message, "en", plan="home_db_4day", equipment=HOME, now=TUESDAY)))
    assert week.training_days() == [Weekday.MONDAY, Weekday.TUESDAY, Weekday.WEDNESDAY, Weekday.FRIDAY]


def test_todays_session_moved_to_a_free_tomorrow_moves_in_the_week() -> None:
    # Tuesday is trained in home_db_4day, Wednesday is free
    message = "can't train today, move today's session to tomorrow please"
    week = _week(send(chat_case(message, "en", plan="home_db_4day", equipment=HOME, now=TUESDAY)))
    assert week.training_days() == [Weekday.MONDAY, Weekday.WEDNESDAY, Weekday.THURSDAY, Weekday.FRIDAY]


def test_one_length_for_every_session_keeps_the_days() -> None:
    week = _week(
        send(
            chat_case("從這週開始每次只能練30分鐘，天數不變", "zh-Hant", plan="home_db_4day", equipment=HOME)
        )
    )
    assert week.training_days() == [Weekday.MONDAY, Weekday.TUESDAY, Weekday.THURSDAY, Weekday.FRIDAY]
    assert all(week.days[day].duration_minutes <= 30 for day in week.training_days())


def test_a_week_asked_around_an_event_the_models_tag_is_the_events_week() -> None:
    message = "這週日要爬玉山 週六一早就出發了，想讓腿保持新鮮，這週要怎麼調？"
    now = dt.datetime(2026, 9, 14, 9, tzinfo=dt.UTC)
    u = understand(message, now=now, has_plan=True, library=get_library())
    found = tagged_reading(
        message,
        ("plan_week", "life_event"),
        [("這週日", "day_event"), ("爬玉山", "event"), ("腿", "muscle_less")],
        confidence=0.78,
    )
    decided = arbiter.decide(u, found, has_plan=True, message=message, today=Weekday.MONDAY)
    assert decided.intent is Intent.EVENT and decided.event is not None
    assert decided.event.date == dt.date(2026, 9, 20)
    untagged = tagged_reading(message, ("plan_week", "life_event"), [("腿", "muscle_less")], confidence=0.78)
    assert (
        arbiter.decide(u, untagged, has_plan=True, message=message, today=Weekday.MONDAY).intent is u.intent
    )


def test_a_day_edit_with_a_weeks_details_becomes_the_week() -> None:
    message = (
        "J'aimerais passer en push/pull/legs sur 6 jours à partir de demain, j'ai plus de temps en ce "
        "moment. Max une heure par séance."
    )
    gym = "Commercial gym: barbells, racks, dumbbells, cables, machines."
    u = understand(
        message, now=dt.datetime(2026, 9, 13, 17, tzinfo=dt.UTC), has_plan=True, library=get_library()
    )
    assert u.days_per_week == 6
    case = chat_case(message, "fr", equipment=gym, now="2026-09-13T17:00:00Z", active_tab="week")
    week = _week(send(case))
    assert len(week.training_days()) == 6


def test_a_goal_change_in_a_question_is_answered_with_the_goal() -> None:
    case = chat_case("короче, меняю цель: хочу силу, а не массу. объём уже надоел", "ru", plan="home_db_4day")
    case["memory"] = [
        {
            "id": "mem_02",
            "tier": "tier_1_staples",
            "entry": {"category": "goal", "fact": "Hypertrophy, 4 days."},
        }
    ]
    answer = send(case)
    assert [m.operation.value for m in answer.memory_mutations] == ["UPDATE"]
    assert "0" not in answer.message  # no "0 hard sets" line for a user with no logs


def test_work_added_for_a_named_muscle_is_a_lift_of_that_muscle() -> None:
    case = chat_case(
        "amanhã quero incluir alguma coisa pra posterior de coxa, dá pra encaixar?",
        "pt",
        plan="home_db_4day",
        equipment=HOME,
    )
    answer = send(case)
    assert answer.proposal is not None and answer.proposal.type is ProposalType.UPDATE_DAY
    library = get_library()
    before = {"goblet-squat", "bulgarian-split-squat", "standing-calf-raise", "plank"}
    added = [slug for slug in answer.proposal.data.slugs() if slug not in before]
    hamstrings = MuscleGroup.HAMSTRINGS
    assert added and all(MUSCLE_TO_GROUP[library.require(s).primary_muscles[0]] is hamstrings for s in added)


def test_of_more_days_named_than_asked_the_clause_naming_that_many_is_the_schedule() -> None:
    message = (
        "On peut passer à 3 séances full body cette semaine ? lundi mercredi vendredi. "
        "Je suis de garde à l'hôpital le mardi maintenant"
    )
    week = _week(send(chat_case(message, "fr", plan="home_db_4day", equipment=HOME)))
    assert week.training_days() == [Weekday.MONDAY, Weekday.WEDNESDAY, Weekday.FRIDAY]


def _elbow_reading(message: str) -> Reading:
    """The reading the nine-writer models gave "Meu cotovelo dói no tríceps testa hoje": a technique
    question at 0.93 with the elbow tagged as the user's own."""
    return tagged_reading(
        message,
        ("technique_question",),
        [("cotovelo", "body_part_self")],
        confidence=0.93,
        probabilities={"technique_question": 0.93, "edit_day": 0.29, "report_pain": 0.11},
        quiet_threshold=0.0,
        quiet_threshold_own_body=0.5,
    )


def test_a_stated_pain_in_the_users_own_body_is_never_held_back() -> None:
    now = dt.datetime(2026, 9, 16, 9, tzinfo=dt.UTC)
    stated = "Meu cotovelo dói no tríceps testa hoje."
    u = understand(stated, now=now, has_plan=True, library=get_library())
    assert u.intent is Intent.ACUTE_PAIN
    assert not restraint.holds_back(_elbow_reading(stated), u)
    asked = "meu cotovelo dói no tríceps testa, é normal?"
    u_asked = understand(asked, now=now, has_plan=True, library=get_library())
    assert u_asked.intent is Intent.ACUTE_PAIN  # the rules read a report; the question is the models'
    assert restraint.holds_back(_elbow_reading(asked), u_asked)


def test_the_days_tagged_to_train_are_the_schedule_when_the_other_day_stands_apart() -> None:
    message = "new job starts monday, from now on I can only train tue, thu, sat and sun. still 45 min"
    now = dt.datetime(2026, 9, 13, 9, tzinfo=dt.UTC)
    u = understand(message, now=now, has_plan=True, library=get_library())
    found = tagged_reading(
        message,
        ("plan_week",),
        [("monday", "day_target"), ("tue", "day_train"), ("thu, sat and sun", "day_train")],
    )
    assert arbiter.trained_schedule(u, found, message) == {
        Weekday.TUESDAY,
        Weekday.THURSDAY,
        Weekday.SATURDAY,
        Weekday.SUNDAY,
    }
    # a day run into the list by a comma is the list's, whatever the tagger calls it
    listed = "Перенеси тренировки на понедельник, среду, пятницу и субботу."
    u_listed = understand(listed, now=now, has_plan=True, library=get_library())
    found_listed = tagged_reading(
        listed, ("plan_week",), [("понедельник", "day_target"), ("среду, пятницу и субботу", "day_train")]
    )
    assert arbiter.trained_schedule(u_listed, found_listed, listed) == frozenset()


def test_gear_the_record_already_has_writes_no_equipment() -> None:
    case = chat_case(
        "o cara do rack de agachamento tá terminando, vou esperar uns 2 min e já faço",
        "pt",
        equipment="Commercial gym membership: barbells, squat racks, benches, dumbbells, cables, machines.",
        active_tab="today",
        selected_day="monday",
    )
    answer = send(case)
    assert not answer.memory_mutations
    assert answer.proposal is None or answer.proposal.type is ProposalType.NONE
