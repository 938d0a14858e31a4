"""Eval case files (shared/eval/FORMAT.md): JSON Lines, fixtures resolved next to the case file."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from fitcoach.contract.models import ActiveTab, Tier, Weekday


class CaseMemory(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    tier: Tier
    entry: dict[str, Any]


class EvalCase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    lang: str
    intent: int | None = None
    now: datetime
    active_tab: ActiveTab = "coach"
    selected_day: Weekday | None = None
    memory: list[CaseMemory] = Field(default_factory=list)
    plan: dict[str, Any] | None = None
    logs: list[dict[str, Any]] = Field(default_factory=list)
    message: str
    expect: dict[str, Any] = Field(default_factory=dict)


def load_cases(path: Path) -> list[EvalCase]:
    """Read a case file, inlining `plan`/`logs` fixtures named by the case (`fixtures/<name>.json`)."""
    fixtures = path.parent / "fixtures"
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        raw = json.loads(line)
        for key in ("plan", "logs"):
            if isinstance(raw.get(key), str):
                raw[key] = json.loads((fixtures / f"{raw[key]}.json").read_text(encoding="utf-8"))
        try:
            cases.append(EvalCase.model_validate(raw))
        except ValueError as exc:
            raise ValueError(f"{path}:{number}: {exc}") from exc
    return cases
