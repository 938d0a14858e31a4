"""The browser client: static files (plain ES modules, vendored assets) served beside the JSON API."""

from fitcoach.web.mount import CLIENT_ROUTES, STATIC_DIR, mount_web

__all__ = ["CLIENT_ROUTES", "STATIC_DIR", "mount_web"]
