"""The architecture as tests: imports point down with no cycles between packages (import-linter's
contracts in pyproject.toml), and no Python module outside `fitcoach.languages` holds words."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "fitcoach"


def test_the_import_contracts_hold() -> None:
    # A subprocess: import-linter builds its graph from the files, and its cache must not leak
    # between the workers of a parallel run.
    result = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command as c; c()"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


def _docstrings(tree: ast.AST) -> set[int]:
    """String statements (module, class, function and attribute docstrings): prose, not code."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for statement in body:
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    found.add(id(statement.value))
    return found


def _log_messages(tree: ast.AST) -> set[int]:
    """The message arguments of logging calls (`log.info("...")`): for operators, not users."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in {"debug", "info", "warning", "error", "exception", "critical"}
        ):
            found.update(id(arg) for arg in node.args if isinstance(arg, ast.Constant))
    return found


def non_ascii_words(path: Path) -> list[str]:
    """String literals with a letter beyond ASCII (a word of some language), outside docstrings and
    log messages."""
    tree = ast.parse(path.read_text("utf-8"))
    skipped = _docstrings(tree) | _log_messages(tree)
    return [
        f"{node.lineno}: {node.value[:60]!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skipped
        and any(char.isalpha() and not char.isascii() for char in node.value)
    ]


def test_the_scanner_finds_a_word_and_ignores_prose(tmp_path: Path) -> None:
    module = tmp_path / "sample.py"
    module.write_text(
        '"""Épaule."""\nWORDS = ("banc", "скамья")\nPLAIN = "bench"\nlog.info("déjà")\n', "utf-8"
    )
    assert non_ascii_words(module) == ["2: 'скамья'"]


CODE = sorted(p for p in SRC.rglob("*.py") if p.relative_to(SRC).parts[0] != "languages")


@pytest.mark.parametrize("path", CODE, ids=lambda p: str(p.relative_to(SRC)))
def test_no_module_outside_languages_holds_words(path: Path) -> None:
    """Words of any language live in `fitcoach.languages` (data/<code>/*.json); code asks for them."""
    assert non_ascii_words(path) == []
