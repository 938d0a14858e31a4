"""The offline coach's data files against the code that reads them: no JSON key given twice (a
plain loader silently keeps the last one, so a merge can drop an entry unnoticed), and every
catalogue entry the code names by a literal exists in all six catalogues with slots it fills."""

from __future__ import annotations

import ast
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from fitcoach.agent.offline.answering.catalog import REPLY_LANGUAGES, placeholders

SRC = Path(__file__).resolve().parents[3] / "src" / "fitcoach"
OFFLINE = SRC / "agent" / "offline"
LANGUAGES = SRC / "languages" / "data"
DATA_FILES = sorted([*OFFLINE.rglob("*.json"), *LANGUAGES.rglob("*.json")])
KIND_OF_CALL = {"say": "situations", "render": "situations", "diff": "diffs", "word": "words"}
"""Turn.say / answering.render → situations, Turn.diff / answering.diff → diffs, Turn.word → words."""


class DuplicateKeyError(ValueError):
    pass


def _strict(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise DuplicateKeyError(key)
        seen[key] = value
    return seen


def strict_load(text: str) -> Any:
    return json.loads(text, object_pairs_hook=_strict)


def test_the_strict_loader_catches_a_duplicate_key() -> None:
    with pytest.raises(DuplicateKeyError, match="swap"):
        strict_load('{"cues": {"swap": ["a"], "keep": ["b"], "swap": ["c"]}}')
    assert strict_load('{"a": {"x": 1}, "b": {"x": 2}}') == {"a": {"x": 1}, "b": {"x": 2}}


def test_the_offline_data_files_are_all_found() -> None:
    names = {str(p.relative_to(SRC)) for p in DATA_FILES}
    assert {"agent/offline/lexicon/routing.json", "agent/offline/cues/families.json"} <= names
    assert {f"languages/data/{lang}/catalog.json" for lang in REPLY_LANGUAGES} <= names
    assert {f"languages/data/{lang}/cues.json" for lang in REPLY_LANGUAGES} <= names


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_json_key_is_given_twice(path: Path) -> None:
    strict_load(path.read_text("utf-8"))


def _literal_uses() -> dict[tuple[str, str], tuple[set[str], bool, list[str]]]:
    """(kind, key) → keyword slots passed, whether some call splats `**slots`, call sites."""
    uses: dict[tuple[str, str], tuple[set[str], bool, list[str]]] = defaultdict(lambda: (set(), False, []))
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            kind = KIND_OF_CALL.get(name or "")
            if kind is None:
                continue
            # the module functions render(lang, situation) and diff(lang, kind) take the language first
            args = node.args[1:] if isinstance(func, ast.Name) and name in ("render", "diff") else node.args
            if not args or not isinstance(args[0], ast.Constant) or not isinstance(args[0].value, str):
                continue
            slots, splat, sites = uses[(kind, args[0].value)]
            slots |= {kw.arg for kw in node.keywords if kw.arg is not None}
            splat = splat or any(kw.arg is None for kw in node.keywords)
            uses[(kind, args[0].value)] = (slots, splat, [*sites, f"{path.relative_to(SRC)}:{node.lineno}"])
    return dict(uses)


USES = _literal_uses()


def test_the_scan_sees_the_handlers_calls() -> None:
    # guards the scan itself: a rename of say/diff/word would otherwise make the next test vacuous
    assert ("situations", "no_plan") in USES
    assert ("diffs", "compress") in USES
    assert ("words", "balanced") in USES
    assert len(USES) > 50


@pytest.mark.parametrize("lang", REPLY_LANGUAGES)
def test_every_catalogue_entry_the_code_names_exists_with_slots_it_fills(lang: str) -> None:
    catalogue = json.loads((LANGUAGES / lang / "catalog.json").read_text("utf-8"))
    problems: list[str] = []
    for (kind, key), (slots, splat, sites) in sorted(USES.items()):
        entry = catalogue[kind].get(key)
        if entry is None:
            problems.append(f"{kind}.{key} missing (used at {sites[0]})")
            continue
        templates = [t for texts in entry.values() for t in texts] if kind == "situations" else [entry]
        wanted = set().union(*(placeholders(t) for t in templates))
        # words are formatted by their callers (word("more_sets").format(n=...)): only keys count
        if kind != "words" and not splat and wanted - slots:
            problems.append(f"{kind}.{key} slots {sorted(wanted - slots)} never passed ({sites[0]})")
    assert not problems, problems
