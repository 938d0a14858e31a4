"""The scripted provider for pipeline tests, and choosing a provider from settings."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import pytest
from tests.agent.conftest import NONE_ANSWER, RecordingToolRunner, make_request

from fitcoach.agent.providers import ProviderOptions, make_provider, register
from fitcoach.agent.providers.base import ProviderRequest, ProviderResponse, TokenUsage, ToolRunner
from fitcoach.agent.providers.gemini.provider import GeminiProvider
from fitcoach.agent.providers.openai_compat import OpenAICompatProvider
from fitcoach.agent.providers.registry import names
from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.config import Settings
from fitcoach.errors import ProviderError, ProviderMisconfigured, ProviderTimeout
from fitcoach.testing.gemini_server import FakeGeminiServer, GeminiReply
from fitcoach.testing.openai_server import ChatReply, FakeOpenAIServer
from fitcoach.testing.server import Fault


def test_scripted_answers_in_order_and_records_history(runner: RecordingToolRunner) -> None:
    def with_tool(request: ProviderRequest, tools: ToolRunner) -> str:
        result = tools.call("get_historical_exercise_logs", {"exercise_slug": "push-up"})
        return json.dumps({"seen": result["sessions"][0]["log_id"], "message": request.turn.message})

    usage = ProviderResponse(text=NONE_ANSWER, model="m", usage=TokenUsage(prompt_tokens=7))
    provider = ScriptedProvider(NONE_ANSWER, {"message": "dict"}, with_tool, usage)
    provider.enqueue(ProviderTimeout("scripted timeout"))
    texts = [provider.respond(make_request(f"turn {i}"), runner).text for i in range(3)]
    assert texts[0] == NONE_ANSWER
    assert json.loads(texts[1]) == {"message": "dict"}
    assert json.loads(texts[2]) == {"seen": "log_7", "message": "turn 2"}
    assert provider.respond(make_request(), runner).usage.prompt_tokens == 7
    with pytest.raises(ProviderTimeout):
        provider.respond(make_request(), runner)
    with pytest.raises(ProviderError, match="no answer left"):
        provider.respond(make_request(), runner)
    assert [r.turn.message for r in provider.history[:3]] == ["turn 0", "turn 1", "turn 2"]
    assert len(provider.history) == 6 and provider.pending == 0


@pytest.fixture
def gemini_server() -> Iterator[FakeGeminiServer]:
    with FakeGeminiServer() as server:
        yield server


def test_gemini_from_environment(gemini_server: FakeGeminiServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FITCOACH_PROVIDER", "gemini")
    monkeypatch.setenv("GEMINI_API_KEY", "from-env")
    monkeypatch.setenv("FITCOACH_GEMINI_BASE_URL", gemini_server.base_url)
    monkeypatch.setenv("FITCOACH_MODEL", "gemini-3-pro-preview")
    monkeypatch.setenv("FITCOACH_LLM_TIMEOUT_S", "3")
    provider = make_provider(Settings())
    assert isinstance(provider, GeminiProvider) and provider.model == "gemini-3-pro-preview"
    gemini_server.enqueue(GeminiReply(NONE_ANSWER))
    provider.respond(make_request(), RecordingToolRunner())
    assert gemini_server.requests[0].headers["x-goog-api-key"] == "from-env"
    assert gemini_server.requests[-1].path.endswith("gemini-3-pro-preview:generateContent")


def test_openai_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeOpenAIServer() as server:
        monkeypatch.setenv("FITCOACH_PROVIDER", "openai")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-env")
        monkeypatch.setenv("FITCOACH_OPENAI_BASE_URL", server.openai_base_url)
        monkeypatch.setenv("FITCOACH_MODEL", "qwen3:8b")
        provider = make_provider(Settings())
        assert isinstance(provider, OpenAICompatProvider)
        server.enqueue(ChatReply(NONE_ANSWER))
        provider.respond(make_request(), RecordingToolRunner())
        assert server.requests[0].headers["authorization"] == "Bearer sk-env"
        assert server.completions()[0]["model"] == "qwen3:8b"


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"FITCOACH_PROVIDER": "gemini"}, "GEMINI_API_KEY"),
        ({"FITCOACH_PROVIDER": "openai"}, "OPENAI_API_KEY"),
    ],
)
def test_misconfiguration_is_explained(
    env: dict[str, str], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("GEMINI_API_KEY", "OPENAI_API_KEY", "FITCOACH_OPENAI_BASE_URL", "FITCOACH_MODEL"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ProviderMisconfigured, match=message):
        make_provider(Settings())


def test_scripted_from_settings() -> None:
    assert isinstance(make_provider(Settings(provider="scripted")), ScriptedProvider)


def test_offline_is_imported_lazily_with_a_clear_error_when_absent(monkeypatch: pytest.MonkeyPatch) -> None:
    # A None entry in sys.modules makes the import fail exactly as an absent module does.
    monkeypatch.setitem(sys.modules, "fitcoach.agent.offline", None)
    with pytest.raises(ProviderMisconfigured, match="not part of this build"):
        make_provider(Settings(provider="offline"))


def test_an_unknown_provider_names_the_known_ones() -> None:
    with pytest.raises(ProviderMisconfigured, match=r"known: .*gemini.*offline.*openai"):
        make_provider(Settings(provider="no-such-brain"))


def test_a_provider_registered_at_run_time_is_found_by_name() -> None:
    made: list[ProviderOptions] = []

    def factory(options: ProviderOptions) -> ScriptedProvider:
        made.append(options)
        return ScriptedProvider(model="plugged-in")

    register("plugged-in", factory)
    provider = make_provider(Settings(provider="plugged-in"))
    assert isinstance(provider, ScriptedProvider) and provider.model == "plugged-in"
    assert made[0].settings.provider == "plugged-in"
    assert "plugged-in" in names()


def test_the_llm_path_imports_nothing_of_the_offline_coach() -> None:
    code = (
        "import sys, fitcoach.agent.brain, fitcoach.agent.guard, fitcoach.agent.providers.openai_compat,"
        " fitcoach.agent.providers.gemini, fitcoach.services.chat;"
        " print(sorted(m for m in sys.modules if m.startswith('fitcoach.agent.offline')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_the_timeout_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeOpenAIServer() as server:
        monkeypatch.setenv("FITCOACH_PROVIDER", "openai")
        monkeypatch.setenv("FITCOACH_OPENAI_BASE_URL", server.openai_base_url)
        monkeypatch.setenv("FITCOACH_LLM_TIMEOUT_S", "0.3")
        provider = make_provider(Settings())
        server.enqueue(Fault.delay(3), ChatReply(NONE_ANSWER))
        with pytest.raises(ProviderTimeout):
            provider.respond(make_request(), RecordingToolRunner())
