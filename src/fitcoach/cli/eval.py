"""`fitcoach eval CASES.jsonl [--replies OUT.jsonl] [--provider NAME]` (shared/eval/FORMAT.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def eval_cases(
    cases: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="A JSON Lines case file.")],
    replies: Annotated[Path | None, typer.Option(help="Also write one JSON line per case here.")] = None,
    provider: Annotated[str, typer.Option(help="offline (default), gemini or openai.")] = "offline",
    min_pass: Annotated[
        float, typer.Option(min=0.0, max=1.0, help="Share of cases that must pass for exit 0 (default all).")
    ] = 1.0,
) -> None:
    """Replay coach cases through the chat pipeline and check each one; exit 1 if fewer than
    `--min-pass` of them pass (every case by default)."""
    # Imported here: the runner pulls in the app, the SDKs and the test client, and every other
    # command (`fitcoach serve --help` included) should not pay for them at start-up.
    from fitcoach.config import Settings
    from fitcoach.eval.cases import load_cases
    from fitcoach.eval.runner import run_cases, write_replies
    from fitcoach.services.brains import make_brains

    if provider not in ("offline", "gemini", "openai"):
        raise typer.BadParameter("provider must be offline, gemini or openai", param_hint="--provider")
    settings = Settings(provider=provider)
    outcomes = run_cases(load_cases(cases), lambda: make_brains(settings), emit=typer.echo)
    if replies is not None:
        write_replies(outcomes, replies)
    passed = sum(outcome.passed for outcome in outcomes)
    raise typer.Exit(0 if passed >= min_pass * len(outcomes) else 1)
