"""One router per area; app.py registers them in a single list."""
