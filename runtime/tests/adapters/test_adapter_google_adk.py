"""The Google ADK adapter: tool results go through a real agent run, and the fake model reads what it receives."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import AsyncGenerator, Callable
from typing import Any

import pytest
from adapter_support import assert_cut, big_text, require
from boundlint_runtime import track_truncation

pytestmark = pytest.mark.integration

require("google.adk")

from boundlint_runtime.adapters.budget import ToolBudget  # noqa: E402
from boundlint_runtime.adapters.google_adk import (  # noqa: E402
    BoundlintPlugin,
    bound_after_tool_callback,
    bound_tool_result,
)
from google.adk.agents import Agent  # noqa: E402
from google.adk.apps import App  # noqa: E402
from google.adk.models.base_llm import BaseLlm  # noqa: E402
from google.adk.models.llm_request import LlmRequest  # noqa: E402
from google.adk.models.llm_response import LlmResponse  # noqa: E402
from google.adk.runners import InMemoryRunner, Runner  # noqa: E402
from google.adk.sessions import InMemorySessionService  # noqa: E402
from google.genai import types  # noqa: E402

BIG = big_text()
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40


class ScriptedModel(BaseLlm):
    """Calls the given tools in its first turn, answers in text after; keeps every request it gets."""

    model: str = "scripted"
    tools_to_call: list[str]
    requests: list[LlmRequest] = []

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        self.requests.append(llm_request)
        if len(self.requests) == 1:
            parts = [types.Part.from_function_call(name=name, args={}) for name in self.tools_to_call]
        else:
            parts = [types.Part.from_text(text="done")]
        yield LlmResponse(content=types.Content(role="model", parts=parts))


def fetch_text() -> str:
    """About 1 MB of text (a sync tool)."""
    return BIG


async def fetch_report() -> dict[str, Any]:
    """A dict with a 1 MB field (an async tool)."""
    return {"status": "ok", "count": 3, "report": BIG}


def fetch_small() -> dict[str, Any]:
    return {"status": "ok", "rows": [1, 2, 3], "ratio": 0.5}


def fetch_chart() -> dict[str, Any]:
    return {"report": BIG, "chart": types.Part.from_bytes(data=PNG, mime_type="image/png")}


def fetch_tail() -> str:
    return "TAIL " + BIG


def run_agent(
    tools: list[Callable[..., Any]],
    *,
    plugin: BoundlintPlugin | None = None,
    callback: Any = None,
    legacy_runner: bool = False,
) -> dict[str, types.FunctionResponse]:
    """Run one agent turn through ADK's Runner; the function responses the model got next, by tool name."""
    model = ScriptedModel(tools_to_call=[t.__name__ for t in tools])
    agent = Agent(name="agent", model=model, tools=tools, after_tool_callback=callback)
    plugins = [plugin] if plugin else []
    if legacy_runner:
        with pytest.warns(DeprecationWarning):
            runner = Runner(app_name="t", agent=agent, plugins=plugins, session_service=InMemorySessionService())
    else:
        runner = InMemoryRunner(app=App(name="t", root_agent=agent, plugins=plugins))

    async def go() -> None:
        session = await runner.session_service.create_session(app_name="t", user_id="u")
        message = types.Content(role="user", parts=[types.Part.from_text(text="go")])
        async for _ in runner.run_async(user_id="u", session_id=session.id, new_message=message):
            pass

    asyncio.run(go())
    assert len(model.requests) == 2
    return {
        part.function_response.name: part.function_response
        for content in model.requests[1].contents
        for part in content.parts or []
        if part.function_response and part.function_response.name
    }


FORMS = {
    "plugin": lambda **kw: {"plugin": BoundlintPlugin(**kw)},
    "agent_callback": lambda **kw: {"callback": bound_after_tool_callback(**kw)},
    "legacy_runner_plugin": lambda **kw: {"plugin": BoundlintPlugin(**kw), "legacy_runner": True},
}


@pytest.mark.parametrize("form", FORMS)
def test_a_big_string_from_a_sync_tool_reaches_the_model_bounded(form: str) -> None:
    got = run_agent([fetch_text], **FORMS[form]())
    response = got["fetch_text"].response
    assert list(response) == ["result"]  # ADK's own wrapping of a non-dict result
    assert_cut(response["result"], 16_000, len(BIG))
    assert response["result"].startswith("HEAD ") and response["result"].endswith(" TAIL")


@pytest.mark.parametrize("form", FORMS)
def test_a_big_dict_field_from_an_async_tool_reaches_the_model_bounded(form: str) -> None:
    response = run_agent([fetch_report], **FORMS[form]())["fetch_report"].response
    assert len(json.dumps(response, ensure_ascii=False)) <= 16_000
    assert response["status"] == "ok" and response["count"] == 3
    assert_cut(response["report"], 16_000, len(BIG))


@pytest.mark.parametrize("form", ["plugin", "agent_callback"])
def test_a_small_result_reaches_the_model_unchanged(form: str, events: list[Any]) -> None:
    response = run_agent([fetch_small], **FORMS[form]())["fetch_small"].response
    assert response == fetch_small()
    assert type(response["rows"]) is list and type(response["ratio"]) is float
    assert events == []


def test_a_result_that_fits_is_kept_as_the_original_object() -> None:
    budget = ToolBudget(16_000)
    small, text = fetch_small(), "short"
    # None is ADK's "keep the original": the tool's own object goes on unchanged.
    assert bound_tool_result(small, "t", budget) is None
    assert bound_tool_result(text, "t", budget) is None
    assert bound_tool_result(None, "t", budget) is None
    assert bound_tool_result(BIG, "t", budget) is not None


@pytest.mark.parametrize("form", ["plugin", "agent_callback"])
def test_per_tool_budgets_override_the_shared_one(form: str) -> None:
    got = run_agent([fetch_text, fetch_tail], **FORMS[form](max_chars=8_000, per_tool={"fetch_tail": 500}))
    assert_cut(got["fetch_text"].response["result"], 8_000, len(BIG))
    assert len(got["fetch_text"].response["result"]) > 4_000
    assert_cut(got["fetch_tail"].response["result"], 500, len(BIG) + 5)


@pytest.mark.parametrize("form", ["plugin", "agent_callback"])
def test_media_parts_are_kept_beside_the_bounded_result(form: str) -> None:
    response = run_agent([fetch_chart], **FORMS[form](max_chars=4_000))["fetch_chart"]
    assert list(response.response) == ["report"]  # the media went to the parts, not into the JSON
    assert_cut(response.response["report"], 4_000, len(BIG))
    assert response.parts is not None and len(response.parts) == 1
    blob = response.parts[0].inline_data
    assert blob is not None and blob.data == PNG and blob.mime_type == "image/png"


def test_media_in_lists_and_nested_containers_is_kept_in_order() -> None:
    budget = ToolBudget(2_000)
    one, two = (types.Part.from_bytes(data=bytes([n]) * 10, mime_type="image/png") for n in (1, 2))
    listed = bound_tool_result([BIG, one, two], "t", budget)
    assert listed[-2:] == [one, two] and listed[-1] is two
    assert_cut(listed[0], 2_000)

    nested = bound_tool_result({"media": "mine", "pics": [one, two], "text": BIG}, "t", budget)
    assert nested["media"] == "mine" and "pics" not in nested
    assert nested["_media"] == [one, two]
    assert_cut(nested["text"], 2_000)
    # Media alone, or beside small data, is not touched at all.
    assert bound_tool_result(one, "t", budget) is None
    assert bound_tool_result({"note": "hi", "pic": one}, "t", budget) is None


def test_a_cut_is_flagged_logged_once_and_published(events: list[Any], runtime_logs: pytest.LogCaptureFixture) -> None:
    with track_truncation() as flag:
        run_agent([fetch_text], plugin=BoundlintPlugin(16_000))
    assert flag.occurred
    assert [(e.label, e.unit, e.original) for e in events] == [("google_adk:fetch_text", "chars", len(BIG))]
    assert events[0].kept <= 16_000
    records = [r for r in runtime_logs.records if r.name == "boundlint_runtime"]
    assert len(records) == 1 and "google_adk:fetch_text" in records[0].getMessage()


def test_a_dict_cut_is_labelled_with_its_field(events: list[Any]) -> None:
    run_agent([fetch_report], callback=bound_after_tool_callback(16_000))
    assert [e.label for e in events] == ["google_adk:fetch_report.report"]


def test_importing_the_runtime_does_not_import_adk() -> None:
    code = "import sys, boundlint_runtime, boundlint_runtime.adapters; assert 'google.adk' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_missing_adk_is_named_in_the_import_error() -> None:
    code = (
        "import sys; sys.modules['google.adk.plugins.base_plugin'] = None\n"
        "try:\n    import boundlint_runtime.adapters.google_adk\n"
        "except ImportError as e:\n    assert 'pip install google-adk' in str(e), e\n"
        "else:\n    raise SystemExit('imported')"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
