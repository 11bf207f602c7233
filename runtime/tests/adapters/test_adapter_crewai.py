"""The CrewAI adapter on CrewAI's real tool-call path: a crew run whose LLM is a scripted fake.

The fake model asks for the tools, then answers; what the test reads is what
CrewAI sent it on the second call.  ``native=True`` drives native function
calling (the tool result is a ``role: tool`` message), ``native=False`` the
ReAct text loop (the result follows ``Observation:`` in the transcript).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Iterator
from typing import Any

import pytest
from adapter_support import assert_cut, big_text, require
from boundlint_runtime import TruncationEvent, track_truncation

# No telemetry or tracing traffic from the crew runs below.
os.environ.setdefault("CREWAI_DISABLE_TELEMETRY", "true")
os.environ.setdefault("OTEL_SDK_DISABLED", "true")
os.environ.setdefault("CREWAI_TRACING_ENABLED", "false")

pytestmark = pytest.mark.integration

require("crewai", own_env="crewai")

from boundlint_runtime.adapters import crewai as boundlint_crewai  # noqa: E402
from crewai import Agent, Crew, Task  # noqa: E402
from crewai.agents.agent_builder.base_agent import BaseAgent  # noqa: E402
from crewai.hooks import after_tool_call, get_after_tool_call_hooks, unregister_after_tool_call_hook  # noqa: E402
from crewai.llms.base_llm import BaseLLM  # noqa: E402
from crewai.project import CrewBase, agent, crew, task  # noqa: E402
from crewai.tools import BaseTool, tool  # noqa: E402
from pydantic import Field  # noqa: E402

BIG = big_text()
LOG = big_text("log")


class ScriptedLLM(BaseLLM):
    """Calls ``tools_to_call`` (all at once when native, the first one in ReAct), then answers "done"."""

    tools_to_call: list[str]
    native: bool = True
    calls: list[list[dict[str, Any]]] = Field(default_factory=list)

    def supports_function_calling(self) -> bool:
        return self.native

    def get_context_window_size(self) -> int:
        # Room for a whole 1 MB result, so that CrewAI does not summarize the conversation.
        return 1_000_000

    def call(self, messages: Any, *args: Any, **kwargs: Any) -> Any:
        self.calls.append([dict(m) for m in messages])
        if len(self.calls) > 1:
            return "done" if self.native else "Thought: I have it.\nFinal Answer: done"
        if not self.native:
            return f"Thought: I need data.\nAction: {self.tools_to_call[0]}\nAction Input: {{}}"
        return [
            {"id": f"call_{i}", "type": "function", "function": {"name": name, "arguments": "{}"}}
            for i, name in enumerate(self.tools_to_call)
        ]

    async def acall(self, messages: Any, *args: Any, **kwargs: Any) -> Any:
        return self.call(messages, *args, **kwargs)

    def tool_results(self) -> dict[str, str]:
        """What the model read of each tool's result, on its second call."""
        seen = self.calls[1]
        if self.native:
            return {m["name"]: m["content"] for m in seen if m["role"] == "tool"}
        (action,) = [m["content"] for m in seen if m["role"] == "assistant" and "\nObservation: " in m["content"]]
        return {self.tools_to_call[0]: action.split("\nObservation: ", 1)[1]}


@tool("fetch_rows")
def fetch_rows() -> str:
    """Fetch every row."""
    return BIG


@tool("Fetch Log")
def fetch_log() -> str:
    """Fetch the whole log."""
    return LOG


@tool("count_rows")
def count_rows() -> str:
    """Count the rows."""
    return "42 rows"


def crew_with(tools: list[BaseTool], *, native: bool = True, role: str = "Analyst") -> tuple[Crew, ScriptedLLM]:
    llm = ScriptedLLM(model="scripted", tools_to_call=[t.name.lower().replace(" ", "_") for t in tools], native=native)
    # use_better_compaction=False: CrewAI would move a result over a quarter of the context window
    # to a file artifact, and the tests that show a result passing whole need it to reach the model.
    agent = Agent(
        role=role, goal="answer", backstory="reads data", llm=llm, tools=tools, max_iter=3, use_better_compaction=False
    )
    task = Task(description="Answer from the data.", expected_output="an answer", agent=agent)
    return Crew(agents=[agent], tasks=[task]), llm


@pytest.fixture(autouse=True)
def crewai_hooks() -> Iterator[None]:
    """Leave CrewAI's global hook list as each test found it."""
    before = get_after_tool_call_hooks()
    yield
    boundlint_crewai.uninstall()
    for hook in get_after_tool_call_hooks():
        if hook not in before:
            unregister_after_tool_call_hook(hook)


@pytest.mark.parametrize("native", [True, False], ids=["native", "react"])
def test_a_big_result_reaches_the_model_bounded(native: bool, events: list[TruncationEvent]) -> None:
    boundlint_crewai.install(16_000)
    crew, llm = crew_with([fetch_rows], native=native)

    assert crew.kickoff().raw == "done"

    seen = llm.tool_results()["fetch_rows"]
    assert_cut(seen, 16_000, len(BIG))
    assert seen.startswith("HEAD row 0") and seen.endswith(" TAIL")
    # No other message carries the rest of the result.
    assert all(len(str(m["content"])) < 20_000 for m in llm.calls[1])
    assert [(e.label, e.original) for e in events] == [("crewai:fetch_rows", len(BIG))]


@pytest.mark.parametrize("kickoff", ["akickoff", "kickoff_async"])
def test_async_runs_are_bounded_too(kickoff: str) -> None:
    boundlint_crewai.install(8_000)
    crew, llm = crew_with([fetch_rows])

    with track_truncation() as flag:
        assert asyncio.run(getattr(crew, kickoff)()).raw == "done"

    assert_cut(llm.tool_results()["fetch_rows"], 8_000, len(BIG))
    assert flag.occurred


@pytest.mark.parametrize("native", [True, False], ids=["native", "react"])
def test_a_small_result_reaches_the_model_unchanged(native: bool, events: list[TruncationEvent]) -> None:
    hook = boundlint_crewai.install(16_000)
    crew, llm = crew_with([count_rows], native=native)

    crew.kickoff()

    assert llm.tool_results() == {"count_rows": "42 rows"}
    assert events == []

    class Context:
        tool_name = "count_rows"
        tool_result = "42 rows"

    assert hook(Context()) is None  # CrewAI keeps its own string


def test_per_tool_budgets_by_the_name_the_tool_was_given(events: list[TruncationEvent]) -> None:
    boundlint_crewai.install(16_000, per_tool={"Fetch Log": 2_000})
    crew, llm = crew_with([fetch_rows, fetch_log])

    crew.kickoff()

    seen = llm.tool_results()
    assert_cut(seen["fetch_rows"], 16_000, len(BIG))
    assert len(seen["fetch_rows"]) > 2_000
    assert_cut(seen["fetch_log"], 2_000, len(LOG))
    assert sorted(e.label for e in events) == ["crewai:fetch_log", "crewai:fetch_rows"]


def test_a_result_that_is_the_final_answer_is_bounded() -> None:
    boundlint_crewai.install(4_000)
    final = fetch_rows.model_copy(update={"result_as_answer": True})
    crew, _ = crew_with([final])

    assert_cut(crew.kickoff().raw, 4_000, len(BIG))


def test_flag_log_and_listener_see_each_cut_once(
    events: list[TruncationEvent], runtime_logs: pytest.LogCaptureFixture
) -> None:
    boundlint_crewai.install(16_000)
    crew, _ = crew_with([fetch_rows])

    with track_truncation() as flag:
        crew.kickoff()

    assert flag.occurred
    assert len(events) == 1 and events[0].unit == "chars" and events[0].kept <= 16_000
    records = [r for r in runtime_logs.records if r.name == "boundlint_runtime"]
    assert len(records) == 1 and records[0].levelno == logging.INFO
    assert "crewai:fetch_rows" in records[0].getMessage()


def test_an_image_sentinel_passes_whole(events: list[TruncationEvent]) -> None:
    image = "VISION_IMAGE:image/png:" + "iVBORw0KGgo" * 100_000

    @tool("read_image")
    def read_image() -> str:
        """Read the image."""
        return image

    boundlint_crewai.install(16_000)
    crew, llm = crew_with([read_image])

    crew.kickoff()

    assert llm.tool_results()["read_image"] == image
    assert events == []


def test_the_hook_works_with_crewais_per_agent_filter() -> None:
    after_tool_call(agents=["Researcher"])(boundlint_crewai.tool_result_hook(3_000))

    researcher, researcher_llm = crew_with([fetch_rows], role="Researcher")
    writer, writer_llm = crew_with([fetch_rows], role="Writer")
    researcher.kickoff()
    writer.kickoff()

    assert_cut(researcher_llm.tool_results()["fetch_rows"], 3_000, len(BIG))
    assert writer_llm.tool_results()["fetch_rows"] == BIG


def test_the_hook_works_as_a_crewbase_method() -> None:
    bound = boundlint_crewai.tool_result_hook(2_000)
    llm = ScriptedLLM(model="scripted", tools_to_call=["fetch_rows"])

    @CrewBase
    class ReportCrew:
        agents_config: dict[str, Any] = {}
        tasks_config: dict[str, Any] = {}
        agents: list[BaseAgent]
        tasks: list[Task]

        @after_tool_call
        def bound_tool_results(self, context: Any) -> str | None:
            return bound(context)

        @agent
        def analyst(self) -> Agent:
            return Agent(role="Analyst", goal="answer", backstory="reads data", llm=llm, tools=[fetch_rows])

        @task
        def report(self) -> Task:
            return Task(description="Answer from the data.", expected_output="an answer", agent=self.analyst())

        @crew
        def crew(self) -> Crew:
            return Crew(agents=self.agents, tasks=self.tasks)

    ReportCrew().crew().kickoff()

    assert_cut(llm.tool_results()["fetch_rows"], 2_000, len(BIG))


def test_install_replaces_and_uninstall_removes_the_hook() -> None:
    first = boundlint_crewai.install(1_000)
    second = boundlint_crewai.install(16_000)
    hooks = get_after_tool_call_hooks()
    assert second in hooks and first not in hooks

    assert boundlint_crewai.uninstall() is True
    assert second not in get_after_tool_call_hooks()
    assert boundlint_crewai.uninstall() is False

    crew, llm = crew_with([fetch_rows])
    crew.kickoff()
    assert llm.tool_results()["fetch_rows"] == BIG  # nothing else was bounding it


def test_a_bad_budget_fails_at_install_and_keeps_the_installed_hook() -> None:
    hook = boundlint_crewai.install(16_000)
    with pytest.raises(ValueError):
        boundlint_crewai.install(-1)
    with pytest.raises(TypeError):
        boundlint_crewai.install(16_000, per_tool={"fetch_rows": "big"})  # type: ignore[dict-item]
    assert [h for h in get_after_tool_call_hooks() if h.__module__ == boundlint_crewai.__name__] == [hook]
