"""Request limits: the body-size limit as plain ASGI middleware (an oversized upload is refused before
it is parsed), and the per-user chat rate limit."""

from __future__ import annotations

import json
import math
import threading
from collections import deque
from datetime import datetime, timedelta
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fitcoach.errors import RateLimited


class BodySizeLimit:
    """Answers 413 when the declared or actual request body exceeds `max_bytes`."""

    def __init__(self, app: ASGIApp, *, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(send)
            return
        # Read the body up front (it is small by definition) so a chunked upload is also bounded.
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._refuse(send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        payload: dict[str, Any] = {
            "error": {
                "code": "payload_too_large",
                "message": f"request body exceeds {self.max_bytes} bytes",
                "details": {"max_bytes": self.max_bytes},
            }
        }
        body = json.dumps(payload).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


class SlidingWindowLimiter:
    """At most `limit` events per user in any `window`, counted in this process only.

    Each server process keeps its own counts, so with N workers a user can get up to N x `limit`
    through; the limit protects a process's LLM budget, not a global quota. `limit` 0 disables it.
    """

    def __init__(self, *, limit: int, window: timedelta) -> None:
        self.limit = limit
        self.window = window
        self._events: dict[str, deque[datetime]] = {}
        # Sync routes run in a thread pool: two turns of one user may check at the same moment.
        self._lock = threading.Lock()

    def hit(self, key: str, *, now: datetime) -> None:
        """Count one event for `key` at `now`, or raise `RateLimited` (nothing counted) when full."""
        if self.limit <= 0:
            return
        with self._lock:
            events = self._events.setdefault(key, deque())
            while events and events[0] <= now - self.window:
                events.popleft()
            if len(events) >= self.limit:
                wait = (events[0] + self.window - now).total_seconds()
                raise RateLimited(
                    f"too many messages: at most {self.limit} per {int(self.window.total_seconds())} s",
                    retry_after_s=max(1, math.ceil(wait)),
                    details={"limit": self.limit, "window_s": int(self.window.total_seconds())},
                )
            events.append(now)
            self._forget_idle(now)

    def _forget_idle(self, now: datetime) -> None:
        # Bounded memory over many users: drop users whose newest event left the window.
        if len(self._events) > 10_000:
            cutoff = now - self.window
            for key in [k for k, v in self._events.items() if not v or v[-1] <= cutoff]:
                del self._events[key]
