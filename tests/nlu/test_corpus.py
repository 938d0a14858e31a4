"""The labelled corpus (issue 14, item 1): its size per language, its writers, its label coverage,
and the inline span markup read back exactly."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fitcoach.nlu.corpus import CorpusError, Item, load_corpus, parse_annotated
from fitcoach.nlu.labels import ACTS, ROLES, TOPICS

LANGUAGES = ("en", "fr", "pt", "ru", "zh-Hant")


@pytest.fixture(scope="module")
def corpus() -> list[Item]:
    return load_corpus()


def test_every_language_has_at_least_1500_items_from_several_writers(corpus: list[Item]) -> None:
    per_lang = Counter(item.lang for item in corpus)
    writers: dict[str, set[str]] = defaultdict(set)
    for item in corpus:
        writers[item.lang].add(item.writer)
    for lang in LANGUAGES:
        assert per_lang[lang] >= 1500, per_lang
        assert len(writers[lang]) >= 3, writers


def test_ids_are_unique_and_name_their_writer_and_language(corpus: list[Item]) -> None:
    ids = [item.id for item in corpus]
    assert len(ids) == len(set(ids))
    assert all(item.id.startswith(f"{item.writer}-{item.lang}-") for item in corpus)


def test_every_act_and_role_is_taught_in_every_language(corpus: list[Item]) -> None:
    for lang in LANGUAGES:
        items = [item for item in corpus if item.lang == lang]
        acts = Counter(act for item in items for act in item.acts)
        roles = Counter(span.role for item in items for span in item.spans)
        assert {act for act in ACTS if acts[act] < 5} == set(), (lang, acts)
        assert {role for role in ROLES if roles[role] < 3} == set(), (lang, roles)


def test_knowledge_questions_carry_a_topic_and_nothing_else_does(corpus: list[Item]) -> None:
    for item in corpus:
        assert (item.topic is not None) == ("knowledge_question" in item.acts), item.id
    assert {item.topic for item in corpus if item.topic} <= set(TOPICS)


def test_spans_are_words_without_surrounding_space(corpus: list[Item]) -> None:
    for item in corpus:
        for span in item.spans:
            words = item.text[span.start : span.end]
            assert words and words == words.strip(), (item.id, words)


WORDS = st.text(alphabet=st.characters(blacklist_characters="[]()\n", blacklist_categories=("Cs",)), min_size=1)


@given(st.lists(st.tuples(WORDS, WORDS, st.sampled_from(ROLES)), min_size=1, max_size=4), WORDS)
def test_markup_reads_back_to_the_marked_words(parts: list[tuple[str, str, str]], tail: str) -> None:
    annotated = "".join(f"{before}[{words}]({role})" for before, words, role in parts) + tail
    text, spans = parse_annotated(annotated)
    assert [(text[s.start : s.end], s.role) for s in spans] == [(w, r) for _, w, r in parts]
    assert text == "".join(before + words for before, words, _ in parts) + tail


def test_an_unknown_role_or_a_stray_bracket_is_refused() -> None:
    with pytest.raises(CorpusError):
        parse_annotated("sore from [Friday](weekday)")
    with pytest.raises(CorpusError):
        parse_annotated("sore from [Friday")
