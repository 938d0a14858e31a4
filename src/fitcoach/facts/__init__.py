"""Structured facts read from memory text (placeholder until the reader lands)."""
