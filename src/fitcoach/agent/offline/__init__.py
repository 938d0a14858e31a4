"""The offline coach: a deterministic brain that understands, acts and answers in five languages."""

from fitcoach.agent.offline.provider import OfflineProvider, coach_turn, make_offline_provider

__all__ = ["OfflineProvider", "coach_turn", "make_offline_provider"]
