"""Run a fake provider server by hand, so the app can be tried with FITCOACH_PROVIDER=gemini|openai
without a key: `python -m fitcoach.testing gemini --port 8765`. Unscripted, it answers every
turn with a NONE reply that quotes the message (it is a wire-format fake, not a coach)."""

from __future__ import annotations

import argparse
import json
import threading
from typing import Any

from fitcoach.testing.gemini_server import FakeGeminiServer, GeminiReply
from fitcoach.testing.openai_server import ChatReply, FakeOpenAIServer


def echo_answer(body: dict[str, Any]) -> str:
    """A valid NONE answer quoting the last text the client sent."""
    texts = [
        part.get("text", "")
        for content in body.get("contents", [])
        for part in content.get("parts", [])
        if isinstance(part, dict)
    ] + [m.get("content") or "" for m in body.get("messages", []) if m.get("role") == "user"]
    last = texts[-1].rsplit("\n", 1)[-1] if texts else ""
    return json.dumps(
        {
            "message": f"(fake model) I received: {last[:200]}",
            "proposal": {"id": None, "type": "NONE", "target_day": None, "summary_diff": None, "data": None},
            "memory_mutations": [],
        }
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m fitcoach.testing", description=__doc__)
    parser.add_argument("provider", choices=["gemini", "openai"])
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    args = parser.parse_args(argv)
    server: FakeGeminiServer | FakeOpenAIServer
    if args.provider == "gemini":
        server = FakeGeminiServer(fallback=lambda body: GeminiReply(echo_answer(body)))
        hint = "FITCOACH_PROVIDER=gemini GEMINI_API_KEY=fake FITCOACH_GEMINI_BASE_URL={url}"
    else:
        server = FakeOpenAIServer(fallback=lambda body: ChatReply(echo_answer(body)))
        hint = "FITCOACH_PROVIDER=openai OPENAI_API_KEY=fake FITCOACH_OPENAI_BASE_URL={url}/v1"
    server.start(port=args.port)
    print(f"fake {args.provider} server on {server.base_url}\n  {hint.format(url=server.base_url)}")
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.stop()


if __name__ == "__main__":
    main()
