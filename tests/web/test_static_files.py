"""Static checks of the client: every import resolves, no CDN, every language has every string."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fitcoach.languages.ui import ui_text
from fitcoach.web import STATIC_DIR

JS_DIR = STATIC_DIR / "js"
LOCALES = ["en", "fr", "pt", "ru", "zh-Hant"]
IMPORT = re.compile(r"""^\s*import\s+(?:[^"']*?\s+from\s+)?["']([^"']+)["']""", re.MULTILINE)
KEY = re.compile(r"""^\s{2}([a-zA-Z0-9_]+):""", re.MULTILINE)
T_CALL = re.compile(r"""\bt\(\s*"([a-zA-Z0-9_]+)""")


def _own_files() -> list[Path]:
    return sorted(p for p in STATIC_DIR.rglob("*") if p.is_file() and "vendor" not in p.parts)


@pytest.mark.parametrize("module", sorted(JS_DIR.rglob("*.js")), ids=lambda p: str(p.relative_to(JS_DIR)))
def test_every_relative_import_resolves(module: Path) -> None:
    for spec in IMPORT.findall(module.read_text(encoding="utf-8")):
        assert spec.startswith("."), f"{module.name} imports {spec!r}: only relative, vendored imports"
        assert (module.parent / spec).resolve().is_file(), f"{module.name} imports missing {spec}"


@pytest.mark.parametrize("path", _own_files(), ids=lambda p: str(p.relative_to(STATIC_DIR)))
def test_no_file_loads_anything_from_the_network(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href|from|import\()\s*=?\s*["']https?://""", text), path
    assert "url(http" not in text


def _keys(lang: str) -> set[str]:
    return set(KEY.findall((JS_DIR / "locales" / f"{lang}.js").read_text(encoding="utf-8")))


@pytest.mark.parametrize("lang", LOCALES[1:])
def test_each_language_has_exactly_the_english_keys(lang: str) -> None:
    assert _keys(lang) == _keys("en")


def test_every_literal_string_key_used_in_code_exists() -> None:
    used = {key for p in JS_DIR.rglob("*.js") for key in T_CALL.findall(p.read_text(encoding="utf-8"))}
    assert used - _keys("en") == set()


def test_vendored_chart_library_carries_its_licence() -> None:
    vendor = STATIC_DIR / "vendor" / "uplot"
    assert "MIT License" in (vendor / "LICENSE").read_text(encoding="utf-8")
    module = (vendor / "uPlot.esm.js").read_text(encoding="utf-8")
    assert module.rstrip().endswith("export { uPlot as default };")


EDIT_KEY = re.compile(r'^\s*(edit_\w+): "(.*)",$', re.MULTILINE)


@pytest.mark.parametrize("lang", LOCALES)
def test_the_chip_templates_are_the_ones_the_coach_reads(lang: str) -> None:
    """plantext.js writes a plan's suggested edits with these; the offline coach reads them back with
    the server's catalogue (understanding/chips.py), so the two must not drift."""
    client = dict(EDIT_KEY.findall((JS_DIR / "locales" / f"{lang}.js").read_text(encoding="utf-8")))
    server = {k: ui_text(lang, k) for k in client}
    assert client == server
    assert {"edit_shorten", "edit_swap", "edit_move", "edit_add"} <= set(client)
