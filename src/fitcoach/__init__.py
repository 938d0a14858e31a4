"""fitcoach: an AI personal trainer with staged plans, living memory and rule-checked programming."""

__version__ = "0.1.0"
