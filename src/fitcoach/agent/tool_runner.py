"""Runs the three read-only analytics tools for one user and one turn, whoever asks (R35-R37).

The user is fixed when the runner is made, so no argument a model sends can reach another user's
logs. Bad calls come back as error results a model can recover from, never as exceptions.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from fitcoach.agent.tools import TOOL_DECLARATIONS, canonical_tool_args
from fitcoach.analytics.tools import get_historical_exercise_logs, get_pr_records, get_volume_trends

log = logging.getLogger(__name__)

MAX_CALLS_PER_TURN = 12
"""A runaway model cannot make a turn read the log tables without bound."""


@dataclass(frozen=True)
class _Param:
    name: str
    kind: type
    required: bool = False


_SIGNATURES: dict[str, tuple[_Param, ...]] = {
    "get_historical_exercise_logs": (
        _Param("exercise_slug", str, required=True),
        _Param("limit_sessions", int),
    ),
    "get_volume_trends": (_Param("muscle_group", str, required=True), _Param("weeks_back", int)),
    "get_pr_records": (_Param("exercise_slug", str, required=True),),
}


@dataclass
class AnalyticsToolRunner:
    session: Session
    user_id: str
    now: datetime
    calls: list[dict[str, Any]] = field(default_factory=list)

    def declarations(self) -> list[dict[str, Any]]:
        return [dict(declaration) for declaration in TOOL_DECLARATIONS]

    def call(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        self.calls.append({"name": name, "args": dict(args) if isinstance(args, dict) else {}})
        if len(self.calls) > MAX_CALLS_PER_TURN:
            return {"error": f"tool budget exhausted ({MAX_CALLS_PER_TURN} calls per turn); answer now"}
        checked = _check_args(name, canonical_tool_args(name, args) if isinstance(args, dict) else args)
        if isinstance(checked, str):
            return {"error": checked}
        try:
            return self._dispatch(name)(checked)
        except Exception:  # a tool bug must not cost the user the turn; it is logged as ours
            log.exception("analytics tool %s failed", name)
            return {"error": f"{name} failed on the server; answer without it"}
        finally:
            # Tools only read: end the read so no pooled connection waits idle on the model's next round.
            self.session.rollback()

    def _dispatch(self, name: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
        if name == "get_historical_exercise_logs":
            return lambda a: get_historical_exercise_logs(self.session, user_id=self.user_id, **a)
        if name == "get_volume_trends":
            return lambda a: get_volume_trends(self.session, user_id=self.user_id, now=self.now, **a)
        return lambda a: get_pr_records(self.session, user_id=self.user_id, **a)


def _check_args(name: str, args: Any) -> dict[str, Any] | str:
    signature = _SIGNATURES.get(name)
    if signature is None:
        return f"unknown tool {name!r}; valid tools: {', '.join(sorted(_SIGNATURES))}"
    if not isinstance(args, dict):
        return "arguments must be a JSON object"
    allowed = {param.name: param for param in signature}
    unexpected = sorted(set(args) - set(allowed))
    if unexpected:
        return f"unexpected argument(s) {', '.join(unexpected)}; allowed: {', '.join(allowed)}"
    checked: dict[str, Any] = {}
    for param in signature:
        if param.name not in args or args[param.name] is None:
            if param.required:
                return f"missing required argument {param.name!r}"
            continue
        value = args[param.name]
        if param.kind is int and isinstance(value, float) and value.is_integer():
            value = int(value)  # JSON numbers from some models arrive as 3.0
        if isinstance(value, bool) or not isinstance(value, param.kind):
            return f"argument {param.name!r} must be {param.kind.__name__}"
        checked[param.name] = value
    return checked
