"""A local HTTP app run by uvicorn in a thread, with a queue of scripted replies and faults.

The provider fakes (`gemini_server`, `openai_server`) build on it so tests and demos drive the real
SDKs over real HTTP, never by patching our own code.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from types import TracebackType
from typing import Any, Self

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response


class FaultKind(StrEnum):
    DELAY = "delay"
    """Sleep before answering with the next reply (beyond the client timeout: a timeout)."""
    HTTP_ERROR = "http_error"
    MALFORMED = "malformed"
    """A 200 whose body is not JSON at all."""
    TRUNCATED = "truncated"
    """A 200 whose body is the next reply's JSON cut in half (a dropped connection mid-body)."""


@dataclass(frozen=True)
class Fault:
    kind: FaultKind
    seconds: float = 0.0
    status: int = 500

    @classmethod
    def delay(cls, seconds: float) -> Fault:
        return cls(FaultKind.DELAY, seconds=seconds)

    @classmethod
    def http(cls, status: int) -> Fault:
        return cls(FaultKind.HTTP_ERROR, status=status)

    @classmethod
    def malformed(cls) -> Fault:
        return cls(FaultKind.MALFORMED)

    @classmethod
    def truncated(cls) -> Fault:
        return cls(FaultKind.TRUNCATED)


@dataclass(frozen=True)
class Recorded:
    """One request as the fake saw it."""

    method: str
    path: str
    body: dict[str, Any] | None
    headers: dict[str, str]
    at: float = field(default_factory=time.monotonic)


Script = Any
"""An entry of a fake's queue: a provider-specific reply object, a `Fault`, or a callable that gets
the decoded request body and returns either."""


class ScriptQueue:
    """Thread-safe queue of scripted entries shared by the test thread and the server thread."""

    def __init__(self) -> None:
        self._items: deque[Script] = deque()
        self._lock = threading.Lock()

    def push(self, *items: Script) -> None:
        with self._lock:
            self._items.extend(items)

    def pop(self) -> Script | None:
        with self._lock:
            return self._items.popleft() if self._items else None

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)


ReplyRenderer = Callable[[Any, dict[str, Any]], dict[str, Any]]
ErrorRenderer = Callable[[int, str], dict[str, Any]]


async def answer_scripted(
    queue: ScriptQueue,
    body: dict[str, Any],
    render: ReplyRenderer,
    render_error: ErrorRenderer,
    fallback: Callable[[dict[str, Any]], Any] | None = None,
) -> Response:
    """Take the next entry, apply faults in order (a delay then the following entry), and render.
    With an empty queue, `fallback(body)` answers (standalone demos); without one, HTTP 500."""
    item = _take(queue, body, fallback)
    delay = 0.0
    while isinstance(item, Fault) and item.kind is FaultKind.DELAY:
        delay += item.seconds
        # The entry that follows a delay is taken now, not after sleeping: a client that times out
        # and sends its next request at once must get that request's own entry, not this one's.
        item = _take(queue, body, fallback, after_delay=True)
    if delay:
        await asyncio.sleep(delay)
    if item is None:
        return JSONResponse(render_error(500, "fake server: nothing scripted"), status_code=500)
    if not isinstance(item, Fault):
        return JSONResponse(render(item, body))
    if item.kind is FaultKind.HTTP_ERROR:
        return JSONResponse(
            render_error(item.status, f"scripted HTTP {item.status}"), status_code=item.status
        )
    if item.kind is FaultKind.MALFORMED:
        return Response(b"<html>upstream exploded", media_type="application/json")
    following = _take(queue, body, fallback, after_delay=True)
    reply = following if following is not None and not isinstance(following, Fault) else None
    whole = json.dumps(render(reply, body) if reply is not None else {"partial": "x" * 64})
    return Response(whole[: len(whole) // 2].encode(), media_type="application/json")


def _take(
    queue: ScriptQueue,
    body: dict[str, Any],
    fallback: Callable[[dict[str, Any]], Any] | None,
    *,
    after_delay: bool = False,
) -> Script | None:
    """The next scripted entry, resolved if callable. After a delay, a fallback that answers with a
    delay again counts as nothing scripted (it would otherwise sleep forever)."""
    item = queue.pop()
    from_fallback = item is None and fallback is not None
    if item is None and fallback is not None:
        item = fallback(body)
    if callable(item):
        item = item(body)
    if after_delay and from_fallback and isinstance(item, Fault) and item.kind is FaultKind.DELAY:
        return None
    return item


async def read_json(request: Request) -> dict[str, Any] | None:
    raw = await request.body()
    if not raw:
        return None
    decoded = json.loads(raw)
    return decoded if isinstance(decoded, dict) else {"_": decoded}


class ThreadedServer:
    """Serve a Starlette app on 127.0.0.1 and a free port from a background thread."""

    def __init__(self, app: Starlette) -> None:
        self.app = app
        self.requests: list[Recorded] = []
        self._lock = threading.Lock()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def record(self, request: Request, body: dict[str, Any] | None) -> None:
        with self._lock:
            self.requests.append(Recorded(request.method, request.url.path, body, dict(request.headers)))

    def start(self, port: int = 0) -> Self:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(self.app, log_level="warning", lifespan="off", timeout_graceful_shutdown=1)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]}, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("fake server did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=10)
        self._server = None
        self._thread = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()
