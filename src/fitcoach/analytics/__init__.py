"""fitcoach package."""
