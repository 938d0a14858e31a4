"""Understanding a user's message: language, normalised tokens, entities and the routed intent."""

from fitcoach.agent.offline.understanding.model import Intent, Understanding
from fitcoach.agent.offline.understanding.understand import understand

__all__ = ["Intent", "Understanding", "understand"]
