"""`fitcoach nlu …`: train, evaluate and try the understanding models (issue 14)."""

from __future__ import annotations

import json
import time
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer

from fitcoach.cli.common import echo_json
from fitcoach.nlu.corpus import load_corpus
from fitcoach.nlu.evaluate import choose_quiet_threshold, choose_threshold, held_out_predictions, report
from fitcoach.nlu.reader import load_models, models_dir, read
from fitcoach.nlu.train import save, train_all

app = typer.Typer(no_args_is_help=True, help="The learned understanding layer: train, evaluate, read.")


def _evaluate() -> tuple[dict[str, float], dict[str, object]]:
    items = load_corpus()
    predictions = held_out_predictions(items)
    threshold = choose_threshold(predictions)
    quiet = choose_quiet_threshold(predictions)
    writers = sorted({i.writer for i in items})
    per_lang: dict[str, int] = {}
    for item in items:
        per_lang[item.lang] = per_lang.get(item.lang, 0) + 1
    thresholds = {"threshold": threshold, "quiet_threshold": quiet}
    return thresholds, {
        "method": "each writer held out in turn; models trained on the other writers only",
        "writers": writers,
        "items": per_lang,
        **thresholds,
        "by_language": report(predictions, threshold, quiet),
    }


@app.command("train")
def train_command(
    out: Annotated[
        Path | None, typer.Option("--out", help="Folder for the models (default: the package's).")
    ] = None,
    skip_eval: Annotated[
        bool, typer.Option("--skip-eval", help="Keep the last threshold; no held-out run.")
    ] = False,
) -> None:
    """Evaluate on held-out writers (choosing the restraint threshold), then train on the whole corpus."""
    folder = out or models_dir()
    started = time.perf_counter()
    if skip_eval:
        previous = (
            json.loads((folder / "meta.json").read_text("utf-8")) if (folder / "meta.json").exists() else {}
        )
        thresholds = {k: float(previous.get(k, 1.0)) for k in ("threshold", "quiet_threshold")}
        evaluation = previous.get("evaluation", {})
    else:
        thresholds, evaluation = _evaluate()
    items = load_corpus()
    trained = train_all(items)
    save(trained, folder, {**thresholds, "items": len(items), "evaluation": evaluation})
    seconds = round(time.perf_counter() - started, 1)
    echo_json(
        {
            "models": str(folder),
            "items": len(items),
            **thresholds,
            "seconds": seconds,
            "evaluation": evaluation,
        }
    )


@app.command("eval")
def eval_command(
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Also write the report to this file.")
    ] = None,
) -> None:
    """Held-out-writer evaluation: per language act accuracy, slot F1, unwanted-action rate."""
    _, evaluation = _evaluate()
    if json_out is not None:
        json_out.write_text(json.dumps(evaluation, indent=2) + "\n", "utf-8")
    echo_json(evaluation)


@app.command("read")
def read_command(text: Annotated[str, typer.Argument(help="A message to the coach.")]) -> None:
    """Print what the shipped models read in one message."""
    load_models()
    reading = read(text)
    echo_json({**asdict(reading), "spans": [asdict(s) for s in reading.spans]})
