"""`fitcoach nlu …`: train, evaluate and try the understanding models (issue 14)."""

from __future__ import annotations

import json
import time
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer

from fitcoach.cli.common import echo_json
from fitcoach.contract.models import Weekday
from fitcoach.nlu.corpus import load_corpus
from fitcoach.nlu.evaluate import (
    Prediction,
    choose_quiet_threshold,
    choose_threshold,
    held_out_predictions,
    report,
)
from fitcoach.nlu.labels import ACTION_ACTS
from fitcoach.nlu.reader import load_models, models_dir, read
from fitcoach.nlu.train import save, train_all

app = typer.Typer(no_args_is_help=True, help="The learned understanding layer: train, evaluate, read.")


OWN_BODY_PRECISION = 0.97
"""The same precision as for every message. On the December 2026 corpus no margin reaches it among
messages naming the user's own body, so a pain report is never held back (at 95 % the threshold would
be 0.38: unwanted actions 2.3 % instead of 3.8 %, but real pain reports such as "my elbow hurts on skull
crushers today", read as technique questions, would be lost; a missed injury costs more)."""


TRAINED = frozenset({Weekday.MONDAY, Weekday.WEDNESDAY, Weekday.FRIDAY})


def _coach_restraint(predictions: list[Prediction], quiet: float, quiet_own_body: float) -> dict[str, object]:
    """The offline coach's rules on the held-out messages: alone, with restraint, and as the coach
    runs them (the models' act where the rules cannot place a message, `acting/arbiter.py`, then
    restraint): how often it would act on a message that asks for no action, how many requests it
    holds back, and how many requests it acts on at all."""
    import datetime as dt

    from fitcoach.agent.offline.acting.arbiter import read_with_models
    from fitcoach.agent.offline.acting.restraint import ACTING_INTENTS, holds_back
    from fitcoach.agent.offline.understanding import understand
    from fitcoach.library import get_library

    library = get_library()
    now = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)
    unwanted = unwanted_left = held_requests = 0
    coach_unwanted = coach_held = coach_acted = requests = 0
    for p in predictions:
        rules = understand(
            p.item.text,
            now=now,
            active_tab="coach",
            selected_day=None,
            memory=[],
            has_plan=True,
            library=library,
            language=p.item.lang,
        )
        asks = any(a in ACTION_ACTS for a in p.item.acts)
        requests += asks
        # the coach's own decisions (agent/offline/acting/), not copies of them
        found = p.as_reading(quiet, quiet_own_body)
        if rules.intent in ACTING_INTENTS:
            held = holds_back(found, rules)
            unwanted += not asks
            unwanted_left += not asks and not held
            held_requests += asks and held
        # the plan of the eval cases' fixtures: a full-body week on Monday, Wednesday and Friday
        coach = read_with_models(rules, found, p.item.text, now, TRAINED)
        if coach.intent in ACTING_INTENTS:
            held = holds_back(found, coach)
            coach_unwanted += not asks and not held
            coach_held += asks and held
            coach_acted += asks and not held
    n = max(len(predictions), 1)
    return {
        "rules_alone_unwanted_action_rate": round(unwanted / n, 4),
        "with_restraint_unwanted_action_rate": round(unwanted_left / n, 4),
        "requests_held_back_rate": round(held_requests / n, 4),
        "coach_unwanted_action_rate": round(coach_unwanted / n, 4),
        "coach_requests_held_back_rate": round(coach_held / n, 4),
        "coach_requests_acted_on": round(coach_acted / max(requests, 1), 4),
    }


def _evaluate(predictions: list[Prediction] | None = None) -> tuple[dict[str, float], dict[str, object]]:
    items = load_corpus()
    predictions = held_out_predictions(items) if predictions is None else predictions
    threshold = choose_threshold(predictions)
    quiet = choose_quiet_threshold(predictions)
    # a message naming the user's own body (a body_part_self span) has its own threshold, chosen on
    # such messages alone
    own_body = [p for p in predictions if any(role == "body_part_self" for _, _, role in p.spans)]
    quiet_own_body = max(quiet, choose_quiet_threshold(own_body, OWN_BODY_PRECISION))
    writers = sorted({i.writer for i in items})
    per_lang: dict[str, int] = {}
    for item in items:
        per_lang[item.lang] = per_lang.get(item.lang, 0) + 1
    thresholds = {
        "threshold": threshold,
        "quiet_threshold": quiet,
        "quiet_threshold_own_body": quiet_own_body,
    }
    return thresholds, {
        "method": "each writer held out in turn; models trained on the other writers only",
        "writers": writers,
        "items": per_lang,
        **thresholds,
        "by_language": report(predictions, threshold, quiet),
        "coach_restraint": _coach_restraint(predictions, quiet, quiet_own_body),
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
        names = ("threshold", "quiet_threshold", "quiet_threshold_own_body")
        thresholds = {k: float(previous.get(k, 1.0)) for k in names}
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
