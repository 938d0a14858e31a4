"""The last-resort answer when no brain produced a valid, safe change: say so, change nothing."""

from __future__ import annotations

from fitcoach.contract.models import CoachReply, Proposal, ProposalType
from fitcoach.languages.detect import detect_language
from fitcoach.languages.ui import ui_text


def cannot_change_safely(message: str, *, prior: str | None = None) -> CoachReply:
    """In the message's language (the user's stored language breaking a tie)."""
    text = ui_text(detect_language(message, prior=prior), "cannot_change_safely")
    return CoachReply(message=text, proposal=Proposal(type=ProposalType.NONE), memory_mutations=[])
