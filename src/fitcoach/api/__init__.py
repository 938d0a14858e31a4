"""The HTTP API: `create_app` in app.py, dependencies in deps.py, one router per area in routes/."""
